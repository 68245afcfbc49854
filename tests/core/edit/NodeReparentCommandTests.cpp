#include "core/edit/commands/NodeCommands.h"
#include "tests/core/edit/NodeTestSupport.h"

#include <catch2/catch.hpp>
#include <utility>

using namespace hyperrig;
using namespace hyperrig::core;
using edit::ChangeSet;
using Form = model::NodeTransform::Form;

namespace {

const char* const kCreature = "assets/samples/creature-4d.g4tf";

// World transforms computed here, independently of the command: global = parent ∘ local from the
// root down (g4mf.md §2.2).
math::AffineN world(const model::Document& document, model::NodeId node) {
    const model::Node& item = document.node(node);
    auto local = item.transform.toAffine(document.dimension());
    REQUIRE(local.ok());
    if (!document.nodes.find(item.parent))
        return *local;
    return math::AffineN::compose(world(document, item.parent), *local);
}

std::vector<std::pair<model::NodeId, math::AffineN>> subtreeWorlds(const model::Document& document,
                                                                   model::NodeId top) {
    std::vector<std::pair<model::NodeId, math::AffineN>> worlds;
    for (model::NodeId id : document.subtree(top))
        worlds.emplace_back(id, world(document, id));
    return worlds;
}

void requireWorldsKept(const model::Document& document,
                       const std::vector<std::pair<model::NodeId, math::AffineN>>& before) {
    for (const auto& [id, placement] : before) {
        INFO("node " << document.node(id).displayName());
        CHECK(math::approxEqual(world(document, id), placement, 1e-9));
    }
}

model::NodeTransform basisTransform(std::vector<double> basis) {
    model::NodeTransform transform;
    transform.form = Form::Basis;
    transform.basis = std::move(basis);
    return transform;
}

} // namespace

TEST_CASE("reparent keeps the world placement of a 4D rig with rotors", "[edit][structure]") {
    auto f = test::NodeEditFixture::fromSample(kCreature);

    SECTION("moved bones and everything below them stay where they were") {
        const std::pair<const char*, const char*> moves[] = {{"LeftLowerArm", "Head"},
                                                             {"Tail", "KataLowerArm"},
                                                             {"AnaUpperArm", "RightHand"},
                                                             {"Head", "LeftUpperLeg"},
                                                             {"Spine", "RightLowerLeg"}};
        for (const auto& [name, parent] : moves) {
            INFO("moving " << name << " under " << parent);
            const model::NodeId node = f.node(name);
            const auto before = subtreeWorlds(f.document(), node);
            REQUIRE(f.execute(edit::reparentNode(node, f.node(parent), std::nullopt)).ok());
            CHECK(f.document().node(node).parent == f.node(parent));
            requireWorldsKept(f.document(), before);
        }
    }
    SECTION("a rotor stays a rotor, 7 numbers unless a pseudoscalar appears") {
        const model::NodeId arm = f.node("LeftLowerArm");
        REQUIRE(f.execute(edit::reparentNode(arm, f.node("Hips"), std::nullopt)).ok());
        const model::NodeTransform& transform = f.document().node(arm).transform;
        CHECK(transform.form == Form::RotorScale);
        CHECK(transform.rotor.size() == 7);
        CHECK(transform.scale.empty());
        CHECK(f.changes().back().fieldsOf(arm) == ChangeSet::Transform);
        CHECK(f.changes().back().nodesMoved == std::vector<model::NodeId>{arm});
    }
    SECTION("a double rotation writes all 8 rotor numbers") {
        const model::NodeId tail = f.node("Tail");
        const auto before = subtreeWorlds(f.document(), tail);
        REQUIRE(f.execute(edit::reparentNode(tail, f.node("Head"), std::nullopt)).ok());
        CHECK(f.document().node(tail).transform.rotor.size() == 8);
        requireWorldsKept(f.document(), before);
    }
    SECTION("a position-only node under a rotated parent gets a rotor") {
        const model::NodeId hand = f.node("LeftHand");
        REQUIRE(f.execute(edit::reparentNode(hand, f.node("Head"), std::nullopt)).ok());
        CHECK(f.document().node(hand).transform.form == Form::RotorScale);
    }
    SECTION("a skinned mesh may leave its skeleton") {
        const model::NodeId body = f.node("Body");
        const auto before = subtreeWorlds(f.document(), body);
        REQUIRE(f.execute(edit::reparentNode(body, f.node("Scene"), std::nullopt)).ok());
        CHECK(f.document().node(body).parent == f.node("Scene"));
        CHECK(f.changes().back().nodesMoved == std::vector<model::NodeId>{body});
        requireWorldsKept(f.document(), before);
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::reparentNode(f.node("LeftLowerArm"), f.node("Head"), 0));
    }
}

