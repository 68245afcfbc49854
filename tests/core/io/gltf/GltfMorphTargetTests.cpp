// glTF morph targets are kept through a document and written back (decision 0029). The numbers
// are those tests/fixtures/gltf/make_gltf_fixtures.py writes into morph-targets.gltf: primitive 0
// has 6 vertices, primitive 1 has 4; target 0 ("Bulge") moves vertex v of each primitive
// 0.1 · (1 + v) along z and adds (0, 0.25, −0.03125) to every normal; target 1 ("Shift") moves
// every vertex of primitive 0 and vertices 1 and 3 of primitive 1 (sparse) 0.05 along x.
#include "core/io/gltf/GltfExport.h"
#include "core/io/gltf/GltfImport.h"
#include "core/io/gltf/GltfTransform.h"
#include "tests/core/io/gltf/GltfTestSupport.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace hyperrig::core;
using hyperrig::test::gltfFixturePath;
using hyperrig::test::gltfReferenceModel;
using hyperrig::test::gltfReferenceValues;

namespace {

// Expected offsets of the whole mesh (primitive 0's vertices, then primitive 1's), xyz per vertex.
std::vector<double> morphBulgePositions() {
    std::vector<double> values;
    for (int v = 0; v < 6; ++v)
        values.insert(values.end(), {0.0, 0.0, 0.1 * (1 + v)});
    for (int v = 0; v < 4; ++v)
        values.insert(values.end(), {0.0, 0.0, 0.1 * (1 + v)});
    return values;
}

std::vector<double> morphShiftPositions() {
    std::vector<double> values;
    for (int v = 0; v < 10; ++v)
        values.insert(values.end(), {v < 6 || v == 7 || v == 9 ? 0.05 : 0.0, 0.0, 0.0});
    return values;
}

std::vector<double> morphBulgeNormals() {
    std::vector<double> values;
    for (int v = 0; v < 10; ++v)
        values.insert(values.end(), {0.0, 0.25, -0.03125});
    return values;
}

void checkMorphValues(const std::vector<double>& actual, const std::vector<double>& expected) {
    REQUIRE(actual.size() == expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        INFO("value " << i);
        CHECK(actual[i] == Approx(expected[i]).margin(1e-7));
    }
}

// A shape's position offsets over the whole mesh (its sparse target densified).
std::vector<double> morphPositions(const model::BlendShape& shape, std::size_t vertexCount) {
    std::vector<double> values(vertexCount * 3, 0.0);
    REQUIRE(shape.targets.position);
    const auto& target = *shape.targets.position;
    REQUIRE(target.indices);
    for (std::size_t i = 0; i < target.indices->values.size(); ++i)
        for (std::size_t c = 0; c < 3; ++c)
            values[static_cast<std::size_t>(target.indices->values[i]) * 3 + c] =
                target.offsets.values[i * 3 + c];
    return values;
}

// The offsets of another attribute, kept with the shape (decision 0051).
std::vector<double> keptMorphValues(const model::BlendShape& shape, const char* attribute) {
    return shape.extra.at("extras")
        .at("gltf")
        .at("attributes")
        .at(attribute)
        .at("values")
        .get<std::vector<double>>();
}

model::Document morphThroughG4mf() {
    return hyperrig::test::gltfThroughG4mf("morph-targets.gltf");
}

struct MorphExport {
    tinygltf::Model model;
    nlohmann::json json;
    std::vector<std::string> warnings;
};

MorphExport morphExport(const model::Document& document) {
    io::GltfExportOptions options;
    options.binary = false;
    auto encoded = io::encodeGltf(document, options);
    REQUIRE(encoded);
    const auto* text = reinterpret_cast<const char*>(encoded->file.data());
    return {gltfReferenceModel(encoded->file, false),
            nlohmann::json::parse(text, text + encoded->file.size()), encoded->warnings};
}

model::Mesh& morphBodyMesh(model::Document& document) {
    return document.mesh(document.meshes.order().front());
}

model::Node& morphBodyNode(model::Document& document) {
    for (model::NodeId id : document.nodes.order())
        if (document.node(id).name == "Body")
            return document.node(id);
    FAIL("no Body node");
    return document.node(document.root());
}

} // namespace

TEST_CASE("glTF import keeps morph targets over the whole mesh", "[gltf][morph]") {
    auto imported = io::readGltf(gltfFixturePath("morph-targets.gltf"));
    REQUIRE(imported);
    for (const auto& warning : imported->warnings)
        CHECK(warning.rule.find("morph") == std::string::npos);
    const auto& mesh = morphBodyMesh(imported->document);
    CHECK(mesh.vertexCount() == 10);
    REQUIRE(mesh.blend);
    const auto& shapes = mesh.blend->shapes;
    REQUIRE(shapes.size() == 2);
    CHECK(shapes[0].name == "Bulge");
    CHECK(shapes[1].name == "Shift");
    checkMorphValues(morphPositions(shapes[0], 10), morphBulgePositions());
    checkMorphValues(keptMorphValues(shapes[0], "NORMAL"), morphBulgeNormals());
    checkMorphValues(morphPositions(shapes[1], 10), morphShiftPositions());
    // Sparse: Shift moves the 6 vertices of primitive 0 and vertices 1 and 3 of primitive 1.
    CHECK(shapes[1].targets.position->indices->values ==
          std::vector<double>{0, 1, 2, 3, 4, 5, 7, 9});
    checkMorphValues(keptMorphValues(shapes[1], "NORMAL"), std::vector<double>(30, 0.0));
    // Weights: the mesh's become the amounts, the node's the instance's; the kept glTF JSON no
    // longer carries them.
    CHECK(mesh.blend->amounts == std::vector<double>{0.25, 0.5});
    auto& document = imported->document;
    CHECK(morphBodyNode(document).meshInstance()->blendAmounts == std::vector<double>{0.5, 0.0});
    CHECK_FALSE(mesh.extra.at("extras").at("gltf").contains("targets"));
}

