target_sources(hyperrig_core_tests PRIVATE
    core/edit/CommandValidatorTests.cpp
    core/edit/HistoryTests.cpp)
