#include "core/io/mpfb/MpfbImport.h"

#include "core/io/mpfb/BlenderBoneFrame.h"
#include "core/io/mpfb/MpfbBoneNames.h"
#include "core/io/mpfb/MpfbExtras.h"
#include "core/io/mpfb/MpfbPlacement.h"
#include "core/math/BasisDecomposition.h"
#include "core/model/NameRules.h"
#include "core/model/NewDocument.h"

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <map>
#include <memory>

namespace hyperrig::core::io {
namespace {

using model::OrderedJson;
namespace keys = mpfb_extras;

OrderedJson jsonVector(const glm::dvec3& v) {
    return OrderedJson::array({v.x, v.y, v.z});
}

// A bone's rest frame in G4MF skeleton space: rotation columns and origin, and the roll that
// frame has (what an export reads back).
struct G4mfFrame {
    glm::dmat3 rotation;
    glm::dvec3 origin;
    double roll = 0.0;
};

G4mfFrame g4mfFrame(const PlacedBone& placed) {
    const glm::dvec3 along = placed.tail - placed.head;
    // A zero-length bone has no direction; Blender's frame for +Y keeps it well defined.
    const glm::dvec3 y = glm::length(along) > 0.0 ? glm::normalize(along) : glm::dvec3(0, 1, 0);
    const BlenderBoneFrame zero = zeroRollFrame(y);
    const BlenderBoneFrame frame = rolledFrame(zero, placed.roll);
    // Within 0.4° of -Y Blender's frame uses a series for 1 + y.y and is orthonormal only to
    // about 1e-5; a rotor needs an exact rotation, so Z is made perpendicular to y and X = y × Z.
    // The roll of that frame differs from the stored one by up to ~1e-5 rad for such bones; it
    // is the roll an export reads back, so it is what `placed` records.
    const glm::dvec3 z = glm::normalize(frame.z - glm::dot(frame.z, y) * y);
    const glm::dvec3 x = glm::cross(y, z);
    return {glm::dmat3(blenderToG4mf(x), blenderToG4mf(y), blenderToG4mf(z)),
            blenderToG4mf(placed.head), rollTowards(zero, z)};
}

// The node transform of `child` under `parent` (both in skeleton space): rotation
// R_local = R_parentᵀ · R_child, position p_local = R_parentᵀ · (p_child - p_parent).
model::NodeTransform localTransform(const G4mfFrame& parent, const G4mfFrame& child) {
    const glm::dmat3 toParent = glm::transpose(parent.rotation);
    const glm::dmat3 rotation = toParent * child.rotation;
    const glm::dvec3 position = toParent * (child.origin - parent.origin);
    std::vector<double> columnMajor;
    for (int column = 0; column < 3; ++column)
        for (int row = 0; row < 3; ++row)
            columnMajor.push_back(rotation[column][row]);
    const auto basis = math::BasisN::fromColumnMajor(3, columnMajor);
    const math::Rotor rotor = math::rotorFromRotationBasis(basis.value());
    model::NodeTransform transform;
    transform.form = model::NodeTransform::Form::RotorScale;
    transform.position = {position.x, position.y, position.z};
    transform.rotor.assign(rotor.components().begin(), rotor.components().end());
    return transform;
}

model::NodeId appendNode(model::Document& document, model::NodeId parent, std::string name,
                         model::Component component, model::NodeTransform transform,
                         OrderedJson mpfbExtras) {
    auto node = std::make_unique<model::Node>();
    node->id = document.nodes.allocateId();
    node->name = std::move(name);
    node->parent = parent;
    node->component = std::move(component);
    node->transform = std::move(transform);
    node->extra[keys::kExtras] = OrderedJson::object({{keys::kMpfb, std::move(mpfbExtras)}});
    const model::NodeId id = node->id;
    document.nodes.append(std::move(node));
    return id;
}

// MPFB stands the body on the ground after placing the rig (mpfb.md §10). Rig coordinates stay
// those of the raw mesh, so the lift goes on the skeleton node: bones keep their skeleton-space
// rest (which export reads), and the body under the skeleton moves with them.
model::NodeTransform groundedSkeletonTransform(const MpfbBaseMesh& mesh) {
    model::NodeTransform transform = model::identityTransform();
    if (mesh.groundLift != 0.0)
        transform.position = {0.0, mesh.groundLift, 0.0}; // Blender +Z is G4MF +Y
    return transform;
}

} // namespace

std::string mpfbRigNameFromPath(std::string_view fileName) {
    std::string name(fileName);
    if (name.ends_with(".json"))
        name.resize(name.size() - 5);
    if (name.starts_with("rig."))
        name.erase(0, 4);
    return name.empty() ? "rig" : name;
}

Result<MpfbImport> importMpfbRig(const MpfbRig& rig, const MpfbBaseMesh& mesh,
                                 std::string_view skeletonName, std::string_view sourceName) {
    auto placement = placeMpfbBones(rig, mesh, sourceName);
    if (!placement)
        return placement.error();

    MpfbImport result{model::newDocument(3), {}, {}, {}, std::move(placement->warnings), {}};
    model::Document& document = result.document;
    if (const auto collections = rig.headerUpgraded.find("collections");
        collections != rig.headerUpgraded.end())
        result.collections = collections->get<std::vector<std::string>>();

    OrderedJson skeletonExtras = {
        {keys::kContainer, rig.container == MpfbContainer::Bare ? "bare" : "wrapped"},
        {keys::kHeader, rig.headerAsRead},
        {keys::kTrailingNewline, rig.trailingNewline},
        {keys::kCollections, result.collections},
    };
    result.skeleton = appendNode(
        document, document.root(), model::uniqueName(document, g4mfNameForMpfbBone(skeletonName)),
        model::Skeleton{}, groundedSkeletonTransform(mesh), std::move(skeletonExtras));
    document.node(document.root()).children.push_back(result.skeleton);

    // Nodes are added parents first (a sorted file lists "hand" before its parent "lowerarm"), and
    // linked to their parents afterwards so that siblings keep file order.
    std::map<std::string, std::size_t, std::less<>> indexOf;
    for (std::size_t i = 0; i < rig.bones.size(); ++i)
        indexOf.emplace(rig.bones[i].name, i);
    std::vector<G4mfFrame> frames;
    for (const PlacedBone& placed : placement->bones)
        frames.push_back(g4mfFrame(placed));
    result.bones.assign(rig.bones.size(), model::NodeId{});
    const G4mfFrame skeletonFrame{glm::dmat3(1.0), glm::dvec3(0.0)};

    std::vector<std::size_t> order;
    std::vector<bool> added(rig.bones.size(), false);
    const auto addWithAncestors = [&](std::size_t bone, auto& self) -> void {
        if (added[bone])
            return;
        const std::string& parent = rig.bones[bone].asRead["parent"].get_ref<const std::string&>();
        if (!parent.empty())
            self(indexOf.at(parent), self);
        added[bone] = true;
        order.push_back(bone);
    };
    for (std::size_t i = 0; i < rig.bones.size(); ++i)
        addWithAncestors(i, addWithAncestors);

    for (std::size_t i : order) {
        const MpfbRigBone& bone = rig.bones[i];
        const PlacedBone& placed = placement->bones[i];
        const std::string& parentName = bone.asRead["parent"].get_ref<const std::string&>();
        const bool isRoot = parentName.empty();
        const std::size_t parent = isRoot ? 0 : indexOf.at(parentName);
        const std::string g4mfName = model::uniqueName(document, g4mfNameForMpfbBone(bone.name));
        if (g4mfName != bone.name)
            result.renamedBones.emplace_back(bone.name, g4mfName);
        OrderedJson extras = {
            {keys::kName, bone.name},
            {keys::kImportedAs, g4mfName},
            {keys::kBone, bone.asRead},
            {keys::kPlaced,
             {{"head", jsonVector(placed.head)},
              {"tail", jsonVector(placed.tail)},
              {"roll", frames[i].roll}}},
        };
        model::Bone component;
        component.length = glm::length(placed.tail - placed.head);
        if (!std::isfinite(*component.length))
            return Error(
                std::string(sourceName) + ": " +
                appendPointer(rig.container == MpfbContainer::Bare ? "" : "/bones", bone.name) +
                ": the bone's head or tail is too far out to be placed");
        result.bones[i] = appendNode(
            document, isRoot ? result.skeleton : result.bones[parent], g4mfName,
            std::move(component),
            localTransform(isRoot ? skeletonFrame : frames[parent], frames[i]), std::move(extras));
    }
    for (std::size_t i = 0; i < rig.bones.size(); ++i) {
        const model::NodeId parent = document.node(result.bones[i]).parent;
        document.node(parent).children.push_back(result.bones[i]);
    }
    return result;
}

} // namespace hyperrig::core::io
