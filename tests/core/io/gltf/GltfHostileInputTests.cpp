#include "core/io/gltf/GltfExport.h"
#include "core/io/gltf/GltfImport.h"
#include "core/model/NameRules.h"
#include "tests/core/io/gltf/GltfTestSupport.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

using namespace hyperrig::core;
using hyperrig::test::gltfFixturePath;

namespace {

nlohmann::json gltfFixtureJson(const std::string& name) {
    std::ifstream stream(gltfFixturePath(name));
    return nlohmann::json::parse(stream);
}

std::vector<std::byte> gltfBytesOf(const std::string& text) {
    std::vector<std::byte> bytes(text.size());
    std::memcpy(bytes.data(), text.data(), text.size());
    return bytes;
}

// The error of importing `bytes` as "hostile.gl*"; the test fails if the import succeeds.
std::string gltfImportError(const std::vector<std::byte>& bytes) {
    auto file = io::parseGltfBytes(bytes, "hostile.glb", "");
    if (!file)
        return file.error().message();
    auto imported = io::importGltf(*file);
    REQUIRE_FALSE(imported);
    return imported.error().message();
}

std::string gltfImportError(const nlohmann::json& json) {
    return gltfImportError(gltfBytesOf(json.dump()));
}

std::vector<std::byte> gltfValidGlb() {
    auto imported = io::readGltf(gltfFixturePath("khronos/SimpleSkin.gltf"));
    REQUIRE(imported);
    io::GltfExportOptions options;
    options.binary = true;
    auto encoded = io::encodeGltf(imported->document, options);
    REQUIRE(encoded);
    return encoded->file;
}

void gltfPutUint32(std::vector<std::byte>& bytes, std::size_t offset, std::uint32_t value) {
    for (std::size_t i = 0; i < 4; ++i)
        bytes[offset + i] = static_cast<std::byte>((value >> (8 * i)) & 0xFF);
}

} // namespace

TEST_CASE("hostile GLB containers are refused with a clear error", "[gltf][hostile]") {
    const auto valid = gltfValidGlb();
    REQUIRE(io::parseGltfBytes(valid, "ok.glb", ""));
    SECTION("truncated") {
        for (std::size_t size :
             {std::size_t{5}, std::size_t{16}, valid.size() / 2, valid.size() - 4}) {
            const std::vector<std::byte> cut(valid.begin(), valid.begin() + long(size));
            const auto message = gltfImportError(cut);
            INFO(size << ": " << message);
            CHECK_THAT(message, Catch::StartsWith("hostile.glb: "));
        }
    }
    SECTION("a JSON chunk longer than the file") {
        auto bytes = valid;
        gltfPutUint32(bytes, 12, 0xFFFFFFF0u);
        CHECK_THAT(gltfImportError(bytes), Catch::Contains("JSON chunk says 4294967280 bytes"));
    }
    SECTION("a BIN chunk longer than the file") {
        auto bytes = valid;
        const std::uint32_t json = std::uint32_t(bytes[12]) | std::uint32_t(bytes[13]) << 8 |
                                   std::uint32_t(bytes[14]) << 16 | std::uint32_t(bytes[15]) << 24;
        gltfPutUint32(bytes, 20 + json, 0x7FFFFFFCu);
        CHECK_THAT(gltfImportError(bytes), Catch::Contains("BIN chunk says"));
    }
    SECTION("a header length that disagrees with the file") {
        auto bytes = valid;
        gltfPutUint32(bytes, 8, std::uint32_t(bytes.size() + 100));
        CHECK_THAT(gltfImportError(bytes), Catch::Contains("truncated or padded"));
    }
}

TEST_CASE("hostile glTF JSON is refused with the file and a JSON pointer", "[gltf][hostile]") {
    auto json = gltfFixtureJson("u8-unorm16-sparse.gltf");
    SECTION("a child index out of range") {
        json["nodes"][0]["children"] = {99};
        CHECK(gltfImportError(json) ==
              "hostile.glb: /nodes/0/children/0: node 99 does not exist (the file has 4)");
    }
    SECTION("a cyclic node graph") {
        json["nodes"][2]["children"] = {0};
        json["scenes"][0]["nodes"] = {3};
        CHECK_THAT(gltfImportError(json), Catch::Contains("cycle"));
        CHECK_THAT(gltfImportError(json), Catch::StartsWith("hostile.glb: /nodes/"));
    }
    SECTION("a node that is its own child") {
        json["nodes"][2]["children"] = {2};
        CHECK_THAT(gltfImportError(json), Catch::Contains("/nodes/2/children"));
    }
    SECTION("a node hierarchy deeper than the limit") {
        json["nodes"] = nlohmann::json::array();
        for (int i = 0; i < 1100; ++i)
            json["nodes"].push_back({{"children", {i + 1}}});
        json["nodes"].push_back(nlohmann::json::object());
        json.erase("skins");
        json.erase("meshes");
        json["scenes"][0]["nodes"] = {0};
        CHECK_THAT(gltfImportError(json), Catch::Contains("deeper than 1024 levels"));
    }
    SECTION("a huge accessor count") {
        json["accessors"][1]["count"] = 1ull << 40;
        CHECK_THAT(gltfImportError(json), Catch::Contains("/accessors/1/count"));
    }
    SECTION("a count past the buffer view") {
        json["accessors"][1]["count"] = 1000;
        CHECK_THAT(gltfImportError(json), Catch::Contains("/accessors/1: 1000 elements"));
    }
    SECTION("joint indices past the skin's joints") {
        json["skins"][0]["joints"] = {0};
        CHECK_THAT(gltfImportError(json),
                   Catch::Contains("/meshes/0/primitives/0/attributes/JOINTS_0: vertex 2 names "
                                   "joint 1, the skin has 1 joints"));
    }
    SECTION("sparse indices past the accessor") {
        json["accessors"][0]["count"] = 9;
        json["accessors"][0]["sparse"]["count"] = 9;
        json["accessors"][0]["sparse"]["indices"]["byteOffset"] = 1; // indices 1..9
        CHECK_THAT(gltfImportError(json), Catch::Contains("/accessors/0/sparse/indices"));
    }
    SECTION("inverse bind matrices of the wrong type") {
        json["skins"][0]["inverseBindMatrices"] = 1;
        CHECK_THAT(gltfImportError(json), Catch::Contains("/skins/0/inverseBindMatrices"));
    }
    SECTION("a required extension HyperRig does not know") {
        json["extensionsRequired"] = {"EXT_meshopt_compression"};
        CHECK_THAT(gltfImportError(json), Catch::Contains("/extensionsRequired/0"));
    }
    SECTION("not JSON at all") {
        CHECK_THAT(gltfImportError(gltfBytesOf("{\"asset\": ")),
                   Catch::StartsWith("hostile.glb: "));
    }
}

