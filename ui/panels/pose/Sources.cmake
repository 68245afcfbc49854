# ui/panels/pose: the Pose panel (the selected bone's plane angles in the current pose).
target_sources(hyperrig_ui PRIVATE
    panels/pose/PosePanel.cpp)