TEST_CASE("reparent keeps representations and follows the tree and bone rules",
          "[edit][structure]") {
    test::NodeEditFixture f;
    const model::NodeId scene = f.node("Scene");
    const model::NodeId hips = f.node("Hips");
    const model::NodeId spine = f.node("Spine");
    const model::NodeId tail = f.node("Tail");

    SECTION("a position-only node stays position-only under a translated parent") {
        REQUIRE(f.execute(edit::reparentNode(tail, f.node("Rig"), std::nullopt)).ok());
        const model::NodeTransform& transform = f.document().node(tail).transform;
        CHECK(transform.form == Form::None);
        CHECK(transform.position == std::vector<double>{0, 1, -0.1, 0});
    }
    SECTION("a basis stays a basis") {
        const model::NodeId lamp = f.node("Lamp");
        const std::vector<double> basis = f.document().node(lamp).transform.basis;
        REQUIRE(f.execute(edit::reparentNode(lamp, f.node("Prop"), std::nullopt)).ok());
        const model::NodeTransform& transform = f.document().node(lamp).transform;
        CHECK(transform.form == Form::Basis);
        CHECK(transform.basis == basis);
        CHECK(transform.position == std::vector<double>{-1, 0, 0, 0});
    }
    SECTION("between parents placed alike, the authored numbers stay as written") {
        model::NodeId twin;
        REQUIRE(f.execute(edit::addBone(f.node("Rig"), "Twin", std::vector<double>{0, 1, 0, 0},
                                        std::nullopt, &twin))
                    .ok());
        const model::NodeTransform authored = f.document().node(spine).transform;
        REQUIRE(f.execute(edit::reparentNode(spine, twin, std::nullopt)).ok());
        CHECK(f.document().node(spine).transform == authored);
    }
    SECTION("keepLocal keeps the local transform") {
        const model::NodeTransform local = f.document().node(tail).transform;
        REQUIRE(f.execute(edit::reparentNode(tail, f.node("Rig"), std::nullopt, true)).ok());
        CHECK(f.document().node(tail).transform == local);
        CHECK(f.changes().back().fieldsOf(tail) == 0);
    }
    SECTION("the same parent reorders; the index counts the siblings without the node") {
        REQUIRE(f.execute(edit::reparentNode(tail, hips, 0)).ok());
        CHECK(f.document().node(hips).children == std::vector<model::NodeId>{tail, spine});
        CHECK(f.changes().back().nodesMoved == std::vector<model::NodeId>{tail});
        CHECK(f.changes().back().fieldsOf(tail) == 0);
        REQUIRE(f.execute(edit::reparentNode(tail, hips, 99)).ok());
        CHECK(f.document().node(hips).children == std::vector<model::NodeId>{spine, tail});
        REQUIRE(f.execute(edit::reparentNode(f.node("Prop"), scene, 0)).ok());
        CHECK(f.document().node(scene).children.front() == f.node("Prop"));
        REQUIRE(f.execute(edit::reparentNode(f.node("Prop"), scene, std::nullopt)).ok());
        CHECK(f.document().node(scene).children.back() == f.node("Prop"));
    }
    SECTION("the root, cycles and broken bone chains are refused") {
        f.requireRefused(edit::reparentNode(scene, f.node("Prop"), std::nullopt),
                         "Reparent: 'Scene' is the root node, which cannot move");
        f.requireRefused(edit::reparentNode(spine, f.node("Head"), std::nullopt),
                         "Reparent: 'Spine' cannot move under 'Head', which is inside its own "
                         "subtree");
        f.requireRefused(edit::reparentNode(spine, spine, std::nullopt),
                         "Reparent: 'Spine' cannot move under itself");
        f.requireRefused(edit::reparentNode(spine, f.node("Prop"), std::nullopt),
                         "Reparent: bone 'Spine' cannot move under 'Prop', which is neither a "
                         "bone nor a skeleton; a bone's parent must be a bone or a skeleton");
        REQUIRE(f.execute(edit::makeSkeleton(f.node("Prop"))).ok());
        f.requireRefused(edit::reparentNode(f.node("Prop"), f.node("Head"), std::nullopt),
                         "Reparent: skeleton 'Prop' cannot move under bone 'Head'; a skeleton "
                         "inside another skeleton's bone chain would give its bones two "
                         "skeletons");
    }
    SECTION("a bone in use as a joint cannot move to another skeleton") {
        REQUIRE(f.execute(edit::makeSkeleton(f.node("Prop"))).ok());
        f.requireRefused(edit::reparentNode(spine, f.node("Prop"), std::nullopt),
                         "Reparent: 'Spine' fills joints slot 1 of skeleton 'Rig', and moving "
                         "'Spine' under 'Prop' would take it out of that skeleton; remove it "
                         "from the joints first");
        CHECK(f.execute(edit::reparentNode(tail, f.node("Prop"), std::nullopt)).ok());
    }
    SECTION("a parent that squashes space cannot take a node keeping its world placement") {
        const model::NodeId prop = f.node("Prop");
        REQUIRE(f.execute(edit::setTransform(prop, basisTransform({1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
                                                                   0, 0, 0, 0, 1})))
                    .ok());
        f.requireRefused(edit::reparentNode(f.node("Lamp"), prop, std::nullopt),
                         "Reparent: the world transform of 'Prop' squashes space, so 'Lamp' "
                         "cannot keep its world placement under it; move it keeping its local "
                         "transform instead");
        CHECK(f.execute(edit::reparentNode(f.node("Lamp"), prop, std::nullopt, true)).ok());
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::reparentNode(tail, f.node("Rig"), 0));
    }
}
