# ui/panels/groups: the Group Names panel (a skinned mesh's groups and the skin tools).
target_sources(hyperrig_ui PRIVATE
    panels/groups/GroupNamesModel.cpp
    panels/groups/GroupNamesPanel.cpp)
