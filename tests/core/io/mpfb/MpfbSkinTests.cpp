#include "MpfbTestData.h"
#include "core/io/mpfb/MpfbSkin.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace hyperrig;

TEST_CASE("MPFB weights skin the base mesh to the imported skeleton", "[mpfb]") {
    const auto& base = test::mpfbBaseMesh();
    auto imported =
        core::io::importMpfbRigFile(test::mpfbData("rigs/standard/rig.openpose.json"), base.mesh);
    REQUIRE(imported);
    auto weights = core::io::readMpfbWeightsFile(
        test::mpfbData("rigs/standard/weights.openpose.json"), base.obj.positions.size());
    REQUIRE(weights);
    core::io::addMpfbSkinnedBody(*imported, base.obj, *weights);
    const core::model::Document& document = imported->document;

    REQUIRE(document.meshes.size() == 1);
    const core::model::Mesh& mesh = document.mesh(document.meshes.order().front());
    const core::model::NodeId body = document.findNode("Body");
    REQUIRE(body);
    CHECK(document.node(body).parent == imported->skeleton);
    CHECK(mesh.vertexCount() == 19158);
    // Vertex 0 at 0.1 · OBJ (-0.3492, 7.3299, 1.4076).
    CHECK(mesh.vertices.values[0] == Approx(-0.03492));
    CHECK(mesh.vertices.values[1] == Approx(0.73299));
    CHECK(mesh.vertices.values[2] == Approx(0.14076));
    // Only the "body" faces are drawn: fewer triangles than the 36,972 of the whole OBJ.
    REQUIRE(mesh.surfaces.size() == 1);
    const std::size_t triangles = mesh.surfaces[0].simplexes->elementCount();
    CHECK(triangles > 0);
    CHECK(triangles < base.obj.triangles.size());

    const core::model::Skin& skin = *mesh.skin;
    const auto& skeleton = *document.node(imported->skeleton).skeleton();
    CHECK(skeleton.joints.size() == imported->bones.size());
    REQUIRE(skin.groupNames);
    for (std::size_t slot = 0; slot < skeleton.joints.size(); ++slot)
        CHECK((*skin.groupNames)[slot] == document.node(*skeleton.joints[slot]).displayName());

    // Independent expectation from the file: openpose covers 19,150 of 19,158 vertices
    // (mpfb.md §11.3), sums are unnormalised in the file and 1 in the skin.
    const auto file = nlohmann::json::parse(
        test::readTextFile(test::mpfbData("rigs/standard/weights.openpose.json")));
    std::vector<int> covered(19158, 0);
    for (const auto& [group, entries] : file["weights"].items())
        for (const auto& entry : entries)
            if (entry[1].get<double>() > 0)
                covered[entry[0].get<std::size_t>()] = 1;
    std::size_t weighted = 0;
    for (std::size_t v = 0; v < skin.vertexCount(); ++v) {
        const auto begin = skin.offsets[v];
        const auto end = skin.offsets[v + 1];
        CHECK((end > begin) == (covered[v] == 1));
        if (end == begin)
            continue;
        ++weighted;
        double sum = 0;
        for (auto i = begin; i < end; ++i) {
            sum += skin.weights[i];
            if (i > begin)
                CHECK(skin.weights[i] <= skin.weights[i - 1]);
        }
        CHECK(sum == Approx(1.0).margin(1e-9));
    }
    CHECK(weighted == 19150);
}
