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
    SECTION("a rotor keeps the rest position; the scale defaults to 1") {
        // 90° in XY: cos 45°, sin 45° in the xy slot.
        auto pose = f.parse(
            R"({"pose": {"Lower": {"rotor": [0.7071067811865476, 0.7071067811865476, 0, 0, 0, 0, 0]}}})");
        REQUIRE(pose.ok());
        const math::AffineN& lower = pose->local.at(f.tiny.lower);
        CHECK(lower.position()[1] == Approx(1.0)); // the rest position +Y is kept
        CHECK(std::abs(lower.basis().at(0, 0)) == Approx(0.0).margin(1e-12));
        CHECK(std::abs(lower.basis().at(1, 0)) == Approx(1.0));
        CHECK(pose->local.count(f.tiny.upper) == 0);
    }
    SECTION("a position, a rotor and a scale, addressed by #index") {
        auto pose = f.parse(
            R"({"pose": {"#2": {"position": [1, 2, 3, 4], "rotor": [1, 0, 0, 0, 0, 0, 0], "scale": [2]}}})");
        REQUIRE(pose.ok());
        const math::AffineN& upper = pose->local.at(f.tiny.upper);
        CHECK(upper.position() == math::VectorN{1, 2, 3, 4});
        CHECK(upper.basis().at(3, 3) == Approx(2.0));
    }
    SECTION("a basis replaces the rotation and scale") {
        auto pose = f.parse(
            R"({"base": "rest", "pose": {"Upper": {"basis": [0,1,0,0, -1,0,0,0, 0,0,1,0, 0,0,0,1]}}})");
        REQUIRE(pose.ok());
        CHECK(pose->local.at(f.tiny.upper).basis().at(1, 0) == 1.0);
    }
}

TEST_CASE("pose file errors say where", "[eval][posefile]") {
    Loaded f;
    CHECK(f.error("{\"pose\": {\n  \"Lower\": [1, 2,]\n}}").rfind("line 2", 0) == 0);
    CHECK(f.error(R"({"pose": {"Nobody": {}}})") ==
          "/pose/Nobody: there is no node named 'Nobody'");
    CHECK(f.error(R"({"pose": {"Skin": {}}})") ==
          "/pose/Skin: node 'Skin' is not a bone of any skeleton");
    CHECK(f.error(R"({"pose": {"Lower": {"position": [1, 2]}}})") ==
          "/pose/Lower/position: needs 4 numbers, not 2");
    CHECK(f.error(R"({"pose": {"Lower": {"rotation": [1]}}})") ==
          "/pose/Lower/rotation: unknown property (use position, basis, rotor or scale)");
    CHECK(f.error(R"({"pose": {"Lower": {"basis": [1], "rotor": [1]}}})") ==
          "/pose/Lower: 'basis' cannot be combined with 'rotor' or 'scale'");
    CHECK(f.error(R"({"pose": {"Lower": {"rotor": [1, 0, 0, 0, 0, 0, 0], "scale": [0]}}})")
              .rfind("/pose/Lower: ", 0) == 0);
    CHECK(f.error(R"({"pose": {"Lower": {"scale": [2]}}})") ==
          "/pose/Lower/scale: a scale needs a rotor (the basis is R(rotor)·diag(scale)); give "
          "'rotor' too, or a 'basis'");
    CHECK(f.error(R"({"bones": {}})") ==
          "/bones: unknown property (a pose file has \"pose\" and \"base\")");
    CHECK(f.error(R"({"base": "TPose"})") ==
          "/base: no skeleton stores a TPose bind pose (the document has no bind poses)");
    CHECK(f.error(R"({"base": "Sitting"})") ==
          "/base: 'Sitting' is not a pose name (rest, TPose, APose, IPose or Custom)");
    CHECK(f.error("[]") ==
          "/: a pose file is a JSON object with \"pose\" (and optionally \"base\")");
}
