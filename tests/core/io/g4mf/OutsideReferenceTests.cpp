#include "core/validate/Validator.h"
#include "tests/core/io/g4mf/G4mfTestSupport.h"
#include "tests/support/ProcessRunner.h"

#include <fstream>

using namespace hyperrig;
using core::io::kOutsideReferenceError;

namespace {

void writeText(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream stream(path, std::ios::binary);
    stream << text;
    REQUIRE(stream);
}

// A tree with a document folder and data inside and outside it:
//   doc/rig.g4tf, doc/in.bin, doc/sub/in.bin, doc/link.bin -> ../secret.bin,
//   doc/linkdir -> ../sibling, doc/alias.bin -> sub/in.bin, secret.bin, sibling/data.bin,
//   docLink -> doc
struct Tree {
    test::TemporaryFolder root;
    std::filesystem::path doc = root / "doc";

    Tree() {
        writeText(doc / "in.bin", "INSIDE..");
        writeText(doc / "sub/in.bin", "SUBFILE.");
        writeText(root / "secret.bin", "SECRET!!");
        writeText(root / "sibling/data.bin", "SIBLING.");
        std::filesystem::create_symlink("../secret.bin", doc / "link.bin");
        std::filesystem::create_directory_symlink("../sibling", doc / "linkdir");
        std::filesystem::create_symlink("sub/in.bin", doc / "alias.bin");
        std::filesystem::create_directory_symlink("doc", root / "docLink");
    }

    // rig.g4tf naming `uri` as buffer 1, whose bytes a buffer view keeps (nothing HyperRig
    // interprets uses it, as in the issue's /etc/passwd leak).
    std::filesystem::path document(const std::string& uri) const {
        core::model::OrderedJson json = core::model::OrderedJson::parse(R"({
            "asset": {"dimension": 4},
            "buffers": [{"byteLength": 0, "uri": "data:application/octet-stream;base64,"},
                        {"byteLength": 8}],
            "bufferViews": [{"buffer": 1, "byteLength": 8}]})");
        json["buffers"][1]["uri"] = uri;
        writeText(doc / "rig.g4tf", json.dump());
        return doc / "rig.g4tf";
    }
};

std::string keptBytes(const core::io::ReadDocument& read) {
    REQUIRE(read.document.preserved.bufferViews.size() == 1);
    const auto& bytes = read.document.preserved.bufferViews[0].bytes;
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

} // namespace

