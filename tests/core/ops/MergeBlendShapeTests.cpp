#include "core/edit/History.h"
#include "core/ops/MergeMeshes.h"
#include "tests/core/io/g4mf/G4mfTestSupport.h"
#include "tests/core/ops/OpsTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::buildRigDocument;
using hyperrig::test::deformedWorld;
using hyperrig::test::influencesFor;

namespace {

// A 4D position target moving `indices` by `offsets` (4 numbers each).
model::BlendTarget mergeBlendTarget(std::vector<double> indices, std::vector<double> offsets) {
    model::BlendTarget target;
    target.indices.emplace();
    target.indices->componentType = model::ComponentType::Uint8;
    target.indices->values = std::move(indices);
    target.offsets.vectorSize = 4;
    target.offsets.values = std::move(offsets);
    return target;
}

model::BlendShape mergeBlendShape(const std::string& name, model::BlendTarget target) {
    model::BlendShape shape;
    shape.name = name;
    shape.targets.position = std::move(target);
    return shape;
}

model::Mesh& meshOf(model::Document& document, const char* node) {
    return document.mesh(document.node(document.findNode(node)).meshInstance()->mesh);
}

// Body (8 vertices) and Clothing (4 vertices, its node 0.1 along x and 0.2 along w) under one
// skeleton. Body: Smile moves vertex 0 by +Y, at amount 0.5. Clothing: Smile moves its vertex 1
// by +X (amount 0.5 too), Wide moves its vertex 0 by +Z (amount 1).
model::Document blendMergeRig() {
    model::Document document =
        buildRigDocument({{"Rig", {"A", "B"}, {"A", "B"}}},
                         {{"Body", "Rig", {}, influencesFor({0, 1, 0, 1}), {}},
                          {"Clothing", "Rig", {}, influencesFor({1, 0}), {0.1, 0, 0, 0.2}}});
    auto& body = meshOf(document, "Body").blend.emplace();
    body.shapes.push_back(mergeBlendShape("Smile", mergeBlendTarget({0}, {0, 1, 0, 0})));
    body.amounts = std::vector<double>{0.5};
    auto& clothing = meshOf(document, "Clothing").blend.emplace();
    clothing.shapes.push_back(mergeBlendShape("Smile", mergeBlendTarget({1}, {1, 0, 0, 0})));
    clothing.shapes.push_back(mergeBlendShape("Wide", mergeBlendTarget({0}, {0, 0, 1, 0})));
    clothing.amounts = std::vector<double>{0.5, 1.0};
    return document;
}

ops::MergePlan planBlendMerge(const model::Document& document) {
    auto plan = ops::planMerge(document, {document.findNode("Body"), document.findNode("Clothing")},
                               ops::MergeMode::Append);
    INFO((plan ? std::string() : plan.error().message()));
    REQUIRE(plan.ok());
    return std::move(*plan);
}

} // namespace

TEST_CASE("merging meshes combines their blend shapes, renumbering vertices",
          "[ops][merge][blend]") {
    model::Document document = blendMergeRig();
    const model::Document before = blendMergeRig();
    const std::string saved = hyperrig::test::savedText(document);
    edit::History history(document);
    REQUIRE(history.execute(std::move(planBlendMerge(document).command)).ok());

    const auto& merged = meshOf(document, "Body");
    REQUIRE(merged.vertexCount() == 12);
    REQUIRE(merged.blend);
    REQUIRE(merged.blend->shapes.size() == 2);
    // Smile on both meshes is one shape: Body's vertex 0, then Clothing's vertex 1 = 8 + 1.
    const auto& smile = *merged.blend->shapes[0].targets.position;
    CHECK(merged.blend->shapes[0].name == "Smile");
    CHECK(smile.indices->values == std::vector<double>{0, 9});
    CHECK(smile.offsets.values == std::vector<double>{0, 1, 0, 0, 1, 0, 0, 0});
    CHECK(merged.blend->shapes[1].name == "Wide");
    CHECK(merged.blend->shapes[1].targets.position->indices->values == std::vector<double>{8});
    CHECK(merged.blend->amounts == std::vector<double>{0.5, 1.0});

    SECTION("the merged mesh deforms as the two did, blend shapes included") {
        auto inputs = deformedWorld(before, 7);
        std::vector<double> expected = inputs.at("Body");
        expected.insert(expected.end(), inputs.at("Clothing").begin(), inputs.at("Clothing").end());
        const auto actual = deformedWorld(document, 7).at("Body");
        REQUIRE(actual.size() == expected.size());
        for (std::size_t i = 0; i < actual.size(); ++i) {
            INFO("value " << i);
            CHECK(actual[i] == Approx(expected[i]).margin(2e-5));
        }
    }
    SECTION("undo gives the document back exactly") {
        history.undo();
        CHECK(hyperrig::test::savedText(document) == saved);
        CHECK(model::firstDifference(document, before) == std::nullopt);
    }
}

TEST_CASE("merging keeps instance amounts and renames shapes it cannot combine",
          "[ops][merge][blend]") {
    model::Document document = blendMergeRig();
    auto& clothingSmile = meshOf(document, "Clothing").blend->shapes[0];
    model::BlendInbetween half;
    half.weight = 0.5;
    half.targets.position = mergeBlendTarget({1}, {0.3, 0, 0, 0});
    clothingSmile.inbetweens.push_back(half); // in-betweens differ from Body's Smile
    std::get<model::MeshInstance>(document.node(document.findNode("Clothing")).component)
        .blendAmounts = std::vector<double>{0.2, 0.7};
    edit::History history(document);
    REQUIRE(history.execute(std::move(planBlendMerge(document).command)).ok());

    const auto& merged = meshOf(document, "Body");
    REQUIRE(merged.blend->shapes.size() == 3);
    CHECK(merged.blend->shapes[1].name == "ClothingSmile");
    REQUIRE(merged.blend->shapes[1].inbetweens.size() == 1);
    CHECK(merged.blend->shapes[1].inbetweens[0].targets.position->indices->values ==
          std::vector<double>{9});
    // The first instance shows Body's mesh amount for Smile and Clothing's instance amounts.
    CHECK(std::get<model::MeshInstance>(document.node(document.findNode("Body")).component)
              .blendAmounts == std::vector<double>{0.5, 0.2, 0.7});
}
