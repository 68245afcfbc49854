#include "core/model/JsonDump.h"
#include "core/validate/Rule.h"
#include "core/validate/Validator.h"
#include "tests/core/validate/ValidateTestSupport.h"

#include <rapidcheck/catch.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using hyperrig::core::Diagnostics;
using hyperrig::core::io::G4mfFile;
using hyperrig::core::model::OrderedJson;
using namespace hyperrig::core::validate;
using namespace hyperrig::test;

namespace {

// Every fixture (valid and broken) as a starting point: together they hold every construct the
// validator reads (skins, bind poses, classic and current forms, extensions, shapes, physics).
const std::vector<G4mfFile>& baseFiles() {
    static const std::vector<G4mfFile> files = [] {
        std::vector<G4mfFile> loaded;
        for (const auto& entry : std::filesystem::directory_iterator(validateFixtures()))
            if (entry.path().extension() == ".g4tf")
                if (auto file = hyperrig::core::io::loadG4mfFile(entry.path()))
                    loaded.push_back(std::move(*file));
        std::sort(loaded.begin(), loaded.end(),
                  [](const G4mfFile& a, const G4mfFile& b) { return a.path < b.path; });
        return loaded;
    }();
    return files;
}

// Keys the validator looks at, so that random insertions hit real code paths.
const std::vector<std::string>& interestingKeys() {
    static const std::vector<std::string> keys = {"asset",
                                                  "dimension",
                                                  "version",
                                                  "extensionsUsed",
                                                  "extensionsRequired",
                                                  "nodes",
                                                  "meshes",
                                                  "accessors",
                                                  "bufferViews",
                                                  "buffers",
                                                  "shapes",
                                                  "lights",
                                                  "models",
                                                  "files",
                                                  "name",
                                                  "children",
                                                  "position",
                                                  "basis",
                                                  "rotor",
                                                  "scale",
                                                  "visible",
                                                  "bone",
                                                  "boneLength",
                                                  "camera",
                                                  "light",
                                                  "mesh",
                                                  "meshInstance",
                                                  "model",
                                                  "modelInstance",
                                                  "file",
                                                  "physics",
                                                  "motion",
                                                  "mass",
                                                  "skeleton",
                                                  "joints",
                                                  "length",
                                                  "shape",
                                                  "vertices",
                                                  "surfaces",
                                                  "simplexes",
                                                  "cells",
                                                  "edges",
                                                  "skin",
                                                  "groups",
                                                  "weights",
                                                  "groupNames",
                                                  "bufferView",
                                                  "componentType",
                                                  "primitiveType",
                                                  "vectorSize",
                                                  "buffer",
                                                  "byteOffset",
                                                  "byteLength",
                                                  "extensions",
                                                  "extras",
                                                  "HYPERRIG_skeleton_bind_poses",
                                                  "poses",
                                                  "poseType",
                                                  "bindPoses",
                                                  "uri"};
    return keys;
}

// Values chosen to break type assumptions: wrong types, -1, huge and non-finite numbers (which
// only exist in memory, never in parsed text), floats for integers, forbidden names, nesting.
OrderedJson randomValue(int depth) {
    const int kind = *rc::gen::inRange(0, depth > 0 ? 12 : 9);
    switch (kind) {
    case 0:
        return nullptr;
    case 1:
        return *rc::gen::arbitrary<bool>();
    case 2:
        return *rc::gen::inRange(-3, 12);
    case 3:
        return *rc::gen::arbitrary<std::int64_t>();
    case 4:
        return *rc::gen::element(std::numeric_limits<std::uint64_t>::max(), std::uint64_t{1} << 63,
                                 std::uint64_t{1} << 32);
    case 5:
        return *rc::gen::element(1e308, -1e308, 0.5, -0.0, 3.0, 1e-320, -1.0,
                                 std::numeric_limits<double>::infinity(),
                                 std::numeric_limits<double>::quiet_NaN());
    case 6:
        return *rc::gen::element(std::string(), std::string("float32"), std::string("uint8"),
                                 std::string("float128"), std::string("TPose"),
                                 std::string("Left.Hand"), std::string("A\tB"),
                                 std::string("\xff\xfe broken UTF-8"), std::string(300, 'x'),
                                 std::string("Upper"), std::string("HYPERRIG_skeleton_bind_poses"));
    case 7: {
        OrderedJson numbers = OrderedJson::array();
        const int count = *rc::gen::element(0, 1, 2, 3, 4, 7, 8, 9, 16, 17);
        for (int i = 0; i < count; ++i)
            numbers.push_back(*rc::gen::inRange(-2, 20));
        return numbers;
    }
    case 8:
        return *rc::gen::arbitrary<double>();
    case 9: {
        OrderedJson values = OrderedJson::array();
        const int count = *rc::gen::inRange(0, 4);
        for (int i = 0; i < count; ++i)
            values.push_back(randomValue(depth - 1));
        return values;
    }
    default: {
        OrderedJson object = OrderedJson::object();
        const int count = *rc::gen::inRange(0, 4);
        for (int i = 0; i < count; ++i)
            object[*rc::gen::elementOf(interestingKeys())] = randomValue(depth - 1);
        return object;
    }
    }
}

// The pointers of every value in `json` (the root is "").
std::vector<std::string> allPointers(const OrderedJson& json) {
    std::vector<std::string> pointers;
    std::vector<std::pair<const OrderedJson*, std::string>> stack{{&json, ""}};
    while (!stack.empty()) {
        auto [value, pointer] = stack.back();
        stack.pop_back();
        pointers.push_back(pointer);
        if (value->is_array())
            for (std::size_t i = 0; i < value->size(); ++i)
                stack.emplace_back(&(*value)[i], hyperrig::core::appendPointer(pointer, i));
        else if (value->is_object())
            for (const auto& [key, child] : value->items())
                stack.emplace_back(&child, hyperrig::core::appendPointer(pointer, key));
    }
    return pointers;
}

// Validates and checks what must hold for any input: no internal failure, every rule id known,
// every pointer (but those of loaded buffers) naming a place that exists in the JSON.
void requireSound(const G4mfFile& file) {
    const Diagnostics diagnostics = validateG4mf(file);
    for (const auto& diagnostic : diagnostics) {
        if (diagnostic.rule == "validator.internal")
            RC_FAIL("the validator failed internally: " + diagnostic.message);
        RC_ASSERT(findRule(diagnostic.rule) != nullptr);
        // What the loader found (unavailable buffers, references outside the folder) was found
        // in the JSON before it was mutated: those pointers may name places the mutation removed.
        // The buffer rules report what the loader recorded per buffer, in the same way.
        if (std::find(file.loadDiagnostics.begin(), file.loadDiagnostics.end(), diagnostic) !=
                file.loadDiagnostics.end() ||
            diagnostic.rule == "buffer.unavailable" ||
            diagnostic.rule == "buffer.uri.outside-folder")
            continue;
        if (!file.json.contains(OrderedJson::json_pointer(diagnostic.pointer)))
            RC_FAIL(diagnostic.rule + " points at " + diagnostic.pointer +
                    ", which the file does not have: " + diagnostic.message);
    }
}

void mutate(OrderedJson& json) {
    const std::vector<std::string> pointers = allPointers(json);
    const std::string pointer = *rc::gen::elementOf(pointers);
    OrderedJson& target = json[OrderedJson::json_pointer(pointer)];
    switch (*rc::gen::inRange(0, 4)) {
    case 0: // replace
        if (!pointer.empty())
            target = randomValue(2);
        break;
    case 1: // add a key the validator reads
        if (target.is_object())
            target[*rc::gen::elementOf(interestingKeys())] = randomValue(2);
        break;
    case 2: // remove
        if (target.is_object() && !target.empty())
            target.erase(target.begin());
        else if (target.is_array() && !target.empty())
            target.erase(target.size() - 1);
        break;
    default: // append
        if (target.is_array())
            target.push_back(randomValue(2));
        break;
    }
}

} // namespace

