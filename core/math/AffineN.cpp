#include "core/math/AffineN.h"

#include <utility>

namespace hyperrig::core::math {

AffineN::AffineN(BasisN basis, VectorN position)
    : m_basis(std::move(basis)), m_position(std::move(position)) {
    HYPERRIG_EXPECTS(m_basis.dimension() == m_position.dimension());
}

AffineN AffineN::identity(int dimension) {
    return AffineN(BasisN::identity(dimension), VectorN::zero(dimension));
}

AffineN AffineN::compose(const AffineN& parent, const AffineN& child) {
    HYPERRIG_EXPECTS(parent.dimension() == child.dimension());
    return AffineN(parent.m_basis * child.m_basis,
                   parent.m_basis * child.m_position + parent.m_position);
}

void AffineN::setBasis(const BasisN& basis) {
    HYPERRIG_EXPECTS(basis.dimension() == dimension());
    m_basis = basis;
}

void AffineN::setPosition(const VectorN& position) {
    HYPERRIG_EXPECTS(position.dimension() == dimension());
    m_position = position;
}

Result<AffineN> AffineN::inverse() const {
    auto inverseBasis = m_basis.inverse();
    if (!inverseBasis)
        return inverseBasis.error().withContext("affine transform has no inverse");
    const VectorN position = -(*inverseBasis * m_position);
    return AffineN(*inverseBasis, position);
}

VectorN AffineN::applyPoint(const VectorN& point) const {
    return m_basis * point + m_position;
}

VectorN AffineN::applyVector(const VectorN& vector) const {
    return m_basis * vector;
}

bool approxEqual(const AffineN& a, const AffineN& b, double tolerance) {
    return approxEqual(a.basis(), b.basis(), tolerance) &&
           approxEqual(a.position(), b.position(), tolerance);
}

} // namespace hyperrig::core::math