TEST_CASE("a buffer outside the glTF's folder is refused", "[gltf][hostile]") {
    auto json = gltfFixtureJson("bindpose-legacy.gltf");
    json["buffers"][0]["uri"] = "../../../../../../etc/passwd";
    const auto folder = std::filesystem::temp_directory_path() / "hyperrig-gltf-outside";
    std::filesystem::create_directories(folder);
    const auto bytes = gltfBytesOf(json.dump());
    auto file = io::parseGltfBytes(bytes, "outside.gltf", folder);
    REQUIRE_FALSE(file);
    CHECK_THAT(file.error().message(), Catch::Contains("outside the folder"));
}

TEST_CASE("a broken animation is dropped with a warning, the rest still imports",
          "[gltf][hostile]") {
    auto json = gltfFixtureJson("bindpose-current.gltf");
    json["animations"][0].erase("extensions"); // an ordinary animation now
    json["animations"][0]["samplers"][0]["output"] = 999;
    auto file = io::parseGltfBytes(gltfBytesOf(json.dump()), "animated.gltf", "");
    REQUIRE(file);
    auto imported = io::importGltf(*file);
    REQUIRE(imported);
    REQUIRE(imported->warnings.size() == 1);
    CHECK(imported->warnings[0].rule == "gltf.animation.not-kept");
    CHECK(imported->warnings[0].pointer == "/animations/0/samplers/0/output");
    auto exported = io::encodeGltf(imported->document);
    REQUIRE(exported);
    const auto text =
        std::string(reinterpret_cast<const char*>(exported->file.data()), exported->file.size());
    CHECK_FALSE(nlohmann::json::parse(text).contains("animations"));
}

TEST_CASE("glTF names with control or forbidden characters become allowed G4MF names",
          "[gltf][hostile]") {
    // U+0085 (NEL) and U+009F are C1 controls, two bytes in UTF-8; G4MF forbids them as it
    // forbids '.', ':' and C0 controls (g4mf.md §1).
    auto json = gltfFixtureJson("khronos/SimpleSkin.gltf");
    json["nodes"][1]["name"] = "Arm\xC2\x85.L";
    json["nodes"][2]["name"] = "Hand\x01:R\x7F";
    json["meshes"][0]["name"] = "Body\xC2\x9F";
    auto file = io::parseGltfBytes(gltfBytesOf(json.dump()), "names.gltf", "");
    REQUIRE(file);
    auto imported = io::importGltf(*file);
    REQUIRE(imported);
    const auto& document = imported->document;
    std::set<std::string> names;
    for (const auto id : document.nodes.order())
        names.insert(document.node(id).displayName());
    CHECK(names.count("Arm__L") == 1);
    CHECK(names.count("Hand__R_") == 1);
    CHECK(document.mesh(document.meshes.order().front()).name == "Body_");
    for (const auto& name : names) {
        INFO(name);
        CHECK(model::firstForbiddenNameCharacter(name).empty());
    }
}

TEST_CASE("a vertex attribute whose name holds U+0000 is looked up by its whole name",
          "[gltf][hostile]") {
    // Found by the gltf fuzz target: the importer looked each attribute up by name.c_str(), so
    // "\u0000" became "", was not found, and a null member was dereferenced.
    auto json = gltfFixtureJson("u8-unorm16-sparse.gltf");
    auto& attributes = json["meshes"][0]["primitives"][0]["attributes"];
    const std::string nul("\0", 1);
    const std::string nulInside("TEXCOORD\0_9", 11);
    attributes[nul] = attributes["POSITION"];
    attributes[nulInside] = attributes["POSITION"];
    auto file = io::parseGltfBytes(gltfBytesOf(json.dump()), "nul.gltf", "");
    REQUIRE(file);
    auto imported = io::importGltf(*file);
    REQUIRE(imported);
    // Kept as other vertex attributes, under their whole names, through an export.
    auto exported = io::encodeGltf(imported->document);
    REQUIRE(exported);
    const auto text =
        std::string(reinterpret_cast<const char*>(exported->file.data()), exported->file.size());
    const auto written = nlohmann::json::parse(text)["meshes"][0]["primitives"][0]["attributes"];
    CHECK(written.contains(nul));
    CHECK(written.contains(nulInside));
    CHECK_FALSE(written.contains("TEXCOORD"));
}
