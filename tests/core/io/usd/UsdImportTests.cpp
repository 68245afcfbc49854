#include "core/io/usd/UsdaParser.h"
#include "core/model/DocumentSummary.h"
#include "tests/core/io/usd/UsdTestSupport.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

using namespace hyperrig::core;
using hyperrig::test::usdHasWarning;
using hyperrig::test::usdImportFile;
using hyperrig::test::usdImportText;
using hyperrig::test::usdNode;

namespace {

struct UsdImportFixture {
    static std::size_t primCount(const std::vector<io::usd::Prim>& prims) {
        std::size_t count = 0;
        for (const auto& prim : prims)
            count += 1 + primCount(prim.children);
        return count;
    }

    static std::size_t specCount(const std::string& name) {
        std::ifstream stream(hyperrig::test::usdData(name), std::ios::binary);
        std::stringstream text;
        text << stream.rdbuf();
        Diagnostics warnings;
        auto layer = io::usd::parseUsdaLayer(text.str(), name, {}, warnings);
        REQUIRE(layer);
        return primCount(layer->prims);
    }

    static std::size_t blendShapeCount(const model::Document& document) {
        std::size_t count = 0;
        for (const model::MeshId id : document.meshes.order()) {
            const auto& extra = document.mesh(id).extra;
            if (const auto& blend = document.mesh(id).blend)
                count += blend->shapes.size();
            if (extra.contains("extras"))
                count +=
                    extra["extras"]["usd"].value("blendShapes", model::OrderedJson::array()).size();
        }
        return count;
    }

    // The node imported from the prim at `path` (extras.usd.path), or none.
    static const model::Node* nodeAtPath(const model::Document& document, const std::string& path) {
        for (const model::NodeId id : document.nodes.order()) {
            const auto& extra = document.node(id).extra;
            if (extra.contains("extras") && extra["extras"].contains("usd") &&
                extra["extras"]["usd"].value("path", "") == path)
                return &document.node(id);
        }
        return nullptr;
    }

    static std::vector<double> position(const model::Node& node) {
        auto affine = node.transform.toAffine(3);
        REQUIRE(affine);
        const auto values = affine->position().values();
        return {values.begin(), values.end()};
    }
};

} // namespace

// Expected counts, read off the files by hand: prims are every def/over/class in the text;
// joints the entries of each Skeleton's `joints`; influences the non-zero jointWeights of the
// meshes that have points (lbs.usda: 56 in /Root/Mesh, 16 in each of the two 12-point meshes);
// blend shapes the skel:blendShapeTargets of each mesh.
TEST_CASE_METHOD(UsdImportFixture,
                 "the five OpenUSD files import with the prims, joints and influences in them",
                 "[usd]") {
    struct Expected {
        const char* file;
        std::size_t prims, skeletons, bones, meshes, influences, vertices, triangles, blendShapes;
    };
    for (const Expected& expected : {
             Expected{"skinnedArm.usda", 4, 1, 3, 1, 12, 12, 20, 0},
             Expected{"jointInfluences.usda", 18, 3, 0, 0, 0, 0, 0, 0},
             Expected{"populate.usda", 30, 13, 0, 0, 0, 0, 0, 0},
             Expected{"lbs.usda", 10, 1, 3, 3, 88, 64, 60, 0},
             Expected{"blendshapesWithNormals.usda", 8, 1, 0, 1, 0, 100, 162, 4},
         }) {
        INFO(expected.file);
        CHECK(specCount(expected.file) == expected.prims);
        const auto imported = usdImportFile(expected.file);
        const auto summary = model::summarize(imported.document);
        CHECK(summary.dimension == 3);
        CHECK(summary.skeletons == expected.skeletons);
        CHECK(summary.bones == expected.bones);
        CHECK(summary.meshes == expected.meshes);
        CHECK(summary.influences == expected.influences);
        CHECK(summary.vertices == expected.vertices);
        CHECK(summary.simplexes == expected.triangles);
        CHECK(blendShapeCount(imported.document) == expected.blendShapes);
    }
}

TEST_CASE_METHOD(UsdImportFixture, "jointInfluences.usda: the flaot[] typo is skipped where it is",
                 "[usd]") {
    const auto imported = usdImportFile("jointInfluences.usda");
    CHECK(usdHasWarning(imported.warnings, "usd.type.unknown", "74:13"));
    CHECK(usdHasWarning(imported.warnings, "usd.type.unknown", "86:13"));
}

