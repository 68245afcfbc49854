// KHR_character_skeleton_bindpose (all three shapes of its history) and
// KHR_character_reference_pose -> G4MF bind poses (gltf.md §5.3, §6.3; decision 0035).
#include "core/io/gltf/GltfAccessor.h"
#include "core/io/gltf/GltfImportContext.h"
#include "core/io/gltf/GltfJson.h"
#include "core/io/gltf/GltfTransform.h"
#include "core/math/Rotor.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace hyperrig::core::io::gltf {
namespace {

model::JointPose jointPose(const math::AffineN& skeletonSpace) {
    model::JointPose entry;
    const auto position = skeletonSpace.position().values();
    const auto basis = skeletonSpace.basis().columnMajor();
    entry.position.assign(position.begin(), position.end());
    entry.basis.assign(basis.begin(), basis.end());
    entry.extra = model::OrderedJson::object();
    return entry;
}

// Adds `pose` to skin `plan`'s skeleton unless a pose of its type is there already (then the
// file's pose wins over a node-pose Custom, anything else is reported and skipped).
void addPose(ImportContext& context, const SkinPlan& plan, model::BindPose pose,
             const std::string& pointer) {
    auto& skeleton = *context.document.node(plan.skeleton).skeleton();
    for (auto it = skeleton.bindPoses.begin(); it != skeleton.bindPoses.end(); ++it) {
        if (it->type != pose.type)
            continue;
        const bool nodePose = it->extra.is_object() && it->extra.contains("extras");
        if (nodePose) {
            skeleton.bindPoses.erase(it);
            context.warn("gltf.bindpose.replaces-node-pose", pointer,
                         "this Custom pose replaces the node pose HyperRig would have kept");
            break;
        }
        context.warn("gltf.bindpose.duplicate-type", pointer,
                     "a " + std::string(model::poseTypeName(pose.type)) +
                         " pose was read already for this skin; this one is skipped");
        return;
    }
    skeleton.bindPoses.push_back(std::move(pose));
}

model::PoseType poseTypeOf(ImportContext& context, const model::OrderedJson& object,
                           const std::string& pointer) {
    model::PoseType type = model::PoseType::TPose;
    const auto name = stringMember(object, "poseType");
    if (name && !model::parsePoseType(*name, type))
        context.warn("gltf.bindpose.pose-type", pointer + "/poseType",
                     "'" + *name + "' is not TPose, APose, IPose or Custom; read as TPose");
    return type;
}

std::optional<math::AffineN> readMatrix(const model::OrderedJson& entry) {
    const auto* matrix = member(entry, "matrix");
    if (!matrix || !matrix->is_array() || matrix->size() != 16)
        return std::nullopt;
    std::array<double, 16> m{};
    for (std::size_t i = 0; i < 16; ++i) {
        if (!(*matrix)[i].is_number() || !std::isfinite((*matrix)[i].get<double>()))
            return std::nullopt;
        m[i] = (*matrix)[i].get<double>();
    }
    auto affine = affineOfMatrix(m);
    if (!affine)
        return std::nullopt;
    return *affine;
}

// Model-space matrices, one per joint in skin order -> skeleton space.
void addMatrixPose(ImportContext& context, const SkinPlan& plan, model::PoseType type,
                   const std::vector<math::AffineN>& modelSpace, const std::string& pointer) {
    const auto toSkeleton = plan.world.inverse();
    if (!toSkeleton)
        return;
    model::BindPose pose;
    pose.type = type;
    pose.extra = model::OrderedJson::object();
    for (const auto& matrix : modelSpace)
        pose.joints.push_back(jointPose(math::AffineN::compose(*toSkeleton, matrix)));
    addPose(context, plan, std::move(pose), pointer);
}

// A skin-level pose: one model-space matrix per joint of glTF skin `use` (in its order), put in
// the skeleton's slot order. A skin that shares its skeleton but lists only some of its joints
// cannot give a whole pose (0029): reported and skipped.
void readPoseList(ImportContext& context, const SkinUse& use, const model::OrderedJson& pose,
                  const std::string& pointer) {
    const auto& plan = context.skins[use.plan];
    const auto* bindPoses = member(pose, "bindPoses");
    if (!bindPoses || !bindPoses->is_array() || bindPoses->size() != use.slots.size()) {
        context.warn("gltf.bindpose.count", pointer + "/bindPoses",
                     "needs one entry per joint (" + std::to_string(use.slots.size()) +
                         "); the pose is skipped");
        return;
    }
    if (use.slots.size() != plan.joints.size()) {
        context.warn("gltf.bindpose.partial-skin", pointer,
                     "the skin lists " + std::to_string(use.slots.size()) + " of the " +
                         std::to_string(plan.joints.size()) +
                         " joints of the skeleton it shares with other skins; the pose is "
                         "skipped");
        return;
    }
    std::vector<math::AffineN> matrices(plan.joints.size(), math::AffineN::identity(3));
    for (std::size_t k = 0; k < bindPoses->size(); ++k) {
        const auto matrix = readMatrix((*bindPoses)[k]);
        if (!matrix) {
            context.warn("gltf.bindpose.matrix",
                         pointer + "/bindPoses/" + std::to_string(k) + "/matrix",
                         "not 16 finite numbers of an affine matrix; the pose is skipped");
            return;
        }
        matrices[use.slots[k]] = *matrix;
    }
    addMatrixPose(context, plan, poseTypeOf(context, pose, pointer), matrices, pointer);
}

void readSkinExtension(ImportContext& context, std::size_t skinIndex) {
    const std::string pointer =
        "/skins/" + std::to_string(skinIndex) + "/extensions/KHR_character_skeleton_bindpose";
    const auto& skin = topLevelItem(context.file.json, "skins", skinIndex);
    const auto* extensions = member(skin, "extensions");
    const auto* extension =
        extensions ? member(*extensions, "KHR_character_skeleton_bindpose") : nullptr;
    if (!extension)
        return;
    const auto& use = context.skinUses[skinIndex];
    if (const auto* poses = member(*extension, "poses"); poses && poses->is_array()) {
        for (std::size_t p = 0; p < poses->size(); ++p)
            readPoseList(context, use, (*poses)[p], pointer + "/poses/" + std::to_string(p));
    } else if (member(*extension, "bindPoses")) {
        readPoseList(context, use, *extension, pointer); // the 2025-09 shape
    } else {
        context.warn("gltf.bindpose.shape", pointer,
                     "neither 'poses' nor 'bindPoses'; the extension is not read");
    }
}

// The 2025-07 document-level shape: {poseType, skeleton: skin, jointBindPoses: [{joint, matrix}]}.
void readAvatarExtension(ImportContext& context) {
    const auto* extensions = member(context.file.json, "extensions");
    const auto* extension =
        extensions ? member(*extensions, "KHR_avatar_skeleton_bindpose") : nullptr;
    if (!extension)
        return;
    const std::string pointer = "/extensions/KHR_avatar_skeleton_bindpose";
    std::vector<std::pair<const model::OrderedJson*, std::string>> poses;
    if (extension->is_array())
        for (std::size_t i = 0; i < extension->size(); ++i)
            poses.emplace_back(&(*extension)[i], pointer + "/" + std::to_string(i));
    else
        poses.emplace_back(extension, pointer);
    for (const auto& [pose, where] : poses) {
        const auto* skin = member(*pose, "skeleton");
        const auto* entries = member(*pose, "jointBindPoses");
        if (!skin || !skin->is_number_unsigned() ||
            skin->get<std::uint64_t>() >= context.skinUses.size() || !entries ||
            !entries->is_array()) {
            context.warn("gltf.bindpose.shape", where,
                         "needs 'skeleton' (a skin index) and 'jointBindPoses'; skipped");
            continue;
        }
        const auto& plan =
            context
                .skins[context.skinUses[static_cast<std::size_t>(skin->get<std::uint64_t>())].plan];
        std::vector<std::optional<math::AffineN>> matrices(plan.joints.size());
        for (const auto& entry : *entries) {
            const auto* joint = member(entry, "joint");
            const auto matrix = readMatrix(entry);
            if (!joint || !joint->is_number_unsigned() || !matrix)
                continue;
            const auto at = std::find(plan.joints.begin(), plan.joints.end(),
                                      static_cast<std::size_t>(joint->get<std::uint64_t>()));
            if (at != plan.joints.end())
                matrices[static_cast<std::size_t>(at - plan.joints.begin())] = *matrix;
        }
        std::vector<math::AffineN> complete;
        for (std::size_t k = 0; k < matrices.size(); ++k) {
            if (!matrices[k]) {
                context.warn("gltf.bindpose.count", where + "/jointBindPoses",
                             "joint " + std::to_string(plan.joints[k]) +
                                 " has no valid entry; the pose is skipped");
                complete.clear();
                break;
            }
            complete.push_back(*matrices[k]);
        }
        if (!complete.empty())
            addMatrixPose(context, plan, poseTypeOf(context, *pose, where), complete, where);
    }
}

// One KHR_character_reference_pose animation: one-key samplers overriding node TRS.
void readReferencePose(ImportContext& context, std::size_t index) {
    const std::string pointer = "/animations/" + std::to_string(index);
    const auto& animation = topLevelItem(context.file.json, "animations", index);
    const auto* extensions = member(animation, "extensions");
    const auto* extension =
        extensions ? member(*extensions, "KHR_character_reference_pose") : nullptr;
    if (!extension)
        return;
    const auto* channels = member(animation, "channels");
    const auto* samplers = member(animation, "samplers");
    auto reject = [&](const std::string& why) {
        context.warn("gltf.reference-pose.invalid", pointer, why + "; the pose is skipped");
    };
    if (!channels || !channels->is_array() || channels->empty() || !samplers ||
        !samplers->is_array())
        return reject("a reference pose needs channels and samplers");
    // Overrides per node: translation, rotation (x, y, z, w), scale.
    std::map<std::size_t, std::map<std::string, std::vector<double>>> overrides;
    for (std::size_t c = 0; c < channels->size(); ++c) {
        const auto& channel = (*channels)[c];
        const auto* target = member(channel, "target");
        const auto* sampler = member(channel, "sampler");
        const auto path = target ? stringMember(*target, "path") : std::nullopt;
        const auto* node = target ? member(*target, "node") : nullptr;
        if (!sampler || !sampler->is_number_unsigned() ||
            sampler->get<std::uint64_t>() >= samplers->size() || !node ||
            !node->is_number_unsigned() || node->get<std::uint64_t>() >= context.nodeCount ||
            !path || (*path != "translation" && *path != "rotation" && *path != "scale"))
            return reject("channel " + std::to_string(c) +
                          " does not target a node's translation, rotation or scale");
        const auto& samplerJson =
            (*samplers)[static_cast<std::size_t>(sampler->get<std::uint64_t>())];
        if (stringMember(samplerJson, "interpolation").value_or("LINEAR") == "CUBICSPLINE")
            return reject("CUBICSPLINE is not allowed in a reference pose");
        const auto* input = member(samplerJson, "input");
        const auto* output = member(samplerJson, "output");
        if (!input || !output || !input->is_number_unsigned() || !output->is_number_unsigned())
            return reject("sampler without input or output");
        auto times = readAccessor(
            context.file, static_cast<std::size_t>(input->get<std::uint64_t>()), context.limits);
        auto values = readAccessor(
            context.file, static_cast<std::size_t>(output->get<std::uint64_t>()), context.limits);
        const int width = *path == "rotation" ? 4 : 3;
        if (!times || !values || times->count != 1 || values->count != 1 ||
            values->components != width)
            return reject("every sampler needs exactly one key of the right type");
        overrides[static_cast<std::size_t>(node->get<std::uint64_t>())][*path] = values->values;
    }
    const auto poseType =
        poseTypeOf(context, *extension, pointer + "/extensions/KHR_character_reference_pose");
    for (const auto& plan : context.skins) {
        bool touched = false;
        for (std::size_t bone : plan.bones)
            touched = touched || overrides.count(bone) != 0;
        if (!touched)
            continue;
        // Skeleton-space globals of the bones with the overrides applied.
        std::map<std::size_t, math::AffineN> global;
        std::vector<math::AffineN> modelSpace;
        const auto toSkeleton = plan.world.inverse();
        if (!toSkeleton)
            return;
        for (std::size_t bone : plan.bones) {
            math::AffineN local = context.local[bone];
            if (const auto found = overrides.find(bone); found != overrides.end()) {
                const auto& json = topLevelItem(context.file.json, "nodes", bone);
                auto t = optionalNumbers(json, "translation", "", 3);
                auto r = optionalNumbers(json, "rotation", "", 4);
                auto s = optionalNumbers(json, "scale", "", 3);
                std::vector<double> translation = t && *t ? **t : std::vector<double>{0, 0, 0};
                std::vector<double> rotation = r && *r ? **r : std::vector<double>{0, 0, 0, 1};
                std::vector<double> scale = s && *s ? **s : std::vector<double>{1, 1, 1};
                for (const auto& [path, value] : found->second)
                    (path == "translation" ? translation
                     : path == "rotation"  ? rotation
                                           : scale) = value;
                auto rotor = math::Rotor::fromComponents(
                    3, std::vector<double>{rotation[3], rotation[2], -rotation[1], rotation[0]});
                auto unit = rotor ? rotor->normalized() : Result<math::Rotor>(rotor.error());
                if (!unit)
                    return reject("a rotation is not a quaternion");
                local = math::AffineN(
                    unit->toBasis() * math::BasisN::fromDiagonal({scale[0], scale[1], scale[2]}),
                    math::VectorN{translation[0], translation[1], translation[2]});
            }
            const auto parent = context.parent[bone];
            const auto parentGlobal = parent ? global.find(*parent) : global.end();
            global.insert_or_assign(
                bone,
                parentGlobal != global.end()
                    ? math::AffineN::compose(parentGlobal->second, local)
                    : math::AffineN::compose(
                          *toSkeleton,
                          parent ? math::AffineN::compose(context.world[*parent], local) : local));
        }
        model::BindPose pose;
        pose.type = poseType;
        pose.extra = model::OrderedJson::object();
        for (std::size_t joint : plan.joints)
            pose.joints.push_back(jointPose(global.at(joint)));
        addPose(context, plan, std::move(pose), pointer);
    }
}

} // namespace

Result<void> importBindPoses(ImportContext& context) {
    for (std::size_t s = 0; s < context.skinUses.size(); ++s)
        readSkinExtension(context, s);
    readAvatarExtension(context);
    for (std::size_t a = 0; a < topLevelCount(context.file.json, "animations"); ++a)
        readReferencePose(context, a);
    return {};
}

} // namespace hyperrig::core::io::gltf
