#pragma once

#include "core/base/Result.h"
#include "core/math/AffineN.h"
#include "core/model/Document.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace hyperrig::core::eval {

// One skeleton flattened for evaluation (architecture.md, "Evaluation"): its bones parent-first in
// flat arrays, their rest transforms, and the joints slot table.
//
// Bones are the nodes reached from the skeleton node through bones only (G4MF: a bone's parent is
// a bone or the skeleton node). Rest transforms are the bone transforms as stored in the file:
// G4MF's inverse bind matrices are defined by them (g4mf.md §11.3).
struct CompiledSkeleton {
    static constexpr std::int32_t kNoBone = -1;

    model::NodeId skeleton;
    int dimension = 0;
    std::vector<model::NodeId> bones;      // parent-first (document subtree order)
    std::vector<std::int32_t> parents;     // index into bones, kNoBone under the skeleton
    std::vector<math::AffineN> restLocal;  // parent space <- bone space
    std::vector<math::AffineN> restGlobal; // skeleton space <- bone space
    std::vector<math::AffineN> inverseRestGlobal;
    std::vector<std::int32_t> slotBones; // per joints slot: bone index or kNoBone
    std::unordered_map<model::NodeId, std::int32_t> boneIndex;

    std::size_t slotCount() const { return slotBones.size(); }
    std::int32_t indexOf(model::NodeId bone) const {
        const auto found = boneIndex.find(bone);
        return found == boneIndex.end() ? kNoBone : found->second;
    }
};

// Compiles `skeleton` (a node with a skeleton component). Fails with the node named when a bone
// transform is malformed or a rest basis is singular (no inverse bind transform exists).
Result<CompiledSkeleton> compileSkeleton(const model::Document& document, model::NodeId skeleton);

} // namespace hyperrig::core::eval
