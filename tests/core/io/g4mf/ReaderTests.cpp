#include "core/io/g4mf/G4bContainer.h"
#include "tests/core/io/g4mf/G4mfTestSupport.h"

#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <fstream>
#include <sstream>

using namespace hyperrig;

namespace {

// A minimal 4D document with the given nodes JSON (and optional extra top-level members).
std::string withNodes(const std::string& nodes, const std::string& more = "") {
    return R"({"asset": {"dimension": 4}, "nodes": )" + nodes + more + "}";
}

void requireError(const std::string& text, const std::string& expected) {
    auto read = test::readText(text);
    INFO(text);
    REQUIRE_FALSE(read.ok());
    CHECK_THAT(read.error().message(), Catch::Contains(expected));
}

std::vector<std::byte> fileBytes(const std::filesystem::path& path) {
    std::ifstream stream(path, std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    const std::string data = text.str();
    const auto bytes = test::bytesOf(data);
    return {bytes.begin(), bytes.end()};
}

} // namespace

TEST_CASE("the reader builds the node tree with stable ids", "[io][g4mf][reader]") {
    auto read = test::readText(withNodes(
        R"([{"name": "Root", "children": [2, 1]}, {"name": "B"}, {"name": "A", "children": [3]},
            {"name": "Leaf", "visible": false}])"));
    REQUIRE(read.ok());
    const auto& document = read->document;
    REQUIRE(document.nodes.size() == 4);
    const auto root = document.root();
    CHECK(document.node(root).name == "Root");
    const auto& children = document.node(root).children;
    REQUIRE(children.size() == 2);
    CHECK(document.node(children[0]).name == "A"); // child order is kept
    CHECK(document.node(document.findNode("Leaf")).parent == document.findNode("A"));
    CHECK_FALSE(document.node(document.findNode("Leaf")).isVisible());
}

TEST_CASE("the reader refuses what the document cannot hold, naming the place",
          "[io][g4mf][reader]") {
    requireError(withNodes(R"([{"children": [1, 2]}, {"children": [2]}, {}])"),
                 "/nodes/1/children/0: node 2 already has a parent");
    requireError(withNodes(R"([{}, {"children": [2]}, {"children": [1]}])"), "cycle of children");
    requireError(withNodes(R"([{"children": [0]}])"), "/nodes/0/children/0: node 0 is the root");
    requireError(withNodes(R"([{"children": [5]}])"), "/nodes/0/children/0: node 5 does not exist");
    requireError(withNodes(R"([{}, {"bone": {}, "skeleton": {}}])"),
                 "/nodes/1: has both 'bone' and 'skeleton'");
    requireError(withNodes(R"([{}, {"basis": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1],
                                   "rotor": [1,0,0,0,0,0,0]}])"),
                 "/nodes/1/basis: basis excludes rotor and scale");
    requireError(withNodes(R"([{}, {"mesh": 0}])"), "/nodes/1/mesh: mesh 0 does not exist");
    requireError(withNodes(R"([{}, {"skeleton": {"joints": [-2]}}])"),
                 "/nodes/1/skeleton/joints/0");
    requireError(R"({"asset": {"dimension": 9}})", "/asset/dimension: dimension 9");
    requireError(R"({"asset": {}})", "/asset/dimension");
    requireError(R"({"nodes": []})", "/asset");
    requireError(R"({"asset": {"dimension": 4, "extensionsUsed": ["X"],
                    "extensionsRequired": ["X"]}})",
                 "requires extension 'X'");
}

TEST_CASE("malformed JSON is reported with its line and column", "[io][g4mf][reader]") {
    requireError("{\n  \"asset\": {\"dimension\": 4},\n  \"nodes\": [}\n", "line 3, column 13");
    requireError("[1, 2]", "a G4MF file is a JSON object");
    requireError("\xEF\xBB\xBF{}", "byte order mark");
    requireError(std::string(5000, '[') + std::string(5000, ']'), "nesting deeper than 256");
    requireError(R"({"asset": {"dimension": 4}, "nodes": [{"position": [1e999]}]})",
                 "number overflow");
}

TEST_CASE("mesh data errors name the accessor", "[io][g4mf][reader]") {
    const std::string buffer =
        R"(, "buffers": [{"byteLength": 8, "uri": "data:application/octet-stream;base64,AAAAAAAAAAA="}],
            "bufferViews": [{"buffer": 0, "byteLength": 8}])";
    requireError(R"({"asset": {"dimension": 4}, "meshes": [{"vertices": 0, "surfaces": []}],
                    "accessors": [{"bufferView": 0, "componentType": "float128"}])" +
                     buffer + "}",
                 "unsupported component type 'float128'");
    requireError(R"({"asset": {"dimension": 4}, "meshes": [{"vertices": 0, "surfaces": []}],
                    "accessors": [{"bufferView": 0, "componentType": "float32", "vectorSize": 3}])" +
                     buffer + "}",
                 "/accessors/0: its buffer view holds 8 bytes, not a multiple of the 12-byte");
    requireError(R"({"asset": {"dimension": 4}, "meshes": [{"vertices": 3, "surfaces": []}]})",
                 "/meshes/0/vertices: accessor 3 does not exist");
}

