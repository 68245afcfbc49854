// Frames per second of the viewport on the 4D creature at 1280x720, headless (EGL
// surfaceless; on a machine without a GPU that is Mesa's llvmpipe), with the time of each frame
// split into its stages as counters in milliseconds per frame:
//   eval_ms    evaluateRig with a pose that changes every frame (two bones turning in 4D),
//   slice_ms   sliceRig at w = 0 on the shared pool, as the editor slices,
//   scene_ms   sceneFromSlice on the shared pool (the slice as the viewport's plain SceneData,
//              smooth normals included, with their scratch and the last frame's scene kept
//              between frames as the editor keeps them) and the bone shapes' wireframes
//              (appendBoneShapes), as the editor builds a frame,
//   upload_ms  the scene's buffers to GL (Viewport::uploadScene, then glFinish),
//   draw_ms    Viewport::draw and glFinish.
// Times are wall-clock (llvmpipe rasterises on its own threads, so the calling thread's CPU time
// would miss most of the draw), hence UseRealTime: items_per_second is frames per second.
// Without a usable EGL / OpenGL 3.3 the benchmark reports an error instead of running.
// The creature comes at three sizes (argument tets): the committed sample (33,444 tetrahedra)
// and the sample generator's 250k and 1M versions, written into the build folder when this
// program is built (tests/bench/CMakeLists.txt; generate_samples.py --creature-tetrahedra N).
// The counter `tetrahedra` is the model's exact count, `triangles` the slice's drawn triangles.
// The _wireframe row draws the same frames with the triangle edges on (Viewport::Display).
// scene/smooth_normals_creature4d times the smooth normals alone (no GL): SmoothNormals::welded
// on every surface of the creature's slice at w = 0, items being triangles, on one thread
// (threads:1) or on a pool of two (threads:2: the parallel loops, same normals bit for bit).
#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/RigSlice.h"
#include "core/eval/skinning/SkinningKernels.h"
#include "core/eval/slice/SlicePath.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/math/Rotor.h"
#include "render/gl/OffscreenFramebuffer.h"
#include "render/headless/EglContext.h"
#include "render/scene/BoneShapes.h"
#include "render/scene/RigScene.h"
#include "render/scene/SmoothNormals.h"
#include "render/view/SceneFraming.h"
#include "render/view/Viewport.h"

#include <benchmark/benchmark.h>

#include <array>
#include <chrono>
#include <filesystem>
#include <string>

