target_sources(hyperrig_core_tests PRIVATE)
include(core/ops/InfluenceSources.cmake)
