#pragma once

#include <cstdint>
#include <type_traits>

namespace hyperrig::core::eval {

// Plain records of the slicing output. Every field is a 32-bit float or integer and the records
// have no padding, so a renderer can upload the arrays as they are (SliceVertex: position at
// offset 0, attribute at offset 12, stride 16; SliceFace: normal at offset 0, stride 16).

// A point in view space with its signed distance to the slicing hyperplane: distance = view w −
// offset. The slice keeps the side distance >= 0 as "positive" (see Slicer.h).
struct ViewPoint {
    float x;
    float y;
    float z;
    float distance;
};

// One corner of an emitted triangle: view-space x, y, z and the interpolated per-vertex
// attribute (0 when the slice had none).
struct SliceVertex {
    float x;
    float y;
    float z;
    float attribute;
};

// Per triangle: the flat unit normal (view-space xyz) and the index of the tetrahedron it came
// from (for picking).
struct SliceFace {
    float normalX;
    float normalY;
    float normalZ;
    std::uint32_t sourceTet;
};

static_assert(sizeof(ViewPoint) == 16 && std::is_trivially_copyable_v<ViewPoint>);
static_assert(sizeof(SliceVertex) == 16 && std::is_trivially_copyable_v<SliceVertex>);
static_assert(sizeof(SliceFace) == 16 && std::is_trivially_copyable_v<SliceFace>);

} // namespace hyperrig::core::eval
