// Hyperplane slicing of a ~1M-tetrahedron 4D scene (performance-notes §3.2 and §4.2): the
// optimised Slicer against the naive loop, at ~1% and ~10% of tetrahedra cut.
//
// Scene: 64 tesseract shells (tesseractShell(7, −1, 1): 16,464 tetrahedra and 2,800 vertices
// each, "local" indices numbered in order of first use) on a 4×4×4 grid in xyz, 3 units apart:
// 1,053,696 tetrahedra and 179,200 vertices. A single shell of 1M tetrahedra cannot serve: a cut
// meets about one layer of tetrahedra, 0.75/n of a shell subdivided n times (under 6% at 1M even
// when tilted). The view is tilted (rotations of 0.1 rad in xw and yw), so each shell sits at a
// different view w and the hyperplane meets all of them at one offset (~10%) and only a few near
// the far corner (~1%). Offsets are picked at start-up from a scan; the actual fraction is the
// counter cut_fraction.
//
// bytes_per_item is §3.2's memory model per tetrahedron, from this scene's actual counts:
// 16 B of indices + 16 B per vertex amortised over the tetrahedra + 36 B per emitted triangle
// (the notes' 9-float triangle; our triangle records are larger, so real traffic is higher).

#include "core/eval/slice/SliceCaseTable.h"
#include "core/eval/slice/SlicePath.h"
#include "core/eval/slice/Slicer.h"
#include "core/math/AffineN.h"
#include "core/math/BasisN.h"
#include "core/math/VectorN.h"
#include "tests/core/eval/TetMeshFixtures.h"

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace hyperrig::core::eval;
using hyperrig::core::math::AffineN;
using hyperrig::core::math::BasisN;
using hyperrig::core::math::VectorN;
using hyperrig::test::TetMesh;

// A rotation by `angle` in the plane of world axes a and b.
AffineN rotation(int a, int b, double angle) {
    BasisN basis = BasisN::identity(4);
    basis.at(a, a) = std::cos(angle);
    basis.at(b, a) = std::sin(angle);
    basis.at(a, b) = -std::sin(angle);
    basis.at(b, b) = std::cos(angle);
    return AffineN(basis, VectorN::zero(4));
}

AffineN benchView() {
    return AffineN::compose(rotation(0, 3, 0.1), rotation(1, 3, 0.1));
}

TetMesh crowd() {
    const TetMesh shell = hyperrig::test::tesseractShell(7, -1.0F, 1.0F);
    TetMesh scene;
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            for (int k = 0; k < 4; ++k) {
                const auto first = static_cast<std::uint32_t>(scene.vertexCount());
                for (std::size_t v = 0; v < shell.vertexCount(); ++v) {
                    scene.positions.push_back(shell.positions[4 * v] + 3.0F * float(i));
                    scene.positions.push_back(shell.positions[4 * v + 1] + 3.0F * float(j));
                    scene.positions.push_back(shell.positions[4 * v + 2] + 3.0F * float(k));
                    scene.positions.push_back(shell.positions[4 * v + 3]);
                }
                for (const std::uint32_t index : shell.tetrahedra) {
                    scene.tetrahedra.push_back(first + index);
                }
            }
        }
    }
    return scene;
}

struct Scene {
    TetMesh mesh;
    AffineN view;
};

const Scene& scene() {
    static const Scene instance{crowd(), benchView()};
    return instance;
}

struct CutStats {
    double cutFraction = 0;
    double trianglesPerTet = 0;
};

CutStats cutStats(const Scene& s, double offset) {
    const ViewHyperplane plane(s.view, offset);
    std::vector<std::uint8_t> negative(s.mesh.vertexCount());
    for (std::size_t v = 0; v < negative.size(); ++v) {
        negative[v] = plane.apply(&s.mesh.positions[4 * v]).distance < 0.0F ? 1 : 0;
    }
    std::size_t cut = 0, triangles = 0;
    for (std::size_t t = 0; t < s.mesh.tetCount(); ++t) {
        unsigned sliceCase = 0;
        for (unsigned i = 0; i < 4; ++i) {
            sliceCase |= unsigned{negative[s.mesh.tetrahedra[4 * t + i]]} << i;
        }
        cut += isCut(sliceCase) ? 1U : 0U;
        triangles += kSliceCases[sliceCase].triangleCount;
    }
    const auto tets = static_cast<double>(s.mesh.tetCount());
    return {static_cast<double>(cut) / tets, static_cast<double>(triangles) / tets};
}

