# tests of ui/panels/validation (target_sources(hyperrig_ui_tests PRIVATE ui/panels/validation/....cpp)).
