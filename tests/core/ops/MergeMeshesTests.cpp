#include "core/edit/History.h"
#include "core/ops/MergeMeshes.h"
#include "tests/core/edit/DataTestSupport.h"
#include "tests/core/ops/OpsTestSupport.h"
#include "tests/core/ops/OpsValidation.h"

#include <catch2/catch.hpp>
#include <set>

using namespace hyperrig::core;
using hyperrig::test::buildRigDocument;
using hyperrig::test::deformedWorld;
using hyperrig::test::EditFixture;
using hyperrig::test::influencesFor;
using hyperrig::test::nodeNamed;

namespace {

void requireClose(const std::vector<double>& actual, const std::vector<double>& expected) {
    REQUIRE(actual.size() == expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        INFO("value " << i);
        REQUIRE(actual[i] == Approx(expected[i]).margin(2e-5));
    }
}

// The merged node's deformed vertices equal the inputs' deformed vertices, concatenated in the
// order given, for several random poses.
void requireSameDeformation(const model::Document& before, const model::Document& after,
                            const std::vector<std::string>& nodes) {
    for (unsigned seed : {1U, 2U, 3U}) {
        INFO("pose seed " << seed);
        auto inputs = deformedWorld(before, seed);
        std::vector<double> expected;
        for (const std::string& node : nodes)
            expected.insert(expected.end(), inputs.at(node).begin(), inputs.at(node).end());
        requireClose(deformedWorld(after, seed).at(nodes[0]), expected);
    }
}

const ops::GroupMapping& rowFor(const ops::MergePlan& plan, const std::string& mesh,
                                std::uint32_t oldIndex) {
    for (const auto& row : plan.mappings)
        if (row.mesh == mesh && row.oldIndex == oldIndex)
            return row;
    FAIL("no mapping row for " << mesh << " group " << oldIndex);
    return plan.mappings.front();
}

std::vector<std::string> names(int count, const std::string& prefix) {
    std::vector<std::string> result;
    for (int i = 0; i < count; ++i)
        result.push_back(prefix + std::to_string(i));
    return result;
}

// A skeleton of 25 bones B0..B24 where B20 is "LeftArm", joints 0..24 in order plus slot 10
// also holding LeftArm (a repeated slot); Body names its groups after the bones and uses group
// 20 (LeftArm); Clothing calls its group 10 "LeftArm" and uses groups 9 and 10.
model::Document leftArmRig() {
    std::vector<std::string> bones = names(25, "B");
    bones[20] = "LeftArm";
    std::vector<std::string> joints = bones;
    joints[10] = "LeftArm";
    std::vector<std::string> bodyNames = bones;
    bodyNames[10] = "B10";
    std::vector<std::string> clothingNames = names(11, "Cloth");
    clothingNames[10] = "LeftArm";
    return buildRigDocument(
        {{"Rig", bones, joints}},
        {{"Body", "Rig", bodyNames, influencesFor({0, 5, 20, 24}), {}},
         {"Clothing", "Rig", clothingNames, influencesFor({9, 10}), {0.1, 0, 0, 0.2}}});
}

} // namespace

TEST_CASE("merging the sample creature's body and clothing keeps its deformation", "[ops][merge]") {
    const auto mode = GENERATE(ops::MergeMode::ByName, ops::MergeMode::Append);
    INFO((mode == ops::MergeMode::ByName ? "by-name" : "append"));
    EditFixture f("creature-4d.g4tf");
    const model::Document before = hyperrig::test::loadSample("creature-4d.g4tf");
    auto plan = ops::planMerge(
        f.document, {nodeNamed(f.document, "Body"), nodeNamed(f.document, "Clothing")}, mode);
    INFO((plan.ok() ? std::string() : plan.error().message()));
    REQUIRE(plan.ok());
    REQUIRE(f.execute(std::move(plan->command)).ok());
    CHECK_FALSE(f.document.findNode("Clothing"));
    CHECK(f.document.meshes.size() == 1);
    requireSameDeformation(before, f.document, {"Body", "Clothing"});
    CHECK(hyperrig::test::validationErrors(f.document).empty());
    const auto& groupNames = *f.document.mesh(f.document.meshes.order()[0]).skin->groupNames;
    CHECK(std::set<std::string>(groupNames.begin(), groupNames.end()).size() == groupNames.size());
    f.requireUndoRedo();
}

