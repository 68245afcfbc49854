#include "core/io/g4mf/G4mfWriter.h"
#include "core/ops/JointOrder.h"
#include "core/validate/Validator.h"
#include "tests/core/edit/DataTestSupport.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

using namespace hyperrig;
using core::model::JointSlot;
using core::model::NodeId;

namespace {

// What the validator says about the joints order of a save of `document`: for each of the two
// rules, the slot its pointer names (the first violation) and how many it counts in all.
struct ValidatorJointOrder {
    std::optional<std::size_t> firstOrderSlot;
    std::size_t orderCount = 0;
    std::optional<std::size_t> firstParentSlot;
    std::size_t parentCount = 0;
};

std::size_t countIn(const std::string& message) {
    const auto open = message.rfind(" (");
    if (open == std::string::npos || message.find("such", open) == std::string::npos)
        return 1;
    return std::stoul(message.substr(open + 2));
}

ValidatorJointOrder validatorJointOrder(const core::model::Document& document) {
    auto encoded = core::io::encodeG4mf(document, core::io::G4mfContainer::Text, {});
    REQUIRE(encoded.ok());
    auto file = core::io::parseG4mfBytes(encoded->file, ".");
    REQUIRE(file.ok());
    ValidatorJointOrder result;
    for (const auto& diagnostic : core::validate::validateG4mf(*file)) {
        const std::size_t slot =
            std::stoul(diagnostic.pointer.substr(diagnostic.pointer.rfind('/') + 1));
        if (diagnostic.rule == "skeleton.joints.order") {
            result.firstOrderSlot = slot;
            result.orderCount = countIn(diagnostic.message);
        } else if (diagnostic.rule == "skeleton.joints.parent-order") {
            result.firstParentSlot = slot;
            result.parentCount = countIn(diagnostic.message);
        }
    }
    return result;
}

std::vector<JointSlot>& jointsOf(core::model::Document& document, NodeId skeleton) {
    return document.node(skeleton).skeleton()->joints;
}

// The panel's per-slot reading must say what the validator says, slot for slot.
void requireAgreesWithValidator(const core::model::Document& document, NodeId skeleton) {
    const auto problems = core::ops::jointOrderProblems(document, skeleton);
    const ValidatorJointOrder validator = validatorJointOrder(document);
    std::optional<std::size_t> firstOrder;
    std::vector<std::size_t> parentSlots;
    std::size_t orderCount = 0;
    for (const auto& problem : problems) {
        if (problem.rule == "skeleton.joints.order") {
            firstOrder = firstOrder.value_or(problem.slot);
            ++orderCount;
        } else {
            REQUIRE(problem.rule == "skeleton.joints.parent-order");
            parentSlots.push_back(problem.slot);
        }
    }
    CHECK(firstOrder == validator.firstOrderSlot);
    CHECK(orderCount == validator.orderCount);
    // The validator names the first offending bone of a walk down the tree, not the lowest slot:
    // it must be one of ours, and the counts must agree.
    CHECK(parentSlots.size() == validator.parentCount);
    if (validator.firstParentSlot)
        CHECK(std::find(parentSlots.begin(), parentSlots.end(), *validator.firstParentSlot) !=
              parentSlots.end());
}

} // namespace

TEST_CASE("joint order problems are the validator's, slot by slot", "[ops][joints]") {
    auto document = hyperrig::test::loadSample("creature-4d.g4tf");
    const NodeId rig = hyperrig::test::nodeNamed(document, "CreatureRig");
    // The creature's bind poses hold one entry per slot; reordering slots here only tests order.
    document.node(rig).skeleton()->bindPoses.clear();
    auto& joints = jointsOf(document, rig);
    const std::vector<JointSlot> original = joints;

    SECTION("the sample as shipped has none") {
        CHECK(core::ops::jointOrderProblems(document, rig).empty());
        requireAgreesWithValidator(document, rig);
    }
    SECTION("a swapped pair is reported at the later first listing") {
        std::swap(joints[1], joints[2]);
        const auto problems = core::ops::jointOrderProblems(document, rig);
        REQUIRE_FALSE(problems.empty());
        requireAgreesWithValidator(document, rig);
    }
    SECTION("empty slots and repeats are free") {
        joints.insert(joints.begin() + 2, JointSlot{});
        joints.push_back(original[1]);
        joints.push_back(original[0]);
        CHECK(core::ops::jointOrderProblems(document, rig).empty());
        requireAgreesWithValidator(document, rig);
    }
    SECTION("random orders") {
        std::mt19937 random(20261127);
        for (int trial = 0; trial < 40; ++trial) {
            joints = original;
            std::shuffle(joints.begin(), joints.end(), random);
            INFO("trial " << trial);
            requireAgreesWithValidator(document, rig);
        }
    }
    SECTION("generated from the hierarchy: every bone once, no problem") {
        joints = core::ops::jointsFromHierarchy(document, rig);
        CHECK(core::ops::jointOrderProblems(document, rig).empty());
        requireAgreesWithValidator(document, rig);
        // The creature's skeleton holds every bone of the document, Hips (node 2) to Tail (25).
        std::vector<JointSlot> everyBone;
        for (NodeId node : document.nodes.order())
            if (document.node(node).isBone())
                everyBone.emplace_back(node);
        CHECK(everyBone.size() == 24);
        CHECK(joints == everyBone);
    }
}
