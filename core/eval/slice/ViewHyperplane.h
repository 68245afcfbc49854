#pragma once

#include "core/eval/slice/SliceTypes.h"
#include "core/math/AffineN.h"

#include <array>

namespace hyperrig::core::eval {

// The slicing hyperplane "view-space w = offset" as one float affine map from world space to
// (view x, view y, view z, distance), converted from the double-precision view transform once per
// slice. Mesh slicing (Slicer) and bone slicing (sliceBoneSegments) share it, so a bone tip that
// coincides with a mesh vertex gets bit-identical view coordinates and distance.
//
// The offset is folded into the translation in double precision: the fourth output row is
//   distance = Σ_j B[3][j] · p_j + (t_w − offset),
// one rounding instead of a float subtraction after the transform.
//
// Every output component is evaluated in one fixed order, without fused multiply-adds (the slice
// sources are compiled with -ffp-contract=off):
//   out_r = (((t_r + B[r][0]·x) + B[r][1]·y) + B[r][2]·z) + B[r][3]·w
// All kernels (portable and SIMD) use exactly this order, which makes their results bit-identical.
class ViewHyperplane {
public:
    // Contract: worldToView has dimension 4.
    ViewHyperplane(const math::AffineN& worldToView, double offset);

    // Column j = image of world axis j: (view x, view y, view z, w) coefficients of p_j.
    const std::array<float, 4>& column(int j) const {
        return m_columns[static_cast<std::size_t>(j)];
    }
    // (t_x, t_y, t_z, t_w − offset).
    const std::array<float, 4>& translation() const { return m_translation; }

    // `world` points at 4 floats (x, y, z, w).
    ViewPoint apply(const float* world) const {
        float out[4];
        for (std::size_t r = 0; r < 4; ++r) {
            float value = m_translation[r];
            value += m_columns[0][r] * world[0];
            value += m_columns[1][r] * world[1];
            value += m_columns[2][r] * world[2];
            value += m_columns[3][r] * world[3];
            out[r] = value;
        }
        return ViewPoint{out[0], out[1], out[2], out[3]};
    }

private:
    std::array<std::array<float, 4>, 4> m_columns{};
    std::array<float, 4> m_translation{};
};

} // namespace hyperrig::core::eval
