#include "core/edit/History.h"
#include "core/eval/CompiledSkeleton.h"
#include "core/ops/ParentMesh.h"
#include "tests/core/edit/DataTestSupport.h"
#include "tests/core/ops/OpsTestSupport.h"
#include "tests/core/ops/OpsValidation.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::buildRigDocument;
using hyperrig::test::deformedWorld;
using hyperrig::test::influencesFor;

namespace {

std::vector<std::string> bodyBones() {
    std::vector<std::string> bones;
    for (int i = 0; i < 50; ++i)
        bones.push_back("B" + std::to_string(i));
    bones[0] = "Hips";
    bones[20] = "LeftArm";
    bones.push_back("Hair"); // a bone no joints slot lists yet
    return bones;
}

// Body under BodyRig (joints = its first 50 bones, groups named after them); a second mesh under
// its own skeleton `rig` with bones `bones`, joints = those bones, groups named `groupNames`.
model::Document twoRigs(const std::vector<std::string>& bones,
                        const std::vector<std::string>& groupNames,
                        const std::vector<std::uint32_t>& usedGroups) {
    std::vector<std::string> body = bodyBones();
    std::vector<std::string> bodyJoints(body.begin(), body.begin() + 50);
    return buildRigDocument(
        {{"BodyRig", body, bodyJoints}, {"ItemRig", bones, bones}},
        {{"Body", "BodyRig", bodyJoints, influencesFor({0, 20, 49}), {}},
         {"Item", "ItemRig", groupNames, influencesFor(usedGroups), {0.0, 0.2, 0.0, 0.1}}});
}

const ops::GroupMapping& rowFor(const ops::ParentPlan& plan, std::uint32_t oldIndex) {
    for (const auto& row : plan.mappings)
        if (row.oldIndex == oldIndex)
            return row;
    FAIL("no mapping row for group " << oldIndex);
    return plan.mappings.front();
}

ops::ParentPlan parent(model::Document& document, const ops::GroupBoneMap& map = {}) {
    auto plan =
        ops::planParent(document, document.findNode("Item"), document.findNode("BodyRig"), map);
    INFO((plan.ok() ? std::string() : plan.error().message()));
    REQUIRE(plan.ok());
    return std::move(*plan);
}

} // namespace

TEST_CASE("the hair mesh's Hair group is renumbered after the body's 50 groups", "[ops][parent]") {
    model::Document document = twoRigs({"HairRoot"}, {"Hair"}, {0});
    ops::ParentPlan plan = parent(document);
    CHECK(rowFor(plan, 0).newIndex == 50);
    CHECK(rowFor(plan, 0).newName == "Hair");
    CHECK(plan.warnings.empty());
    edit::History history(document);
    REQUIRE(history.execute(std::move(plan.command)).ok());
    const model::NodeId item = document.findNode("Item");
    CHECK(document.node(item).parent == document.findNode("BodyRig"));
    const auto& joints = document.node(document.findNode("BodyRig")).skeleton()->joints;
    REQUIRE(joints.size() == 51);
    CHECK(joints[50] == model::JointSlot(document.findNode("Hair")));
    const model::Skin& skin = *document.mesh(document.node(item).meshInstance()->mesh).skin;
    CHECK(skin.groups == std::vector<std::uint32_t>{50});
    CHECK(skin.groupNames->size() == 51);
    CHECK((*skin.groupNames)[50] == "Hair");
    CHECK((*skin.groupNames)[0] == "Hips"); // the names the body uses for the other slots
    CHECK(hyperrig::test::validationErrors(document) == "");
}

TEST_CASE("a clothing mesh's LeftArm at 10 converges on the body's LeftArm at 20",
          "[ops][parent]") {
    std::vector<std::string> clothing;
    for (int i = 0; i < 11; ++i)
        clothing.push_back("C" + std::to_string(i));
    std::vector<std::string> clothingBones = clothing;
    clothing[10] = "LeftArm";
    clothingBones[10] = "ClothArm"; // node names are file-unique; group names need not be
    model::Document document = twoRigs(clothingBones, clothing, {3, 10});
    ops::ParentPlan plan = parent(document);
    CHECK(rowFor(plan, 10).newIndex == 20);
    CHECK(rowFor(plan, 10).bone == "LeftArm");
    // C3 is no bone of the body rig: left untransformed, reported.
    REQUIRE(plan.warnings.size() == 1);
    CHECK(plan.warnings[0] ==
          "group 'C3' of mesh 'ItemMesh' matches no bone of skeleton 'BodyRig'; it is left "
          "untransformed (map it with --map)");
    CHECK(rowFor(plan, 3).newIndex >= 50);
    CHECK(rowFor(plan, 3).bone.empty());
}

