#include "core/base/ThreadPool.h"
#include "core/eval/GroupWeights.h"
#include "core/eval/RigSlice.h"
#include "tests/core/edit/DataTestSupport.h"
#include "tests/core/eval/EvalTestSupport.h"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace hyperrig::core;

namespace {

eval::CompiledRig compiled(const model::Document& document) {
    auto rig = eval::CompiledRig::compile(document);
    REQUIRE(rig.ok());
    return std::move(*rig);
}

// The 4D creature sample, compiled and evaluated at rest on one thread.
struct EvaluatedCreature {
    model::Document document = hyperrig::test::loadSample("creature-4d.g4tf");
    eval::CompiledRig rig = compiled(document);
    base::ThreadPool pool{1};
    eval::EvaluatedRig evaluated;
    EvaluatedCreature() {
        REQUIRE(eval::evaluateRig(document, rig, eval::Pose{}, pool, evaluated).ok());
    }
};

} // namespace

TEST_CASE("a group's weight per vertex is its share of the vertex's weights", "[eval][heatmap]") {
    auto tiny = hyperrig::test::makeTinyRig(4);
    // Names are inferred from the joints: group 1 is "Lower".
    auto lower = eval::groupWeightPerVertex(tiny.document, tiny.mesh, "Lower");
    REQUIRE(lower.ok());
    CHECK(*lower == std::vector<float>{1.0F, 0.5F, 0.0F, 0.0F, 0.0F});
    auto missing = eval::groupWeightPerVertex(tiny.document, tiny.mesh, "Tail");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().message() == "mesh 'SkinMesh' has no group named 'Tail'");
}

TEST_CASE("slicing an evaluated rig cuts every visible mesh and reports every bone",
          "[eval][slice]") {
    EvaluatedCreature creature;
    model::Document& document = creature.document;
    const eval::CompiledRig* rig = &creature.rig;
    eval::EvaluatedRig& evaluated = creature.evaluated;
    base::ThreadPool& pool = creature.pool;
    eval::Slicer slicer;
    eval::RigSlice slice;
    const model::MeshId body = hyperrig::test::meshNamed(document, "BodyMesh");
    auto heat = eval::groupWeightPerVertex(document, body, "Spine");
    REQUIRE(heat.ok());
    eval::sliceRig(document, *rig, evaluated, eval::View4D{}, slicer, slice, {{body, *heat}});
    REQUIRE(slice.instances.size() == 2);
    CHECK(slice.instances[0].triangles.triangleCount() > 0);
    CHECK(slice.instances[0].triangles.hasAttribute());
    CHECK_FALSE(slice.instances[1].triangles.hasAttribute());
    CHECK(slice.bones.size() == 24);
    CHECK(slice.boneNodes.size() == 24);

    // Hiding the clothing node drops it from the slice.
    document.node(document.findNode("Clothing")).visible = false;
    REQUIRE(eval::evaluateRig(document, *rig, eval::Pose{}, pool, evaluated).ok());
    eval::sliceRig(document, *rig, evaluated, eval::View4D{}, slicer, slice);
    CHECK(slice.instances.size() == 1);
}

TEST_CASE("a rig slice reports where along view W there is something to cut", "[eval][slice]") {
    EvaluatedCreature creature;
    const eval::CompiledRig* rig = &creature.rig;
    const eval::EvaluatedRig& evaluated = creature.evaluated;
    // Expected, from the evaluated world positions: without a view rotation, view w is world w.
    double lowest = 1e300;
    double highest = -1e300;
    auto include = [&](const math::VectorN& world) {
        lowest = std::min(lowest, world[3]);
        highest = std::max(highest, world[3]);
    };
    for (const eval::EvaluatedInstance& instance : evaluated.instances) {
        const eval::CompiledMesh& mesh = rig->mesh(instance.mesh);
        if (!instance.visible || mesh.simplexes.empty())
            continue;
        const float* positions = instance.positions(mesh);
        for (std::size_t v = 0; v + 3 < mesh.restPositions.size(); v += 4)
            include(instance.world.applyPoint(
                math::VectorN{positions[v], positions[v + 1], positions[v + 2], positions[v + 3]}));
    }
    for (const eval::CompiledSkeleton& skeleton : rig->skeletons())
        for (model::NodeId bone : skeleton.bones)
            include(evaluated.world.at(bone).position());
    REQUIRE(highest > lowest);

    eval::Slicer slicer;
    eval::RigSlice slice;
    eval::View4D view;
    view.offset = 0.3;
    eval::sliceRig(creature.document, *rig, evaluated, view, slicer, slice);
    // Distances are w − offset.
    CHECK(slice.distanceMin == Approx(lowest - 0.3).margin(1e-5));
    CHECK(slice.distanceMax == Approx(highest - 0.3).margin(1e-5));
}
