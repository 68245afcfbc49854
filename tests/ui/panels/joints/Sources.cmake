target_sources(hyperrig_ui_tests PRIVATE
    ui/panels/joints/JointsDragTests.cpp
    ui/panels/joints/JointsPanelTests.cpp)
