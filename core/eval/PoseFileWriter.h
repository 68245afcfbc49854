#pragma once

#include "core/base/Result.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/model/Document.h"

#include <filesystem>
#include <string>

namespace hyperrig::core::eval {

// The POSE.json text (PoseFile.h's format, read back by parsePoseJson and `hyperrig-cli pose
// --pose`) that gives `pose` again over the rest pose: {"pose": {bone: entry, ...}}, bones in
// document order, each addressed by its name or, unnamed, by "#index". An entry holds only what
// differs from the bone's rest local transform:
//   "position"  the posed local position (parent space), when it is not the rest position;
//   "rotor" (+ "scale" when not all 1; one number when uniform) when the posed basis is a scaled
//               rotation of 2D to 4D (math::decomposeBasis), else "basis" (N·N, column-major),
//               when the basis is not the rest basis.
// Numbers are written with 17 significant digits, so reading the file gives the same basis to
// rounding (a rotor's round trip: ~1e-16) and the same position exactly. Bones whose local
// transform equals the rest transform are left out; "base" is not written (rest).
std::string poseFileText(const model::Document& document, const CompiledRig& rig, const Pose& pose);

// Writes poseFileText atomically (core/base/AtomicFile): on failure `path` is untouched and the
// error names it.
Result<void> writePoseFile(const std::filesystem::path& path, const model::Document& document,
                           const CompiledRig& rig, const Pose& pose);

} // namespace hyperrig::core::eval
