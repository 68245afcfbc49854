target_sources(hyperrig_core_tests PRIVATE)
include(core/eval/SliceSources.cmake)
