#include "core/validate/Validator.h"
#include "tests/core/validate/ValidateTestSupport.h"

#include <catch2/catch.hpp>

using hyperrig::core::Diagnostic;
using hyperrig::core::Diagnostics;
using hyperrig::core::model::ComponentType;
using hyperrig::core::model::OrderedJson;
using namespace hyperrig::core::validate;
using namespace hyperrig::test;

namespace {

OrderedJson document4d(OrderedJson nodes) {
    return {{"asset", {{"dimension", 4}}}, {"nodes", std::move(nodes)}};
}

std::string only(const Diagnostics& diagnostics, std::string_view rule) {
    INFO(listDiagnostics(diagnostics));
    const auto found = withRule(diagnostics, rule);
    REQUIRE(found.size() == 1);
    return found[0]->pointer + " " + found[0]->message;
}

} // namespace

TEST_CASE("validation starts with the loader's diagnostics and reports unloadable buffers",
          "[validate]") {
    auto file = hyperrig::core::io::parseG4mfBytes(bytesOfText(R"({"asset": {"dimension": 4},
                        "buffers": [{"byteLength": 4, "uri": "data:application/octet-stream;base64,AAAAAA=="},
                                    {"byteLength": 4, "uri": "no-such-file.bin"}]})"),
                                                   validateFixtures());
    REQUIRE(file.ok());
    file->loadDiagnostics.push_back(
        {Diagnostic::Severity::Warning, "container.trailing-bytes", "", "3 bytes follow"});
    const Diagnostics diagnostics = validateG4mf(*file);
    REQUIRE(diagnostics.size() == 2);
    CHECK(diagnostics[0] == file->loadDiagnostics[0]);
    CHECK(diagnostics[1].rule == "buffer.unavailable");
    CHECK(diagnostics[1].pointer == "/buffers/1");
    CHECK(diagnostics[1].severity == Diagnostic::Severity::Error);
    CHECK(diagnostics[1].message.find("no-such-file.bin") != std::string::npos);
}

TEST_CASE("messages name the nodes involved by name and index", "[validate]") {
    const OrderedJson document = document4d({
        {{"name", "Scene"}, {"children", {1, 2}}},
        {{"name", "LeftArm"}, {"children", {3}}},
        {{"name", "Spine"}, {"children", {3}}},
        {{"name", "LeftHand"}},
    });
    CHECK(only(validateJson(document), "node.children.multiple-parents") ==
          "/nodes/2/children/0 node 'LeftHand' (index 3) is listed as a child of both node "
          "'LeftArm' (index 1) and node 'Spine' (index 2); a node has at most one parent");
}

TEST_CASE("floats, negative and huge numbers are never indices", "[validate]") {
    for (const char* child : {"1.0", "-1", "18446744073709551615", "1e300", "\"1\"", "null"}) {
        DYNAMIC_SECTION(child) {
            const std::string text =
                std::string(R"({"asset":{"dimension":4},"nodes":[{"children":[)") + child +
                R"(]},{"name":"A"}]})";
            CHECK(
                only(validateText(text), "node.children.index").rfind("/nodes/0/children/0 ", 0) ==
                0);
        }
    }
}

TEST_CASE("cycles are reported once, at the entry listing the cycle's lowest node", "[validate]") {
    SECTION("three nodes") {
        const OrderedJson document = document4d({
            {{"name", "Scene"}},
            {{"name", "A"}, {"children", {2}}},
            {{"name", "B"}, {"children", {3}}},
            {{"name", "C"}, {"children", {1}}},
        });
        CHECK(only(validateJson(document), "node.children.cycle") ==
              "/nodes/3/children/0 node 'A' (index 1) → node 'B' (index 2) → node 'C' (index 3) "
              "→ back to node 'A' (index 1): the children lists form a cycle, so none of these "
              "nodes is in the tree");
    }
    SECTION("a node listing itself") {
        const OrderedJson document =
            document4d({{{"name", "Scene"}}, {{"name", "Loop"}, {"children", {1}}}});
        CHECK(only(validateJson(document), "node.children.cycle") ==
              "/nodes/1/children/0 node 'Loop' (index 1) lists itself as a child");
    }
}

