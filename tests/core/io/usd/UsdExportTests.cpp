#include "core/io/g4mf/G4mfFile.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/io/usd/UsdExport.h"
#include "core/model/NewDocument.h"
#include "tests/core/io/usd/UsdDocumentAgreement.h"
#include "tests/core/io/usd/UsdTestSupport.h"
#include "tests/core/model/NodeBuilding.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>

using namespace hyperrig::core;
using hyperrig::test::usdExportLineNumbers;
using hyperrig::test::usdFirstDisagreement;
using hyperrig::test::usdImportFile;
using hyperrig::test::usdImportText;

namespace {

// A document through a G4MF save and load, as `convert x.usda x.g4tf` leaves it.
model::Document usdExportThroughG4mf(const model::Document& document) {
    auto encoded = io::encodeG4mf(document, io::G4mfContainer::Text, {});
    REQUIRE(encoded);
    auto file = io::parseG4mfBytes(encoded->file, {});
    REQUIRE(file);
    auto read = io::readDocument(*file);
    REQUIRE(read);
    return std::move(read->document);
}

std::string usdExportText(const model::Document& document) {
    auto encoded = io::encodeUsda(document);
    INFO((encoded ? std::string() : encoded.error().message()));
    REQUIRE(encoded);
    return encoded->text;
}

// A small skinned rig built in code: skeleton "Rig" turned 60° about +Z, bones Base (at y = 1)
// and Tip-End (y = 0.5 above Base), joints slots listed child first [Tip-End, Base], and a
// triangle skinned to them: vertex 0 to Base, vertex 1 to both (weights 1.5 and 0.5, not
// normalised), vertex 2 to nothing.
model::Document usdExportSmallRig() {
    using hyperrig::test::addNode;
    auto document = model::newDocument(3);
    const model::NodeId root = document.root();
    const model::NodeId rig = addNode(document, "Rig", root);
    const double half = 30.0 * 3.14159265358979323846 / 180.0;
    document.node(rig).transform.form = model::NodeTransform::Form::RotorScale;
    document.node(rig).transform.rotor = {std::cos(half), std::sin(half), 0.0, 0.0}; // s, xy, ...
    const model::NodeId base = addNode(document, "Base", root);
    const model::NodeId tip = addNode(document, "Tip-End", base);
    // Base under Rig, not under the root (addNode put it there to get an id first).
    auto& rootChildren = document.node(root).children;
    rootChildren.erase(std::find(rootChildren.begin(), rootChildren.end(), base));
    document.node(base).parent = rig;
    document.node(rig).children.push_back(base);
    document.node(base).transform.position = {0.0, 1.0, 0.0};
    document.node(tip).transform.position = {0.0, 0.5, 0.0};
    document.node(base).component =
        model::Bone{0.5, std::nullopt, {}, model::OrderedJson::object()};
    document.node(tip).component = model::Bone{0.5, std::nullopt, {}, model::OrderedJson::object()};
    model::Skeleton skeleton;
    skeleton.joints = {tip, base};
    skeleton.writeJoints = true;
    skeleton.extra = model::OrderedJson::object();
    document.node(rig).component = skeleton;
    auto mesh = std::make_unique<model::Mesh>();
    mesh->id = document.meshes.allocateId();
    mesh->name = "SkinMesh";
    mesh->vertices.vectorSize = 3;
    mesh->vertices.values = {0, 1, 0, 0.5, 1.5, 0, -0.5, 1.5, 0};
    model::Surface surface;
    surface.simplexes = model::NumericArray{};
    surface.simplexes->componentType = model::ComponentType::Uint8;
    surface.simplexes->vectorSize = 3;
    surface.simplexes->values = {0, 1, 2};
    mesh->surfaces.push_back(surface);
    model::Skin skin;
    skin.offsets = {0, 1, 3, 3};
    skin.groups = {1, 0, 1};
    skin.weights = {1.0, 1.5, 0.5};
    mesh->skin = skin;
    const model::MeshId meshId = mesh->id;
    document.meshes.append(std::move(mesh));
    const model::NodeId skinNode = addNode(document, "Skin", rig);
    document.node(skinNode).component =
        model::MeshInstance{meshId, model::OrderedJson::object(), std::nullopt};
    return document;
}

} // namespace

TEST_CASE("usda export of OpenUSD's test files imports back as the same document",
          "[usd][usd-export]") {
    for (const char* name : {"skinnedArm.usda", "lbs.usda", "jointInfluences.usda", "populate.usda",
                             "blendshapesWithNormals.usda"}) {
        INFO(name);
        const auto original = usdExportThroughG4mf(usdImportFile(name).document);
        const auto text = usdExportText(original);
        const auto again = usdImportText(text);
        // Kept data comes back as it was read; vertices moved by geomBindTransform and back, and
        // matrices recomposed, differ by rounding only.
        const auto difference = usdFirstDisagreement(original, again.document, 1e-6);
        INFO(difference.value_or(""));
        CHECK_FALSE(difference);
    }
}

TEST_CASE("usda export of the 3D arm sample imports back with its rig, mesh and skin",
          "[usd][usd-export]") {
    auto read =
        io::readG4mf(std::filesystem::path(HYPERRIG_SOURCE_DIR) / "assets/samples" / "arm-3d.g4tf");
    REQUIRE(read);
    const auto& original = read->document;
    auto encoded = io::encodeUsda(original);
    REQUIRE(encoded);
    CHECK(encoded->warnings.empty());
    const auto again = usdImportText(encoded->text);
    // The import puts the stage root "Stage" above the root prim (the sample's root "Scene");
    // extras differ (the import records prim paths), the rest agrees.
    const auto& stage = again.document.node(again.document.root());
    REQUIRE(stage.children.size() == 1);
    const auto difference = usdFirstDisagreement(original, original.root(), again.document,
                                                 stage.children[0], 1e-6, false);
    INFO(difference.value_or(""));
    CHECK_FALSE(difference);
}

