# ui/panels/inspector: its sources (target_sources(hyperrig_ui PRIVATE panels/inspector/....cpp)).
