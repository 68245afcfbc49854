# ui/panels/pose: the Pose panel (the selected bone's plane angles and translation in the current
# pose) and its POSE.json files.
target_sources(hyperrig_ui PRIVATE
    panels/pose/PoseFiles.cpp
    panels/pose/PosePanel.cpp)
