#include "core/eval/skinning/JointPalette.h"

#include "core/base/Contracts.h"

#include <cstdint>

namespace hyperrig::core::eval {
namespace {

constexpr std::uintptr_t kAlignBytes = 64;
constexpr std::size_t kAlignFloats = kAlignBytes / sizeof(float);

} // namespace

JointPalette::JointPalette(int dimension, std::size_t rows)
    : m_dimension(dimension), m_stride(strideFor(dimension)), m_rows(rows),
      m_values(rows * m_stride + kAlignFloats, 0.0F) {
    // Skip floats until data() sits on a 64-byte boundary (vector storage is only 16-aligned).
    const auto address = reinterpret_cast<std::uintptr_t>(m_values.data());
    m_alignment = ((kAlignBytes - address % kAlignBytes) % kAlignBytes) / sizeof(float);
    for (std::size_t row = 0; row < rows; ++row)
        setIdentity(row);
}

std::size_t JointPalette::strideFor(int dimension) {
    if (dimension == 3)
        return 16;
    if (dimension == 4)
        return 32;
    const auto n = static_cast<std::size_t>(dimension);
    return n * n + n;
}

void JointPalette::setRow(std::size_t row, const math::AffineN& transform) {
    HYPERRIG_EXPECTS(row < m_rows && transform.dimension() == m_dimension);
    float* out = m_values.data() + m_alignment + row * m_stride;
    const int n = m_dimension;
    const std::size_t columnStride = n == 3 ? 4 : static_cast<std::size_t>(n);
    for (int column = 0; column < n; ++column)
        for (int r = 0; r < n; ++r)
            out[static_cast<std::size_t>(column) * columnStride + static_cast<std::size_t>(r)] =
                static_cast<float>(transform.basis().at(r, column));
    float* position = out + static_cast<std::size_t>(n) * columnStride;
    for (int r = 0; r < n; ++r)
        position[r] = static_cast<float>(transform.position()[r]);
}

void JointPalette::setIdentity(std::size_t row) {
    setRow(row, math::AffineN::identity(m_dimension));
}

} // namespace hyperrig::core::eval