namespace {

using namespace hyperrig;
using Clock = std::chrono::steady_clock;

constexpr int kWidth = 1280;
constexpr int kHeight = 720;
// The size argument that names the committed sample (33,444 tetrahedra).
constexpr std::int64_t kSampleTetrahedra = 33000;

// The creature with about `tetrahedra` tetrahedra: the committed sample for its own size, else
// the generated model in the build folder.
std::filesystem::path creaturePath(std::int64_t tetrahedra) {
    if (tetrahedra == kSampleTetrahedra)
        return std::filesystem::path(HYPERRIG_SOURCE_DIR) / "assets/samples/creature-4d.g4tf";
    return std::filesystem::path(HYPERRIG_BENCH_MODELS_DIR) /
           ("creature-" + std::to_string(tetrahedra)) / "creature-4d.g4tf";
}

std::size_t tetrahedronCount(const core::eval::CompiledRig& rig) {
    std::size_t count = 0;
    for (const core::eval::CompiledInstance& instance : rig.instances())
        count += rig.mesh(instance.mesh).simplexes.size() / 4;
    return count;
}

double millisecondsSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Frame `frame`'s pose: each named bone turned in its xw plane by an angle that grows with the
// frame, so evaluation, skinning and the slice change every frame.
void animate(const core::eval::CompiledRig& rig, const std::array<core::model::NodeId, 2>& bones,
             std::int64_t frame, core::eval::Pose& pose) {
    for (const core::eval::CompiledSkeleton& skeleton : rig.skeletons())
        for (std::size_t b = 0; b < bones.size(); ++b) {
            const std::int32_t index = skeleton.indexOf(bones[b]);
            if (index < 0)
                continue;
            const double radians =
                0.02 * static_cast<double>((frame + 17 * static_cast<std::int64_t>(b)) % 60);
            auto rotor = core::math::Rotor::fromPlaneAngle(4, 0, 3, radians);
            if (!rotor)
                continue;
            const core::math::AffineN turn(rotor->toBasis(), core::math::VectorN::zero(4));
            pose.local.insert_or_assign(
                bones[b], core::math::AffineN::compose(
                              skeleton.restLocal[static_cast<std::size_t>(index)], turn));
        }
}

void renderCreature(benchmark::State& state, bool wireframe) {
    const int samples = static_cast<int>(state.range(1));
    auto read = core::io::readG4mf(creaturePath(state.range(0)));
    if (!read) {
        state.SkipWithError(read.error().message().c_str());
        return;
    }
    const core::model::Document& document = read->document;
    auto rig = core::eval::CompiledRig::compile(document);
    if (!rig) {
        state.SkipWithError(rig.error().message().c_str());
        return;
    }
    auto context = render::headless::EglContext::create();
    if (!context) {
        state.SkipWithError(("no EGL context: " + context.error().message()).c_str());
        return;
    }
    auto target = render::gl::OffscreenFramebuffer::create(kWidth, kHeight, samples);
    if (!target) {
        state.SkipWithError(target.error().message().c_str());
        return;
    }
    render::view::Viewport viewport;
    if (auto initialized = viewport.initialize(render::headless::EglContext::getProcAddress());
        !initialized) {
        state.SkipWithError(initialized.error().message().c_str());
        return;
    }
    // The renderer, and the kernels skinning and slicing ran with (HYPERRIG_KERNEL, or the
    // defaults: decisions 0045, 0072).
    state.SetLabel((*context)->info().renderer + ", skinning " +
                   std::string(core::eval::kernelName(core::eval::defaultKernel(4))) +
                   ", slicing " +
                   std::string(core::eval::slicePathName(core::eval::defaultSlicePath())));
    render::view::Viewport::Display display;
    display.wireframe = wireframe;
    viewport.setDisplay(display);

    const std::array<core::model::NodeId, 2> turning{document.findNode("Spine"),
                                                     document.findNode("LeftUpperArm")};
    core::eval::Pose pose;
    core::eval::EvaluatedRig evaluated;
    core::eval::Slicer slicer;
    core::eval::RigSlice slice;
    render::scene::SmoothNormals smoothing;
    render::scene::ShapeOutlineCache shapeOutlines;
    render::scene::SceneData spare; // last frame's scene, whose storage the next one reuses
    const core::eval::View4D view;
    core::base::ThreadPool& pool = core::base::ThreadPool::shared();
    bool framed = false;
    std::int64_t frame = 0;
    double evalMs = 0.0;
    double sliceMs = 0.0;
    double sceneMs = 0.0;
    double uploadMs = 0.0;
    double drawMs = 0.0;
    // One frame as the editor draws it, each stage timed into the sums above.
    const auto drawFrame = [&]() -> bool {
        auto start = Clock::now();
        animate(*rig, turning, frame++, pose);
        if (auto evaluatedOk = core::eval::evaluateRig(document, *rig, pose, pool, evaluated);
            !evaluatedOk) {
            state.SkipWithError(evaluatedOk.error().message().c_str());
            return false;
        }
        evalMs += millisecondsSince(start);

        start = Clock::now();
        core::eval::sliceRig(document, *rig, evaluated, view, slicer, slice, pool);
        sliceMs += millisecondsSince(start);

        start = Clock::now();
        render::scene::SceneData scene = std::move(spare);
        render::scene::sceneFromSlice(slice, view, smoothing, pool, scene);
        render::scene::appendBoneShapes(document, *rig, evaluated, view, shapeOutlines, scene);
        spare = viewport.setScene(std::move(scene));
        sceneMs += millisecondsSince(start);
        if (!framed) {
            // Framed once, like a viewport the user does not touch: the camera stays put.
            viewport.frameScene(static_cast<float>(kWidth) / static_cast<float>(kHeight));
            framed = true;
        }

        start = Clock::now();
        viewport.uploadScene();
        glFinish();
        uploadMs += millisecondsSince(start);

        start = Clock::now();
        viewport.draw(target->name(), kWidth, kHeight);
        glFinish();
        drawMs += millisecondsSince(start);
        return true;
    };
    // Untimed first frames: they allocate what later frames reuse (scratch, scene vectors, GPU
    // buffers; the first page faults). Measured is the steady state of a viewport redrawing a
    // changing pose, as the editor does while a slider moves.
    for (int warmUp = 0; warmUp < 3; ++warmUp)
        if (!drawFrame())
            return;
    evalMs = sliceMs = sceneMs = uploadMs = drawMs = 0.0;
    for (auto _ : state)
        if (!drawFrame())
            break;
    std::size_t triangles = 0;
    for (const render::scene::SurfaceInput& surface : viewport.scene().surfaces)
        triangles += surface.positions.size() / 3;
    viewport.releaseGl();
    using Counter = benchmark::Counter;
    state.counters["eval_ms"] = Counter(evalMs, Counter::kAvgIterations);
    state.counters["slice_ms"] = Counter(sliceMs, Counter::kAvgIterations);
    state.counters["scene_ms"] = Counter(sceneMs, Counter::kAvgIterations);
    state.counters["upload_ms"] = Counter(uploadMs, Counter::kAvgIterations);
    state.counters["draw_ms"] = Counter(drawMs, Counter::kAvgIterations);
    state.counters["tetrahedra"] = static_cast<double>(tetrahedronCount(*rig));
    state.counters["triangles"] = static_cast<double>(triangles); // drawn, in the last frame
    state.SetItemsProcessed(state.iterations());
}

void smoothCreatureSlice(benchmark::State& state) {
    auto read = core::io::readG4mf(creaturePath(state.range(0)));
    if (!read) {
        state.SkipWithError(read.error().message().c_str());
        return;
    }
    auto rig = core::eval::CompiledRig::compile(read->document);
    if (!rig) {
        state.SkipWithError(rig.error().message().c_str());
        return;
    }
    core::eval::EvaluatedRig evaluated;
    if (auto evaluatedOk = core::eval::evaluateRig(read->document, *rig, core::eval::Pose{},
                                                   core::base::ThreadPool::shared(), evaluated);
        !evaluatedOk) {
        state.SkipWithError(evaluatedOk.error().message().c_str());
        return;
    }
    core::eval::Slicer slicer;
    core::eval::RigSlice slice;
    const core::eval::View4D view;
    core::eval::sliceRig(read->document, *rig, evaluated, view, slicer, slice);
    const render::scene::SceneData scene = render::scene::sceneFromSlice(slice, view);
    std::size_t triangles = 0;
    for (const auto& surface : scene.surfaces)
        triangles += surface.positions.size() / 3;
    render::scene::SmoothNormals smoothing;
    std::vector<glm::vec3> normals;
    core::base::ThreadPool pool(static_cast<unsigned>(state.range(1)));
    for (auto _ : state)
        for (const auto& surface : scene.surfaces) {
            smoothing.welded(surface.positions, render::scene::kDefaultCreaseAngleDegrees, normals,
                             pool);
            benchmark::DoNotOptimize(normals.data());
            benchmark::ClobberMemory();
        }
    state.counters["triangles"] = static_cast<double>(triangles);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(triangles));
}

} // namespace

// Arguments: the creature's size in tetrahedra (33000 names the committed sample) and the
// multisample count (1: what an interactive viewport draws; 4: headless pictures).
BENCHMARK_CAPTURE(renderCreature, shaded, false)
    ->Name("render/creature4d_1280x720")
    ->ArgNames({"tets", "samples"})
    ->Args({kSampleTetrahedra, 1})
    ->Args({kSampleTetrahedra, 4})
    ->Args({250000, 1})
    ->Args({1000000, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(1.0);
BENCHMARK_CAPTURE(renderCreature, wireframe, true)
    ->Name("render/creature4d_1280x720_wireframe")
    ->ArgNames({"tets", "samples"})
    ->Args({kSampleTetrahedra, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(1.0);
BENCHMARK(smoothCreatureSlice)
    ->Name("scene/smooth_normals_creature4d")
    ->ArgNames({"tets", "threads"})
    ->ArgsProduct({{kSampleTetrahedra, 1000000}, {1, 2}})
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime()
    ->MinTime(0.5);

BENCHMARK_MAIN();
