target_sources(hyperrig_ui_tests PRIVATE
    ui/panels/groups/GroupNamesDragTests.cpp
    ui/panels/groups/GroupNamesPanelTests.cpp)
