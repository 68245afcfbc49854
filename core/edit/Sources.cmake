target_sources(hyperrig_core PRIVATE
    edit/ChangeSet.cpp
    edit/CommandBatch.cpp
    edit/CompositeCommand.cpp
    edit/History.cpp)
include(edit/commands/DataSources.cmake)
include(edit/script/Sources.cmake)
include(edit/commands/NodeSources.cmake)
