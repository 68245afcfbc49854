#include "core/edit/commands/NodeCommands.h"
#include "core/math/BasisDecomposition.h"
#include "tests/core/edit/NodeTestSupport.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <limits>

using namespace hyperrig;
using namespace hyperrig::core;
using edit::ChangeSet;
using Form = model::NodeTransform::Form;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

math::AffineN affineOf(const model::Document& document, model::NodeId node) {
    auto affine = document.node(node).transform.toAffine(document.dimension());
    REQUIRE(affine.ok());
    return *affine;
}

model::NodeTransform rotorScale(std::vector<double> position, std::vector<double> rotor,
                                std::vector<double> scale) {
    model::NodeTransform transform;
    transform.form = Form::RotorScale;
    transform.position = std::move(position);
    transform.rotor = std::move(rotor);
    transform.scale = std::move(scale);
    return transform;
}

} // namespace

TEST_CASE("rename follows the G4MF name rules", "[edit][node]") {
    test::NodeEditFixture f;
    const model::NodeId spine = f.node("Spine");

    SECTION("renames and reports the name field") {
        REQUIRE(f.execute(edit::renameNode(spine, "Spine1")).ok());
        CHECK(f.document().node(spine).name == "Spine1");
        CHECK(f.changes().back().fieldsOf(spine) == ChangeSet::Name);
        CHECK(f.history().undoName() == "Rename Node");
    }
    SECTION("nullopt removes the name, an empty name is kept as written") {
        REQUIRE(f.execute(edit::renameNode(spine, std::nullopt)).ok());
        CHECK_FALSE(f.document().node(spine).name);
        REQUIRE(f.execute(edit::renameNode(spine, "")).ok());
        CHECK(f.document().node(spine).name == "");
    }
    SECTION("keeping its own name is allowed") {
        CHECK(f.execute(edit::renameNode(spine, "Spine")).ok());
    }
    SECTION("a name used by a node or a shape is refused") {
        f.requireRefused(
            edit::renameNode(spine, "Hips"),
            "Rename Node: the name 'Hips' is already used; names are unique across the "
            "whole file");
        f.requireRefused(edit::renameNode(spine, "HeadCapsule"),
                         "Rename Node: the name 'HeadCapsule' is already used; names are unique "
                         "across the whole file");
    }
    SECTION("forbidden characters are refused") {
        f.requireRefused(
            edit::renameNode(spine, "Spine.1"),
            "Rename Node: the name 'Spine.1' contains '.', which G4MF forbids in names");
    }
    SECTION("a removed node is refused") {
        f.requireRefused(edit::renameNode(model::NodeId{999}, "X"),
                         "Rename Node: the node no longer exists");
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::renameNode(spine, "UpperSpine"));
    }
}

TEST_CASE("set transform writes any representation and merges while dragging", "[edit][node]") {
    test::NodeEditFixture f;
    const model::NodeId prop = f.node("Prop");

    SECTION("writes a basis or a rotor with scale as given") {
        model::NodeTransform basis;
        basis.form = Form::Basis;
        basis.basis = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2};
        REQUIRE(f.execute(edit::setTransform(prop, basis)).ok());
        CHECK(f.document().node(prop).transform == basis);
        CHECK(f.changes().back().fieldsOf(prop) == ChangeSet::Transform);

        const auto rotor = rotorScale({0, 1, 0, 0}, {0.5, 0.5, 0, 0, 0, 0, 0.5, 0.5}, {3});
        REQUIRE(f.execute(edit::setTransform(prop, rotor)).ok());
        CHECK(f.document().node(prop).transform == rotor);
    }
    SECTION("the root carries no transform") {
        f.requireRefused(edit::setTransform(f.node("Scene"), rotorScale({1, 0, 0, 0}, {}, {})),
                         "Set Transform: 'Scene' is the root node, and G4MF's node 0 carries no "
                         "transform");
        CHECK(f.execute(edit::setTransform(f.node("Scene"), model::NodeTransform{})).ok());
    }
    SECTION("counts, scales and mixed forms are checked") {
        f.requireRefused(edit::setTransform(prop, rotorScale({1, 0, 0}, {}, {})),
                         "Set Transform: 'Prop': position has 3 numbers, the dimension is 4");
        f.requireRefused(edit::setTransform(prop, rotorScale({}, {1, 0, 0}, {})),
                         "Set Transform: 'Prop': rotor: rotor has 3 components, a 4D rotor "
                         "needs 7 or 8");
        f.requireRefused(edit::setTransform(prop, rotorScale({}, {}, {1, 0, 1, 1})),
                         "Set Transform: 'Prop': scale[1] is 0.000000, scales must be positive");
        model::NodeTransform mixed = rotorScale({}, {1, 0, 0, 0, 0, 0, 0}, {});
        mixed.form = Form::Basis;
        f.requireRefused(edit::setTransform(prop, mixed),
                         "Set Transform: 'Prop': basis excludes rotor and scale");
        f.requireRefused(edit::setTransform(prop, rotorScale({0, kNaN, 0, 0}, {}, {})),
                         "Set Transform: 'Prop': position[1] is not a finite number");
    }
    SECTION("consecutive edits of one node become one undo step") {
        f.history().setMergeWindow(std::chrono::hours(1));
        for (double x : {2.0, 3.0, 4.0})
            REQUIRE(f.execute(edit::setTransform(prop, rotorScale({x, 0, 0, 0}, {}, {}))).ok());
        CHECK(f.history().undoCount() == 1);
        f.history().undo();
        CHECK(f.document().node(prop).transform.position == std::vector<double>{1, 0, 0, 0});
        f.history().redo();
        CHECK(f.document().node(prop).transform.position == std::vector<double>{4, 0, 0, 0});
    }
    SECTION("a drag that ends where it began leaves no undo step") {
        f.history().setMergeWindow(std::chrono::hours(1));
        const model::NodeTransform start = f.document().node(prop).transform;
        REQUIRE(f.execute(edit::setTransform(prop, rotorScale({2, 0, 0, 0}, {}, {}))).ok());
        REQUIRE(f.execute(edit::setTransform(prop, start)).ok());
        CHECK(f.history().undoCount() == 0);
    }
    SECTION("edits of other nodes or other values do not merge") {
        f.history().setMergeWindow(std::chrono::hours(1));
        REQUIRE(f.execute(edit::setTransform(prop, rotorScale({2, 0, 0, 0}, {}, {}))).ok());
        REQUIRE(f.execute(edit::setTransform(f.node("Lamp"), model::NodeTransform{})).ok());
        REQUIRE(f.execute(edit::renameNode(prop, "Prop2")).ok());
        REQUIRE(f.execute(edit::renameNode(prop, "Prop3")).ok());
        CHECK(f.history().undoCount() == 4);
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::setTransform(prop, rotorScale({0, 2, 0, 1}, {}, {0.5})));
    }
}