TEST_CASE_METHOD(UsdImportFixture, "skinnedArm.usda: joint paths, rest and bind transforms",
                 "[usd]") {
    const auto imported = usdImportFile("skinnedArm.usda");
    const auto& document = imported.document;
    const auto& skeletonNode = usdNode(document, "Skel");
    const auto* skeleton = skeletonNode.skeleton();
    REQUIRE(skeleton);
    const auto& shoulder = usdNode(document, "Shoulder");
    const auto& elbow = usdNode(document, "Elbow");
    const auto& hand = usdNode(document, "Hand");
    // joints = [Shoulder, Shoulder/Elbow, Shoulder/Elbow/Hand]: a chain, in this slot order.
    CHECK(shoulder.parent == skeletonNode.id);
    CHECK(elbow.parent == shoulder.id);
    CHECK(hand.parent == elbow.id);
    REQUIRE(skeleton->joints.size() == 3);
    CHECK(skeleton->joints[0] == shoulder.id);
    CHECK(skeleton->joints[2] == hand.id);
    // bindTransforms (world) put the joints at z = 0, 2, 4; restTransforms (local) say 0, 2, 2:
    // the same pose, so no extra bind pose.
    CHECK(position(shoulder) == std::vector<double>{0, 0, 0});
    CHECK(position(elbow) == std::vector<double>{0, 0, 2});
    CHECK(position(hand) == std::vector<double>{0, 0, 2});
    CHECK(skeleton->bindPoses.empty());
    CHECK(*hand.bone()->length == 2.0); // a leaf takes its parent's length
    // The mesh: under the skeleton, identity, vertices as written (geomBindTransform identity).
    const auto& arm = usdNode(document, "Arm");
    CHECK(arm.parent == skeletonNode.id);
    CHECK(arm.transform.isIdentityByConstruction());
    const auto& mesh = document.mesh(arm.meshInstance()->mesh);
    CHECK(mesh.vertices.values[0] == 0.5);
    CHECK(mesh.vertices.values[2] == 4.0);
    // Point 0 is bound to joint 2 (Hand) with weight 1.
    REQUIRE(mesh.skin);
    CHECK(mesh.skin->groups[0] == 2);
    CHECK(mesh.skin->weights[0] == 1.0);
    // The animation is kept as written: quaternions (w, x, y, z), time codes as keys.
    const auto& animation = skeletonNode.extra["extras"]["usd"]["animation"];
    CHECK(animation["path"] == "/Model/Skel/Anim");
    CHECK(animation["properties"]["rotations"]["timeSamples"]["10"][0][1] == 0.7071);
    CHECK(usdHasWarning(imported.warnings, "usd.layer.meters-per-unit", "6:5"));
    // The note about the kept animation speaks to editor and CLI users alike.
    const auto kept = std::find_if(imported.warnings.begin(), imported.warnings.end(),
                                   [](const auto& w) { return w.rule == "usd.animation.kept"; });
    REQUIRE(kept != imported.warnings.end());
    CHECK(kept->message == "SkelAnimation /Model/Skel/Anim (bound to /Model/Skel) is kept in the "
                           "skeleton's extras.usd.animation and plays as animation 'Anim'");
}

TEST_CASE_METHOD(UsdImportFixture, "lbs.usda: geomBindTransform and the last opinion", "[usd]") {
    const auto imported = usdImportFile("lbs.usda");
    const auto& document = imported.document;
    // Joint 3: bind rows (0,0,1), (1,0,0), (0,1,0), translation (2,0,0) under joint 2 at
    // (1,0,0): local basis columns = those rows, position (1,0,0).
    auto joint3 = usdNode(document, "joint3").transform.toAffine(3);
    REQUIRE(joint3);
    const auto basis = joint3->basis().columnMajor();
    CHECK(std::vector<double>(basis.begin(), basis.end()) ==
          std::vector<double>{0, 0, 1, 1, 0, 0, 0, 1, 0});
    CHECK(position(usdNode(document, "joint3")) == std::vector<double>{1, 0, 0});
    // /Root/Mesh point 6 (0.5, 1, 0.5) · G, G rows (0,0,1), (1,0,0), (0,1,0), t (1,0,0):
    // 0.5·(0,0,1) + 1·(1,0,0) + 0.5·(0,1,0) + (1,0,0) = (2, 0.5, 0.5).
    const auto& mesh = document.mesh(usdNode(document, "Mesh").meshInstance()->mesh);
    CHECK(mesh.vertices.values[18] == Approx(2.0));
    CHECK(mesh.vertices.values[19] == Approx(0.5));
    CHECK(mesh.vertices.values[20] == Approx(0.5));
    // MeshWithNormals authors points and faces twice; the second opinion wins: point 0 is
    // (0.45, -1, 0.55) · G = (0, 0.55, 0.45); the first face is [1, 4, 5, 0].
    const auto& normals = document.mesh(usdNode(document, "MeshWithNormals").meshInstance()->mesh);
    CHECK(normals.vertices.values[0] == Approx(0.0).margin(1e-12));
    CHECK(normals.vertices.values[1] == Approx(0.55));
    CHECK(normals.vertices.values[2] == Approx(0.45));
    const auto& triangles = normals.surfaces[0].simplexes->values;
    CHECK(std::vector<double>(triangles.begin(), triangles.begin() + 6) ==
          std::vector<double>{1, 4, 5, 1, 5, 0});
    // Kept: the vertex normals as a primvar; the rigid Cube binding as a plain node.
    CHECK(normals.extra["extras"]["usd"]["properties"]["normals"]["metadata"]["interpolation"] ==
          "vertex");
    CHECK(usdHasWarning(imported.warnings, "usd.prim.not-geometry", "321:5"));
}