TEST_CASE("buffers that lead outside the document's folder are refused unless allowed",
          "[io][g4mf]") {
    Tree tree;
    const auto secret = std::filesystem::canonical(tree.root / "secret.bin");
    const auto sibling = std::filesystem::canonical(tree.root / "sibling/data.bin");

    const std::vector<std::pair<std::string, std::filesystem::path>> refused{
        {"../secret.bin", secret},
        {"sub/../../secret.bin", secret},
        {"../doc/../secret.bin", secret},
        {"../sibling/data.bin", sibling},
        {"link.bin", secret},
        {"linkdir/data.bin", sibling},
        {"../../../../../../../../../.." + secret.string(), secret}};
    // Sections are named by position: the last uri holds the temporary folder's name, which
    // changes on every run of the test case, and Catch would then never run out of sections.
    for (std::size_t i = 0; i < refused.size(); ++i) {
        const auto& [uri, target] = refused[i];
        DYNAMIC_SECTION("refused #" << i) {
            INFO(uri);
            const auto path = tree.document(uri);
            auto read = core::io::readG4mf(path);
            REQUIRE_FALSE(read.ok());
            CHECK(read.error().code() == kOutsideReferenceError);
            CHECK_THAT(read.error().message(), Catch::Contains("/buffers/1/uri: uri '" + uri +
                                                               "' reads " + target.string()));
            CHECK_THAT(read.error().message(), Catch::Contains("outside the folder"));

            // What the editor asks about before reading again.
            auto file = core::io::loadG4mfFile(path);
            REQUIRE(file.ok());
            REQUIRE(file->outsideReferences.size() == 1);
            const auto& reference = file->outsideReferences[0];
            CHECK(reference.buffer == 1);
            CHECK(reference.pointer == "/buffers/1/uri");
            CHECK(reference.uri == uri);
            CHECK(reference.resolved == target);
            CHECK(reference.refused);
            CHECK(file->firstRefusedReference() == &reference);
            CHECK(file->buffers[1].bytes.empty()); // never read

            // The validator reports it under its own rule, not as an unavailable buffer.
            const auto diagnostics = core::validate::validateG4mf(*file);
            CHECK(std::any_of(diagnostics.begin(), diagnostics.end(), [](const auto& d) {
                return d.rule == kOutsideReferenceError && d.pointer == "/buffers/1/uri" &&
                       d.severity == core::Diagnostic::Severity::Error;
            }));
            CHECK(std::none_of(diagnostics.begin(), diagnostics.end(),
                               [](const auto& d) { return d.rule == "buffer.unavailable"; }));

            // Allowed, the data loads, and the loader notes where it came from.
            core::io::ReadOptions options;
            options.allowOutsideReferences = true;
            auto allowed = core::io::readG4mf(path, options);
            REQUIRE(allowed.ok());
            CHECK(keptBytes(*allowed) == (target == secret ? "SECRET!!" : "SIBLING."));
            CHECK(std::any_of(allowed->diagnostics.begin(), allowed->diagnostics.end(),
                              [](const auto& d) {
                                  return d.rule == "buffer.uri.outside-folder-allowed" &&
                                         d.pointer == "/buffers/1/uri";
                              }));
            auto allowedFile = core::io::loadG4mfFile(path, options);
            REQUIRE(allowedFile.ok());
            REQUIRE(allowedFile->outsideReferences.size() == 1);
            CHECK_FALSE(allowedFile->outsideReferences[0].refused);
            CHECK(allowedFile->firstRefusedReference() == nullptr);
        }
    }

    for (const auto& [uri, content] :
         {std::pair{"in.bin", "INSIDE.."}, std::pair{"./in.bin", "INSIDE.."},
          std::pair{"sub/in.bin", "SUBFILE."}, std::pair{"sub/../in.bin", "INSIDE.."},
          std::pair{"./sub/./in.bin", "SUBFILE."}, std::pair{"../doc/in.bin", "INSIDE.."},
          std::pair{"alias.bin", "SUBFILE."}}) {
        DYNAMIC_SECTION("accepted: " << uri) {
            auto read = core::io::readG4mf(tree.document(uri));
            INFO((read.ok() ? std::string() : read.error().message()));
            REQUIRE(read.ok());
            CHECK(keptBytes(*read) == content);
            auto file = core::io::loadG4mfFile(tree.doc / "rig.g4tf");
            REQUIRE(file.ok());
            CHECK(file->outsideReferences.empty());
        }
    }

    SECTION("a document reached through a symlinked folder reads its own data") {
        tree.document("in.bin");
        auto read = core::io::readG4mf(tree.root / "docLink/rig.g4tf");
        REQUIRE(read.ok());
        CHECK(keptBytes(*read) == "INSIDE..");
    }

    SECTION("a missing file outside is refused as outside, not looked for") {
        auto read = core::io::readG4mf(tree.document("../nowhere/missing.bin"));
        REQUIRE_FALSE(read.ok());
        CHECK(read.error().code() == kOutsideReferenceError);
    }

    SECTION("an outside buffer nothing uses still refuses the whole document") {
        core::model::OrderedJson json = core::model::OrderedJson::parse(
            R"({"asset": {"dimension": 4}, "buffers": [{"byteLength": 8, "uri": "../secret.bin"}]})");
        writeText(tree.doc / "unused.g4tf", json.dump());
        auto read = core::io::readG4mf(tree.doc / "unused.g4tf");
        REQUIRE_FALSE(read.ok());
        CHECK(read.error().code() == kOutsideReferenceError);
        CHECK_THAT(read.error().message(), Catch::Contains("unused.g4tf: /buffers/0/uri: "));
    }

    SECTION("bytes parsed in memory stay inside the folder they are given") {
        const std::string text =
            R"({"asset": {"dimension": 4}, "buffers": [{"byteLength": 8, "uri": "../secret.bin"}]})";
        auto file = core::io::parseG4mfBytes(test::bytesOf(text), tree.doc);
        REQUIRE(file.ok());
        REQUIRE(file->outsideReferences.size() == 1);
        CHECK(file->outsideReferences[0].resolved == secret);
        auto inside = core::io::parseG4mfBytes(test::bytesOf(text), tree.root / "sibling");
        REQUIRE(inside.ok());
        CHECK(inside->outsideReferences.size() == 1); // ../secret.bin from sibling/ is outside too
        auto atRoot = core::io::parseG4mfBytes(test::bytesOf(R"({"asset": {"dimension": 4},
                "buffers": [{"byteLength": 8, "uri": "secret.bin"}]})"),
                                               tree.root.path());
        REQUIRE(atRoot.ok());
        CHECK(atRoot->outsideReferences.empty());
        CHECK(atRoot->buffers[0].available());
    }
}
