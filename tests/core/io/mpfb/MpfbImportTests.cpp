#include "MpfbReference.h"
#include "MpfbTestData.h"
#include "core/io/mpfb/MpfbBoneNames.h"
#include "core/io/mpfb/MpfbImport.h"
#include "core/model/NameRules.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <set>

using namespace hyperrig;
namespace ref = hyperrig::test::mpfb_reference;

namespace {

// A bone of the imported document, read back in Blender armature space by the tests' own
// conversion: Blender (x, y, z) = G4MF (x, -z, y).
struct ReadBack {
    ref::V3 head, tail, z;
    double roll = 0;
};

ref::V3 toBlender(const core::math::VectorN& g) {
    return {g[0], -g[2], g[1]};
}

ReadBack readBack(const core::model::Document& document, core::model::NodeId bone) {
    std::vector<core::model::NodeId> chain;
    // Skeleton space is Blender's armature space (the skeleton node only lifts the feet onto the
    // ground, mpfb.md §10).
    for (core::model::NodeId at = bone; at && !document.node(at).isSkeleton();
         at = document.node(at).parent)
        chain.push_back(at);
    auto global = core::math::AffineN::identity(3);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it)
        global =
            core::math::AffineN::compose(global, document.node(*it).transform.toAffine(3).value());
    ReadBack r;
    r.head = toBlender(global.position());
    const ref::V3 y = ref::unit(toBlender(global.basis().column(1)));
    r.tail = r.head + y * document.node(bone).bone()->length.value();
    r.z = toBlender(global.basis().column(2));
    const auto [x0, z0] = ref::zeroRoll(y);
    r.roll = std::atan2(ref::dot(r.z, x0), ref::dot(r.z, z0));
    return r;
}

double rollDifference(double a, double b) {
    return std::abs(std::remainder(a - b, 2 * std::numbers::pi));
}

const core::model::OrderedJson& mpfbExtras(const core::model::Node& node) {
    return node.extra.at("extras").at("mpfb");
}

core::model::NodeId boneNamed(const core::io::MpfbImport& imported, const std::string& mpfbName) {
    for (core::model::NodeId id : imported.bones)
        if (mpfbExtras(imported.document.node(id)).at("name") == mpfbName)
            return id;
    FAIL("no bone " << mpfbName);
    return {};
}

void checkPoint(ref::V3 actual, ref::V3 expected, double tolerance) {
    CHECK(actual.x == Approx(expected.x).margin(tolerance));
    CHECK(actual.y == Approx(expected.y).margin(tolerance));
    CHECK(actual.z == Approx(expected.z).margin(tolerance));
}

} // namespace

TEST_CASE("MPFB import places every bone of every shipped rig as the notes' formulas do",
          "[mpfb]") {
    for (const char* rig : test::kMpfbRigs) {
        INFO(rig);
        const core::io::MpfbImport imported = test::importShippedRig(rig);
        const auto file =
            nlohmann::json::parse(test::readTextFile(test::mpfbData(std::string("rigs/") + rig)));
        const auto expected = ref::placeRig(file);
        REQUIRE(imported.bones.size() == expected.size());
        CHECK(imported.document.dimension() == 3);
        std::size_t checkedBones = 0;
        for (core::model::NodeId id : imported.bones) {
            const std::string name = mpfbExtras(imported.document.node(id)).at("name");
            INFO(name);
            const ref::Bone& want = expected.at(name);
            const ReadBack got = readBack(imported.document, id);
            CHECK(ref::norm(got.head - want.head) < 1e-4);
            CHECK(ref::norm(got.tail - want.tail) < 1e-4);
            CHECK(rollDifference(got.roll, want.roll) < 2e-4);
            CHECK(imported.document.node(id).bone()->length.value() ==
                  Approx(ref::norm(want.tail - want.head)).margin(1e-9));
            ++checkedBones;
        }
        CHECK(checkedBones == expected.size());
    }
}