TEST_CASE_METHOD(UsdImportFixture,
                 "populate.usda: animation sources inherited, overridden, blocked and referenced",
                 "[usd]") {
    const auto imported = usdImportFile("populate.usda");
    const auto& document = imported.document;
    auto animationOf = [&](const std::string& path) -> std::string {
        const auto* node = nodeAtPath(document, path);
        INFO(path);
        REQUIRE(node);
        REQUIRE(node->isSkeleton());
        const auto& usd = node->extra["extras"]["usd"];
        return usd.contains("animation") ? usd["animation"]["path"].get<std::string>() : "";
    };
    CHECK(animationOf("/AnimBinding/Scope/Inherit") == "/Anim1");
    CHECK(animationOf("/AnimBinding/Scope/Override") == "/Anim2");
    CHECK(animationOf("/AnimBinding/Scope/Block").empty());
    CHECK(animationOf("/AnimBinding/Unbound").empty());
    CHECK(animationOf("/AnimBinding/BoundToInactiveAnim").empty());
    // The over with an internal reference: the referenced prims appear under it, <../Anim>
    // resolves at the new place, and the over's own animationSource is inherited.
    CHECK(animationOf("/AnimBinding/Instance/Inherit") == "/Anim1");
    CHECK(animationOf("/AnimBinding/Instance/Override") == "/AnimBinding/Instance/Anim");
    CHECK(nodeAtPath(document, "/SkelBinding/Instance/Skel"));
    // Inactive prims are not part of the scene.
    CHECK(!nodeAtPath(document, "/InactiveSkel"));
    CHECK(usdHasWarning(imported.warnings, "usd.animation.missing", "65:9"));
}

