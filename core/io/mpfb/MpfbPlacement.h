#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/io/mpfb/MpfbBaseMesh.h"
#include "core/io/mpfb/MpfbRig.h"

#include <glm/vec3.hpp>
#include <string_view>
#include <vector>

namespace hyperrig::core::io {

// A bone as MPFB would build it on the base mesh, in Blender armature space (metres).
struct PlacedBone {
    glm::dvec3 head;
    glm::dvec3 tail;
    double roll = 0.0; // radians, after roll_strategy
};

struct MpfbPlacement {
    std::vector<PlacedBone> bones; // parallel to MpfbRig::bones
    Diagnostics warnings;          // a missing joint cube (default_position used), a zero length
};

// Places every bone end with its strategy (mpfb.md §4), snaps connected heads onto their
// parent's tail (§5), then applies roll strategies with the final ends (§6).
//
//   CUBE    the joint-cube centre;  VERTEX  the vertex;  MEAN  the mean of the listed vertices
//           (repeats weigh more);   XYZ  (x of vertex 0, y of vertex 1, z of vertex 2)
//   then    + offset · relative scale, relative scale = 0.1 (float32) / header.scale_factor when
//           the header has one, else 1; a strategy that yields nothing (DEFAULT, a cube group
//           missing from the mesh) takes default_position as it is: no offset, no scaling.
//
// A vertex index past the mesh is an error naming the file and JSON pointer (MPFB would fall
// back to default_position silently, but for a rig of the base mesh it means a broken file or
// the wrong mesh; decision 0031). Contract: `rig` came from parseMpfbRig.
Result<MpfbPlacement> placeMpfbBones(const MpfbRig& rig, const MpfbBaseMesh& mesh,
                                     std::string_view sourceName);

} // namespace hyperrig::core::io
