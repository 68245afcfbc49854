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

namespace {

// A node `name` under `parent` showing a one-influence-per-vertex mesh of `values` (N numbers
// per vertex), with a basis (column-major) and position transform.
model::NodeId addTransformedMesh(model::Document& document, const std::string& name,
                                 model::NodeId parent, std::vector<double> values,
                                 std::vector<double> basis, std::vector<double> position) {
    auto node = std::make_unique<model::Node>();
    node->id = document.nodes.allocateId();
    node->name = name;
    node->parent = parent;
    node->transform.form = model::NodeTransform::Form::Basis;
    node->transform.basis = std::move(basis);
    node->transform.position = std::move(position);
    const model::NodeId id = node->id;
    document.nodes.append(std::move(node));
    document.node(parent).children.push_back(id);
    auto mesh = std::make_unique<model::Mesh>();
    mesh->id = document.meshes.allocateId();
    mesh->vertices.vectorSize = document.dimension();
    mesh->vertices.values = std::move(values);
    model::Skin skin;
    for (std::size_t v = 0; v <= mesh->vertexCount(); ++v)
        skin.offsets.push_back(static_cast<std::uint32_t>(v));
    skin.groups.assign(mesh->vertexCount(), 0);
    skin.weights.assign(mesh->vertexCount(), 1.0);
    skin.groupNames = std::vector<std::string>{"Bone"};
    mesh->skin = std::move(skin);
    document.node(id).component =
        model::MeshInstance{mesh->id, model::OrderedJson::object(), std::nullopt};
    document.meshes.append(std::move(mesh));
    return id;
}

} // namespace

TEST_CASE("merged vertices are the later meshes' vertices mapped into the first node's space, "
          "exactly, in every dimension",
          "[ops][merge]") {
    const int n = GENERATE(2, 3, 4, 5, 8);
    INFO(n << "D");
    const auto size = static_cast<std::size_t>(n);
    model::Document document;
    document.asset.dimension = n;
    auto scene = std::make_unique<model::Node>();
    scene->id = document.nodes.allocateId();
    scene->name = "Scene";
    const model::NodeId sceneId = scene->id;
    document.nodes.append(std::move(scene));
    auto rig = std::make_unique<model::Node>();
    rig->id = document.nodes.allocateId();
    rig->name = "Rig";
    rig->parent = sceneId;
    const model::NodeId rigId = rig->id;
    document.nodes.append(std::move(rig));
    document.node(sceneId).children.push_back(rigId);
    auto bone = std::make_unique<model::Node>();
    bone->id = document.nodes.allocateId();
    bone->name = "Bone";
    bone->parent = rigId;
    bone->component = model::Bone{};
    const model::NodeId boneId = bone->id;
    document.nodes.append(std::move(bone));
    document.node(rigId).children.push_back(boneId);
    model::Skeleton skeleton;
    skeleton.joints = {model::JointSlot(boneId)};
    document.node(rigId).component = skeleton;

    // Values with many significant bits, so a different summation order would show.
    std::vector<double> first, second, firstBasis, secondBasis, firstPosition, secondPosition;
    for (std::size_t i = 0; i < 3 * size; ++i) {
        first.push_back(0.1 * static_cast<double>(i) + 1.0 / 3.0);
        second.push_back(-0.7 * static_cast<double>(i) + 2.0 / 7.0);
    }
    for (std::size_t r = 0; r < size; ++r) {
        firstPosition.push_back(0.25 * static_cast<double>(r) + 0.1);
        secondPosition.push_back(1.0 / 9.0 - static_cast<double>(r));
        for (std::size_t c = 0; c < size; ++c) {
            firstBasis.push_back(r == c ? 2.0 : 0.0);
            secondBasis.push_back((r == c ? 1.5 : 0.0) + 0.01 * static_cast<double>(r * size + c));
        }
    }
    const model::NodeId a =
        addTransformedMesh(document, "A", rigId, first, firstBasis, firstPosition);
    const model::NodeId b =
        addTransformedMesh(document, "B", rigId, second, secondBasis, secondPosition);
    const math::AffineN toFirst = *document.node(a).transform.toAffine(n)->inverse();
    const math::AffineN toMerged =
        math::AffineN::compose(toFirst, *document.node(b).transform.toAffine(n));
    std::vector<double> expected = first;
    for (std::size_t v = 0; v < 3; ++v) {
        const auto point =
            math::VectorN::fromSpan(std::span<const double>(second.data() + v * size, size));
        const math::VectorN mapped = toMerged.applyPoint(*point);
        expected.insert(expected.end(), mapped.values().begin(), mapped.values().end());
    }

    edit::History history(document);
    auto plan = ops::planMerge(document, {a, b}, ops::MergeMode::ByName);
    INFO((plan.ok() ? std::string() : plan.error().message()));
    REQUIRE(plan.ok());
    REQUIRE(history.execute(std::move(plan->command)).ok());
    CHECK(document.mesh(document.node(a).meshInstance()->mesh).vertices.values == expected);
}
