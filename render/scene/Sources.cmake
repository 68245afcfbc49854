target_sources(hyperrig_render PRIVATE
    scene/AxesGizmo.cpp
    scene/BoneLines.cpp
    scene/BoneShapes.cpp
    scene/BoneSolids.cpp
    scene/ColoredTriangleBatch.cpp
    scene/CornerWelding.cpp
    scene/DocumentScene.cpp
    scene/GroundGrid.cpp
    scene/HeatRamp.cpp
    scene/LineBatch.cpp
    scene/PoseGhost.cpp
    scene/RigScene.cpp
    scene/SceneData.cpp
    scene/ShapeOutline.cpp
    scene/SmoothNormals.cpp
    scene/SurfaceBatch.cpp
    scene/SurfaceShaders.cpp)
