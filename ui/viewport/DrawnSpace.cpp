#include "ui/viewport/DrawnSpace.h"

#include <algorithm>

namespace hyperrig::ui {

DrawnSpace DrawnSpace::of(int dimension, const core::eval::View4D& view) {
    DrawnSpace space;
    space.m_dimension = dimension;
    space.m_worldToView = core::math::BasisN::identity(dimension);
    space.m_sliceOffsets = core::math::VectorN::zero(dimension);
    if (dimension >= 4) {
        space.m_worldToView = view.worldToView(dimension).basis();
        for (int axis = core::eval::kFirstExtraAxis; axis < dimension; ++axis)
            space.m_sliceOffsets[axis] = view.extraAxis(axis).offset;
    }
    return space;
}

core::math::VectorN DrawnSpace::worldVector(const glm::vec4& view) const {
    core::math::VectorN inView = core::math::VectorN::zero(m_dimension);
    for (int i = 0; i < std::min(m_dimension, 4); ++i)
        inView[i] = view[i];
    // The view's rotation is orthonormal: its inverse is its transpose.
    return m_worldToView.transposed() * inView;
}

core::math::VectorN DrawnSpace::worldPoint(const glm::vec3& drawn) const {
    core::math::VectorN inView = m_sliceOffsets; // on the slice: every extra axis at its offset
    for (int i = 0; i < std::min(m_dimension, 3); ++i)
        inView[i] = drawn[i];
    return m_worldToView.transposed() * inView;
}

glm::vec4 DrawnSpace::viewVector(const core::math::VectorN& world) const {
    const core::math::VectorN inView = m_worldToView * world;
    glm::vec4 result{0.0F};
    for (int i = 0; i < std::min(m_dimension, 4); ++i)
        result[i] = static_cast<float>(inView[i]);
    return result;
}

glm::vec3 DrawnSpace::drawnPoint(const core::math::VectorN& world) const {
    return glm::vec3(viewVector(world));
}

} // namespace hyperrig::ui
