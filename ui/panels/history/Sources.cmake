# ui/panels/history: its sources (target_sources(hyperrig_ui PRIVATE panels/history/....cpp)).
