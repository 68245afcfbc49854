# ui/panels/bones: the Bones panel (length, mass, shape and placement of the selected bones).
target_sources(hyperrig_ui PRIVATE
    panels/bones/BonesPanel.cpp)
target_sources(hyperrig_ui PRIVATE
    panels/bones/SkeletonMassView.cpp)
target_sources(hyperrig_ui PRIVATE
    panels/bones/ShapeSizeEditor.cpp)