TEST_CASE("random values in random places never break the validator", "[validate][property]") {
    REQUIRE(baseFiles().size() > 90);
    rc::prop("mutated fixtures validate soundly", [] {
        G4mfFile file = *rc::gen::elementOf(baseFiles());
        const int mutations = *rc::gen::inRange(1, 6);
        for (int i = 0; i < mutations; ++i)
            mutate(file.json);
        requireSound(file);
    });
}

TEST_CASE("every value of a rich document replaced by every awkward value validates soundly",
          "[validate][robustness]") {
    const auto& files = baseFiles();
    const auto rich = std::find_if(files.begin(), files.end(), [](const G4mfFile& file) {
        return file.path.filename() == "valid-merged-joints.g4tf";
    });
    REQUIRE(rich != files.end());
    const std::vector<OrderedJson> awkward = {
        nullptr,
        true,
        -1,
        0,
        1.5,
        std::numeric_limits<double>::infinity(),
        "Left.Hand",
        std::numeric_limits<std::uint64_t>::max(),
        OrderedJson::array(),
        OrderedJson::object(),
        OrderedJson::array({-1, 1e300, "x"}),
        OrderedJson::array({OrderedJson::array({OrderedJson::array()})}),
        // Not UTF-8: parsed text cannot hold it, JSON edited in memory can; nothing may dump it
        // with a throwing serializer (it stopped the validator once).
        std::string("\xff\xfe broken UTF-8"),
    };
    std::size_t runs = 0;
    for (const std::string& pointer : allPointers(rich->json)) {
        if (pointer.empty())
            continue;
        for (const OrderedJson& value : awkward) {
            G4mfFile file = *rich;
            file.json[OrderedJson::json_pointer(pointer)] = value;
            const Diagnostics diagnostics = validateG4mf(file);
            INFO(pointer << " = " << hyperrig::core::model::jsonText(value));
            for (const auto& diagnostic : diagnostics) {
                REQUIRE(diagnostic.rule != "validator.internal");
                if (diagnostic.rule != "buffer.unavailable")
                    REQUIRE(file.json.contains(OrderedJson::json_pointer(diagnostic.pointer)));
            }
            ++runs;
        }
    }
    CHECK(runs > 1000);
}