TEST_CASE("older spellings are read and reported", "[io][g4mf][reader]") {
    auto read = test::readText(withNodes(R"([{"children": [1]}, {"boneLength": 0.5},
                                             {"boneLength": -1}])"));
    REQUIRE(read.ok());
    const auto& bone = read->document.node(read->document.nodes.order()[1]);
    REQUIRE(bone.isBone());
    CHECK(bone.bone()->length == 0.5);
    CHECK_FALSE(read->document.node(read->document.nodes.order()[2]).isBone());
    CHECK(std::any_of(read->diagnostics.begin(), read->diagnostics.end(),
                      [](const auto& d) { return d.rule == "node.legacy-bone-length"; }));
}

TEST_CASE("the smallest valid .g4b file loads", "[io][g4mf][reader]") {
    const std::string json = R"({"asset":{"dimension":4}})";
    const auto bytes = core::io::writeG4b(json, {}, false);
    REQUIRE(bytes.size() == 57);
    auto file = core::io::parseG4mfBytes(bytes, ".");
    REQUIRE(file.ok());
    auto read = core::io::readDocument(*file);
    REQUIRE(read.ok());
    CHECK(read->container == core::io::G4mfContainer::Binary);
    CHECK(read->document.dimension() == 4);
    CHECK(read->document.nodes.empty());
}

TEST_CASE("truncated and corrupted files give errors, never crashes", "[io][g4mf][robustness]") {
    auto sample = core::io::readG4mf(test::sourcePath("assets/samples/tiny-4d-mesh.g4tf"));
    REQUIRE(sample.ok());
    for (bool binary : {false, true}) {
        core::io::WriteOptions options;
        options.zstd = binary;
        auto encoded = core::io::encodeG4mf(
            sample->document,
            binary ? core::io::G4mfContainer::Binary : core::io::G4mfContainer::Text, options);
        REQUIRE(encoded.ok());
        const auto& bytes = encoded->file;
        SECTION(std::string("every truncation of a ") + (binary ? ".g4b" : ".g4tf")) {
            for (std::size_t length = 0; length < bytes.size(); ++length) {
                auto file = core::io::parseG4mfBytes(std::span(bytes).first(length), ".");
                if (file)
                    (void)core::io::readDocument(*file);
            }
            SUCCEED("no truncation crashed");
        }
    }
    SECTION("random byte changes") {
        auto encoded = core::io::encodeG4mf(sample->document, core::io::G4mfContainer::Binary, {});
        REQUIRE(encoded.ok());
        const auto original = encoded->file;
        rc::prop("flipping bytes never crashes the reader", [&original]() {
            auto bytes = original;
            const auto flips = *rc::gen::inRange<std::size_t>(1, 8);
            for (std::size_t i = 0; i < flips; ++i) {
                const auto at = *rc::gen::inRange<std::size_t>(0, bytes.size());
                bytes[at] = static_cast<std::byte>(*rc::gen::arbitrary<std::uint8_t>());
            }
            auto file = core::io::parseG4mfBytes(bytes, ".");
            if (file)
                (void)core::io::readDocument(*file);
        });
    }
    SECTION("a buffer claiming more bytes than the limit is refused") {
        auto read = test::readText(
            R"({"asset": {"dimension": 4}, "buffers": [{"byteLength": 99999999999999,
                "uri": "data:application/octet-stream;base64,AAAA"}]})");
        REQUIRE(read.ok()); // an unused unreadable buffer does not stop reading
        auto file = core::io::parseG4mfBytes(
            test::bytesOf(R"({"asset": {"dimension": 4}, "buffers": [{"byteLength": 99999999999999,
                "uri": "data:application/octet-stream;base64,AAAA"}]})"),
            ".");
        REQUIRE(file.ok());
        REQUIRE(file->buffers.size() == 1);
        CHECK_FALSE(file->buffers[0].available());
        CHECK_THAT(*file->buffers[0].error, Catch::Contains("exceeds"));
    }
}

TEST_CASE("files are read from disk with their folder for relative buffers", "[io][g4mf]") {
    auto missing = core::io::readG4mf("/nonexistent/creature.g4tf");
    REQUIRE_FALSE(missing.ok());
    CHECK_THAT(missing.error().message(), Catch::Contains("/nonexistent/creature.g4tf"));
    const auto bytes = fileBytes(test::sourcePath("assets/samples/arm-3d.g4tf"));
    auto file = core::io::parseG4mfBytes(bytes, test::sourcePath("assets/samples"));
    REQUIRE(file.ok());
    auto read = core::io::readDocument(*file);
    REQUIRE(read.ok());
    CHECK(read->document.dimension() == 3);
}