TEST_CASE("long chains and long cycles validate without deep recursion", "[validate]") {
    constexpr std::size_t kLength = 30000; // deep enough to overflow any recursive walk
    OrderedJson nodes = OrderedJson::array();
    for (std::size_t i = 0; i < kLength; ++i) {
        OrderedJson node = OrderedJson::object();
        if (i + 1 < kLength)
            node["children"] = {i + 1};
        if (i > 0)
            node["position"] = {0, 1, 0, 0};
        nodes.push_back(std::move(node));
    }
    SECTION("a chain of bones under one skeleton") {
        nodes[1]["skeleton"] = OrderedJson::object();
        for (std::size_t i = 2; i < kLength; ++i)
            nodes[i]["bone"] = {{"length", 1}};
        nodes[1]["skeleton"]["joints"] = {2, 3, kLength - 1, kLength - 1, -1};
        hyperrig::core::io::G4mfFile file;
        file.json = document4d(std::move(nodes));
        const auto diagnostics = validateG4mf(file);
        INFO(listDiagnostics(diagnostics));
        CHECK(diagnostics.empty());
    }
    SECTION("the same chain closed into a cycle below the root") {
        nodes[0].erase("children");
        nodes[kLength - 1]["children"] = {1};
        hyperrig::core::io::G4mfFile file;
        file.json = document4d(std::move(nodes));
        const auto diagnostics = validateG4mf(file);
        CHECK(withRule(diagnostics, "node.children.cycle").size() == 1);
    }
}

TEST_CASE("the root node must not carry a transform", "[validate]") {
    // godot-4d silently resets it; HyperRig refuses to drop data silently (docs/validation.md).
    const OrderedJson document =
        document4d({{{"name", "Scene"}, {"rotor", {1, 0, 0, 0, 0, 0, 0}}, {"scale", {2}}}});
    const auto diagnostics = validateJson(document);
    REQUIRE(withRule(diagnostics, "node.root-transform").size() == 2);
    CHECK(withRule(diagnostics, "node.root-transform")[0]->pointer == "/nodes/0/rotor");
    CHECK(withRule(diagnostics, "node.root-transform")[1]->pointer == "/nodes/0/scale");
}

TEST_CASE("bone mass 0 marks a shape-only bone and is valid; -1 is not", "[validate]") {
    OrderedJson document = document4d({
        {{"name", "Scene"}, {"children", {1}}},
        {{"name", "Rig"}, {"skeleton", OrderedJson::object()}, {"children", {2}}},
        {{"name", "Hips"}, {"bone", {{"length", 0}, {"mass", 0}}}},
    });
    CHECK(validateJson(document).empty());
    document["nodes"][2]["bone"]["mass"] = -1;
    CHECK(only(validateJson(document), "bone.mass.negative") ==
          "/nodes/2/bone/mass bone 'Hips' (index 2) has mass -1; it must not be negative (-1 "
          "means \"undefined\" in memory only: omit the property instead)");
}

TEST_CASE("rotor lengths follow the dimension", "[validate]") {
    const auto rotorDiagnostics = [](int dimension, std::size_t length) {
        OrderedJson rotor = OrderedJson::array();
        for (std::size_t i = 0; i < length; ++i)
            rotor.push_back(i == 0 ? 1.0 : 0.0);
        OrderedJson document = {
            {"asset", {{"dimension", dimension}}},
            {"nodes",
             {{{"name", "Scene"}, {"children", {1}}}, {{"name", "Turned"}, {"rotor", rotor}}}}};
        return withRule(validateJson(document), "node.rotor.size").size();
    };
    CHECK(rotorDiagnostics(2, 2) == 0);
    CHECK(rotorDiagnostics(2, 4) == 1);
    CHECK(rotorDiagnostics(3, 4) == 0);
    CHECK(rotorDiagnostics(3, 3) == 1);
    CHECK(rotorDiagnostics(4, 7) == 0);
    CHECK(rotorDiagnostics(4, 8) == 0);
    CHECK(rotorDiagnostics(4, 4) == 1);
    CHECK(rotorDiagnostics(4, 16) == 1);
    CHECK(rotorDiagnostics(5, 11) == 0);
    CHECK(rotorDiagnostics(5, 16) == 0);
    CHECK(rotorDiagnostics(5, 8) == 1);
    CHECK(rotorDiagnostics(6, 16) == 0);
    CHECK(rotorDiagnostics(6, 31) == 0);
    CHECK(rotorDiagnostics(6, 32) == 0);
}

