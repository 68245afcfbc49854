#include "tests/core/io/g4mf/G4mfTestSupport.h"

using namespace hyperrig;
using core::io::G4mfContainer;
using core::model::OrderedJson;

namespace {

core::io::ReadDocument readBlendFixture() {
    auto read = core::io::readG4mf(test::sourcePath("tests/fixtures/g4mf/blend-shapes.g4tf"));
    INFO((read.ok() ? std::string() : read.error().message()));
    REQUIRE(read.ok());
    return std::move(*read);
}

const core::model::Mesh& onlyMesh(const core::model::Document& document) {
    REQUIRE(document.meshes.size() == 1);
    return document.mesh(document.meshes.order().front());
}

} // namespace

// The fixture is written by tests/fixtures/blend/make_blend_fixtures.py; the values below are
// the ones it stores.
TEST_CASE("mesh.blend is read into the model", "[blend][io][g4mf]") {
    const auto read = readBlendFixture();
    const auto& mesh = onlyMesh(read.document);
    REQUIRE(mesh.blend);
    const auto& blend = *mesh.blend;
    REQUIRE(blend.shapes.size() == 2);
    CHECK(blend.amounts == std::vector<double>{0.25, 0.0});
    CHECK(blend.extra == OrderedJson::parse(R"({"extras": {"blendNote": true}})"));
    CHECK_FALSE(mesh.extra.contains("blend"));

    const auto& smile = blend.shapes[0];
    CHECK(smile.name == "Smile");
    REQUIRE(smile.targets.position);
    REQUIRE(smile.targets.position->indices);
    CHECK(smile.targets.position->indices->values == std::vector<double>{2, 3});
    CHECK(smile.targets.position->offsets.vectorSize == 3);
    CHECK(smile.targets.position->offsets.values[1] == Approx(0.05));
    REQUIRE(smile.inbetweens.size() == 1);
    CHECK(smile.inbetweens[0].name == "half");
    CHECK(smile.inbetweens[0].weight == 0.5);
    CHECK(smile.inbetweens[0].targets.position->offsets.values[1] == Approx(0.035));
    // The extension is lifted out of the shape's extensions; what else was there stays.
    CHECK(smile.extra == OrderedJson::parse(R"({"extras": {"note": "kept"}})"));

    const auto& wide = blend.shapes[1];
    REQUIRE(wide.targets.position);
    CHECK_FALSE(wide.targets.position->indices); // dense
    CHECK(wide.targets.position->offsets.elementCount() == 4);
    CHECK(wide.targets.position->extra == OrderedJson::parse(R"({"extras": {"t": 1}})"));
    REQUIRE(wide.targets.surfaces.size() == 1);
    CHECK(wide.targets.surfaces[0].surface == 0);
    REQUIRE(wide.targets.surfaces[0].normal);
    CHECK(wide.targets.surfaces[0].normal->offsets.values == std::vector<double>{0, 0, 1});
    // textureMap targets stay JSON, their accessors preserved at their indices.
    CHECK(wide.targets.surfaces[0].extra.contains("textureMap"));
}

TEST_CASE("mesh.blend is written back as read", "[blend][io][g4mf]") {
    const auto read = readBlendFixture();
    const auto json = OrderedJson::parse(test::savedText(read.document));
    const OrderedJson& blend = json["meshes"][0]["blend"];
    CHECK(blend["shapes"][0]["name"] == "Smile");
    CHECK(
        blend["shapes"][0]["extensions"]["HYPERRIG_blend_inbetweens"]["inbetweens"][0]["weight"] ==
        0.5);
    CHECK(blend["shapes"][1]["surfaces"][0].contains("textureMap"));
    CHECK(blend["amounts"] == OrderedJson::parse("[0.25, 0]"));
    CHECK(json["asset"]["extensionsUsed"] ==
          OrderedJson::parse(R"(["HYPERRIG_blend_inbetweens"])"));

    SECTION("without in-betweens the extension is no longer listed") {
        auto document = test::saveAndReload(read.document, G4mfContainer::Text).document;
        auto& mesh = document.mesh(document.meshes.order().front());
        mesh.blend->shapes[0].inbetweens.clear();
        const auto saved = OrderedJson::parse(test::savedText(document));
        CHECK(saved["asset"]["extensionsUsed"] == OrderedJson::array());
        CHECK_FALSE(saved["meshes"][0]["blend"]["shapes"][0].contains("extensions"));
    }
}

TEST_CASE("meshInstance.blendAmounts is read, written and kept in the current form",
          "[blend][io][g4mf]") {
    auto document = readBlendFixture().document;
    const core::model::NodeId face = document.findNode("Face");
    std::get<core::model::MeshInstance>(document.node(face).component).blendAmounts =
        std::vector<double>{1, -0.5};
    core::io::WriteOptions current;
    current.schema = core::io::G4mfSchema::Current;
    auto encoded = core::io::encodeG4mf(document, G4mfContainer::Text, current);
    REQUIRE(encoded.ok());
    const auto json = OrderedJson::parse(
        std::string(reinterpret_cast<const char*>(encoded->file.data()), encoded->file.size()));
    CHECK(json["nodes"][1]["meshInstance"]["blendAmounts"] == OrderedJson::parse("[1, -0.5]"));
    auto again = test::saveAndReload(document, G4mfContainer::Text, current);
    CHECK(core::model::firstDifference(document, again.document) == std::nullopt);

    SECTION("the classic form has no place for them and says so") {
        auto classic = core::io::encodeG4mf(document, G4mfContainer::Text, {});
        REQUIRE(classic.ok());
        REQUIRE(classic->warnings.size() == 1);
        CHECK(classic->warnings[0].find("blend amounts") != std::string::npos);
    }
}

TEST_CASE("malformed blend data is refused with its pointer", "[blend][io][g4mf]") {
    const auto original =
        OrderedJson::parse(test::savedText(readBlendFixture().document)); // a valid file to break
    auto refused = [&](const char* pointer, OrderedJson value) {
        OrderedJson broken = original;
        broken[OrderedJson::json_pointer(pointer)] = std::move(value);
        auto read = test::readText(broken.dump());
        REQUIRE_FALSE(read.ok());
        return read.error().message();
    };
    CHECK(refused("/meshes/0/blend/shapes/0/position", 3)
              .find("/meshes/0/blend/shapes/0/position: a blend target must be an object") !=
          std::string::npos);
    CHECK(refused("/meshes/0/blend/shapes/1/position/offsets", 99)
              .find("/meshes/0/blend/shapes/1/position/offsets") != std::string::npos);
    CHECK(refused("/meshes/0/blend/amounts", "none").find("/meshes/0/blend/amounts") !=
          std::string::npos);
    CHECK(refused("/nodes/1",
                  OrderedJson::parse(R"({"meshInstance": {"mesh": 0, "blendAmounts": [true]}})"))
              .find("/nodes/1/meshInstance/blendAmounts/0: must be a number") != std::string::npos);
}
