target_sources(hyperrig_render PRIVATE
    view/BoxSelection.cpp
    view/OrbitCamera.cpp
    view/Picking.cpp
    view/SceneFraming.cpp
    view/TransformGizmo.cpp
    view/ViewRay.cpp
    view/Viewport.cpp)
