#include "tests/core/io/g4mf/G4mfTestSupport.h"

#include <fstream>

using namespace hyperrig;
using core::model::OrderedJson;

namespace {

OrderedJson tinyMesh() {
    std::ifstream stream(test::sourcePath("assets/samples/tiny-4d-mesh.g4tf"));
    REQUIRE(stream);
    return OrderedJson::parse(stream);
}

// tiny-4d-mesh with accessor 2 freed: the skin reads its vertices from accessor 3 (the issue's
// reproduction), so nothing HyperRig interprets uses accessor 2 any more.
OrderedJson withFreeAccessor() {
    OrderedJson json = tinyMesh();
    json["meshes"][0]["skin"]["vertices"] = 3;
    return json;
}

core::Result<core::io::ReadDocument> read(const OrderedJson& json) {
    return test::readText(json.dump());
}

// Saves every way and returns each file's JSON as read back.
std::vector<OrderedJson> savedEveryWay(const core::model::Document& document) {
    std::vector<OrderedJson> saved;
    for (const auto container : {core::io::G4mfContainer::Text, core::io::G4mfContainer::Binary})
        for (const auto schema : {core::io::G4mfSchema::Classic, core::io::G4mfSchema::Current}) {
            core::io::WriteOptions options;
            options.schema = schema;
            auto encoded = core::io::encodeG4mf(document, container, options);
            REQUIRE(encoded.ok());
            auto file = core::io::parseG4mfBytes(encoded->file, ".");
            REQUIRE(file.ok());
            REQUIRE(core::io::readDocument(*file).ok());
            saved.push_back(file->json);
        }
    return saved;
}

void requireRefused(const OrderedJson& json, const std::string& expected) {
    auto result = read(json);
    INFO(json.dump());
    REQUIRE_FALSE(result.ok());
    CHECK_THAT(result.error().message(), Catch::StartsWith(expected));
}

} // namespace

TEST_CASE("preserved accessors of any JSON type are kept as stored", "[io][g4mf]") {
    for (const OrderedJson& value :
         {OrderedJson(7), OrderedJson("seven"), OrderedJson::array({1, 2}), OrderedJson(nullptr),
          OrderedJson(true), OrderedJson(-1), OrderedJson(1.5), OrderedJson::object()}) {
        DYNAMIC_SECTION("accessors[2] = " << value.dump()) {
            OrderedJson json = withFreeAccessor();
            json["accessors"][2] = value;
            auto result = read(json);
            REQUIRE(result.ok());
            // (The skin's vertices and groups both read accessor 3 now, so a save writes one
            // of them to a new index: there are six accessors afterwards.)
            for (const OrderedJson& saved : savedEveryWay(result->document)) {
                REQUIRE(saved["accessors"].size() > 2);
                CHECK(saved["accessors"][2] == value);
            }
        }
    }
    SECTION("an object keeps its members, and its bufferView follows its view") {
        OrderedJson json = withFreeAccessor();
        json["accessors"][2]["extensions"] = 5;
        auto result = read(json);
        REQUIRE(result.ok());
        for (const OrderedJson& saved : savedEveryWay(result->document)) {
            CHECK(saved["accessors"][2]["extensions"] == 5);
            CHECK(saved["accessors"][2]["componentType"] == "uint16");
            CHECK(saved["accessors"][2]["bufferView"] == 2);
        }
    }
}

TEST_CASE("preserved data that cannot be kept as stored is refused with its pointer",
          "[io][g4mf]") {
    SECTION("a preserved accessor's bufferView that is no view's index") {
        for (const OrderedJson& view : {OrderedJson("2"), OrderedJson(99), OrderedJson(nullptr),
                                        OrderedJson(-1), OrderedJson(2.5)}) {
            OrderedJson json = withFreeAccessor();
            json["accessors"][2]["bufferView"] = view;
            requireRefused(json, "/accessors/2/bufferView: buffer view");
        }
    }
    SECTION("an unused buffer view that is not an object with byteLength") {
        for (const OrderedJson& view : {OrderedJson(5), OrderedJson("view"), OrderedJson(nullptr),
                                        OrderedJson::array({0, 4}), OrderedJson::object()}) {
            OrderedJson json = tinyMesh();
            json["bufferViews"].push_back(view);
            requireRefused(json, "/bufferViews/5: a buffer view must be an object with byteLength");
        }
    }
    SECTION("an unused buffer view whose fields are not non-negative integers") {
        for (const auto& [key, value] :
             {std::pair{"buffer", OrderedJson("0")}, std::pair{"byteLength", OrderedJson(-4)},
              std::pair{"byteLength", OrderedJson(4.5)},
              std::pair{"byteOffset", OrderedJson::object()}}) {
            OrderedJson json = tinyMesh();
            OrderedJson view = {{"buffer", 0}, {"byteLength", 4}};
            view[key] = value;
            json["bufferViews"].push_back(view);
            requireRefused(json, std::string("/bufferViews/5/") + key +
                                     ": must be a non-negative integer");
        }
    }
    SECTION("accessors, bufferViews or buffers that are not arrays") {
        for (const char* key : {"accessors", "bufferViews", "buffers"})
            for (const OrderedJson& value :
                 {OrderedJson::object(), OrderedJson(3), OrderedJson("x"), OrderedJson(nullptr)}) {
                OrderedJson json = tinyMesh();
                json.erase("meshes");
                json["nodes"][5].erase("mesh");
                json[key] = value;
                requireRefused(json, std::string("/") + key + ": must be an array");
            }
    }
    SECTION("a classic light entry that is not an object") {
        OrderedJson json = tinyMesh();
        json["lights"] = OrderedJson::array({5});
        json["nodes"].push_back({{"name", "Lamp"}, {"light", 0}});
        json["nodes"][0]["children"].push_back(6);
        requireRefused(json, "/nodes/6/light: names lights item 0, which is number");
    }
}

TEST_CASE("uninterpreted members of any JSON type survive a save", "[io][g4mf]") {
    OrderedJson json = tinyMesh();
    const std::vector<std::pair<std::string, OrderedJson>> places{
        {"/asset/extensions", 5},
        {"/asset/extras", "x"},
        {"/nodes/1/extensions", OrderedJson::array({1})},
        {"/nodes/1/skeleton/extensions", "poses"},
        {"/nodes/2/bone/extras", nullptr},
        {"/nodes/2/extensions", true},
        {"/meshes/0/extensions", 3},
        {"/meshes/0/skin/extras", OrderedJson::array()},
        {"/meshes/0/surfaces/0/extensions", 0},
        {"/accessors/0/extensions", "a"},
        {"/buffers/0/extensions", 1},
        {"/extensions", OrderedJson::array()},
        {"/extras", 9},
        {"/lights", 5},
        {"/models", "m"}};
    for (const auto& [pointer, value] : places)
        json[OrderedJson::json_pointer(pointer)] = value;
    // Extra buffers that nothing uses, of wrong types, do not stop a read; saving packs one.
    json["buffers"].push_back(7);
    json["buffers"].push_back("buffer");
    auto result = read(json);
    REQUIRE(result.ok());
    for (const OrderedJson& saved : savedEveryWay(result->document))
        for (const auto& [pointer, value] : places) {
            INFO(pointer);
            REQUIRE(saved.contains(OrderedJson::json_pointer(pointer)));
            CHECK(saved[OrderedJson::json_pointer(pointer)] == value);
        }
}
