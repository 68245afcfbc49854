target_sources(hyperrig_core_tests PRIVATE
    core/edit/HistoryTests.cpp)
