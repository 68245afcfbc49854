#include "core/model/SelectionWalk.h"
#include "tests/core/model/NodeBuilding.h"

#include <catch2/catch.hpp>

using namespace hyperrig;
using core::model::NodeId;

namespace {

// Scene ─┬─ Rig ── Hips ─┬─ Spine ── Chest
//        │               └─ LeftLeg
//        └─ Prop
struct WalkRig {
    core::model::Document document;
    NodeId scene = test::addNode(document, "Scene", {});
    NodeId rig = test::addNode(document, "Rig", scene);
    NodeId hips = test::addNode(document, "Hips", rig);
    NodeId spine = test::addNode(document, "Spine", hips);
    NodeId chest = test::addNode(document, "Chest", spine);
    NodeId leftLeg = test::addNode(document, "LeftLeg", hips);
    NodeId prop = test::addNode(document, "Prop", scene);
};

using Nodes = std::vector<NodeId>;

} // namespace

TEST_CASE("select parent walks each selected node one level up", "[model][selection]") {
    const WalkRig r;
    const auto& document = r.document;

    SECTION("siblings share their parent once") {
        const Nodes selection{r.spine, r.leftLeg};
        const auto walked = core::model::selectParents(document, selection, r.leftLeg, false);
        CHECK(walked.nodes == Nodes{r.hips});
        CHECK(walked.current == r.hips);
    }
    SECTION("selection order is kept") {
        const Nodes selection{r.chest, r.hips};
        const auto walked = core::model::selectParents(document, selection, r.chest, false);
        CHECK(walked.nodes == Nodes{r.spine, r.rig});
        CHECK(walked.current == r.spine);
    }
    SECTION("nodes under the root and the root itself stay: the scene node is never selected") {
        const Nodes selection{r.rig, r.prop, r.scene};
        const auto walked = core::model::selectParents(document, selection, r.prop, false);
        CHECK(walked.nodes == Nodes{r.rig, r.prop, r.scene});
        CHECK(walked.current == r.prop);
    }
    SECTION("extending keeps the selection and appends the parents it lacks") {
        const Nodes selection{r.chest, r.spine};
        const auto walked = core::model::selectParents(document, selection, r.chest, true);
        CHECK(walked.nodes == Nodes{r.chest, r.spine, r.hips});
        CHECK(walked.current == r.spine);
    }
    SECTION("nothing selected stays nothing") {
        const auto walked = core::model::selectParents(document, {}, {}, false);
        CHECK(walked.nodes.empty());
        CHECK_FALSE(walked.current);
    }
}

TEST_CASE("select children walks each selected node one level down", "[model][selection]") {
    const WalkRig r;
    const auto& document = r.document;

    SECTION("every direct child, in child order, none deeper") {
        const Nodes selection{r.hips};
        const auto walked = core::model::selectChildren(document, selection, r.hips, false);
        CHECK(walked.nodes == Nodes{r.spine, r.leftLeg});
        CHECK(walked.current == r.spine);
    }
    SECTION("a node without children stays, and repeats are dropped") {
        const Nodes selection{r.chest, r.spine, r.rig};
        const auto walked = core::model::selectChildren(document, selection, r.chest, false);
        CHECK(walked.nodes == Nodes{r.chest, r.hips});
        CHECK(walked.current == r.chest);
    }
    SECTION("extending keeps the selection and appends the children it lacks") {
        const Nodes selection{r.spine, r.rig};
        const auto walked = core::model::selectChildren(document, selection, r.rig, true);
        CHECK(walked.nodes == Nodes{r.spine, r.rig, r.chest, r.hips});
        CHECK(walked.current == r.hips);
    }
    SECTION("from the root: the top-level nodes") {
        const Nodes selection{r.scene};
        const auto walked = core::model::selectChildren(document, selection, r.scene, false);
        CHECK(walked.nodes == Nodes{r.rig, r.prop});
        CHECK(walked.current == r.rig);
    }
}
