# ui/panels/outliner: its sources (target_sources(hyperrig_ui PRIVATE panels/outliner/....cpp)).
