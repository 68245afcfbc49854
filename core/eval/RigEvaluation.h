#pragma once

#include "core/base/Result.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/math/AffineN.h"

#include <unordered_map>
#include <vector>

namespace hyperrig::core::base {
class ThreadPool;
}

namespace hyperrig::core::eval {

// One mesh instance under a pose: where its mesh space sits in the world, and its vertex
// positions in mesh space (deformed when the instance shows blend shapes at non-zero amounts, or
// is skinned and the pose moves it; blend shapes apply first, to the rest positions).
struct EvaluatedInstance {
    model::NodeId node;
    model::MeshId mesh;
    math::AffineN world = math::AffineN::identity(2); // world <- mesh space
    bool visible = true;                              // the node and all its ancestors
    bool deformed = false;
    std::vector<float> deformedPositions; // reused between evaluations; valid when deformed
    std::vector<float> blendedPositions;  // rest + blend offsets, the skinning input; reused

    // Contract: `compiled` is this instance's mesh.
    const float* positions(const CompiledMesh& compiled) const {
        return deformed ? deformedPositions.data() : compiled.restPositions.data();
    }
};

// The output of one evaluation, kept by the caller and reused frame after frame so buffers are
// not reallocated.
struct EvaluatedRig {
    std::unordered_map<model::NodeId, math::AffineN> world; // every node of the tree
    std::unordered_map<model::NodeId, std::vector<math::AffineN>>
        skeletonSpace;                        // per skeleton:
                                              // posed bones, compiled order
    std::vector<EvaluatedInstance> instances; // parallel to CompiledRig::instances()
};

// Evaluates `pose`: world transforms of every node (bones use the pose's local transforms), the
// posed skeleton-space transforms of every skeleton, and the deformed vertices of every instance
// with active blend shapes (BlendShapeEval.h; at the pose's blendAmounts for the instances it
// lists, else the document's) or a skin the pose moves (skinned in blocks on
// `pool` with the fastest kernel, from the blended positions when there are any). Fails when a
// node's transform is malformed, naming it.
Result<void> evaluateRig(const model::Document& document, const CompiledRig& rig, const Pose& pose,
                         base::ThreadPool& pool, EvaluatedRig& out);

} // namespace hyperrig::core::eval
