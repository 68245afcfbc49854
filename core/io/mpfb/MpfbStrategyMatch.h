#pragma once

#include "core/io/mpfb/MpfbBaseMesh.h"
#include "core/io/mpfb/VertexGrid.h"
#include "core/model/Json.h"

#include <glm/vec3.hpp>
#include <optional>

namespace hyperrig::core::io {

// The bone-end object MPFB's saver writes for an end at a position (Blender armature space,
// metres) on a mesh (mpfb.md §7.2). Thresholds are absolute, in metres at MPFB's scale 0.1:
//   1. the nearest joint-cube centre, if closer than 1 cm -> CUBE;
//   2. the nearest vertex, if closer than 1 cm, and either no cube matched or the vertex is
//      within 1 mm while the cube is not -> VERTEX;
//   3. unless CUBE won or the match is within 1 mm: the best pair of vertices whose midpoint is
//      within 2 cm, scored by distance + λ · pair length (λ = 0.02 / (0.3 · body height)), among
//      first vertices within R·√3 (R = 2 cm after a vertex match, else 0.15 · body height; the
//      largest axis difference below R), the second being the vertex nearest the mirror point
//      2·pos − v1 with a higher index -> MEAN [i1, i2] when its distance beats the match so far;
//   4. otherwise DEFAULT.
// default_position is always the true position, rounded as MPFB rounds (§7.3). Without a mesh
// every end is DEFAULT.
class MpfbEndMatcher {
public:
    explicit MpfbEndMatcher(const MpfbBaseMesh* mesh);

    model::OrderedJson match(const glm::dvec3& position) const;

private:
    const MpfbBaseMesh* m_mesh;
    std::optional<VertexGrid> m_grid;
    double m_height = 0.0; // max z - min z of all vertices
};

} // namespace hyperrig::core::io
