#include "tests/core/io/g4mf/G4mfTestSupport.h"
#include "tests/support/ProcessRunner.h"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <iterator>

using namespace hyperrig;
using core::io::G4mfContainer;
using core::io::G4mfSchema;
using core::model::firstDifference;

TEST_CASE("every sample and fixture round-trips losslessly", "[io][g4mf][roundtrip]") {
    const auto files = test::roundTripFiles();
    REQUIRE(files.size() >= 5);
    for (const auto& path : files) {
        INFO(path.filename().string());
        auto original = core::io::readG4mf(path);
        REQUIRE(original.ok());
        const auto& document = original->document;

        SECTION("load, save, load gives an equal document") {
            auto again = test::saveAndReload(document, G4mfContainer::Text);
            CHECK(firstDifference(document, again.document) == std::nullopt);
        }
        SECTION(".g4tf to .g4b (plain and zstd) and back is equal") {
            for (bool zstd : {false, true}) {
                core::io::WriteOptions options;
                options.zstd = zstd;
                auto binary = test::saveAndReload(document, G4mfContainer::Binary, options);
                CHECK(binary.container == G4mfContainer::Binary);
                auto text = test::saveAndReload(binary.document, G4mfContainer::Text);
                CHECK(firstDifference(document, text.document) == std::nullopt);
            }
        }
        SECTION("classic to current to classic is equal") {
            core::io::WriteOptions current;
            current.schema = G4mfSchema::Current;
            auto newest = test::saveAndReload(document, G4mfContainer::Text, current);
            auto classic = test::saveAndReload(newest.document, G4mfContainer::Text);
            CHECK(firstDifference(document, classic.document) == std::nullopt);
        }
        SECTION("a second save is byte-identical to the first") {
            auto first = core::io::encodeG4mf(document, G4mfContainer::Text, {});
            REQUIRE(first.ok());
            auto reread = test::saveAndReload(document, G4mfContainer::Text);
            auto second = core::io::encodeG4mf(reread.document, G4mfContainer::Text, {});
            REQUIRE(second.ok());
            CHECK(first->file == second->file);
        }
    }
}

TEST_CASE("saving keeps what HyperRig does not interpret, in place", "[io][g4mf][fidelity]") {
    auto read = core::io::readG4mf(test::sourcePath("tests/fixtures/g4mf/everything-classic.g4tf"));
    REQUIRE(read.ok());
    auto encoded = core::io::encodeG4mf(read->document, G4mfContainer::Text, {});
    REQUIRE(encoded.ok());
    const std::string text(reinterpret_cast<const char*>(encoded->file.data()),
                           encoded->file.size());
    const auto json = core::model::OrderedJson::parse(text);

    SECTION("an accessor only an uninterpreted binding uses keeps its index and JSON") {
        CHECK(json["accessors"][0]["name"] == "CellNormals");
        CHECK(json["meshes"][0]["surfaces"][0]["normals"]["cell"] == 0);
    }
    SECTION("accessors the document owns keep their indices and their own properties") {
        CHECK(json["meshes"][0]["vertices"] == 1);
        CHECK(json["accessors"][1]["comment"] == "five corners");
        CHECK(json["meshes"][0]["skin"]["weights"] == 5);
        CHECK(json["accessors"][5]["extras"]["note"] == "weights");
    }
    SECTION("unknown members, extensions and extras stay, in order") {
        CHECK(json["VENDOR_topLevel"]["keep"] == "me");
        CHECK(json["materials"].size() == 4);
        CHECK(json["asset"]["extras"]["x"] == core::model::OrderedJson::array({1, 2}));
        CHECK(json["nodes"][0]["extras"]["author"] == "fixture");
        CHECK(json["nodes"][3]["customKey"] == core::model::OrderedJson::array({3, 2, 1}));
        CHECK(json["nodes"][1]["skeleton"]["extensions"]["VENDOR_skeleton_thing"]["x"] == 1);
        CHECK(json["nodes"][2]["bone"]["extras"]["k"] == "v");
        CHECK(json["meshes"][0]["surfaces"][0]["material"] == 3);
        CHECK(json["nodes"][6]["camera"]["fov"] == 1.2);
        std::vector<std::string> keys;
        for (auto it = json.begin(); it != json.end(); ++it)
            keys.push_back(it.key());
        const auto at = [&](const char* key) {
            return std::find(keys.begin(), keys.end(), key) - keys.begin();
        };
        CHECK(at("materials") < at("VENDOR_topLevel"));
        CHECK(at("VENDOR_topLevel") < at("accessors"));
    }
    SECTION("the model file only models[] refers to keeps its bytes") {
        auto again = test::saveAndReload(read->document, G4mfContainer::Text);
        const auto& model = std::get<core::model::ModelComponent>(
            again.document.node(again.document.nodes.order()[5]).component);
        CHECK(model.file["mimeType"] == "model/off");
        // Two views are preserved: the model file's, and the one behind the CellNormals
        // accessor.
        const auto& views = again.document.preserved.bufferViews;
        REQUIRE(views.size() == 2);
        const auto isModelFile = [](const core::model::PreservedBufferView& view) {
            return std::string(reinterpret_cast<const char*>(view.bytes.data()),
                               view.bytes.size()) == "OFF\n0 0 0\n";
        };
        CHECK(std::count_if(views.begin(), views.end(), isModelFile) == 1);
    }
    SECTION("numbers that are integers are written as integers") {
        CHECK(text.find("\"position\": [0, 0.5, 0, 0]") != std::string::npos);
    }
}

