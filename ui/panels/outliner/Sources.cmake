# ui/panels/outliner: its sources (target_sources(hyperrig_ui PRIVATE panels/outliner/....cpp)).
target_sources(hyperrig_ui PRIVATE
    panels/outliner/NodeKind.cpp
    panels/outliner/OutlinerDropPlan.cpp
    panels/outliner/OutlinerModel.cpp
    panels/outliner/OutlinerModelDragDrop.cpp
    panels/outliner/OutlinerModelMirror.cpp
    panels/outliner/OutlinerPanel.cpp)
