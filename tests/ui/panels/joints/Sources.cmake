target_sources(hyperrig_ui_tests PRIVATE
    ui/panels/joints/JointsPanelTests.cpp)
