#pragma once

#include "core/base/Result.h"
#include "core/edit/Command.h"
#include "core/edit/commands/RestPoseCommand.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"

#include <memory>

namespace hyperrig::core::ops {

// "Apply pose as rest": a rig operation, not evaluation (evaluation reads the document and never
// edits it). It evaluates the pose and hands the result to the edit layer's RestPoseCommand.

// What "apply pose as rest" writes: every posed bone's local transform, authored in the form the
// bone already uses when that form expresses it (g4mf.md §6.1), and the vertices of every skinned
// mesh deformed by the pose, computed in double precision from the document's skin (not the
// float kernels). Mesh nodes keep their transforms.
//
// Refused when a skinned mesh is shown by more than one node: one mesh cannot take two rest
// shapes (split it first). Surface normals and blend-shape offsets stored with the mesh are
// kept as they are, untransformed; docs/skinning.md says so.
Result<edit::RestPoseChange> bakePose(const model::Document& document, const eval::CompiledRig& rig,
                                      const eval::Pose& pose);

// The one road the CLI (`pose --bake`) and the editor take: bakePose, then the undoable
// edit::applyPoseAsRest command for it. Refused, with nothing computed for the document, when
// the pose is the rest pose (an empty step would only clutter the history) or bakePose refuses.
Result<std::unique_ptr<edit::Command>> poseAsRestCommand(const model::Document& document,
                                                         const eval::CompiledRig& rig,
                                                         const eval::Pose& pose);

} // namespace hyperrig::core::ops
