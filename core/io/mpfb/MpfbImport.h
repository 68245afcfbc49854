#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/io/mpfb/MpfbBaseMesh.h"
#include "core/io/mpfb/MpfbRig.h"
#include "core/model/Document.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hyperrig::core::io {

// What an import made and what the user should know about it.
struct MpfbImport {
    model::Document document;
    model::NodeId skeleton;
    std::vector<model::NodeId> bones; // parallel to the rig's bones (file order)
    // MPFB name -> G4MF name, for every bone whose name had to change.
    std::vector<std::pair<std::string, std::string>> renamedBones;
    Diagnostics warnings;
    std::vector<std::string> collections; // bone collections after the 100 -> 110 upgrade
};

// Builds a 3D G4MF document from a rig placed on the base mesh: the root "Scene", under it one
// skeleton node named `skeletonName`, lifted by MpfbBaseMesh::groundLift so the feet stand on
// the ground as in MPFB, under it the bones with the rig's parents (children in file order).
//
// Axes and units (mpfb.md §10): G4MF (x, y, z) = Blender (x, z, -y), which for the base mesh at
// MPFB's scale 0.1 is just 0.1 · OBJ, in metres. A bone's rest frame is Blender's bone matrix
// (y along head -> tail, rolled; BlenderBoneFrame.h) turned by the same axis change; its node
// stores it relative to the parent bone as position + rotor, and length = |tail - head|.
//
// Names: G4MF forbids '.' and ':', so bones are renamed by g4mfNameForMpfbBone (made unique);
// every MPFB-only datum is kept in extras (MpfbExtras.h) so exportMpfbRig writes the rig back.
Result<MpfbImport> importMpfbRig(const MpfbRig& rig, const MpfbBaseMesh& mesh,
                                 std::string_view skeletonName, std::string_view sourceName);

// The skeleton name for a rig file: "rig.game_engine.json" -> "game_engine".
std::string mpfbRigNameFromPath(std::string_view fileName);

} // namespace hyperrig::core::io
