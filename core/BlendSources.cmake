# Blend shapes as model data (issue 18 item 3), each file in its layer's folder but listed here,
# included last, so that they append unity batches instead of reshuffling the existing ones.
target_sources(hyperrig_core PRIVATE
    model/BlendShapes.cpp
    io/g4mf/BlendReader.cpp
    io/g4mf/BlendWriter.cpp
    validate/BlendRules.cpp
    edit/commands/BlendAmountCommand.cpp
    eval/BlendShapeEval.cpp
    io/gltf/GltfBlendShapes.cpp
    io/usd/UsdBlendShapes.cpp
    ops/MergeBlendShapes.cpp)
