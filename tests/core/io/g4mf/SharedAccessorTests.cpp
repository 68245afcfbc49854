#include "core/edit/History.h"
#include "core/edit/commands/DataCommands.h"
#include "core/edit/commands/MeshDataCommands.h"
#include "tests/core/edit/DataTestSupport.h"
#include "tests/core/io/g4mf/G4mfTestSupport.h"

#include <array>
#include <chrono>
#include <fstream>
#include <sstream>

using namespace hyperrig;
using core::io::G4mfContainer;
using core::io::G4mfSchema;
using core::model::OrderedJson;
using hyperrig::test::meshNamed;

// tests/fixtures/g4mf/shared-accessors.g4tf: meshes BodyMesh and ShellMesh both use accessors
// 0 (vertices), 1 (simplexes), 2, 3, 4 (skin vertices, groups, weights); nothing else is stored.
namespace {

constexpr const char* kFixture = "tests/fixtures/g4mf/shared-accessors.g4tf";

struct SaveKind {
    G4mfContainer container;
    G4mfSchema schema;
};
constexpr std::array<SaveKind, 4> kSaveKinds{{{G4mfContainer::Text, G4mfSchema::Classic},
                                              {G4mfContainer::Text, G4mfSchema::Current},
                                              {G4mfContainer::Binary, G4mfSchema::Classic},
                                              {G4mfContainer::Binary, G4mfSchema::Current}}};

std::string describe(const SaveKind& kind) {
    return std::string(kind.container == G4mfContainer::Text ? ".g4tf" : ".g4b") +
           (kind.schema == G4mfSchema::Classic ? " classic" : " current");
}

core::model::Document readFixture() {
    auto read = core::io::readG4mf(test::sourcePath(kFixture));
    REQUIRE(read.ok());
    return std::move(read->document);
}

// The accessor indices a mesh's JSON names, in a fixed order: vertices, simplexes, skin
// vertices, groups, weights.
std::array<std::size_t, 5> accessorsOf(const OrderedJson& mesh) {
    return {mesh["vertices"].get<std::size_t>(),
            mesh["surfaces"][0]["simplexes"].get<std::size_t>(),
            mesh["skin"]["vertices"].get<std::size_t>(), mesh["skin"]["groups"].get<std::size_t>(),
            mesh["skin"]["weights"].get<std::size_t>()};
}

// A save as the file a reader sees: its JSON and, read back, its document.
struct Saved {
    core::io::G4mfFile file;
    core::model::Document document;
};

Saved save(const core::model::Document& document, const SaveKind& kind) {
    core::io::WriteOptions options;
    options.schema = kind.schema;
    auto encoded = core::io::encodeG4mf(document, kind.container, options);
    REQUIRE(encoded.ok());
    auto file = core::io::parseG4mfBytes(encoded->file, ".");
    REQUIRE(file.ok());
    auto read = core::io::readDocument(*file);
    REQUIRE(read.ok());
    return {std::move(*file), std::move(read->document)};
}

// Every save kind keeps the five accessors, numbered as in the source, shared by both meshes,
// and reads back as the document that was saved.
void requireAllShared(const core::model::Document& document) {
    for (const SaveKind& kind : kSaveKinds) {
        INFO(describe(kind));
        const Saved saved = save(document, kind);
        CHECK(saved.file.json["accessors"].size() == 5);
        CHECK(saved.file.json["bufferViews"].size() == 5);
        CHECK(accessorsOf(saved.file.json["meshes"][0]) ==
              std::array<std::size_t, 5>{0, 1, 2, 3, 4});
        CHECK(accessorsOf(saved.file.json["meshes"][1]) ==
              std::array<std::size_t, 5>{0, 1, 2, 3, 4});
        CHECK(core::model::firstDifference(document, saved.document) == std::nullopt);
    }
}

} // namespace

