# tests of ui/panels/history (target_sources(hyperrig_ui_tests PRIVATE ui/panels/history/....cpp)).
target_sources(hyperrig_ui_tests PRIVATE
    ui/panels/history/HistoryPanelTests.cpp)
