# ui/panels/bindposes: the Bind Poses panel (a skeleton's stored bind poses: list, capture,
# preview, ghost, apply as rest, per-slot entries).
target_sources(hyperrig_ui PRIVATE
    panels/bindposes/BindPoseEntryEditor.cpp
    panels/bindposes/BindPoseListModel.cpp
    panels/bindposes/BindPoseSlotModel.cpp
    panels/bindposes/BindPosesPanel.cpp
    panels/bindposes/CapturePoseDialog.cpp)
