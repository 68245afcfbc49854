#pragma once

#include "core/math/AffineN.h"

#include <cstddef>
#include <vector>

namespace hyperrig::core::eval {

// The matrices a skinning kernel blends, one row per group id, as float in the layout each kernel
// loads directly (row = `stride` floats, rows back to back):
//
//   D = 4: 32 floats: the 4x4 basis column-major (one 512-bit register), the position, and 12
//          floats of padding so every basis starts on a 64-byte cache line (a load that
//          straddles two lines costs twice).
//   D = 3: 16 floats: columns c0, c1, c2 and the position t, each padded to 4 lanes with 0, so
//          blending and transforming use whole 128/512-bit registers; 64 bytes, one line.
//   other: D·D floats of the basis column-major, then D of the position.
//
// data() is 64-byte aligned. Rows start as identity.
class JointPalette {
public:
    JointPalette(int dimension, std::size_t rows);

    static std::size_t strideFor(int dimension);

    int dimension() const { return m_dimension; }
    std::size_t stride() const { return m_stride; }
    std::size_t rows() const { return m_rows; }
    const float* data() const { return m_values.data() + m_alignment; }

    // Contract: row < rows(), transform.dimension() == dimension().
    void setRow(std::size_t row, const math::AffineN& transform);
    void setIdentity(std::size_t row);

private:
    int m_dimension;
    std::size_t m_stride;
    std::size_t m_rows;
    std::vector<float> m_values;
    std::size_t m_alignment = 0; // floats skipped at the front of m_values to align data()
};

} // namespace hyperrig::core::eval
