target_sources(hyperrig_render PRIVATE
    view/OrbitCamera.cpp
    view/SceneFraming.cpp
    view/Viewport.cpp)
