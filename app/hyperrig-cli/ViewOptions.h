#pragma once

#include "app/hyperrig-cli/CliOptions.h"
#include "app/hyperrig-cli/CommandReport.h"
#include "core/base/Result.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/eval/View4D.h"

#include <optional>
#include <string>
#include <vector>

namespace hyperrig::cli {

// The options `slice` and `render` share, read the same way by both.

// --w OFFSET, --slice w=OFFSET,v=OFFSET,... and --rotate xw=DEG,...,xv=DEG,... into the view of
// a 4D..8D document (core/eval/View4D.h: axes w, v, u, t, s). Fails with a usage message.
core::Result<core::eval::View4D> viewFromOptions(const ParsedOptions& options);

// Fails, naming the axis, when the view turns or offsets an axis the document does not have
// (--slice v=... for a 4D document). Documents below 4D ignore the view (callers warn).
core::Result<void> checkViewFitsDocument(const core::eval::View4D& view, int dimension);

// The options that choose a pose: --pose POSE.json, --pose-name NAME, and --animation NAME
// with --time T (a kept UsdSkel animation sampled at time code T, core/eval/animation).
inline constexpr const char* kPoseSourceOptions[] = {"pose", "pose-name", "animation", "time"};

// Usage check of those options: at most one pose source (exactly one when `required`),
// --animation and --time together, T a finite number.
core::Result<void> checkPoseSourceOptions(const ParsedOptions& options, bool required);

// The pose of --pose POSE.json, --pose-name NAME or --animation NAME --time T (the rest pose
// when none is given).
// `unreadable` is set when the failure is a pose file that cannot be read or parsed (exit 2)
// rather than a pose the document does not have (exit 1). An animation's pose carries the
// blend amounts its blendShapeWeights give (Pose::blendAmounts); `warnings` gets what the
// sampler noticed (tokens that name no blend shape).
core::Result<core::eval::Pose> poseFromOptions(const ParsedOptions& options,
                                               const core::model::Document& document,
                                               const core::eval::CompiledRig& rig, bool& unreadable,
                                               std::vector<std::string>& warnings);

// A document's compiled rig and the pose of --pose / --pose-name.
struct RigAndPose {
    core::eval::CompiledRig rig;
    core::eval::Pose pose;
};

// Compiles `document` (read from `input`) and reads its pose from the options; on failure reports
// through `report` and sets `exitStatus` (1, or 2 for an unreadable pose file).
std::optional<RigAndPose> rigAndPoseFromOptions(const ParsedOptions& options,
                                                const core::model::Document& document,
                                                const std::string& input,
                                                const CommandReport& report, int& exitStatus);

} // namespace hyperrig::cli
