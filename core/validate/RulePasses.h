#pragma once

#include "core/validate/ValidationContext.h"

// The validator's passes, each in its own file, run in this order by validateG4mf. Each pass
// reports through the context and may record facts for the passes after it.
namespace hyperrig::core::validate {

void checkDocumentShape(ValidationContext& context);       // AssetRules.cpp
void checkAsset(ValidationContext& context);               // AssetRules.cpp: sets context.dimension
void checkNames(ValidationContext& context);               // NameRules.cpp
void checkBuffersAndAccessors(ValidationContext& context); // AccessorRules.cpp
void checkNodeTree(ValidationContext& context);            // NodeTreeRules.cpp: sets parent[]
void checkTransforms(ValidationContext& context);          // TransformRules.cpp
void checkComponents(ValidationContext& context);          // ComponentRules.cpp
void checkBones(ValidationContext& context);               // BoneRules.cpp: sets skeletonOf[]
void checkSkeletons(ValidationContext& context);           // SkeletonRules.cpp
void checkMeshes(ValidationContext& context);              // MeshRules.cpp
void checkSkins(ValidationContext& context);               // SkinRules.cpp
void checkSkinBindings(ValidationContext& context);        // SkinBindingRules.cpp
void checkBlendShapes(ValidationContext& context);         // BlendRules.cpp
void checkBindPoses(ValidationContext& context);           // BindPoseRules.cpp
void checkExtensionUse(ValidationContext& context);        // ExtensionRules.cpp

} // namespace hyperrig::core::validate
