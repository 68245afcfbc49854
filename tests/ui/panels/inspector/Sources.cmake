# tests of ui/panels/inspector (target_sources(hyperrig_ui_tests PRIVATE ui/panels/inspector/....cpp)).
target_sources(hyperrig_ui_tests PRIVATE
    ui/panels/inspector/InspectorPanelTests.cpp
    ui/panels/inspector/NumberFieldTests.cpp)
