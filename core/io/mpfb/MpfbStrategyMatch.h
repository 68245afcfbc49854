#pragma once

#include "core/io/mpfb/MpfbBaseMesh.h"
#include "core/model/Json.h"

#include <glm/vec3.hpp>

namespace hyperrig::core::io {

// The bone-end object MPFB's saver writes for an end at `position` (Blender armature space,
// metres) on `mesh` (mpfb.md §7.2 steps 1, 2 and 4):
//   1. the nearest joint-cube centre, if closer than 1 cm -> CUBE
//   2. the nearest vertex, if closer than 1 cm, and either no cube matched or the vertex is
//      within 1 mm while the cube is not -> VERTEX
//   4. otherwise DEFAULT.
// default_position is always the true position, rounded as MPFB rounds (§7.3). The MEAN search
// of step 3 is not done (decision 0032): an end between two vertices becomes DEFAULT or the
// nearest match above. With no mesh, every end is DEFAULT.
model::OrderedJson matchMpfbEnd(const glm::dvec3& position, const MpfbBaseMesh* mesh);

} // namespace hyperrig::core::io
