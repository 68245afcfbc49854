#pragma once

#ifndef Q_MOC_RUN
#include "core/eval/View4D.h"
#include "core/math/AffineN.h"
#include "core/math/VectorN.h"
#endif

#include <glm/glm.hpp>

namespace hyperrig::ui {

// The viewport's drawn 3D space and the document's world, for tools that turn pointer motion
// into edits. View coordinates are (x, y, z, w, v, ...): the drawn space is their x, y, z; the
// extra axes w, v, ... (4D and up) are the ones the slicing cuts, each at its offset.
//   2D: world (x, y) is drawn at z = 0;  3D: the world is drawn as it is;
//   4D and up: view = worldToView · world (View4D::worldToView(N)), the slice at
//   (w, v, ...) = their offsets.
// The tools reach x, y, z and w (glm::vec4 directions); the axes beyond w are reached through
// their overlay offsets and rotations.
class DrawnSpace {
public:
    DrawnSpace() = default;
    static DrawnSpace of(int dimension, const core::eval::View4D& view);

    int dimension() const { return m_dimension; }
    // A direction in view coordinates (x, y, z, w; w ignored below 4D) as a world vector.
    core::math::VectorN worldVector(const glm::vec4& view) const;
    // A drawn point (on the slice: w = offset) as a world point.
    core::math::VectorN worldPoint(const glm::vec3& drawn) const;
    // A world vector in view coordinates (x, y, z, w; the axes above w dropped).
    glm::vec4 viewVector(const core::math::VectorN& world) const;
    // Where a world point is drawn (its view x, y, z).
    glm::vec3 drawnPoint(const core::math::VectorN& world) const;

private:
    int m_dimension = 3;
    core::math::BasisN m_worldToView = core::math::BasisN::identity(3);
    core::math::VectorN m_sliceOffsets = core::math::VectorN::zero(3); // view x, y, z at 0
};

} // namespace hyperrig::ui
