#include "render/scene/BoneSolids.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace hyperrig::render::scene {
namespace {

// Appends triangle (a, b, c) wound counter-clockwise seen from outside a convex solid around
// `centre`: the corners are swapped when the winding's normal points toward the centre. Its
// corners' smooth normals are the face normal (a flat face), or, for a sphere (`radial`), the
// unit direction from the centre to each corner: the exact normal of the sphere there.
void addOutwardTriangle(SurfaceInput& surface, const glm::vec3& centre, glm::vec3 a, glm::vec3 b,
                        glm::vec3 c, bool radial = false) {
    glm::vec3 normal = glm::cross(b - a, c - a);
    const float length = glm::length(normal);
    if (!(length > 0.0F))
        return;
    normal /= length;
    if (glm::dot(normal, (a + b + c) / 3.0F - centre) < 0.0F) {
        std::swap(b, c);
        normal = -normal;
    }
    surface.positions.insert(surface.positions.end(), {a, b, c});
    surface.normals.push_back(normal);
    for (const glm::vec3& corner : {a, b, c})
        surface.smoothNormals.push_back(radial ? glm::normalize(corner - centre) : normal);
}

// A unit vector perpendicular to `axis` (unit): `preferred` with its component along `axis`
// removed, or, when that leaves nothing, the world axis least aligned with `axis` made
// perpendicular.
glm::vec3 perpendicular(const glm::vec3& axis, const glm::vec3& preferred) {
    glm::vec3 candidate = preferred - axis * glm::dot(axis, preferred);
    if (glm::length(candidate) > 1e-6F * std::max(1.0F, glm::length(preferred)))
        return glm::normalize(candidate);
    const glm::vec3 absolute = glm::abs(axis);
    const glm::vec3 world = absolute.x <= absolute.y && absolute.x <= absolute.z
                                ? glm::vec3{1, 0, 0}
                            : absolute.y <= absolute.z ? glm::vec3{0, 1, 0}
                                                       : glm::vec3{0, 0, 1};
    return glm::normalize(world - axis * glm::dot(axis, world));
}

// A UV sphere: `rings` bands from pole to pole, `segments` around; triangles at the poles.
void addSphere(SurfaceInput& surface, const glm::vec3& centre, float radius, int segments,
               int rings) {
    auto point = [&](int ring, int segment) {
        const double polar = std::numbers::pi * ring / rings;
        const double around = 2.0 * std::numbers::pi * segment / segments;
        return centre + radius * glm::vec3{static_cast<float>(std::sin(polar) * std::cos(around)),
                                           static_cast<float>(std::cos(polar)),
                                           static_cast<float>(std::sin(polar) * std::sin(around))};
    };
    for (int ring = 0; ring < rings; ++ring)
        for (int segment = 0; segment < segments; ++segment) {
            const glm::vec3 a = point(ring, segment);
            const glm::vec3 b = point(ring, segment + 1);
            const glm::vec3 c = point(ring + 1, segment);
            const glm::vec3 d = point(ring + 1, segment + 1);
            if (ring > 0) // the first band's upper edge is the pole: one triangle
                addOutwardTriangle(surface, centre, a, b, d, true);
            if (ring + 1 < rings) // likewise the last band's lower edge
                addOutwardTriangle(surface, centre, a, d, c, true);
        }
}

} // namespace

void buildBoneSolids(std::span<const BoneLine> bones, std::span<const core::model::NodeId> selected,
                     float pointRadius, const BoneSolidStyle& style, BoneSolids& out) {
    out.surfaces.resize(bones.size());
    out.edges.clear();
    for (std::size_t b = 0; b < bones.size(); ++b) {
        const BoneLine& bone = bones[b];
        const bool isSelected = isAmong(bone.node, selected);
        SurfaceInput& surface = out.surfaces[b];
        surface.positions.clear();
        surface.normals.clear();
        surface.smoothNormals.clear();
        surface.attributes.clear();
        surface.heatmap = false;
        surface.opacity = 1.0F;
        surface.node = bone.node;
        surface.baseColor = isSelected ? style.selectedColor : style.color;

        const glm::vec3 along = bone.tail - bone.head;
        const float length = glm::length(along);
        if (!(length > 0.0F)) {
            addSphere(surface, bone.head, pointRadius, style.sphereSegments, style.sphereRings);
            continue;
        }
        const glm::vec3 y = along / length;
        const glm::vec3 x = perpendicular(y, bone.xAxis);
        // The bone's Z made perpendicular to Y and X; its sign follows the bone's own Z, so a
        // mirrored bone keeps its corners where its axes put them.
        glm::vec3 z = glm::cross(x, y);
        if (glm::dot(z, bone.zAxis) < 0.0F)
            z = -z;
        const float half = style.waistFraction * length;
        const glm::vec3 waist = bone.head + style.waistFraction * along;
        const std::array<glm::vec3, 4> corners{waist + half * (x + z), waist + half * (x - z),
                                               waist + half * (-x - z), waist + half * (-x + z)};
        const glm::vec3 centre = waist; // inside the octahedron: the waist's centre
        for (std::size_t k = 0; k < corners.size(); ++k) {
            const glm::vec3& a = corners[k];
            const glm::vec3& next = corners[(k + 1) % corners.size()];
            addOutwardTriangle(surface, centre, bone.head, a, next);
            addOutwardTriangle(surface, centre, bone.tail, next, a);
        }
        const float jointRadius = style.jointFraction * length;
        addSphere(surface, bone.head, jointRadius, style.sphereSegments, style.sphereRings);
        addSphere(surface, bone.tail, jointRadius, style.sphereSegments, style.sphereRings);

        const glm::vec4 edge = isSelected ? style.selectedEdgeColor : style.edgeColor;
        for (std::size_t k = 0; k < corners.size(); ++k) {
            const glm::vec3& next = corners[(k + 1) % corners.size()];
            out.edges.insert(out.edges.end(), {{bone.head, edge},
                                               {corners[k], edge},
                                               {corners[k], edge},
                                               {bone.tail, edge},
                                               {corners[k], edge},
                                               {next, edge}});
        }
    }
}

} // namespace hyperrig::render::scene