TEST_CASE("MPFB import reproduces the notes' test vectors", "[mpfb]") {
    struct Vector {
        const char* rig;
        const char* bone;
        ref::V3 head, tail;
        double roll;
    };
    // mpfb.md §6.2, metres in Blender armature space, raw base mesh at scale 0.1.
    const Vector vectors[] = {
        {"rigify/rig.human.json",
         "DEF-knee-helper.L",
         {0.158115, -0.032025, -0.3694826},
         {0.15452, -0.08448, -0.3771201},
         0.8749672},
        {"rigify/rig.human.json",
         "DEF-pelvis-helper.L",
         {0.110365, -0.012295, 0.048615},
         {0.1260667, -0.0188717, -0.0911867},
         -0.11709},
        {"rigify/rig.human.json",
         "DEF-shoulder-helper.L",
         {0.1677125, -0.014605, 0.5245801},
         {0.2171251, -0.0136042, 0.4651526},
         0.8615837},
        {"rigify/rig.human.json",
         "breast.L",
         {0.06756, -0.063735, 0.3755851},
         {0.07687, -0.1584, 0.3831701},
         -1.3633962},
        {"rigify/rig.human.json",
         "heel.02.L",
         {0.18341, 0.04506, -0.8156802},
         {0.2595201, 0.04506, -0.8156802},
         0},
        {"rigify/rig.human.json", "face", {0, -0.016075, 0.6974952}, {0, -0.016075, 0.7774951}, 0},
        {"standard/rig.game_engine.json", "Root", {0, 0, -0.8183053}, {0, 0.02658, -0.8183053}, 0},
        {"standard/rig.game_engine.json",
         "upperarm_l",
         {0.1677125, -0.014605, 0.5245801},
         {0.3129363, -0.0132013, 0.3493188},
         2.3680396},
        {"standard/rig.game_engine.json",
         "hand_r",
         {-0.4311851, -0.1756551, 0.2451813},
         {-0.4291151, -0.19686, 0.222625},
         2.8012865},
    };
    for (const Vector& v : vectors) {
        INFO(v.rig << " " << v.bone);
        const core::io::MpfbImport imported = test::importShippedRig(v.rig);
        const ReadBack got = readBack(imported.document, boneNamed(imported, v.bone));
        checkPoint(got.head, v.head, 1e-5);
        checkPoint(got.tail, v.tail, 1e-5);
        CHECK(rollDifference(got.roll, v.roll) < 2e-4);
    }
    SECTION("G4MF is 0.1 x the OBJ coordinates") {
        // joint-ground's centre is (0, -0.818305, 0) in G4MF: Blender z becomes G4MF y.
        const core::io::MpfbImport imported =
            test::importShippedRig("standard/rig.game_engine.json");
        const auto root = imported.document.node(boneNamed(imported, "Root")).transform;
        REQUIRE(root.position.size() == 3);
        CHECK(root.position[0] == Approx(0).margin(1e-6));
        CHECK(root.position[1] == Approx(-0.818305).margin(1e-6));
        CHECK(root.position[2] == Approx(0).margin(1e-6));
    }
    SECTION("the skeleton node stands the body on the ground as MPFB does") {
        const core::io::MpfbImport imported =
            test::importShippedRig("standard/rig.game_engine.json");
        const auto& lift = imported.document.node(imported.skeleton).transform.position;
        REQUIRE(lift.size() == 3);
        CHECK(lift[1] == Approx(0.81676).margin(1e-5)); // mpfb.md §10, raw mesh
        CHECK(lift[0] == 0.0);
        CHECK(lift[2] == 0.0);
    }
}

TEST_CASE("MPFB joint-cube centres match the notes", "[mpfb]") {
    const auto& cubes = test::mpfbBaseMesh().mesh.jointCentres;
    const std::pair<const char*, ref::V3> expected[] = {
        {"joint-spine-1", {0, 0.007125, 0.432855}},
        {"joint-ground", {0, 0, -0.818305}},
        {"joint-head", {0, -0.016075, 0.697495}},
        {"joint-l-knee", {0.158115, -0.032025, -0.369482}},
        {"joint-r-hand", {-0.431185, -0.175655, 0.245181}}};
    CHECK(cubes.size() == 125);
    for (const auto& [name, centre] : expected) {
        INFO(name);
        const glm::dvec3& got = cubes.at(name);
        checkPoint({got.x, got.y, got.z}, centre, 1e-5);
    }
}

