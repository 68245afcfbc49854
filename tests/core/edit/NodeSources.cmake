target_sources(hyperrig_core_tests PRIVATE
    core/edit/NodeComponentCommandTests.cpp
    core/edit/NodeJointCommandTests.cpp
    core/edit/NodeReparentCommandTests.cpp
    core/edit/NodeStructureCommandTests.cpp
    core/edit/NodeTestSupport.cpp
    core/edit/NodeUndoCostTests.cpp
    core/edit/NodeValueCommandTests.cpp
    core/edit/NodeWorldEditsTests.cpp)