TEST_CASE("the revision of node properties is detected and chosen on save", "[io][g4mf]") {
    auto classic =
        core::io::readG4mf(test::sourcePath("tests/fixtures/g4mf/everything-classic.g4tf"));
    auto current =
        core::io::readG4mf(test::sourcePath("tests/fixtures/g4mf/everything-current.g4tf"));
    REQUIRE(classic.ok());
    REQUIRE(current.ok());
    CHECK(classic->schema == G4mfSchema::Classic);
    CHECK(current->schema == G4mfSchema::Current);

    SECTION("both revisions give the same components") {
        for (std::size_t i : {4u, 7u}) {
            const auto& a = classic->document.node(classic->document.nodes.order()[i]);
            const auto& b = current->document.node(current->document.nodes.order()[i]);
            CHECK(a.component.index() == b.component.index());
        }
    }
    SECTION("current writes meshInstance, light objects and modelInstance") {
        core::io::WriteOptions options;
        options.schema = G4mfSchema::Current;
        auto encoded = core::io::encodeG4mf(classic->document, G4mfContainer::Text, options);
        REQUIRE(encoded.ok());
        const auto json = core::model::OrderedJson::parse(
            std::string(reinterpret_cast<const char*>(encoded->file.data()), encoded->file.size()));
        CHECK(json["nodes"][7]["meshInstance"]["mesh"] == 0);
        CHECK(json["nodes"][4]["light"]["intensity"] == 500);
        CHECK(json["nodes"][5]["modelInstance"]["file"] == 0);
        CHECK_FALSE(json["nodes"][7].contains("mesh"));
    }
    SECTION("classic cannot hold instance overrides and says so") {
        auto encoded = core::io::encodeG4mf(current->document, G4mfContainer::Text, {});
        REQUIRE(encoded.ok());
        REQUIRE(encoded->warnings.size() == 1);
        CHECK_THAT(encoded->warnings[0], Catch::Contains("'Prop'"));
    }
}

