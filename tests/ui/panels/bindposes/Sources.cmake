# tests of ui/panels/bindposes (target_sources(hyperrig_ui_tests PRIVATE ui/panels/bindposes/....cpp)).
target_sources(hyperrig_ui_tests PRIVATE
    ui/panels/bindposes/BindPosesPanelTests.cpp
    ui/panels/bindposes/BindPosesWindowTests.cpp)
