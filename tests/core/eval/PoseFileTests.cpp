#include "core/eval/CompiledRig.h"
#include "core/eval/PoseFile.h"
#include "tests/core/eval/EvalTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::makeTinyRig;

namespace {

struct Loaded {
    hyperrig::test::TinyRig tiny = makeTinyRig(4);
    eval::CompiledRig rig = *eval::CompiledRig::compile(tiny.document);

    Result<eval::Pose> parse(const std::string& text) const {
        return eval::parsePoseJson(text, tiny.document, rig);
    }
    std::string error(const std::string& text) const {
        auto pose = parse(text);
        REQUIRE_FALSE(pose.ok());
        return pose.error().message();
    }
};

} // namespace

TEST_CASE("a pose file changes the parts of a bone's transform it gives", "[eval][posefile]") {
    Loaded f;
    SECTION("a rotor keeps the rest position") {
        // 90° in XY: cos 45°, sin 45° in the xy slot.
        auto pose = f.parse(
            R"({"bones": {"Lower": {"rotor": [0.7071067811865476, 0.7071067811865476, 0, 0, 0, 0, 0]}}})");
        REQUIRE(pose.ok());
        const math::AffineN& lower = pose->local.at(f.tiny.lower);
        CHECK(lower.position()[1] == Approx(1.0)); // the rest position +Y is kept
        CHECK(std::abs(lower.basis().at(0, 0)) == Approx(0.0).margin(1e-12));
        CHECK(std::abs(lower.basis().at(1, 0)) == Approx(1.0));
        CHECK(pose->local.count(f.tiny.upper) == 0);
    }
    SECTION("a position and a scale, addressed by #index") {
        auto pose = f.parse(R"({"bones": {"#2": {"position": [1, 2, 3, 4], "scale": [2]}}})");
        REQUIRE(pose.ok());
        const math::AffineN& upper = pose->local.at(f.tiny.upper);
        CHECK(upper.position() == math::VectorN{1, 2, 3, 4});
        CHECK(upper.basis().at(3, 3) == Approx(2.0));
    }
    SECTION("a basis replaces the rotation and scale") {
        auto pose = f.parse(
            R"({"base": "rest", "bones": {"Upper": {"basis": [0,1,0,0, -1,0,0,0, 0,0,1,0, 0,0,0,1]}}})");
        REQUIRE(pose.ok());
        CHECK(pose->local.at(f.tiny.upper).basis().at(1, 0) == 1.0);
    }
}

TEST_CASE("pose file errors say where", "[eval][posefile]") {
    Loaded f;
    CHECK(f.error("{\"bones\": {\n  \"Lower\": [1, 2,]\n}}").rfind("line 2", 0) == 0);
    CHECK(f.error(R"({"bones": {"Nobody": {}}})") ==
          "/bones/Nobody: there is no node named 'Nobody'");
    CHECK(f.error(R"({"bones": {"Skin": {}}})") ==
          "/bones/Skin: node 'Skin' is not a bone of any skeleton");
    CHECK(f.error(R"({"bones": {"Lower": {"position": [1, 2]}}})") ==
          "/bones/Lower/position: needs 4 numbers, not 2");
    CHECK(f.error(R"({"bones": {"Lower": {"rotation": [1]}}})") ==
          "/bones/Lower/rotation: unknown property (use position, basis, rotor or scale)");
    CHECK(f.error(R"({"bones": {"Lower": {"basis": [1], "rotor": [1]}}})") ==
          "/bones/Lower: 'basis' cannot be combined with 'rotor' or 'scale'");
    CHECK(f.error(R"({"bones": {"Lower": {"scale": [0]}}})").rfind("/bones/Lower: ", 0) == 0);
    CHECK(f.error(R"({"pose": {}})") ==
          "/pose: unknown property (a pose file has \"base\" and \"bones\")");
    CHECK(f.error(R"({"base": "TPose"})") ==
          "/base: no skeleton stores a TPose bind pose (the document has no bind poses)");
    CHECK(f.error(R"({"base": "Sitting"})") ==
          "/base: 'Sitting' is not a pose name (rest, TPose, APose, IPose or Custom)");
    CHECK(f.error("[]") ==
          "/: a pose file is a JSON object with \"bones\" (and optionally \"base\")");
}