TEST_CASE("set visible writes the optional flag", "[edit][node]") {
    test::NodeEditFixture f;
    const model::NodeId head = f.node("Head");

    SECTION("hides, and nullopt removes the property") {
        REQUIRE(f.execute(edit::setVisible(head, false)).ok());
        CHECK(f.document().node(head).visible == false);
        CHECK(f.changes().back().fieldsOf(head) == ChangeSet::Visible);
        REQUIRE(f.execute(edit::setVisible(head, std::nullopt)).ok());
        CHECK_FALSE(f.document().node(head).visible);
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::setVisible(head, false));
    }
}

TEST_CASE("convert transform keeps the placement in another representation", "[edit][node]") {
    test::NodeEditFixture f;
    const model::NodeId spine = f.node("Spine");
    const model::NodeId head = f.node("Head");

    SECTION("a rotor becomes a basis and back, 7 numbers without pseudoscalar") {
        const math::AffineN before = affineOf(f.document(), spine);
        REQUIRE(f.execute(edit::convertTransform(spine, Form::Basis)).ok());
        const model::NodeTransform& basis = f.document().node(spine).transform;
        CHECK(basis.form == Form::Basis);
        CHECK(basis.basis.size() == 16);
        CHECK(basis.position == std::vector<double>{0, 0.2, 0, 0});
        CHECK(math::approxEqual(affineOf(f.document(), spine), before));
        CHECK(f.changes().back().fieldsOf(spine) == ChangeSet::Transform);

        REQUIRE(f.execute(edit::convertTransform(spine, Form::RotorScale)).ok());
        const model::NodeTransform& rotor = f.document().node(spine).transform;
        CHECK(rotor.form == Form::RotorScale);
        CHECK(rotor.rotor.size() == 7);
        CHECK(rotor.scale.empty());
        CHECK(math::approxEqual(affineOf(f.document(), spine), before));
    }
    SECTION("a double rotation keeps its pseudoscalar: 8 numbers") {
        const math::AffineN before = affineOf(f.document(), head);
        REQUIRE(f.execute(edit::convertTransform(head, Form::Basis)).ok());
        REQUIRE(f.execute(edit::convertTransform(head, Form::RotorScale)).ok());
        CHECK(f.document().node(head).transform.rotor.size() == 8);
        CHECK(math::approxEqual(affineOf(f.document(), head), before));
    }
    SECTION("scales come out as one number when uniform") {
        const model::NodeId prop = f.node("Prop");
        model::NodeTransform scaled;
        scaled.form = Form::Basis;
        scaled.basis = {0, 2, 0, 0, -2, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2};
        REQUIRE(f.execute(edit::setTransform(prop, scaled)).ok());
        REQUIRE(f.execute(edit::convertTransform(prop, Form::RotorScale)).ok());
        CHECK(f.document().node(prop).transform.scale == std::vector<double>{2});
        CHECK(f.document().node(prop).transform.rotor.size() == 7);
    }
    SECTION("an identity basis becomes None, keeping the position as written") {
        const model::NodeId prop = f.node("Prop");
        REQUIRE(f.execute(edit::convertTransform(prop, Form::Basis)).ok());
        CHECK(f.document().node(prop).transform.form == Form::Basis);
        REQUIRE(f.execute(edit::convertTransform(prop, Form::None)).ok());
        const model::NodeTransform& none = f.document().node(prop).transform;
        CHECK(none.form == Form::None);
        CHECK(none.position == std::vector<double>{1, 0, 0, 0});
        CHECK(none.basis.empty());
    }
    SECTION("a form that cannot hold the placement is refused") {
        const model::NodeId lamp = f.node("Lamp");
        auto shear = math::BasisN::fromColumnMajor(
            4, std::vector<double>{1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
        REQUIRE(shear.ok());
        const auto reason = math::decomposeBasis(*shear);
        REQUIRE_FALSE(reason.ok());
        f.requireRefused(edit::convertTransform(lamp, Form::RotorScale),
                         "Convert Transform: 'Lamp' cannot be written as a rotor and scale: " +
                             reason.error().message());
        f.requireRefused(edit::convertTransform(lamp, Form::None),
                         "Convert Transform: 'Lamp' cannot be written as a position only: the "
                         "basis is not the identity, so it needs a basis or a rotor and scale");
        f.requireRefused(edit::convertTransform(f.node("Scene"), Form::Basis),
                         "Convert Transform: 'Scene' is the root node, and G4MF's node 0 "
                         "carries no transform");
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::convertTransform(spine, Form::Basis));
    }
}
