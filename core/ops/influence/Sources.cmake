target_sources(hyperrig_core PRIVATE)
