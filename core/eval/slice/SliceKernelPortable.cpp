// The portable kernels: plain C++, two-pass, branch-light (performance-notes §4.2 "branchless").

#include "core/eval/slice/SliceKernelCommon.h"
#include "core/eval/slice/SliceKernels.h"

#include <bit>

namespace hyperrig::core::eval::slice_detail {
namespace {

void vertexPassPortable(const VertexPassArgs& passed) {
    // A local copy: stores through the output pointers could otherwise alias `passed`, forcing
    // its fields to be reloaded on every iteration.
    const VertexPassArgs args = passed;
    for (std::size_t v = 0; v < args.vertexCount; ++v) {
        transformVertex(*args.plane, args.worldPositions + 4 * v, args.viewXyzd + 4 * v,
                        args.negative + v);
    }
}

// Always builds four corners and writes two triangles with the raw cell normal; the caller
// advances by the table's count (SliceCaseTable.h) and normalises the faces per block.
inline void emitTet(const TetPassArgs& args, const SliceCase& row, const std::uint32_t* tet,
                    std::uint32_t tetIndex, SliceVertex* vertices, SliceFace* faces) {
    const float* corner[4];
    float attribute[4] = {0.0F, 0.0F, 0.0F, 0.0F};
    for (std::size_t i = 0; i < 4; ++i) {
        corner[i] = args.viewXyzd + 4 * static_cast<std::size_t>(tet[i]);
        if (args.attribute != nullptr) {
            attribute[i] = args.attribute[tet[i]];
        }
    }
    SliceVertex q[4];
    for (std::size_t k = 0; k < 4; ++k) {
        const float* p = corner[row.positive[k]];
        const float* n = corner[row.negative[k]];
        const float ap = attribute[row.positive[k]];
        const float an = attribute[row.negative[k]];
        const float t = p[3] / (p[3] - n[3]);
        q[k] = SliceVertex{p[0] + t * (n[0] - p[0]), p[1] + t * (n[1] - p[1]),
                           p[2] + t * (n[2] - p[2]), ap + t * (an - ap)};
    }
    vertices[0] = q[0];
    vertices[1] = q[1];
    vertices[2] = q[2];
    vertices[3] = q[0];
    vertices[4] = q[2];
    vertices[5] = q[3];
    float normal[3];
    rawCellNormal(corner[0], corner[1], corner[2], corner[3], normal);
    const SliceFace face{normal[0], normal[1], normal[2], tetIndex};
    faces[0] = face;
    faces[1] = face;
}

std::size_t finishFaces(SliceVertex* vertices, SliceFace* faces, std::size_t count, float sign) {
    bool allUsable = true;
    for (std::size_t i = 0; i < count; ++i) {
        allUsable = normalizeFace(faces[i], sign) && allUsable;
    }
    return allUsable ? count : removeUnusableTriangles(vertices, faces, count);
}

std::size_t tetPassPortable(const TetPassArgs& passed, std::size_t begin, std::size_t end,
                            SliceVertex* vertices, SliceFace* faces) {
    const TetPassArgs args = passed; // a local copy, as in the vertex pass
    expectIndicesInRange(args, begin, end);
    const SliceCaseTable& table = args.reversed ? kSliceCasesReversed : kSliceCases;
    const std::uint32_t* const tetrahedra = args.tetrahedra;
    const std::uint8_t* const negative = args.negative;
    std::size_t written = 0;
    const auto emit = [&](std::size_t tet, unsigned sliceCase) {
        emitTet(args, table[sliceCase], tetrahedra + 4 * tet, static_cast<std::uint32_t>(tet),
                vertices + 3 * written, faces + written);
        written += table[sliceCase].triangleCount;
    };
    std::size_t i = begin;
    for (; i + 16 <= end; i += 16) {
        const CaseBlock block = classify16(tetrahedra + 4 * i, negative);
        for (std::uint64_t cut = block.cut; cut != 0; cut &= cut - 1) {
            const auto bit = static_cast<unsigned>(std::countr_zero(cut));
            emit(i + bit / 4, static_cast<unsigned>(block.cases >> bit) & 15U);
        }
    }
    for (; i < end; ++i) {
        const unsigned sliceCase = tetCase(negative, tetrahedra + 4 * i);
        if (isCut(sliceCase)) {
            emit(i, sliceCase);
        }
    }
    return finishFaces(vertices, faces, written, args.reversed ? -1.0F : 1.0F);
}

} // namespace

SliceKernels portableKernels() {
    return SliceKernels{&vertexPassPortable, &tetPassPortable};
}

} // namespace hyperrig::core::eval::slice_detail