// The offset whose cut fraction is closest to `target`, from a scan over the scene's view-w
// range; the steps avoid the shells' grid levels.
double offsetFor(double target) {
    double best = 0.0, bestError = 2.0;
    for (int step = 0; step < 100; ++step) {
        const double offset = -1.0 + 0.0317 * step;
        const double error = std::abs(cutStats(scene(), offset).cutFraction - target);
        if (error < bestError) {
            best = offset;
            bestError = error;
        }
    }
    return best;
}

void setCounters(benchmark::State& state, double offset) {
    const Scene& s = scene();
    const CutStats stats = cutStats(s, offset);
    const auto tets = static_cast<double>(s.mesh.tetCount());
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(s.mesh.tetCount()));
    state.counters["cut_fraction"] = stats.cutFraction;
    state.counters["bytes_per_item"] = 16.0 +
                                       16.0 * static_cast<double>(s.mesh.vertexCount()) / tets +
                                       36.0 * stats.trianglesPerTet;
}

void sliceKernel(benchmark::State& state, double targetFraction, SlicePath path) {
    if (!slicePathAvailable(path)) {
        state.SkipWithError("this CPU cannot run the path");
        return;
    }
    const Scene& s = scene();
    const double offset = offsetFor(targetFraction);
    const ViewHyperplane plane(s.view, offset);
    const TetSurface surface{s.mesh.positions, s.mesh.tetrahedra};
    Slicer slicer(path);
    SliceOutput output;
    slicer.slice(surface, plane, output); // warm: scratch and output allocated
    for (auto _ : state) {
        slicer.slice(surface, plane, output);
        benchmark::DoNotOptimize(output.faces().data());
        benchmark::ClobberMemory();
    }
    state.SetLabel(std::string(slicePathName(slicer.path())));
    setCounters(state, offset);
}

// The naive loop of performance-notes §4.2: per tetrahedron gather the 4 world corners, 4 dot
// products for the distances, the case table, a 4D lerp per edge point projected to view xyz,
// the cell normal rotated into view space (the bench view is orthonormal), push_back.
struct NaiveSlicer {
    std::array<std::array<float, 4>, 4> rows{}; // view = rows · world + translation
    std::array<float, 4> translation{};
    std::vector<SliceVertex> vertices;
    std::vector<SliceFace> faces;

    NaiveSlicer(const AffineN& view, double offset) {
        for (std::size_t r = 0; r < 4; ++r) {
            for (std::size_t c = 0; c < 4; ++c) {
                rows[r][c] = static_cast<float>(view.basis().at(int(r), int(c)));
            }
            translation[r] = static_cast<float>(view.position()[int(r)]);
        }
        translation[3] -= static_cast<float>(offset);
    }

    float dot(std::size_t row, const float* p) const {
        return rows[row][0] * p[0] + rows[row][1] * p[1] + rows[row][2] * p[2] +
               rows[row][3] * p[3] + translation[row];
    }

