#include "core/io/Base64.h"
#include "render/preview/PreviewDocument.h"
#include "tests/core/io/usd/UsdTestSupport.h"
#include "tests/support/ProcessRunner.h"
#include "tests/support/TextFiles.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using namespace hyperrig;
using namespace hyperrig::render;

namespace {

std::filesystem::path gltfFixture(const std::string& name) {
    return std::filesystem::path(HYPERRIG_SOURCE_DIR) / "tests" / "fixtures" / "gltf" / name;
}

} // namespace

TEST_CASE("the previewer opens UsdSkel and glTF files by their extension", "[preview][usd][gltf]") {
    SECTION("OpenUSD's skinnedArm: three joints on one skeleton, its animation listed") {
        auto loaded = preview::loadPreviewDocument(test::usdData("skinnedArm.usda"));
        INFO((loaded ? "" : loaded.error().message()));
        REQUIRE(loaded);
        const preview::PreviewDocument& shown = **loaded;
        CHECK(shown.document.dimension() == 3);
        CHECK(shown.summary.skeletons == 1);
        CHECK(shown.summary.bones == 3);
        CHECK(shown.animationNames == std::vector<std::string>{"Anim"});
    }
    SECTION("Khronos' SimpleSkin: two joints, ten vertices") {
        auto loaded = preview::loadPreviewDocument(gltfFixture("khronos/SimpleSkin.gltf"));
        INFO((loaded ? "" : loaded.error().message()));
        REQUIRE(loaded);
        CHECK((*loaded)->document.dimension() == 3);
        CHECK((*loaded)->summary.bones == 2);
        CHECK((*loaded)->summary.vertices == 10);
        CHECK((*loaded)->warnings.empty());
    }
    SECTION("a broken .usda fails with the file, line and column, as the CLI says it") {
        const test::TemporaryFolder folder;
        const auto path = folder / "broken.usda";
        REQUIRE(
            test::writeTextFile(path, "#usda 1.0\ndef Xform \"A\" {\n    float3 x = (1, 2\n}\n"));
        auto loaded = preview::loadPreviewDocument(path);
        REQUIRE_FALSE(loaded);
        CHECK_THAT(loaded.error().message(),
                   Catch::Contains("broken.usda:4:1: expected ',' or ')'"));
    }
}

TEST_CASE("an imported file's warnings travel with the previewed document", "[preview][usd]") {
    // An attribute of a type UsdSkel does not have is skipped with a warning at its line and
    // column (usdskel.md §12), 3:5 here.
    const test::TemporaryFolder folder;
    const auto path = folder / "warned.usda";
    REQUIRE(
        test::writeTextFile(path, "#usda 1.0\ndef Xform \"A\" {\n    flaot[] typo = [1, 2]\n}\n"));
    auto loaded = preview::loadPreviewDocument(path);
    INFO((loaded ? "" : loaded.error().message()));
    REQUIRE(loaded);
    REQUIRE((*loaded)->warnings.size() == 1);
    CHECK_THAT((*loaded)->warnings[0],
               Catch::StartsWith("warned.usda:3:5: ") && Catch::Contains("flaot[]"));
}

TEST_CASE("a glTF file whose buffers leave its folder opens only when allowed", "[preview][gltf]") {
    // SimpleSkin with its embedded buffers moved into files one folder up.
    const test::TemporaryFolder folder;
    const std::filesystem::path& root = folder.path();
    auto gltf = nlohmann::json::parse(test::readTextFile(gltfFixture("khronos/SimpleSkin.gltf")));
    for (std::size_t i = 0; i < gltf["buffers"].size(); ++i) {
        const std::string uri = gltf["buffers"][i]["uri"];
        auto bytes = core::io::decodeBase64(uri.substr(uri.find(',') + 1));
        REQUIRE(bytes);
        const std::string name = "buffer" + std::to_string(i) + ".bin";
        REQUIRE(test::writeTextFile(
            root / name, std::string(reinterpret_cast<const char*>(bytes->data()), bytes->size())));
        gltf["buffers"][i]["uri"] = "../" + name;
    }
    const auto path = root / "rig" / "SimpleSkin.gltf";
    REQUIRE(test::writeTextFile(path, gltf.dump()));

    auto refused = preview::loadPreviewDocument(path);
    REQUIRE_FALSE(refused);
    CHECK_THAT(refused.error().message(), Catch::Contains("outside the folder"));

    core::io::ReadOptions trusting;
    trusting.allowOutsideReferences = true;
    auto allowed = preview::loadPreviewDocument(path, trusting);
    INFO((allowed ? "" : allowed.error().message()));
    REQUIRE(allowed);
    CHECK((*allowed)->summary.bones == 2);
}