TEST_CASE("MPFB import builds one skeleton with the rig's parents and valid names", "[mpfb]") {
    for (const char* rig : test::kMpfbRigs) {
        INFO(rig);
        const core::io::MpfbImport imported = test::importShippedRig(rig);
        const core::model::Document& document = imported.document;
        const auto file = core::model::OrderedJson::parse(
            test::readTextFile(test::mpfbData(std::string("rigs/") + rig)));
        const auto& bones = file.contains("bones") ? file["bones"] : file;
        CHECK(document.node(imported.skeleton).isSkeleton());
        CHECK(document.node(imported.skeleton).parent == document.root());
        std::set<std::string> names;
        bool anyForbidden = false;
        for (core::model::NodeId id : imported.bones) {
            const core::model::Node& node = document.node(id);
            const std::string mpfbName = mpfbExtras(node).at("name");
            INFO(mpfbName);
            // Names are valid G4MF, unique, and the original is in the extras.
            CHECK(core::model::firstForbiddenNameCharacter(node.displayName()).empty());
            CHECK(names.insert(node.displayName()).second);
            anyForbidden |= !core::model::firstForbiddenNameCharacter(mpfbName).empty();
            CHECK(mpfbExtras(node).at("bone") == bones.at(mpfbName));
            const std::string parent = bones.at(mpfbName).at("parent");
            if (parent.empty()) {
                CHECK(node.parent == imported.skeleton);
            } else {
                REQUIRE(document.node(node.parent).isBone());
                CHECK(mpfbExtras(document.node(node.parent)).at("name") == parent);
            }
        }
        CHECK(anyForbidden == !imported.renamedBones.empty());
    }
}

TEST_CASE("MPFB bone names map to G4MF names and back", "[mpfb]") {
    using core::io::g4mfNameForMpfbBone;
    using core::io::mpfbNameOfNode;
    CHECK(g4mfNameForMpfbBone("upperarm.L") == "upperarm_L");
    CHECK(g4mfNameForMpfbBone("mixamorig:LeftHand") == "mixamorig_LeftHand");
    CHECK(g4mfNameForMpfbBone("a/b#c\td") == "a_b_c_d");
    CHECK(g4mfNameForMpfbBone("DEF-spine") == "DEF-spine");
    SECTION("the kept name comes back while the node keeps its imported name") {
        CHECK(mpfbNameOfNode("upperarm_L", "upperarm.L", "upperarm_L") == "upperarm.L");
        CHECK(mpfbNameOfNode("arm_left", "upperarm.L", "upperarm_L") == "arm_left");
        CHECK(mpfbNameOfNode("made_here", "", "") == "made_here");
    }
    SECTION("clashing names are made unique and reported") {
        const char* text =
            R"({"a.L": {"head": {"strategy": "DEFAULT", "default_position": [0, 0, 0]},
            "tail": {"strategy": "DEFAULT", "default_position": [0, 0, 1]}, "roll": 0, "parent": "",
            "use_connect": false, "use_inherit_rotation": true, "use_local_location": true,
            "inherit_scale": "FULL", "rigify": {}},
            "a_L": {"head": {"strategy": "DEFAULT", "default_position": [0, 0, 0]},
            "tail": {"strategy": "DEFAULT", "default_position": [0, 0, 1]}, "roll": 0, "parent": "a.L",
            "use_connect": false, "use_inherit_rotation": true, "use_local_location": true,
            "inherit_scale": "FULL", "rigify": {}}})";
        auto rig = core::io::parseMpfbRig(text, "clash.json");
        REQUIRE(rig);
        auto imported =
            core::io::importMpfbRig(*rig, test::mpfbBaseMesh().mesh, "clash", "clash.json");
        REQUIRE(imported);
        const auto& document = imported->document;
        CHECK(document.node(imported->bones[0]).displayName() == "a_L");
        CHECK(document.node(imported->bones[1]).displayName() == "a_L2");
        CHECK(imported->renamedBones ==
              std::vector<std::pair<std::string, std::string>>{{"a.L", "a_L"}, {"a_L", "a_L2"}});
    }
}
