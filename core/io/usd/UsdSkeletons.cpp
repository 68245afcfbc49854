// Skeleton prims -> skeleton nodes with bones (docs/interop-usd.md, "Skeletons"; decision 0041).
#include "core/io/gltf/GltfTransform.h"
#include "core/io/usd/UsdImportContext.h"
#include "core/io/usd/UsdMath.h"
#include "core/io/usd/UsdValueJson.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string_view>
#include <unordered_set>

namespace hyperrig::core::io::usd {
namespace {

constexpr std::size_t kUsdNoParent = static_cast<std::size_t>(-1);

// Parent of each joint: the nearest ancestor path that is also listed (usdskel.md §3); a path
// listed twice is found at its later index. Empty, "/" and paths with ".." have no parent.
std::vector<std::size_t> usdJointParents(const std::vector<std::string>& joints) {
    std::unordered_map<std::string_view, std::size_t> index;
    std::unordered_set<std::size_t> lengths; // only prefixes of a listed length can match
    for (std::size_t k = 0; k < joints.size(); ++k) {
        index[joints[k]] = k;
        lengths.insert(joints[k].size());
    }
    std::vector<std::size_t> parents(joints.size(), kUsdNoParent);
    for (std::size_t k = 0; k < joints.size(); ++k) {
        const std::string& path = joints[k];
        if (path.empty() || path == "/" || path.find("..") != std::string::npos)
            continue;
        std::string_view up = path;
        while (true) {
            const auto slash = up.rfind('/');
            if (slash == std::string::npos || slash == 0)
                break;
            up = up.substr(0, slash);
            if (lengths.count(up.size()) == 0)
                continue;
            if (const auto found = index.find(up); found != index.end()) {
                parents[k] = found->second;
                break;
            }
        }
    }
    return parents;
}

std::string usdJointLeaf(const std::string& path) {
    const auto slash = path.rfind('/');
    std::string leaf = slash == std::string::npos ? path : path.substr(slash + 1);
    return leaf.empty() ? "joint" : leaf;
}

double usdMatrixDistance(const math::AffineN& a, const math::AffineN& b) {
    double scale = 1.0;
    double distance = 0.0;
    const auto ma = gltf::matrixOf(a);
    const auto mb = gltf::matrixOf(b);
    for (std::size_t i = 0; i < 16; ++i) {
        scale = std::max(scale, std::abs(ma[i]));
        distance = std::max(distance, std::abs(ma[i] - mb[i]));
    }
    return distance / scale;
}

// A matrix4d[] property with one matrix per joint, as affine maps; none (with a warning) when
// absent, blocked or of the wrong size; an error when a matrix is malformed.
Result<std::optional<std::vector<math::AffineN>>> usdJointMatrices(ImportContext& context,
                                                                   const Prim& prim,
                                                                   const std::string& name,
                                                                   std::size_t jointCount) {
    const Property* property = prim.property(name);
    const Value* value = property ? usdStaticValue(context, prim, *property) : nullptr;
    if (!value)
        return std::optional<std::vector<math::AffineN>>();
    auto matrices = usdMatrixList(*value);
    if (!matrices)
        return context.error(property->place,
                             name + " of Skeleton " + prim.path + " is not a matrix4d[] list");
    if (matrices->size() != jointCount) {
        context.warn("usd.skeleton." + name + "-size", property->place,
                     name + " of Skeleton " + prim.path + " has " +
                         std::to_string(matrices->size()) + " matrices for " +
                         std::to_string(jointCount) + " joints; ignored (as OpenUSD does)");
        return std::optional<std::vector<math::AffineN>>();
    }
    std::vector<math::AffineN> affine;
    for (std::size_t k = 0; k < matrices->size(); ++k) {
        auto converted = affineOfUsdMatrix((*matrices)[k]);
        if (!converted)
            return context.error(property->place, name + "[" + std::to_string(k) +
                                                      "] of Skeleton " + prim.path + ": " +
                                                      converted.error().message());
        affine.push_back(*converted);
    }
    return std::optional(std::move(affine));
}

// The SkelAnimation bound to a skeleton: skel:animationSource on the Skeleton or its nearest
// ancestor with SkelBindingAPI (usdskel.md §9); `= None` blocks.
const Prim* usdAnimationSource(ImportContext& context, const PrimSite& site) {
    std::vector<const Prim*> chain{site.prim};
    chain.insert(chain.end(), site.ancestors.begin(), site.ancestors.end());
    for (const Prim* prim : chain) {
        const Property* source = prim->property("skel:animationSource");
        if (!source || !source->value)
            continue;
        if (!hasAppliedSchema(*prim, "SkelBindingAPI")) {
            context.warn("usd.binding.api-missing", source->place,
                         "skel:animationSource on prim " + prim->path +
                             " is ignored: the prim does not apply SkelBindingAPI");
            continue;
        }
        const Value& value = *source->value;
        const Value* target = &value;
        if (value.kind == Value::Kind::List) {
            if (value.items.empty())
                return nullptr; // an empty target list blocks
            if (value.items.size() > 1)
                context.warn("usd.binding.several-targets", source->place,
                             "skel:animationSource of prim " + prim->path +
                                 " has several targets; the first is used");
            target = &value.items[0];
        }
        if (target->kind != Value::Kind::Path)
            return nullptr; // None blocks
        const std::string path = resolvePrimPath(prim->path, target->text);
        const Prim* animation = findPrim(context.stage, path);
        if (!animation || animation->typeName != "SkelAnimation" || isInactive(*animation)) {
            context.warn("usd.animation.missing", source->place,
                         "skel:animationSource of prim " + prim->path + " targets <" +
                             target->text + ">, which is not an active SkelAnimation; the " +
                             "skeleton " + site.prim->path + " has no animation");
            return nullptr;
        }
        return animation;
    }
    return nullptr;
}

// The animation as JSON (decision 0042): its joints and every authored component with its
// default value and time samples, as written ((w, x, y, z) quaternions, stage units).
model::OrderedJson usdAnimationJson(const Prim& animation) {
    model::OrderedJson json = model::OrderedJson::object();
    json["path"] = animation.path;
    model::OrderedJson properties = model::OrderedJson::object();
    for (const auto& property : animation.properties)
        properties[property.name] = usdPropertyJson(property);
    json["properties"] = std::move(properties);
    return json;
}

Result<void> buildSkeleton(ImportContext& context, SkeletonBuild& build) {
    auto& document = context.document;
    const Prim& prim = *build.site.prim;
    const Property* jointsProperty = prim.property("joints");
    const Value* jointsValue =
        jointsProperty ? usdStaticValue(context, prim, *jointsProperty) : nullptr;
    if (jointsValue) {
        auto tokens = usdTokenList(*jointsValue);
        if (!tokens)
            return context.error(jointsProperty->place,
                                 "joints of Skeleton " + prim.path + " is not a token list");
        build.joints = std::move(*tokens);
    }
    const std::size_t count = build.joints.size();
    const auto parents = usdJointParents(build.joints);
    for (std::size_t k = 0; k < count; ++k)
        if (parents[k] != kUsdNoParent && parents[k] > k)
            return context.error(jointsProperty->place,
                                 "Skeleton " + prim.path + ": joint \"" + build.joints[k] +
                                     "\" (index " + std::to_string(k) +
                                     ") is listed before its parent \"" + build.joints[parents[k]] +
                                     "\" (index " + std::to_string(parents[k]) +
                                     "); UsdSkel requires parents before children");
    std::vector<std::size_t> depth(count, 0);
    for (std::size_t k = 0; k < count; ++k)
        if (parents[k] != kUsdNoParent &&
            (depth[k] = depth[parents[k]] + 1) > context.limits.maxJointDepth)
            return context.error(jointsProperty->place,
                                 "Skeleton " + prim.path + ": the joint hierarchy is deeper than " +
                                     std::to_string(context.limits.maxJointDepth) + " levels");
    std::vector<std::string> names;
    if (const Property* jointNames = prim.property("jointNames"))
        if (const Value* value = usdStaticValue(context, prim, *jointNames))
            if (auto tokens = usdTokenList(*value); tokens && tokens->size() == count)
                names = std::move(*tokens);
    auto bind = usdJointMatrices(context, prim, "bindTransforms", count);
    if (!bind)
        return bind.error();
    auto rest = usdJointMatrices(context, prim, "restTransforms", count);
    if (!rest)
        return rest.error();
    auto inverseWorld = build.site.world.inverse();
    if (!inverseWorld)
        return context.error(prim.place, "Skeleton " + prim.path +
                                             ": its world transform is "
                                             "singular");

    // Rest (skeleton space) := bindTransforms brought from world into skeleton space: UsdSkel
    // skins with inverse(bind) · animated, G4MF with pose ∘ rest⁻¹ (decision 0041).
    std::vector<math::AffineN> restGlobal(count, math::AffineN::identity(3));
    std::vector<math::AffineN> restPose(count, math::AffineN::identity(3));
    for (std::size_t k = 0; k < count; ++k) {
        const bool hasParent = parents[k] != kUsdNoParent;
        if (*rest)
            restPose[k] =
                hasParent ? math::AffineN::compose(restPose[parents[k]], (**rest)[k]) : (**rest)[k];
        if (*bind)
            restGlobal[k] = math::AffineN::compose(*inverseWorld, (**bind)[k]);
        else if (*rest)
            restGlobal[k] = restPose[k];
    }
    if (count > 0 && !*bind)
        context.warn("usd.skeleton.no-bind-transforms", prim.place,
                     "Skeleton " + prim.path + " has no usable bindTransforms; the rest pose " +
                         (*rest ? "comes from restTransforms" : "is the identity for every joint") +
                         " (meshes bound to it may not deform as in USD)");

    // Bones: one per joint, parents first (checked above), under their parent joint's bone.
    model::Node& skeletonNode = document.node(build.site.node);
    std::vector<model::NodeId> existingChildren = skeletonNode.children;
    skeletonNode.children.clear();
    std::vector<math::AffineN> restLocal(count, math::AffineN::identity(3));
    for (std::size_t k = 0; k < count; ++k) {
        const bool hasParent = parents[k] != kUsdNoParent;
        if (hasParent) {
            auto inverseParent = restGlobal[parents[k]].inverse();
            if (!inverseParent)
                return context.error(prim.place, "Skeleton " + prim.path +
                                                     ": the bind matrix "
                                                     "of joint \"" +
                                                     build.joints[parents[k]] + "\" is singular");
            restLocal[k] = math::AffineN::compose(*inverseParent, restGlobal[k]);
        } else {
            restLocal[k] = restGlobal[k];
        }
        auto node = std::make_unique<model::Node>();
        node->id = document.nodes.allocateId();
        node->name =
            usdNodeName(document, names.empty() ? usdJointLeaf(build.joints[k]) : names[k]);
        node->parent = hasParent ? build.bones[parents[k]] : build.site.node;
        node->transform = gltf::transformFromAffine(restLocal[k]);
        usdExtras(node->extra)["joint"] = build.joints[k];
        document.node(node->parent).children.push_back(node->id);
        build.bones.push_back(node->id);
        document.nodes.append(std::move(node));
    }
    auto& children = document.node(build.site.node).children;
    children.insert(children.end(), existingChildren.begin(), existingChildren.end());

    // Bone length: HyperRig's own hyperrig:boneLengths when the writer put them there (nan: no
    // length), else the distance to the first child joint, else the parent's, else 0.1 (as glTF).
    std::optional<std::vector<double>> writtenLengths;
    if (const Property* lengths = prim.property("hyperrig:boneLengths"))
        if (const Value* value = usdStaticValue(context, prim, *lengths))
            if (auto numbers = usdNumberList(*value, 1); numbers && numbers->size() == count)
                writtenLengths = std::move(*numbers);
    for (std::size_t k = 0; k < count; ++k) {
        model::Bone bone;
        bone.extra = model::OrderedJson::object();
        if (writtenLengths) {
            const double length = (*writtenLengths)[k];
            if (std::isfinite(length) && length >= 0.0)
                bone.length = length;
            document.node(build.bones[k]).component = bone;
            continue;
        }
        for (std::size_t c = k + 1; c < count; ++c)
            if (parents[c] == k) {
                const double distance = restLocal[c].position().length();
                if (distance > 1e-9)
                    bone.length = distance;
                break;
            }
        if (!bone.length) {
            const model::Bone* parentBone = parents[k] != kUsdNoParent
                                                ? document.node(build.bones[parents[k]]).bone()
                                                : nullptr;
            bone.length = parentBone && parentBone->length ? *parentBone->length : 0.1;
        }
        document.node(build.bones[k]).component = bone;
    }

    model::Skeleton skeleton;
    skeleton.writeJoints = true;
    skeleton.extra = model::OrderedJson::object();
    for (model::NodeId bone : build.bones)
        skeleton.joints.push_back(bone);
    bool posesDiffer = false;
    if (*bind && *rest)
        for (std::size_t k = 0; k < count; ++k)
            posesDiffer = posesDiffer || usdMatrixDistance(restPose[k], restGlobal[k]) > 1e-5;
    if (posesDiffer) {
        model::BindPose pose;
        pose.type = model::PoseType::Custom;
        pose.extra = model::OrderedJson::object();
        pose.extra["extras"] = {{"usd", {{"restTransforms", true}}}};
        for (std::size_t k = 0; k < count; ++k) {
            model::JointPose entry;
            const auto position = restPose[k].position().values();
            const auto basis = restPose[k].basis().columnMajor();
            entry.position.assign(position.begin(), position.end());
            entry.basis.assign(basis.begin(), basis.end());
            entry.extra = model::OrderedJson::object();
            pose.joints.push_back(std::move(entry));
        }
        skeleton.bindPoses.push_back(std::move(pose));
        context.warn("usd.skeleton.rest-differs", prim.place,
                     "the restTransforms of Skeleton " + prim.path +
                         " differ from its bindTransforms; the rest pose follows the "
                         "bindTransforms (what the meshes are bound to) and the restTransforms "
                         "are kept as the Custom bind pose");
    }
    model::Node& node = document.node(build.site.node);
    node.component = std::move(skeleton);
    auto& usd = usdExtras(node.extra);
    if (auto* properties = usd.contains("properties") ? &usd["properties"] : nullptr) {
        // Interpreted: the joints, names and matrices live in the bones and poses now.
        for (const char* name :
             {"joints", "jointNames", "bindTransforms", "restTransforms", "hyperrig:boneLengths"})
            properties->erase(name);
        if (properties->empty())
            usd.erase("properties");
    }
    usd["joints"] = build.joints;
    if (!names.empty())
        usd["jointNames"] = names;
    if (const Prim* animation = usdAnimationSource(context, build.site)) {
        usd["animation"] = usdAnimationJson(*animation);
        context.warn("usd.animation.kept", animation->place,
                     // Read in the editor's Import Report and on the CLI alike: names the
                     // animation as both list it, no command-line options.
                     "SkelAnimation " + animation->path + " (bound to " + prim.path +
                         ") is kept in the skeleton's extras.usd.animation and plays as "
                         "animation '" +
                         animation->name + "'");
    }
    return {};
}

} // namespace

Result<void> buildSkeletons(ImportContext& context) {
    for (auto& build : context.skeletons)
        if (auto built = buildSkeleton(context, build); !built)
            return built;
    return {};
}

} // namespace hyperrig::core::io::usd