TEST_CASE("a map sends groups to bones by name", "[ops][parent]") {
    model::Document document = twoRigs({"Arm_L", "Plume"}, {"Arm_L", "Plume"}, {0, 1});
    ops::ParentPlan plan = parent(document, {{"Arm_L", "LeftArm"}, {"Plume", std::nullopt}});
    CHECK(rowFor(plan, 0).newIndex == 20);
    CHECK(rowFor(plan, 0).newName == "LeftArm");
    CHECK(plan.warnings.empty()); // an explicit null is not a surprise

    auto wrong = ops::planParent(document, document.findNode("Item"), document.findNode("BodyRig"),
                                 {{"Arm_L", "Plume"}});
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.error().message() == "the map sends group 'Arm_L' to 'Plume', which is not a bone "
                                     "of skeleton 'BodyRig'");
}

TEST_CASE("parenting by name deforms as matching names to bones predicts", "[ops][parent]") {
    // Item's groups name body bones in another order; "air" matches "Hair" as a suffix.
    model::Document document = twoRigs({"X", "Y", "Z"}, {"B7", "LeftArm", "air"}, {0, 1, 2});
    ops::ParentPlan plan = parent(document);
    CHECK(rowFor(plan, 2).bone == "Hair");
    edit::History history(document);
    REQUIRE(history.execute(std::move(plan.command)).ok());

    // Prediction from names alone: v_world = W_rig · Σ (w/W) S_bone(name) · (M v), with M the
    // node's new transform and S_b = G_b(pose) ∘ G_b(rest)⁻¹ under the pose deformedWorld uses.
    auto rig = eval::CompiledRig::compile(document);
    REQUIRE(rig.ok());
    const eval::CompiledSkeleton& body = *rig->skeletonOf(document.findNode("BodyRig"));
    const auto posed = eval::evaluateSkeleton(body, hyperrig::test::randomPose(*rig, 5));
    auto skinOf = [&](const std::string& bone) {
        const auto index = static_cast<std::size_t>(body.indexOf(document.findNode(bone)));
        return math::AffineN::compose(posed[index], body.inverseRestGlobal[index]);
    };
    const std::vector<std::string> boneOfGroup{"B7", "LeftArm", "Hair"};
    const model::NodeId item = document.findNode("Item");
    const math::AffineN meshToRig = *document.node(item).transform.toAffine(4);
    const model::Mesh& mesh = document.mesh(document.node(item).meshInstance()->mesh);
    const auto influences = influencesFor({0, 1, 2});
    std::vector<double> expected;
    for (std::size_t v = 0; v < mesh.vertexCount(); ++v) {
        const math::VectorN rest = meshToRig.applyPoint(*math::VectorN::fromSpan(
            std::span<const double>(mesh.vertices.values.data() + 4 * v, 4)));
        math::VectorN moved = math::VectorN::zero(4);
        for (const auto& [group, weight] : influences[v])
            moved += weight * skinOf(boneOfGroup[group]).applyPoint(rest);
        expected.insert(expected.end(), moved.values().begin(), moved.values().end());
    }
    const std::vector<double> actual = deformedWorld(document, 5).at("Item");
    REQUIRE(actual.size() == expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i)
        REQUIRE(actual[i] == Approx(expected[i]).margin(2e-5)); // BodyRig sits at the origin
}

TEST_CASE("parenting refuses what it cannot do and changes nothing", "[ops][parent]") {
    model::Document document = twoRigs({"HairRoot"}, {}, {0});
    document.mesh(document.node(document.findNode("Item")).meshInstance()->mesh).skin.reset();
    const std::string saved = hyperrig::test::savedText(document);
    auto noSkin =
        ops::planParent(document, document.findNode("Item"), document.findNode("BodyRig"));
    REQUIRE_FALSE(noSkin.ok());
    CHECK(noSkin.error().message() == "mesh 'ItemMesh' of node 'Item' has no skin");
    auto notSkeleton =
        ops::planParent(document, document.findNode("Body"), document.findNode("Hips"));
    REQUIRE_FALSE(notSkeleton.ok());
    CHECK(notSkeleton.error().message() == "node 'Hips' is not a skeleton");
    CHECK(hyperrig::test::savedText(document) == saved);
}