    void slice(const TetMesh& mesh) {
        vertices.clear();
        faces.clear();
        for (std::size_t t = 0; t < mesh.tetCount(); ++t) {
            const float* corner[4];
            float d[4];
            unsigned sliceCase = 0;
            for (unsigned i = 0; i < 4; ++i) {
                corner[i] = &mesh.positions[4 * std::size_t{mesh.tetrahedra[4 * t + i]}];
                d[i] = dot(3, corner[i]);
                sliceCase |= (d[i] < 0.0F ? 1U : 0U) << i;
            }
            const SliceCase& row = kSliceCases[sliceCase];
            if (row.triangleCount == 0) {
                continue;
            }
            SliceVertex polygon[4];
            for (std::size_t k = 0; k < 4; ++k) {
                const float* p = corner[row.positive[k]];
                const float* n = corner[row.negative[k]];
                const float s = d[row.positive[k]] / (d[row.positive[k]] - d[row.negative[k]]);
                const float q[4] = {p[0] + s * (n[0] - p[0]), p[1] + s * (n[1] - p[1]),
                                    p[2] + s * (n[2] - p[2]), p[3] + s * (n[3] - p[3])};
                polygon[k] = SliceVertex{dot(0, q), dot(1, q), dot(2, q), 0.0F};
            }
            float e[3][4];
            for (std::size_t i = 0; i < 3; ++i) {
                for (std::size_t c = 0; c < 4; ++c) {
                    e[i][c] = corner[i + 1][c] - corner[0][c];
                }
            }
            const float* a = e[0];
            const float* b = e[1];
            const float* c = e[2];
            const float world[4] = {
                -a[1] * (b[2] * c[3] - b[3] * c[2]) + a[2] * (b[1] * c[3] - b[3] * c[1]) -
                    a[3] * (b[1] * c[2] - b[2] * c[1]),
                a[0] * (b[2] * c[3] - b[3] * c[2]) - a[2] * (b[0] * c[3] - b[3] * c[0]) +
                    a[3] * (b[0] * c[2] - b[2] * c[0]),
                -a[0] * (b[1] * c[3] - b[3] * c[1]) + a[1] * (b[0] * c[3] - b[3] * c[0]) -
                    a[3] * (b[0] * c[1] - b[1] * c[0]),
                a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
                    a[2] * (b[0] * c[1] - b[1] * c[0])};
            float n[3];
            for (std::size_t r = 0; r < 3; ++r) {
                n[r] = rows[r][0] * world[0] + rows[r][1] * world[1] + rows[r][2] * world[2] +
                       rows[r][3] * world[3];
            }
            const float scale = 1.0F / std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            const SliceFace face{n[0] * scale, n[1] * scale, n[2] * scale, std::uint32_t(t)};
            vertices.push_back(polygon[0]);
            vertices.push_back(polygon[1]);
            vertices.push_back(polygon[2]);
            faces.push_back(face);
            if (row.triangleCount == 2) {
                vertices.push_back(polygon[0]);
                vertices.push_back(polygon[2]);
                vertices.push_back(polygon[3]);
                faces.push_back(face);
            }
        }
    }
};

void sliceNaive(benchmark::State& state, double targetFraction) {
    const Scene& s = scene();
    const double offset = offsetFor(targetFraction);
    NaiveSlicer naive(s.view, offset);
    naive.slice(s.mesh);
    for (auto _ : state) {
        naive.slice(s.mesh);
        benchmark::DoNotOptimize(naive.faces.data());
        benchmark::ClobberMemory();
    }
    setCounters(state, offset);
}

// One row per kernel path (portable, avx2, avx512; a path this CPU lacks is reported as skipped)
// and the naive loop, at both cut fractions. Select one path's rows with e.g.
// --benchmark_filter=/avx2.
void registerSliceBenchRows() {
    for (const auto& [fraction, label] : {std::pair{0.01, "1pct"}, std::pair{0.10, "10pct"}}) {
        for (const SlicePath path : {SlicePath::Portable, SlicePath::Avx2, SlicePath::Avx512}) {
            benchmark::RegisterBenchmark(
                ("slice/" + std::string(label) + "/" + std::string(slicePathName(path))).c_str(),
                sliceKernel, fraction, path)
                ->Unit(benchmark::kMillisecond)
                ->MinTime(1.0);
        }
        benchmark::RegisterBenchmark(("slice/" + std::string(label) + "/naive").c_str(), sliceNaive,
                                     fraction)
            ->Unit(benchmark::kMillisecond)
            ->MinTime(1.0);
    }
}

const bool kSliceBenchRowsRegistered = (registerSliceBenchRows(), true);

} // namespace