TEST_CASE("glTF export writes the blend amounts and names as edited", "[gltf][morph][blend]") {
    auto document = morphThroughG4mf();
    morphBodyMesh(document).blend->shapes[1].name = "Slide";
    morphBodyMesh(document).blend->amounts = std::vector<double>{1.0, 0.0};
    std::get<model::MeshInstance>(morphBodyNode(document).component).blendAmounts =
        std::vector<double>{0.0, 0.75};
    const auto exported = morphExport(document);
    CHECK(exported.model.meshes.at(0).weights == std::vector<double>{1.0, 0.0});
    CHECK(exported.json["meshes"][0]["extras"]["targetNames"] ==
          nlohmann::json::array({"Bulge", "Slide"}));
    bool found = false;
    for (const auto& node : exported.model.nodes)
        if (node.name == "Body") {
            found = true;
            CHECK(node.weights == std::vector<double>{0.0, 0.75});
        }
    CHECK(found);
}

TEST_CASE("glTF -> G4MF -> glTF writes the morph targets, their weights and their animation",
          "[gltf][morph][roundtrip]") {
    const auto exported = morphExport(morphThroughG4mf());
    const auto& model = exported.model;
    REQUIRE(model.meshes.size() == 1);
    const auto& mesh = model.meshes[0];
    REQUIRE(mesh.primitives.size() == 2);
    for (const auto& primitive : mesh.primitives) {
        REQUIRE(primitive.targets.size() == 2);
        checkMorphValues(gltfReferenceValues(model, primitive.targets[0].at("POSITION")),
                         morphBulgePositions());
        checkMorphValues(gltfReferenceValues(model, primitive.targets[0].at("NORMAL")),
                         morphBulgeNormals());
        checkMorphValues(gltfReferenceValues(model, primitive.targets[1].at("POSITION")),
                         morphShiftPositions());
        // The validator needs bounds on POSITION offsets.
        const auto& bounds = model.accessors[std::size_t(primitive.targets[1].at("POSITION"))];
        CHECK(bounds.minValues == std::vector<double>{0.0, 0.0, 0.0});
        REQUIRE(bounds.maxValues.size() == 3);
        CHECK(bounds.maxValues[0] == Approx(0.05));
    }
    CHECK(mesh.weights == std::vector<double>{0.25, 0.5});
    CHECK(exported.json["meshes"][0]["extras"]["targetNames"] ==
          nlohmann::json::array({"Bulge", "Shift"}));
    int body = -1;
    for (std::size_t i = 0; i < model.nodes.size(); ++i)
        if (model.nodes[i].name == "Body")
            body = int(i);
    REQUIRE(body >= 0);
    CHECK(model.nodes[std::size_t(body)].weights == std::vector<double>{0.5, 0.0});
    REQUIRE(model.animations.size() == 1);
    const auto& channel = model.animations[0].channels.at(0);
    CHECK(channel.target_node == body);
    CHECK(channel.target_path == "weights");
    const auto& sampler = model.animations[0].samplers[std::size_t(channel.sampler)];
    checkMorphValues(gltfReferenceValues(model, sampler.output), {0.0, 0.0, 1.0, 0.5});
    CHECK(exported.warnings.empty());
}

TEST_CASE("a baked mesh transform turns morph position offsets, and drops normal offsets whole",
          "[gltf][morph]") {
    // A quarter turn about z (x -> y), so the turned offsets are exact.
    const auto quarterTurn = math::AffineN(
        *math::BasisN::fromColumnMajor(3, std::vector<double>{0, 1, 0, -1, 0, 0, 0, 0, 1}),
        math::VectorN{0.0, 0.0, 0.0});
    SECTION("position offsets only: turned as vectors") {
        auto document = morphThroughG4mf();
        for (auto& shape : morphBodyMesh(document).blend->shapes)
            shape.extra["extras"]["gltf"]["attributes"].erase("NORMAL");
        morphBodyNode(document).transform = io::gltf::transformFromAffine(quarterTurn);
        const auto exported = morphExport(document);
        const auto& primitive = exported.model.meshes.at(0).primitives.at(0);
        REQUIRE(primitive.targets.size() == 2);
        std::vector<double> turned;
        const auto shift = morphShiftPositions();
        for (std::size_t v = 0; v < 10; ++v)
            turned.insert(turned.end(), {-shift[3 * v + 1], shift[3 * v], shift[3 * v + 2]});
        checkMorphValues(gltfReferenceValues(exported.model, primitive.targets[1].at("POSITION")),
                         turned);
    }
    SECTION("normal offsets cannot follow: the targets, their weights and channels go") {
        auto document = morphThroughG4mf();
        morphBodyNode(document).transform = io::gltf::transformFromAffine(quarterTurn);
        const auto exported = morphExport(document);
        for (const auto& primitive : exported.model.meshes.at(0).primitives)
            CHECK(primitive.targets.empty());
        CHECK(exported.model.meshes[0].weights.empty());
        for (const auto& node : exported.model.nodes)
            CHECK(node.weights.empty());
        CHECK(exported.model.animations.empty()); // its one channel animated the weights
        const auto said = [&](const std::string& text) {
            return std::any_of(
                exported.warnings.begin(), exported.warnings.end(),
                [&](const std::string& w) { return w.find(text) != std::string::npos; });
        };
        CHECK(said("the morph targets are dropped"));
        CHECK(said("morph weights of a mesh whose morph targets are not exported"));
    }
}
