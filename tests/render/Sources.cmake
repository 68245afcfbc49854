target_sources(hyperrig_render_tests PRIVATE
    render/BoneShapesTests.cpp
    render/BoxSelectionTests.cpp
    render/BoneSolidsTests.cpp
    render/DimensionSceneTests.cpp
    render/HeadlessRenderingTests.cpp
    render/OverlayTests.cpp
    render/OrbitCameraTests.cpp
    render/PickingTests.cpp
    render/PngWriterTests.cpp
    render/PoseGhostTests.cpp
    render/RigSceneTests.cpp
    render/SceneGeometryTests.cpp
    render/SceneRenderingTests.cpp
    render/SmoothNormalsTests.cpp
    render/SurfaceShadingTests.cpp
    render/TransformGizmoTests.cpp
    render/ViewportSceneTests.cpp)