TEST_CASE("LeftArm at 20 and LeftArm at 10 converge when merged by name", "[ops][merge]") {
    model::Document document = leftArmRig();
    const model::Document before = leftArmRig();
    auto plan = ops::planMerge(document, {document.findNode("Body"), document.findNode("Clothing")},
                               ops::MergeMode::ByName);
    INFO((plan.ok() ? std::string() : plan.error().message()));
    REQUIRE(plan.ok());
    const auto& row = rowFor(*plan, "Clothing", 10);
    CHECK(row.oldName == "LeftArm");
    CHECK(row.newIndex == 20);
    CHECK(row.newName == "LeftArm");
    CHECK(row.bone == "LeftArm");
    CHECK(rowFor(*plan, "Clothing", 9).newIndex == 9); // Cloth9: its index is free in Body
    edit::History history(document);
    REQUIRE(history.execute(std::move(plan->command)).ok());
    CHECK(document.node(document.findNode("Rig")).skeleton()->joints.size() == 25);
    requireSameDeformation(before, document, {"Body", "Clothing"});
}

TEST_CASE("ClothingLeftArm is kept separate when merged in append mode", "[ops][merge]") {
    model::Document document = leftArmRig();
    const model::Document before = leftArmRig();
    auto plan = ops::planMerge(document, {document.findNode("Body"), document.findNode("Clothing")},
                               ops::MergeMode::Append);
    REQUIRE(plan.ok());
    const auto& row = rowFor(*plan, "Clothing", 10);
    CHECK(row.newIndex == 25); // after the 25 joints slots, repeating LeftArm
    CHECK(row.newName == "ClothingLeftArm");
    edit::History history(document);
    REQUIRE(history.execute(std::move(plan->command)).ok());
    const auto& joints = document.node(document.findNode("Rig")).skeleton()->joints;
    REQUIRE(joints.size() == 26);
    CHECK(joints[25] == model::JointSlot(document.findNode("LeftArm")));
    requireSameDeformation(before, document, {"Body", "Clothing"});
}

TEST_CASE("merging by name refuses same-named groups driven by different bones", "[ops][merge]") {
    model::Document document =
        buildRigDocument({{"Rig", {"A", "B"}, {"A", "B"}}},
                         {{"One", "Rig", {"Arm", "Leg"}, influencesFor({0}), {}},
                          {"Two", "Rig", {"Leg", "Arm"}, influencesFor({0}), {}}});
    auto plan = ops::planMerge(document, {document.findNode("One"), document.findNode("Two")},
                               ops::MergeMode::ByName);
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().message() ==
          "mesh 'TwoMesh': group 'Leg' is driven by bone 'A' in one mesh and by 'B' in the merged "
          "mesh; merge with --mode append or rename one");
    auto appended = ops::planMerge(document, {document.findNode("One"), document.findNode("Two")},
                                   ops::MergeMode::Append);
    REQUIRE(appended.ok());
}

TEST_CASE("merge refuses meshes it cannot merge and leaves the document as it was",
          "[ops][merge]") {
    model::Document document = buildRigDocument({{"Rig", {"A"}, {"A"}}, {"Other", {"C"}, {"C"}}},
                                                {{"One", "Rig", {}, influencesFor({0}), {}},
                                                 {"Two", "Other", {}, influencesFor({0}), {}},
                                                 {"Three", "Rig", {}, influencesFor({0}), {}}});
    const std::string saved = hyperrig::test::savedText(document);
    auto different = ops::planMerge(document, {document.findNode("One"), document.findNode("Two")},
                                    ops::MergeMode::ByName);
    REQUIRE_FALSE(different.ok());
    CHECK(different.error().message() ==
          "node 'Two' is under skeleton 'Other', not under 'Rig' like 'One'; parent it to that "
          "skeleton first");
    auto one = ops::planMerge(document, {document.findNode("One")}, ops::MergeMode::Append);
    REQUIRE_FALSE(one.ok());
    CHECK(one.error().message() == "merge needs at least two mesh nodes");
    CHECK(hyperrig::test::savedText(document) == saved);

    document.mesh(document.node(document.findNode("Three")).meshInstance()->mesh).skin.reset();
    const std::string withoutSkin = hyperrig::test::savedText(document);
    auto noSkin = ops::planMerge(document, {document.findNode("One"), document.findNode("Three")},
                                 ops::MergeMode::Append);
    REQUIRE_FALSE(noSkin.ok());
    CHECK(noSkin.error().message() == "mesh 'ThreeMesh' of node 'Three' has no skin");
    CHECK(hyperrig::test::savedText(document) == withoutSkin);
}
