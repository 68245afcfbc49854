#include "core/edit/commands/NodeCommands.h"
#include "tests/core/edit/NodeTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig;
using namespace hyperrig::core;
using edit::ChangeSet;

TEST_CASE("make bone needs a bone or skeleton parent and a free node", "[edit][node]") {
    test::NodeEditFixture f;
    const model::NodeId attachment = f.node("Attachment");

    SECTION("a node under a skeleton becomes a bone and mends the chain below it") {
        CHECK_FALSE(f.document().skeletonOf(f.node("Orphan")));
        REQUIRE(f.execute(edit::makeBone(attachment)).ok());
        CHECK(f.document().node(attachment).isBone());
        CHECK(f.document().skeletonOf(f.node("Orphan")) == f.node("Rig"));
        CHECK(f.changes().back().fieldsOf(attachment) == ChangeSet::Component);
    }
    SECTION("a node under a plain node is refused") {
        f.requireRefused(edit::makeBone(f.node("Prop")),
                         "Make Bone: 'Prop' is under 'Scene', which is neither a bone nor a "
                         "skeleton");
        f.requireRefused(edit::makeBone(f.node("Scene")),
                         "Make Bone: 'Scene' has no parent; a bone must be under a bone or a "
                         "skeleton");
    }
    SECTION("a node with a skeleton below it is refused") {
        REQUIRE(f.execute(edit::makeSkeleton(f.node("Prop"))).ok());
        REQUIRE(f.execute(edit::reparentNode(f.node("Prop"), attachment, std::nullopt)).ok());
        f.requireRefused(edit::makeBone(attachment),
                         "Make Bone: 'Attachment' has skeleton 'Prop' below it; a skeleton inside "
                         "another skeleton's bone chain would give its bones two skeletons");
    }
    SECTION("a node with another component is refused") {
        f.requireRefused(edit::makeBone(f.node("Rig")),
                         "Make Bone: 'Rig' already is a skeleton; a node has at most one "
                         "component");
        f.requireRefused(edit::makeBone(f.node("Tail")),
                         "Make Bone: 'Tail' already is a bone; a node has at most one component");
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::makeBone(attachment));
    }
}

TEST_CASE("make skeleton needs a free node outside bone chains", "[edit][node]") {
    test::NodeEditFixture f;
    const model::NodeId prop = f.node("Prop");

    SECTION("a plain node becomes an empty skeleton") {
        REQUIRE(f.execute(edit::makeSkeleton(prop)).ok());
        REQUIRE(f.document().node(prop).skeleton());
        CHECK(f.document().node(prop).skeleton()->joints.empty());
    }
    SECTION("a node directly under a bone is refused") {
        model::Node gem;
        gem.name = "Gem";
        REQUIRE(f.execute(edit::createNode(f.node("Head"), 0, gem)).ok());
        f.requireRefused(edit::makeSkeleton(f.node("Gem")),
                         "Make Skeleton: 'Gem' is under bone 'Head'; a skeleton inside another "
                         "skeleton's bone chain would give its bones two skeletons");
        f.requireRefused(edit::makeSkeleton(f.node("Hips")),
                         "Make Skeleton: 'Hips' already is a bone; a node has at most one "
                         "component");
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::makeSkeleton(prop));
    }
}

TEST_CASE("clear component refuses to strand joints and bones", "[edit][node]") {
    test::NodeEditFixture f;

    SECTION("a free bone becomes a plain node") {
        const model::NodeId tail = f.node("Tail");
        REQUIRE(f.execute(edit::clearComponent(tail)).ok());
        CHECK(std::holds_alternative<std::monostate>(f.document().node(tail).component));
    }
    SECTION("a bone used by joints is refused") {
        f.requireRefused(edit::clearComponent(f.node("Head")),
                         "Clear Component: 'Head' fills joints slot 2 of skeleton 'Rig'; remove "
                         "it from the joints first");
    }
    SECTION("a bone or skeleton with bones below is refused") {
        REQUIRE(f.execute(edit::setJointSlot(f.node("Rig"), 0, std::nullopt)).ok());
        f.requireRefused(edit::clearComponent(f.node("Hips")),
                         "Clear Component: bone 'Spine' hangs below 'Hips', and a bone's parent "
                         "must be a bone or a skeleton; move or clear it first");
        f.requireRefused(edit::clearComponent(f.node("Rig")),
                         "Clear Component: bone 'Hips' hangs below 'Rig', and a bone's parent "
                         "must be a bone or a skeleton; move or clear it first");
    }
    SECTION("a node without component is refused") {
        f.requireRefused(edit::clearComponent(f.node("Prop")),
                         "Clear Component: 'Prop' has no component to clear");
    }
    SECTION("undo and redo bring back everything the component held") {
        f.requireUndoRedo(edit::clearComponent(f.node("Tail")));
    }
}

TEST_CASE("bone length, mass and shape keep the bone rules", "[edit][node]") {
    test::NodeEditFixture f;
    const model::NodeId tail = f.node("Tail");
    const model::NodeId head = f.node("Head");
    const model::ShapeId capsule = f.document().shapes.order().front();

    SECTION("length: set, clear, and non-negative") {
        REQUIRE(f.execute(edit::setBoneLength(tail, 0.5)).ok());
        CHECK(f.document().node(tail).bone()->length == 0.5);
        CHECK(f.changes().back().fieldsOf(tail) == ChangeSet::BoneProperties);
        REQUIRE(f.execute(edit::setBoneLength(f.node("Hips"), std::nullopt)).ok());
        CHECK_FALSE(f.document().node(f.node("Hips")).bone()->length);
        f.requireRefused(edit::setBoneLength(tail, -0.5),
                         "Set Bone Length: 'Tail': a bone length must be a finite number >= 0 "
                         "(metres), not -0.5");
        f.requireRefused(edit::setBoneLength(f.node("Prop"), 1.0),
                         "Set Bone Length: 'Prop' is not a bone");
    }
    SECTION("a bone with a shape keeps its length") {
        f.requireRefused(edit::setBoneLength(head, std::nullopt),
                         "Set Bone Length: 'Head' has a shape, which sits at the middle of the "
                         "length; clear the shape before the length");
    }
    SECTION("mass: zero marks a shape-only bone, negative is refused") {
        REQUIRE(f.execute(edit::setBoneMass(head, 0.0)).ok());
        CHECK(f.document().node(head).bone()->mass == 0.0);
        f.requireRefused(edit::setBoneMass(head, -2.0),
                         "Set Bone Mass: 'Head': a bone mass must be a finite number >= 0 "
                         "(kilograms), not -2");
    }
    SECTION("shape: needs an existing shape and a length") {
        REQUIRE(f.execute(edit::setBoneShape(f.node("Spine"), capsule)).ok());
        CHECK(f.document().node(f.node("Spine")).bone()->shape == capsule);
        REQUIRE(f.execute(edit::setBoneShape(head, model::ShapeId{})).ok());
        CHECK_FALSE(f.document().node(head).bone()->shape);
        f.requireRefused(edit::setBoneShape(tail, capsule),
                         "Set Bone Shape: 'Tail' has no length; a bone's shape sits at the "
                         "middle of its length, so set the length first");
        f.requireRefused(edit::setBoneShape(f.node("Spine"), model::ShapeId{999}),
                         "Set Bone Shape: 'Spine': the shape no longer exists");
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::setBoneLength(tail, 0.15));
    }
}