TEST_CASE("a document that is not an object is reported, not crashed on", "[validate]") {
    for (const OrderedJson& root :
         {OrderedJson(nullptr), OrderedJson(5), OrderedJson::array({1, 2})}) {
        G4mfFile file;
        file.json = root;
        const Diagnostics diagnostics = validateG4mf(file);
        REQUIRE(diagnostics.size() == 1);
        CHECK(diagnostics[0].rule == "document.schema");
        CHECK(diagnostics[0].pointer.empty());
    }
}

TEST_CASE("validator walks are iterative, so deep nesting built in memory is safe", "[validate]") {
    // The loader refuses nesting beyond 256 levels, but a document built in memory has no such
    // limit. Built by moving, never copying: nlohmann's copy constructor recurses.
    const auto nested = [] {
        OrderedJson deep = OrderedJson::array();
        for (int i = 0; i < 5000; ++i) {
            OrderedJson outer = OrderedJson::array();
            outer.push_back(std::move(deep));
            deep = std::move(outer);
        }
        return deep;
    };
    G4mfFile file;
    file.json["asset"]["dimension"] = 4;
    file.json["asset"]["extensionsUsed"].push_back("VENDOR_deep");
    // Every key exists before a deep value moves in: inserting a key into an ordered_map grows a
    // vector of pair<const string, json>, whose elements are copied, not moved.
    file.json["extras"] = nullptr;
    file.json["extensions"]["VENDOR_deep"] = nullptr;
    file.json["extras"] = nested();
    file.json["extensions"]["VENDOR_deep"] = nested();
    CHECK(validateG4mf(file).empty());
}