TEST_CASE("saving to disk is atomic and honours the options", "[io][g4mf][save]") {
    auto read = core::io::readG4mf(test::sourcePath("assets/samples/tiny-4d-mesh.g4tf"));
    REQUIRE(read.ok());
    test::TemporaryFolder folder;

    SECTION("--external-bin writes the data beside the file and reads back equal") {
        core::io::WriteOptions options;
        options.externalBin = true;
        REQUIRE(core::io::writeG4mf(read->document, folder / "tiny.g4tf", options).ok());
        CHECK(std::filesystem::exists(folder / "tiny.bin"));
        auto again = core::io::readG4mf(folder / "tiny.g4tf");
        REQUIRE(again.ok());
        CHECK(firstDifference(read->document, again->document) == std::nullopt);
        // The read reports the layout, so the editor's Save keeps it.
        CHECK(again->externalBin);
        CHECK_FALSE(again->zstd);
        CHECK_FALSE(read->externalBin); // the sample embeds its data
    }
    SECTION("an external .bin and its file change together or not at all") {
        // The .bin used to be replaced first and alone: when the file then could not be, the
        // old file was left reading the new .bin by its old offsets.
        core::io::WriteOptions options;
        options.externalBin = true;
        const auto file = folder / "pair.g4tf";
        const auto bin = folder / "pair.bin";
        std::ofstream(bin) << "the old pair's data";
        const auto contents = [](const std::filesystem::path& path) {
            std::ifstream stream(path, std::ios::binary);
            return std::string(std::istreambuf_iterator<char>(stream), {});
        };
        const auto listing = [&] {
            std::vector<std::string> names;
            for (const auto& entry : std::filesystem::directory_iterator(folder.path()))
                names.push_back(entry.path().filename().string());
            std::sort(names.begin(), names.end());
            return names;
        };
        SECTION("the file cannot be replaced: the old .bin stays") {
            std::filesystem::create_directories(file / "in-the-way"); // a folder by that name
            const auto before = listing();
            auto written = core::io::writeG4mf(read->document, file, options);
            REQUIRE_FALSE(written.ok());
            CHECK_THAT(written.error().message(), Catch::Contains("pair.g4tf"));
            CHECK(contents(bin) == "the old pair's data");
            CHECK(listing() == before); // no temporary or kept copy left behind
        }
        SECTION("cancelled: neither file changes") {
            const std::atomic<bool> cancelled{true};
            auto encoded = core::io::encodeG4mfForPath(read->document, file, options);
            REQUIRE(encoded.ok());
            const auto before = listing();
            auto written = core::io::writeEncodedG4mf(*encoded, file, &cancelled);
            REQUIRE_FALSE(written.ok());
            CHECK(contents(bin) == "the old pair's data");
            CHECK(listing() == before);
        }
        SECTION("both replaced, no kept copy left") {
            REQUIRE(core::io::writeG4mf(read->document, file, options).ok());
            CHECK(contents(bin) != "the old pair's data");
            auto again = core::io::readG4mf(file);
            REQUIRE(again.ok());
            CHECK(firstDifference(read->document, again->document) == std::nullopt);
            CHECK(listing() == std::vector<std::string>{"pair.bin", "pair.g4tf"});
        }
    }
    SECTION("a Zstd .g4b reads back as compressed, a plain one as not") {
        for (const bool zstd : {false, true}) {
            core::io::WriteOptions options;
            options.zstd = zstd;
            REQUIRE(core::io::writeG4mf(read->document, folder / "tiny.g4b", options).ok());
            auto again = core::io::readG4mf(folder / "tiny.g4b");
            REQUIRE(again.ok());
            CHECK(again->zstd == zstd);
            CHECK_FALSE(again->externalBin);
        }
    }
    SECTION("a refused save leaves an existing file untouched") {
        const auto target = folder / "keep.g4tf";
        std::ofstream(target) << "original";
        core::io::WriteOptions options;
        options.zstd = true; // not for text files
        auto written = core::io::writeG4mf(read->document, target, options);
        REQUIRE_FALSE(written.ok());
        CHECK_THAT(written.error().message(), Catch::Contains("--zstd applies to .g4b"));
        std::ifstream stream(target);
        std::string content;
        stream >> content;
        CHECK(content == "original");
    }
    SECTION("an unknown extension is refused before anything is written") {
        auto written = core::io::writeG4mf(read->document, folder / "tiny.obj");
        REQUIRE_FALSE(written.ok());
        CHECK_THAT(written.error().message(), Catch::Contains(".g4tf (text) or .g4b"));
        CHECK_FALSE(std::filesystem::exists(folder / "tiny.obj"));
    }
}
