# ui/panels/validation: its sources (target_sources(hyperrig_ui PRIVATE panels/validation/....cpp)).