TEST_CASE("a double rotation off the 4D rotor condition is flagged, a valid one is not",
          "[validate]") {
    const auto check = [](OrderedJson rotor) {
        return validateJson(document4d({{{"name", "Scene"}, {"children", {1}}},
                                        {{"name", "Turned"}, {"rotor", std::move(rotor)}}}));
    };
    // xy 90° + zw 90° (g4mf.md §4.4) is a rotor.
    CHECK(check({0.5, 0.5, 0, 0, 0, 0, 0.5, 0.5}).empty());
    // Unit length, but s·xyzw − xy·zw = 0.27 − 0.03 breaks the second condition.
    CHECK(only(check({0.9, 0.3, 0, 0, 0, 0, 0.1, 0.3}), "node.rotor.not-normalized")
              .rfind("/nodes/1/rotor ", 0) == 0);
    // Too short: length² 0.95 (g4mf.md §4.5's test vector).
    CHECK(only(check({0.9, 0.3, 0, 0, 0, 0, 0.2, 0.1}), "node.rotor.not-normalized") ==
          "/nodes/1/rotor node 'Turned' (index 1): rotor is not normalised (its length² is 0.95, "
          "not 1, and s·xyzw − xy·zw + xz·yw − xw·yz is 0.03, not 0); readers normalise it, which "
          "may not give the rotation meant");
    // Beyond any rotor: |2(s·xyzw − xy·zw)| reaches the length².
    CHECK(only(check({0.5, 0.5, 0, 0, 0, 0, 0.5, -0.5}), "node.rotor.invalid")
              .rfind("/nodes/1/rotor ", 0) == 0);
    // Within 1e-3 of unit length is rounding, not a mistake.
    CHECK(check({0.7071, 0.7071, 0, 0, 0, 0, 0}).empty());
}

TEST_CASE("names: forbidden characters and uniqueness across all arrays", "[validate]") {
    for (const std::string name : {"A\"B",
                                   "A#B",
                                   "A*B",
                                   "A.B",
                                   "A:B",
                                   "A|B",
                                   "A?B",
                                   "A@B",
                                   "A<B",
                                   "A>B",
                                   "A{B",
                                   "A}B",
                                   "A[B",
                                   "A]B",
                                   "A/B",
                                   "A\\B",
                                   "A%B",
                                   "A\tB",
                                   "A\nB",
                                   "A\x7f"
                                   "B",
                                   "A\xc2\x85"
                                   "B"}) {
        DYNAMIC_SECTION(name) {
            const auto diagnostics = validateJson(document4d({{{"name", name}}}));
            CHECK(withRule(diagnostics, "name.forbidden-character").size() == 1);
        }
    }
    CHECK(validateJson(document4d({{{"name", "Left_Hand-2 ü ✓"}}})).empty());

    OrderedJson document =
        document4d({{{"name", "Scene"}, {"children", {1, 2}}}, {{"name", ""}}, {{"name", ""}}});
    document["shapes"] = {{{"name", "Scene"}, {"type", "general"}}};
    CHECK(only(validateJson(document), "name.not-unique") ==
          "/shapes/0/name the name 'Scene' of shape 0 is already used by node 'Scene' (index 0); "
          "names must be unique across the whole file");
}

