#pragma once

#include "core/base/Result.h"
#include "core/edit/commands/RestPoseCommand.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"

namespace hyperrig::core::eval {

// What "apply pose as rest" writes (hand it to edit::applyPoseAsRest): every posed bone's local
// transform, authored in the form the bone already uses when that form expresses it (g4mf.md
// §6.1), and the vertices of every skinned mesh deformed by the pose, computed in double
// precision from the document's skin (not the float kernels). Mesh nodes keep their transforms.
//
// Refused when a skinned mesh is shown by more than one node: one mesh cannot take two rest
// shapes (split it first). Surface normals and blend-shape offsets stored with the mesh are
// kept as they are, untransformed; docs/skinning.md says so.
Result<edit::RestPoseChange> bakePose(const model::Document& document, const CompiledRig& rig,
                                      const Pose& pose);

} // namespace hyperrig::core::eval
