# ui/panels/joints: the Joints panel (a skeleton's joints slots as an ordered table).
target_sources(hyperrig_ui PRIVATE
    panels/joints/JointsModel.cpp
    panels/joints/JointsPanel.cpp)
