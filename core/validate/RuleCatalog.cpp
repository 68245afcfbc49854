#include "core/validate/RuleCatalog.h"

#include <array>

namespace hyperrig::core::validate {

namespace {

using namespace rules;

// Order = the rule table of docs/validation.md (a test checks that the page lists every id).
constexpr std::array kAllRules = {
    &kDocumentSchema,
    &kAssetSchema,
    &kAssetDimension,
    &kAssetDimensionUnsupported,
    &kAssetVersion,
    &kExtensionsRequiredNotUsed,
    &kExtensionsRequiredUnsupported,
    &kExtensionsSchema,
    &kExtensionsNotListed,
    &kNameSchema,
    &kNameForbiddenCharacter,
    &kNameNotUnique,
    &kNodeSchema,
    &kNodeRootTransform,
    &kNodeChildrenIndex,
    &kNodeChildrenDuplicate,
    &kNodeChildrenMultipleParents,
    &kNodeChildrenRootAsChild,
    &kNodeChildrenCycle,
    &kNodeChildrenEmpty,
    &kNodePositionSize,
    &kNodeBasisSize,
    &kNodeBasisWithRotor,
    &kNodeBasisWithScale,
    &kNodeBasisDegenerate,
    &kNodeRotorSize,
    &kNodeRotorInvalid,
    &kNodeRotorNotNormalized,
    &kNodeScaleSize,
    &kNodeScaleNotPositive,
    &kNodeComponentsExclusive,
    &kNodeMeshIndex,
    &kNodeMeshBothForms,
    &kNodeModelIndex,
    &kNodeModelBothForms,
    &kNodeLightIndex,
    &kBoneSchema,
    &kBoneNotInSkeleton,
    &kBoneParent,
    &kBoneLengthNegative,
    &kBoneMassNegative,
    &kBoneShapeIndex,
    &kBoneShapeWithoutLength,
    &kBoneMassSum,
    &kSkeletonSchema,
    &kSkeletonJointsIndex,
    &kSkeletonJointsNotBone,
    &kSkeletonJointsOtherSkeleton,
    &kSkeletonJointsOrder,
    &kSkeletonJointsParentOrder,
    &kSkeletonRootBoneFirstChild,
    &kBufferUnavailable,
    &kBufferUriOutsideFolder,
    &kBufferViewSchema,
    &kBufferViewBufferIndex,
    &kBufferViewRange,
    &kAccessorSchema,
    &kAccessorComponentType,
    &kAccessorBufferViewIndex,
    &kAccessorAlignment,
    &kAccessorLength,
    &kMeshSchema,
    &kMeshAccessorIndex,
    &kMeshVerticesVectorSize,
    &kMeshVerticesType,
    &kMeshSimplexesVectorSize,
    &kMeshEdgesVectorSize,
    &kMeshIndicesType,
    &kMeshIndicesRange,
    &kSkinSchema,
    &kSkinAccessorIndex,
    &kSkinVectorSize,
    &kSkinVerticesType,
    &kSkinGroupsType,
    &kSkinWeightsType,
    &kSkinAccessorLengths,
    &kSkinVerticesRange,
    &kSkinVerticesOrder,
    &kSkinWeightsOrder,
    &kSkinWeightsSum,
    &kSkinGroupNamesUnique,
    &kSkinGroupNamesEmpty,
    &kSkinGroupNamesConflict,
    &kSkinGroupNamesMissing,
    &kSkinGroupNamesBoneMismatch,
    &kSkinMeshNotUnderSkeleton,
    &kBlendSchema,
    &kBlendTargetData,
    &kBlendIndicesRange,
    &kBlendAmountsCount,
    &kBindPoseSchema,
    &kBindPosePoseTypeUnique,
    &kBindPoseEntryCount,
    &kBindPoseVectorSize,
    &kBindPoseNotListed,
    &kBindPoseRepeatedJointDiffers,
    &kValidatorInternal,
};

} // namespace

std::span<const Rule* const> allRules() {
    return kAllRules;
}

const Rule* findRule(std::string_view id) {
    for (const Rule* rule : kAllRules)
        if (rule->id == id)
            return rule;
    return nullptr;
}

} // namespace hyperrig::core::validate