TEST_CASE_METHOD(UsdImportFixture,
                 "bindings are inherited down the namespace, blocked by None, reordered by "
                 "skel:joints; differing restTransforms become a Custom bind pose",
                 "[usd]") {
    const auto imported = usdImportText(R"(#usda 1.0
def SkelRoot "Root" (
    prepend apiSchemas = ["SkelBindingAPI"]
)
{
    double3 xformOp:translate = (10, 0, 0)
    uniform token[] xformOpOrder = ["xformOp:translate"]
    def Skeleton "Skel"
    {
        uniform token[] joints = ["A", "A/B"]
        uniform matrix4d[] bindTransforms = [((1,0,0,0),(0,1,0,0),(0,0,1,0),(10,0,0,1)), ((1,0,0,0),(0,1,0,0),(0,0,1,0),(10,1,0,1))]
        uniform matrix4d[] restTransforms = [((1,0,0,0),(0,1,0,0),(0,0,1,0),(0,0,0,1)), ((0,1,0,0),(-1,0,0,0),(0,0,1,0),(0,1,0,1))]
    }
    def Scope "Group" (
        prepend apiSchemas = ["SkelBindingAPI"]
    )
    {
        rel skel:skeleton = </Root/Skel>
        int[] primvars:skel:jointIndices = [1] (interpolation = "constant")
        float[] primvars:skel:jointWeights = [1] (interpolation = "constant")
        def Mesh "Inherits"
        {
            point3f[] points = [(0,0,0), (1,0,0), (0,1,0)]
            int[] faceVertexCounts = [3]
            int[] faceVertexIndices = [0, 1, 2]
        }
        def Mesh "Blocked" (
            prepend apiSchemas = ["SkelBindingAPI"]
        )
        {
            rel skel:skeleton = None
            point3f[] points = [(0,0,0), (1,0,0), (0,1,0)]
            int[] faceVertexCounts = [3]
            int[] faceVertexIndices = [0, 1, 2]
        }
        def Mesh "OwnOrder" (
            prepend apiSchemas = ["SkelBindingAPI"]
        )
        {
            uniform token[] skel:joints = ["A/B", "A"]
            int[] primvars:skel:jointIndices = [1, 0, 1, 0, 0, 1] (elementSize = 2 interpolation = "vertex")
            float[] primvars:skel:jointWeights = [0.75, 0.25, 1, 0, 0.5, 0.5] (elementSize = 2 interpolation = "vertex")
            matrix4d primvars:skel:geomBindTransform = ((1,0,0,0),(0,1,0,0),(0,0,1,0),(10,0,0,1))
            point3f[] points = [(0,0,0), (1,0,0), (0,1,0)]
            int[] faceVertexCounts = [3]
            int[] faceVertexIndices = [0, 1, 2]
        }
        def Mesh "NoApi"
        {
            int[] primvars:skel:jointIndices = [0] (interpolation = "constant")
            point3f[] points = [(0,0,0), (1,0,0), (0,1,0)]
            int[] faceVertexCounts = [3]
            int[] faceVertexIndices = [0, 1, 2]
        }
    }
}
)");
    const auto& document = imported.document;
    const auto& skel = usdNode(document, "Skel");
    // Skeleton space = world minus the SkelRoot's (10, 0, 0).
    CHECK(position(usdNode(document, "A")) == std::vector<double>{0, 0, 0});
    CHECK(position(usdNode(document, "B")) == std::vector<double>{0, 1, 0});
    const auto* skeleton = skel.skeleton();
    REQUIRE(skeleton->bindPoses.size() == 1);
    const auto& pose = skeleton->bindPoses[0];
    CHECK(pose.type == model::PoseType::Custom);
    CHECK(pose.joints[1].position == std::vector<double>{0, 1, 0});
    // restTransforms[1] rows (0,1,0), (-1,0,0), (0,0,1) = basis columns.
    CHECK(pose.joints[1].basis == std::vector<double>{0, 1, 0, -1, 0, 0, 0, 0, 1});
    CHECK(usdHasWarning(imported.warnings, "usd.skeleton.rest-differs"));

    const auto& inherits = usdNode(document, "Inherits");
    CHECK(inherits.parent == skel.id);
    const auto& inheritsMesh = document.mesh(inherits.meshInstance()->mesh);
    REQUIRE(inheritsMesh.skin);
    CHECK(inheritsMesh.skin->groups == std::vector<std::uint32_t>{1, 1, 1}); // constant: joint 1
    CHECK(inheritsMesh.vertices.values[0] == -10.0); // p · G(identity) · inverse(W_skel)

    const auto& blocked = usdNode(document, "Blocked");
    CHECK(blocked.parent == usdNode(document, "Group").id);
    CHECK(!document.mesh(blocked.meshInstance()->mesh).skin);

    const auto& own = document.mesh(usdNode(document, "OwnOrder").meshInstance()->mesh);
    REQUIRE(own.skin);
    // skel:joints maps local 0 -> A/B (1), local 1 -> A (0); sorted by weight, ties by joint.
    CHECK(own.skin->offsets == std::vector<std::uint32_t>{0, 2, 3, 5});
    CHECK(own.skin->groups == std::vector<std::uint32_t>{0, 1, 0, 0, 1});
    CHECK(own.skin->weights == std::vector<double>{0.75, 0.25, 1, 0.5, 0.5});
    CHECK(own.vertices.values[3] == 1.0); // G cancels the skeleton's translation

    // NoApi's own primvar is ignored (no SkelBindingAPI); it inherits the Group's binding.
    CHECK(usdHasWarning(imported.warnings, "usd.binding.api-missing", "48:9"));
    CHECK(document.mesh(usdNode(document, "NoApi").meshInstance()->mesh).skin);
}

TEST_CASE_METHOD(UsdImportFixture,
                 "composition the reader cannot do is reported, never dropped silently", "[usd]") {
    const auto imported = usdImportText(R"(#usda 1.0
(
    subLayers = [@./base.usda@ (offset = 10; scale = 2)]
)
def Xform "A" (
    references = @./other.usda@</Thing>
    payload = @./heavy.usda@
    inherits = </_class>
    variants = {
        string look = "red"
    }
    prepend variantSets = "look"
)
{
    variantSet "look" = {
        "red" {
            float x = 1
        }
    }
}
class "_class" {}
over "JustAnOver" {}
def Material "M" { def Shader "S" {} }
)");
    const auto& warnings = imported.warnings;
    CHECK(usdHasWarning(warnings, "usd.composition.sublayers", "3:5"));
    CHECK(usdHasWarning(warnings, "usd.composition.external-reference", "6:18"));
    CHECK(usdHasWarning(warnings, "usd.composition.payload", "7:5"));
    CHECK(usdHasWarning(warnings, "usd.composition.inherits", "8:5"));
    CHECK(usdHasWarning(warnings, "usd.variants", "9:5"));
    CHECK(usdHasWarning(warnings, "usd.variants", "15:5"));
    CHECK(usdHasWarning(warnings, "usd.prim.over-only", "22:1"));
    CHECK(usdHasWarning(warnings, "usd.prim.unsupported-type", "23:1"));
    CHECK(imported.document.findNode("A"));
    CHECK(!imported.document.findNode("_class"));
}
