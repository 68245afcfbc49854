# tests of ui/panels/validation (target_sources(hyperrig_ui_tests PRIVATE ui/panels/validation/....cpp)).
target_sources(hyperrig_ui_tests PRIVATE
    ui/panels/validation/DiagnosticTargetTests.cpp
    ui/panels/validation/ValidationPanelTests.cpp)
