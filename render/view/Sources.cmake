target_sources(hyperrig_render PRIVATE
    view/BoxSelection.cpp
    view/OrbitCamera.cpp
    view/Picking.cpp
    view/SceneFraming.cpp
    view/Viewport.cpp)
