# tests of ui/panels/outliner (target_sources(hyperrig_ui_tests PRIVATE ui/panels/outliner/....cpp)).
