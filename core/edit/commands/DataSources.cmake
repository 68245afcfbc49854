target_sources(hyperrig_core PRIVATE
    edit/commands/BindPoseCapture.cpp
    edit/commands/BindPoseCommands.cpp
    edit/commands/DataCommandSupport.cpp
    edit/commands/MeshDataCommands.cpp
    edit/commands/RestPoseCommand.cpp
    edit/commands/ShapeCommands.cpp
    edit/commands/ShapeRemoveCommand.cpp
    edit/    edit/commands/SkinRenameGroup.cpp
    edit/commands/SkinRenumberGroups.cpp)
