#include "core/base/ThreadPool.h"
#include "core/eval/RigEvaluation.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/ops/CrossSectionMeshes.h"
#include "tests/core/io/g4mf/G4mfTestSupport.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace hyperrig;

namespace {

// The cross-section of a sample at `view`, in the rest pose.
core::Result<std::vector<core::io::GltfStaticMesh>>
crossSectionOfSample(const char* sample, const core::eval::View4D& view) {
    auto read = core::io::readG4mf(test::sourcePath(std::string("assets/samples/") + sample));
    REQUIRE(read.ok());
    auto rig = core::eval::CompiledRig::compile(read->document);
    REQUIRE(rig.ok());
    core::eval::EvaluatedRig evaluated;
    REQUIRE(core::eval::evaluateRig(read->document, *rig, core::eval::Pose{},
                                    core::base::ThreadPool::shared(), evaluated)
                .ok());
    return core::ops::crossSectionMeshes(read->document, *rig, evaluated, view);
}

} // namespace

TEST_CASE("the cross-section meshes are the slice's triangles with flat unit normals",
          "[ops][slice][gltf]") {
    const auto meshes = crossSectionOfSample("creature-4d.g4tf", {});
    REQUIRE(meshes.ok());
    REQUIRE(meshes->size() == 2);
    CHECK((*meshes)[0].name == "Body");
    CHECK((*meshes)[1].name == "Clothing");
    for (const auto& mesh : *meshes) {
        INFO(mesh.name);
        REQUIRE(!mesh.positions.empty());
        REQUIRE(mesh.positions.size() % 9 == 0);
        REQUIRE(mesh.normals.size() == mesh.positions.size());
        for (std::size_t t = 0; t < mesh.positions.size(); t += 9) {
            const float* p = mesh.positions.data() + t;
            const double u[3] = {p[3] - p[0], p[4] - p[1], p[5] - p[2]};
            const double v[3] = {p[6] - p[0], p[7] - p[1], p[8] - p[2]};
            const double cross[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                                     u[0] * v[1] - u[1] * v[0]};
            const double area = std::hypot(cross[0], cross[1], cross[2]);
            REQUIRE(area > 0.0);
            for (std::size_t c = 0; c < 9; c += 3) {
                const float* n = mesh.normals.data() + t + c;
                // The three corners share the triangle's normal, which its winding agrees with.
                CHECK(n[0] == mesh.normals[t]);
                CHECK(n[1] == mesh.normals[t + 1]);
                CHECK(n[2] == mesh.normals[t + 2]);
                CHECK(std::hypot(double(n[0]), double(n[1]), double(n[2])) ==
                      Approx(1.0).margin(1e-5));
                CHECK(
                    (cross[0] * double(n[0]) + cross[1] * double(n[1]) + cross[2] * double(n[2])) /
                        area ==
                    Approx(1.0).margin(1e-3));
            }
        }
    }
}

TEST_CASE("the cross-section refuses 3D documents and axes a document lacks",
          "[ops][slice][gltf]") {
    const auto flat = crossSectionOfSample("arm-3d.g4tf", {});
    REQUIRE_FALSE(flat.ok());
    CHECK_THAT(flat.error().message(), Catch::Contains("this document is 3D"));
    core::eval::View4D view;
    REQUIRE(core::eval::parseSliceOffsets("v=0.2", view).ok());
    const auto missing = crossSectionOfSample("creature-4d.g4tf", view);
    REQUIRE_FALSE(missing.ok());
    CHECK_THAT(missing.error().message(), Catch::Contains("axis v"));
    CHECK(crossSectionOfSample("limb-5d.g4tf", view).ok());
}