TEST_CASE("usda export writes joints parents first, (w, x, y, z) quaternions and row-vector "
          "matrices",
          "[usd][usd-export]") {
    const auto document = usdExportSmallRig();
    const auto text = usdExportText(document);
    INFO(text);
    // The root becomes the SkelRoot the skeleton and its mesh need (usdskel.md §9).
    CHECK_THAT(text, Catch::Contains("def SkelRoot \"Scene\""));
    CHECK_THAT(text, Catch::Contains("defaultPrim = \"Scene\""));
    // Slots list the tip first; USD needs parents before children. "Tip-End" is no identifier:
    // the path uses Tip_End, jointNames keeps the name.
    CHECK_THAT(text,
               Catch::Contains(
                   "uniform token[] joints = [\"Base\", \"Base/Tip_End\", \"hyperrig_static\"]"));
    CHECK_THAT(text,
               Catch::Contains(
                   "uniform token[] jointNames = [\"Base\", \"Tip-End\", \"hyperrig_static\"]"));
    // Rig turned 60° about +Z: quaternion (w, x, y, z) = (cos 30°, 0, 0, sin 30°) in USD's order.
    const auto q = usdExportLineNumbers(text, "quatd xformOp:orient = ");
    REQUIRE(q.size() == 4);
    CHECK(q[0] == Approx(std::sqrt(3.0) / 2).margin(1e-15));
    CHECK(q[1] == 0.0);
    CHECK(q[2] == 0.0);
    CHECK(q[3] == Approx(0.5).margin(1e-15));
    // By Gf's formula (usdskel.md §1) row 0 = (1 − 2(y² + z²), 2(xy + zw), 2(xz − yw)) is where
    // +X goes: (cos 60°, sin 60°, 0), as HyperRig turns it.
    const auto turn = document.node(document.findNode("Rig")).transform.toAffine(3);
    REQUIRE(turn);
    const auto [w, x, y, z] = std::array<double, 4>{q[0], q[1], q[2], q[3]};
    CHECK(1 - 2 * (y * y + z * z) == Approx(turn->basis().at(0, 0)).margin(1e-12));
    CHECK(2 * (x * y + z * w) == Approx(turn->basis().at(1, 0)).margin(1e-12));
    CHECK(2 * (x * z - y * w) == Approx(turn->basis().at(2, 0)).margin(1e-12));
    // restTransforms are local and bindTransforms world, row-vector: the translation is the last
    // row. Tip-End's rest: (0, 0.5, 0) above Base. Its bind: R60 · (0, 1.5, 0) =
    // (−1.5 sin 60°, 1.5 cos 60°, 0), rows 0..2 = the images of X, Y, Z.
    std::istringstream lines(text);
    std::vector<std::string> rows;
    for (std::string line; std::getline(lines, line);)
        if (const auto start = line.find_first_not_of(' ');
            start != std::string::npos && line.compare(start, 3, "( (") == 0)
            rows.push_back(line.substr(start));
    REQUIRE(rows.size() == 6); // bind ×3, rest ×3
    CHECK_THAT(rows[4], Catch::Contains("(0, 0.5, 0, 1) )"));
    const auto tipBind = usdExportLineNumbers(rows[1], "(");
    REQUIRE(tipBind.size() == 16);
    const double s60 = std::sqrt(3.0) / 2;
    const std::array<double, 16> expected{0.5, s60, 0, 0, -s60,       0.5,  0, 0,
                                          0,   0,   1, 0, -1.5 * s60, 0.75, 0, 1};
    for (std::size_t i = 0; i < 16; ++i)
        CHECK(tipBind[i] == Approx(expected[i]).margin(1e-12));
    // Influences in USD joint order (slot 0 = Tip-End = joint 1, slot 1 = Base = joint 0),
    // normalised, sorted, padded to elementSize 2; vertex 2 (no influence) on the static joint.
    CHECK_THAT(text, Catch::Contains("int[] primvars:skel:jointIndices = [0, 0, 1, 0, 2, 0] (\n"
                                     "            elementSize = 2\n"
                                     "            interpolation = \"vertex\""));
    CHECK_THAT(text,
               Catch::Contains("float[] primvars:skel:jointWeights = [1, 0, 0.75, 0.25, 1, 0]"));
    // The triangle binds where the skeleton puts it: geomBindTransform = the Rig's world.
    CHECK_THAT(text, Catch::Contains("rel skel:skeleton = </Scene/Rig>"));
    // Read back: the same joints and deformation data.
    const auto again = usdImportText(text);
    const auto* skeleton = again.document.node(again.document.findNode("Rig")).skeleton();
    REQUIRE(skeleton);
    CHECK(skeleton->joints.size() == 3);
    CHECK(again.document.findNode("Tip-End"));
}

TEST_CASE("usda export refuses a 4D document with the way out", "[usd][usd-export]") {
    const auto document = model::newDocument(4);
    auto encoded = io::encodeUsda(document);
    REQUIRE_FALSE(encoded);
    CHECK_THAT(encoded.error().message(),
               Catch::Contains(".usda holds 3D scenes; this document is 4D") &&
                   Catch::Contains("--cross-section"));
}

TEST_CASE("usda export writes shortest round-trip numbers", "[usd][usd-export]") {
    const auto text = usdExportText(usdImportFile("lbs.usda").document);
    // float data keeps OpenUSD's float spelling (usdskel.md §12.5 item 14).
    CHECK_THAT(text, Catch::Contains("(1.1500001, -1, 0.55)"));
    CHECK_THAT(text, Catch::Contains("0.98479694"));
}
