# ui/panels/history: its sources (target_sources(hyperrig_ui PRIVATE panels/history/....cpp)).
target_sources(hyperrig_ui PRIVATE
    panels/history/HistoryModel.cpp
    panels/history/HistoryPanel.cpp)
