target_sources(hyperrig_core PRIVATE
    edit/commands/NodeCommandSupport.cpp
    edit/commands/NodeCommands.cpp
    edit/commands/NodeConvertCommand.cpp
    edit/commands/NodeJointCommands.cpp
    edit/commands/NodeTransformConversion.cpp
    edit/commands/NodeValueTraits.cpp
    edit/commands/NodeWorldEdits.cpp
    edit/commands/NodeWorldTransform.cpp
    edit/commands/SetTransformsCommand.cpp
    edit/commands/StructureCreateCommand.cpp
    edit/commands/StructureDeleteCommand.cpp
    edit/commands/StructureDuplicateCommand.cpp
    edit/commands/StructureReparentCommand.cpp)
