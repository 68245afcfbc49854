// glTF skins that share joints become one skeleton (decision 0029). The fixtures come from
// tests/fixtures/gltf/make_gltf_fixtures.py: Hips, Spine, Head; "Body" skinned by skin 0
// (Hips, Spine, Head), "Hat" by skin 1 (Head, Spine), its row 0 on Spine and row 1 on Head.
#include "core/io/gltf/GltfImport.h"
#include "tests/core/io/gltf/GltfTestSupport.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

using namespace hyperrig::core;
using hyperrig::test::gltfFixturePath;

namespace {

struct SharedSkinImport {
    io::GltfImport imported;

    explicit SharedSkinImport(const std::string& name) {
        auto read = io::readGltf(gltfFixturePath(name));
        INFO(name);
        REQUIRE(read);
        imported = std::move(*read);
    }

    const model::Document& document() const { return imported.document; }

    model::NodeId named(const std::string& name) const {
        for (model::NodeId id : document().nodes.order())
            if (document().node(id).name == name)
                return id;
        FAIL("no node named " << name);
        return {};
    }

    std::vector<model::NodeId> skeletons() const {
        std::vector<model::NodeId> found;
        for (model::NodeId id : document().nodes.order())
            if (document().node(id).isSkeleton())
                found.push_back(id);
        return found;
    }

    // The skin groups of the mesh shown by node `name`, per vertex.
    std::vector<std::vector<std::uint32_t>> groupsOf(const std::string& name) const {
        const auto& mesh = document().mesh(document().node(named(name)).meshInstance()->mesh);
        REQUIRE(mesh.skin);
        std::vector<std::vector<std::uint32_t>> groups;
        for (std::size_t v = 0; v + 1 < mesh.skin->offsets.size(); ++v)
            groups.emplace_back(mesh.skin->groups.begin() + mesh.skin->offsets[v],
                                mesh.skin->groups.begin() + mesh.skin->offsets[v + 1]);
        return groups;
    }

    bool warned(const std::string& rule) const {
        return std::any_of(imported.warnings.begin(), imported.warnings.end(),
                           [&](const Diagnostic& d) { return d.rule == rule; });
    }
};

} // namespace

TEST_CASE("glTF skins sharing joints become one skeleton with one joints list",
          "[gltf][shared-skins]") {
    for (const char* name : {"shared-joints.gltf", "shared-joints-moved.gltf"}) {
        INFO(name);
        const SharedSkinImport fixture(name);
        const auto skeletons = fixture.skeletons();
        REQUIRE(skeletons.size() == 1);
        const auto& skeletonNode = fixture.document().node(skeletons[0]);
        CHECK(skeletonNode.name == "BodySkin"); // named after the first skin
        const auto& joints = skeletonNode.skeleton()->joints;
        REQUIRE(joints.size() == 3); // skin 0's order; skin 1 adds none
        CHECK(joints[0] == fixture.named("Hips"));
        CHECK(joints[1] == fixture.named("Spine"));
        CHECK(joints[2] == fixture.named("Head"));
        CHECK(fixture.document().node(fixture.named("Body")).parent == skeletons[0]);
        CHECK(fixture.document().node(fixture.named("Hat")).parent == skeletons[0]);
        // Body rows 0, 1, 2 on slots 0, 1, 2; Hat row 0 on its joint 1 (Spine, slot 1), row 1
        // on its joint 0 (Head, slot 2): two vertices per row.
        using Groups = std::vector<std::vector<std::uint32_t>>;
        CHECK(fixture.groupsOf("Body") == Groups{{0}, {0}, {1}, {1}, {2}, {2}});
        CHECK(fixture.groupsOf("Hat") == Groups{{1}, {1}, {2}, {2}});
        CHECK(fixture.warned("gltf.skin.shared-joints"));
    }
}

TEST_CASE("a skin bound with its mesh elsewhere gets that place as its mesh transform",
          "[gltf][shared-skins]") {
    // shared-joints-moved.gltf: skin 1's IBMs are skin 0's times C = T(0.3, 0, 0) · R_y(0.4).
    const SharedSkinImport moved("shared-joints-moved.gltf");
    auto hat = moved.document().node(moved.named("Hat")).transform.toAffine(3);
    REQUIRE(hat);
    const auto position = hat->position();
    CHECK(position[0] == Approx(0.3).margin(1e-6));
    CHECK(position[1] == Approx(0.0).margin(1e-6));
    CHECK(position[2] == Approx(0.0).margin(1e-6));
    // R_y(θ) takes x to (cos θ, 0, −sin θ).
    const auto x = hat->basis() * math::VectorN{1.0, 0.0, 0.0};
    CHECK(x[0] == Approx(std::cos(0.4)).margin(1e-6));
    CHECK(x[1] == Approx(0.0).margin(1e-6));
    CHECK(x[2] == Approx(-std::sin(0.4)).margin(1e-6));
    // The body's skin binds as the skeleton does: no mesh transform.
    CHECK(moved.document().node(moved.named("Body")).transform.isIdentityByConstruction());

    const SharedSkinImport same("shared-joints.gltf");
    CHECK(same.document().node(same.named("Hat")).transform.isIdentityByConstruction());
}

TEST_CASE("skins sharing joints but binding them differently are refused, naming both",
          "[gltf][shared-skins][hostile]") {
    const auto read = io::readGltf(gltfFixturePath("shared-joints-conflict.gltf"));
    REQUIRE_FALSE(read);
    const std::string message = read.error().message();
    INFO(message);
    CHECK(message.find("/skins/1/inverseBindMatrices") != std::string::npos);
    CHECK(message.find("'Head'") != std::string::npos);
    CHECK(message.find("'Spine'") != std::string::npos);
    CHECK(message.find("skin 0") != std::string::npos);
}
