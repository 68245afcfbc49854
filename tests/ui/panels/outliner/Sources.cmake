# tests of ui/panels/outliner (target_sources(hyperrig_ui_tests PRIVATE ui/panels/outliner/....cpp)).
target_sources(hyperrig_ui_tests PRIVATE
    ui/panels/outliner/OutlinerModelTests.cpp
    ui/panels/outliner/OutlinerPanelTests.cpp)
