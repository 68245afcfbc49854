# tests of ui/panels/pose (target_sources(hyperrig_ui_tests PRIVATE ui/panels/pose/....cpp)).
target_sources(hyperrig_ui_tests PRIVATE
    ui/panels/pose/PoseFilesTests.cpp
    ui/panels/pose/PosePanelTests.cpp
    ui/panels/pose/PoseWindowTests.cpp)
