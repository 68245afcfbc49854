target_sources(hyperrig_ui_tests PRIVATE
    ui/selection/SelectionWalkActionsTests.cpp
    ui/selection/ViewportBoxSelectTests.cpp)