TEST_CASE("accessors several meshes share stay shared on save", "[io][g4mf][shared]") {
    const core::model::Document document = readFixture();

    SECTION("both containers and both schemas write each shared accessor once") {
        requireAllShared(document);
    }
    SECTION("a second save of the reread file is byte-identical") {
        for (const SaveKind& kind : kSaveKinds) {
            INFO(describe(kind));
            core::io::WriteOptions options;
            options.schema = kind.schema;
            auto first = core::io::encodeG4mf(document, kind.container, options);
            REQUIRE(first.ok());
            auto second =
                core::io::encodeG4mf(save(document, kind).document, kind.container, options);
            REQUIRE(second.ok());
            CHECK(first->file == second->file);
        }
    }
    SECTION("equal data from separate accessors keeps its own accessors") {
        // The same file with ShellMesh given copies of the five accessors (same views): the
        // copies are equal, but the author did not share them, so a save does not either.
        std::ifstream in(test::sourcePath(kFixture));
        std::stringstream text;
        text << in.rdbuf();
        OrderedJson json = OrderedJson::parse(text.str());
        for (std::size_t i = 0; i < 5; ++i)
            json["accessors"].push_back(json["accessors"][i]);
        OrderedJson& shell = json["meshes"][1];
        shell["vertices"] = 5;
        shell["surfaces"][0]["simplexes"] = 6;
        shell["skin"]["vertices"] = 7;
        shell["skin"]["groups"] = 8;
        shell["skin"]["weights"] = 9;
        auto unshared = test::readText(json.dump());
        REQUIRE(unshared.ok());
        for (const SaveKind& kind : kSaveKinds) {
            INFO(describe(kind));
            const Saved saved = save(unshared->document, kind);
            CHECK(saved.file.json["accessors"].size() == 10);
            CHECK(accessorsOf(saved.file.json["meshes"][0]) ==
                  std::array<std::size_t, 5>{0, 1, 2, 3, 4});
            CHECK(accessorsOf(saved.file.json["meshes"][1]) ==
                  std::array<std::size_t, 5>{5, 6, 7, 8, 9});
        }
    }
}

TEST_CASE("an edit of one sharing mesh gives only that mesh new data", "[io][g4mf][shared]") {
    core::model::Document document = readFixture();
    const core::model::Document pristine = readFixture();
    std::chrono::steady_clock::time_point now{};
    core::edit::History history(document, [&now] { return now += std::chrono::seconds(10); });

    // Either mesh: the edited one may come first in the file or second, and the unedited one
    // keeps the original accessor either way.
    for (const char* edited : {"BodyMesh", "ShellMesh"}) {
        const char* other = std::string(edited) == "BodyMesh" ? "ShellMesh" : "BodyMesh";
        const std::size_t editedIndex = std::string(edited) == "BodyMesh" ? 0 : 1;
        const std::size_t otherIndex = 1 - editedIndex;
        const core::model::MeshId id = meshNamed(document, edited);
        DYNAMIC_SECTION("moving the vertices of " << edited) {
            const core::model::Mesh& mesh = document.mesh(id);
            core::edit::MeshData moved{mesh.vertices, mesh.surfaces, mesh.skin, mesh.extra};
            for (double& value : moved.vertices.values)
                value += 0.5;
            REQUIRE(history.execute(core::edit::replaceMeshData(id, moved)).ok());
            for (const SaveKind& kind : kSaveKinds) {
                INFO(describe(kind));
                const Saved saved = save(document, kind);
                const OrderedJson& json = saved.file.json;
                CHECK(json["accessors"].size() == 6);
                CHECK(accessorsOf(json["meshes"][otherIndex]) ==
                      std::array<std::size_t, 5>{0, 1, 2, 3, 4});
                CHECK(accessorsOf(json["meshes"][editedIndex]) ==
                      std::array<std::size_t, 5>{5, 1, 2, 3, 4});
                CHECK(saved.document.mesh(meshNamed(saved.document, other)).vertices ==
                      pristine.mesh(meshNamed(pristine, other)).vertices);
                CHECK(saved.document.mesh(meshNamed(saved.document, edited)).vertices ==
                      moved.vertices);
                CHECK(core::model::firstDifference(document, saved.document) == std::nullopt);
            }
            SECTION("undo makes them shared again") {
                history.undo();
                requireAllShared(document);
            }
        }
        DYNAMIC_SECTION("renumbering the skin groups of " << edited) {
            REQUIRE(history.execute(core::edit::renumberGroups(id, {1, 0})).ok());
            for (const SaveKind& kind : kSaveKinds) {
                INFO(describe(kind));
                const Saved saved = save(document, kind);
                const OrderedJson& json = saved.file.json;
                CHECK(json["accessors"].size() == 6);
                CHECK(accessorsOf(json["meshes"][otherIndex]) ==
                      std::array<std::size_t, 5>{0, 1, 2, 3, 4});
                CHECK(accessorsOf(json["meshes"][editedIndex]) ==
                      std::array<std::size_t, 5>{0, 1, 2, 5, 4});
                CHECK(saved.document.mesh(meshNamed(saved.document, other)).skin ==
                      pristine.mesh(meshNamed(pristine, other)).skin);
                CHECK(core::model::firstDifference(document, saved.document) == std::nullopt);
            }
            SECTION("undo makes them shared again") {
                history.undo();
                requireAllShared(document);
            }
        }
    }
}