TEST_CASE("classic and current node forms are both read", "[validate]") {
    OrderedJson document = document4d({
        {{"name", "Scene"}, {"children", {1, 2, 3}}},
        {{"name", "A"}, {"meshInstance", {{"mesh", 4}}}},
        {{"name", "B"}, {"light", 0}},
        {{"name", "C"}, {"modelInstance", {{"model", 0}}}},
    });
    document["lights"] = {{{"type", "point"}}};
    document["models"] = {{{"uri", "other.g4b"}}};
    CHECK(only(validateJson(document), "node.mesh.index") ==
          "/nodes/1/meshInstance/mesh node 'A' (index 1) refers to mesh 4, but the file has 0 "
          "meshes");
}

TEST_CASE("weights off 1 are aggregated into one warning per skin", "[validate]") {
    AccessorBuilder data;
    constexpr std::size_t kVertices = 100;
    std::vector<double> positions;
    std::vector<double> skinVertices;
    std::vector<double> groups;
    std::vector<double> weights;
    for (std::size_t v = 0; v < kVertices; ++v) {
        positions.insert(positions.end(), {static_cast<double>(v), 0, 0, 0});
        skinVertices.push_back(static_cast<double>(v));
        groups.push_back(0);
        weights.push_back(0.5);
    }
    OrderedJson document = document4d({
        {{"name", "Scene"}, {"children", {1}}},
        {{"name", "Rig"}, {"skeleton", {{"joints", {2}}}}, {"children", {2, 3}}},
        {{"name", "Hips"}, {"bone", OrderedJson::object()}},
        {{"name", "Body"}, {"mesh", 0}},
    });
    const auto vertexAccessor = data.add(ComponentType::Float32, positions, 4);
    const auto simplexes = data.add(ComponentType::Uint8, {0, 1, 2, 3}, 4);
    document["meshes"] = {{{"vertices", vertexAccessor},
                           {"surfaces", {{{"simplexes", simplexes}}}},
                           {"skin",
                            {{"vertices", data.add(ComponentType::Uint8, skinVertices)},
                             {"groups", data.add(ComponentType::Uint8, groups)},
                             {"weights", data.add(ComponentType::Float32, weights)}}}}};
    data.apply(document);
    const auto diagnostics = validateJson(document);
    INFO(listDiagnostics(diagnostics));
    REQUIRE(diagnostics.size() == 1);
    CHECK(diagnostics[0].rule == "skin.weights.sum");
    CHECK(diagnostics[0].severity == Diagnostic::Severity::Warning);
    CHECK(diagnostics[0].pointer == "/meshes/0/skin/weights");
    CHECK(diagnostics[0].message ==
          "mesh 0: 100 skinned vertices have weights that do not add up to 1 (tolerance 0.001): "
          "vertex 0 sums to 0.5, vertex 1 sums to 0.5, vertex 2 sums to 0.5, vertex 3 sums to "
          "0.5, vertex 4 sums to 0.5, … (100 in all)");
}

TEST_CASE("extensionsRequired may name only the bind-pose extension", "[validate]") {
    OrderedJson document = document4d({{{"name", "Scene"}}});
    document["asset"]["extensionsUsed"] = {"HYPERRIG_skeleton_bind_poses", "KHR_other"};
    document["asset"]["extensionsRequired"] = {"HYPERRIG_skeleton_bind_poses"};
    CHECK(validateJson(document).empty());
    document["asset"]["extensionsRequired"].push_back("KHR_other");
    CHECK(only(validateJson(document), "extensions.required-unsupported") ==
          "/asset/extensionsRequired/1 the file requires extension 'KHR_other', which HyperRig "
          "does not implement, so it cannot be opened faithfully");
}

TEST_CASE("hasNoErrors ignores warnings", "[validate]") {
    CHECK(hasNoErrors({}));
    CHECK(hasNoErrors({{Diagnostic::Severity::Warning, "asset.version", "/asset/version", "x"}}));
    CHECK_FALSE(hasNoErrors({{Diagnostic::Severity::Error, "asset.dimension", "/asset", "x"}}));
}
