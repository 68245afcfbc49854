// Skeletons -> Skeleton prims, kept SkelAnimations back as they were read (docs/interop-usd.md,
// "Writing"; decisions 0041, 0042).
#include "core/io/usd/UsdExportContext.h"
#include "core/io/usd/UsdKeptText.h"
#include "core/io/usd/UsdStage.h"
#include "core/io/usd/UsdaText.h"
#include "core/model/JsonDump.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace hyperrig::core::io::usd {
namespace {

// The joints a skeleton's bones are, parents first: bones in joints-slot order (first
// occurrence), each after its parent bone, then bones no slot names, in tree order.
std::vector<model::NodeId> usdJointOrder(const model::Document& document, model::NodeId skeleton,
                                         const std::vector<model::NodeId>& treeOrder) {
    std::vector<model::NodeId> order;
    std::unordered_set<model::NodeId> listed;
    auto add = [&](auto&& self, model::NodeId bone) -> void {
        if (listed.count(bone) != 0)
            return;
        const model::NodeId parent = document.node(bone).parent;
        if (parent != skeleton)
            self(self, parent);
        listed.insert(bone);
        order.push_back(bone);
    };
    for (const auto& slot : document.node(skeleton).skeleton()->joints)
        if (slot && std::find(treeOrder.begin(), treeOrder.end(), *slot) != treeOrder.end())
            add(add, *slot);
    for (model::NodeId bone : treeOrder)
        add(add, bone);
    return order;
}

// Parent of each joint path: the nearest listed ancestor path (usdskel.md §3).
std::vector<std::size_t> usdTokenParents(const std::vector<std::string>& tokens) {
    std::unordered_map<std::string, std::size_t> index;
    for (std::size_t k = 0; k < tokens.size(); ++k)
        index[tokens[k]] = k;
    std::vector<std::size_t> parents(tokens.size(), kUsdNoPrim);
    for (std::size_t k = 0; k < tokens.size(); ++k) {
        std::string up = tokens[k];
        if (up.find("..") != std::string::npos)
            continue;
        while (true) {
            const auto slash = up.rfind('/');
            if (slash == std::string::npos || slash == 0)
                break;
            up.resize(slash);
            if (const auto found = index.find(up); found != index.end()) {
                parents[k] = found->second;
                break;
            }
        }
    }
    return parents;
}

// The joint paths the import read (extras.usd.joints), when they still describe this skeleton:
// one per slot, every slot a distinct bone, parents first and matching the bone tree.
std::optional<std::vector<std::string>> usdKeptJointTokens(const model::Document& document,
                                                           model::NodeId skeletonNode) {
    const auto* kept = usdKeptMember(document.node(skeletonNode).extra, "joints");
    const auto& slots = document.node(skeletonNode).skeleton()->joints;
    if (!kept || !kept->is_array() || kept->size() != slots.size())
        return std::nullopt;
    std::vector<std::string> tokens;
    std::unordered_set<model::NodeId> seen;
    for (std::size_t k = 0; k < slots.size(); ++k) {
        if (!(*kept)[k].is_string() || !slots[k] || !seen.insert(*slots[k]).second)
            return std::nullopt;
        tokens.push_back((*kept)[k].get<std::string>());
    }
    const auto parents = usdTokenParents(tokens);
    for (std::size_t k = 0; k < tokens.size(); ++k) {
        const model::NodeId parent = document.node(*slots[k]).parent;
        const bool root = parents[k] == kUsdNoPrim;
        if (root ? parent != skeletonNode : (parents[k] > k || *slots[parents[k]] != parent))
            return std::nullopt;
    }
    return tokens;
}

// Whether a skinned mesh of this skeleton has a vertex or influence G4MF leaves unmoved: no
// influence at all, or a group whose slot holds no bone (docs/skinning.md).
bool usdNeedsStaticJoint(const model::Document& document, const model::Node& skeletonNode,
                         const OutSkeleton& skeleton) {
    for (model::NodeId child : skeletonNode.children) {
        if (!usdIsSkinnedInstance(document, child))
            continue;
        const auto& skin = *document.mesh(document.node(child).meshInstance()->mesh).skin;
        for (std::size_t v = 0; v < skin.vertexCount(); ++v) {
            double moved = 0.0;
            for (auto i = skin.offsets[v]; i < skin.offsets[v + 1]; ++i) {
                const auto group = skin.groups[i];
                const bool bound = group < skeleton.jointOfSlot.size() &&
                                   skeleton.jointOfSlot[group] != kUsdNoPrim;
                if (!bound && skin.weights[i] > 0.0)
                    return true;
                moved += bound ? std::max(0.0, skin.weights[i]) : 0.0;
            }
            if (!(moved > 0.0))
                return true;
        }
    }
    return false;
}

std::string usdMatrixArrayText(const std::string& declaration,
                               const std::vector<math::AffineN>& matrices) {
    std::string text = declaration + " = [";
    for (std::size_t k = 0; k < matrices.size(); ++k)
        text += std::string(k == 0 ? "\n    " : ",\n    ") + usdMatrixText(matrices[k]);
    return text + (matrices.empty() ? "]" : "\n]");
}

std::string usdTokenArrayText(const std::string& declaration,
                              const std::vector<std::string>& tokens) {
    std::string text = declaration + " = [";
    for (std::size_t k = 0; k < tokens.size(); ++k)
        text += (k == 0 ? "" : ", ") + usdQuoted(tokens[k]);
    return text + "]";
}

// The bone length the import infers (UsdSkeletons.cpp): distance to the first child joint, else
// the parent's length, else 0.1. Lengths that differ are written as hyperrig:boneLengths.
std::vector<double> usdInferredLengths(const OutSkeleton& skeleton,
                                       const std::vector<math::AffineN>& locals) {
    const std::size_t count = skeleton.tokens.size();
    std::vector<double> lengths(count, 0.0);
    for (std::size_t k = 0; k < count; ++k) {
        double length = 0.0;
        for (std::size_t c = k + 1; c < count; ++c)
            if (skeleton.parents[c] == k) {
                const double distance = locals[c].position().length();
                if (distance > 1e-9)
                    length = distance;
                break;
            }
        if (length == 0.0)
            length = skeleton.parents[k] != kUsdNoPrim ? lengths[skeleton.parents[k]] : 0.1;
        lengths[k] = length;
    }
    return lengths;
}

// The skeleton-space pose the import marked as USD's restTransforms (a Custom bind pose with
// extras.usd.restTransforms, decision 0041), per joint; none without one.
std::optional<std::vector<math::AffineN>> usdRestPoseGlobals(const model::Document& document,
                                                             const OutSkeleton& skeleton) {
    const auto& component = *document.node(skeleton.node).skeleton();
    for (const auto& pose : component.bindPoses) {
        if (pose.type != model::PoseType::Custom || !pose.extra.is_object() ||
            !pose.extra.contains("extras") || !pose.extra["extras"].contains("usd") ||
            pose.joints.size() != component.joints.size())
            continue;
        std::vector<std::optional<math::AffineN>> bySlot(pose.joints.size());
        std::vector<math::AffineN> globals(skeleton.tokens.size(), math::AffineN::identity(3));
        std::vector<bool> found(skeleton.tokens.size(), false);
        for (std::size_t slot = 0; slot < pose.joints.size(); ++slot) {
            const std::size_t joint = skeleton.jointOfSlot[slot];
            if (joint == kUsdNoPrim || found[joint])
                continue;
            const auto& entry = pose.joints[slot];
            auto basis = math::BasisN::fromColumnMajor(3, entry.basis);
            if (!basis || entry.position.size() != 3)
                return std::nullopt;
            globals[joint] = math::AffineN(
                *basis, math::VectorN{entry.position[0], entry.position[1], entry.position[2]});
            found[joint] = true;
        }
        for (std::size_t k = 0; k < globals.size(); ++k)
            if (!found[k]) {
                // A joint without an entry keeps its rest local under its posed parent.
                const std::size_t parent = skeleton.parents[k];
                if (parent == kUsdNoPrim) {
                    globals[k] = skeleton.restGlobal[k];
                } else if (auto inverse = skeleton.restGlobal[parent].inverse()) {
                    globals[k] = math::AffineN::compose(
                        globals[parent], math::AffineN::compose(*inverse, skeleton.restGlobal[k]));
                }
            }
        return globals;
    }
    return std::nullopt;
}

// Locals (parent joint space <- joint space) of skeleton-space transforms.
Result<std::vector<math::AffineN>> usdLocalsOf(const OutSkeleton& skeleton,
                                               const std::vector<math::AffineN>& globals) {
    std::vector<math::AffineN> locals;
    for (std::size_t k = 0; k < globals.size(); ++k) {
        const std::size_t parent = skeleton.parents[k];
        if (parent == kUsdNoPrim) {
            locals.push_back(globals[k]);
            continue;
        }
        auto inverse = globals[parent].inverse();
        if (!inverse)
            return Error("joint \"" + skeleton.tokens[parent] + "\" has a singular transform");
        locals.push_back(math::AffineN::compose(*inverse, globals[k]));
    }
    return locals;
}

// Whether a kept skel:animationSource on the Skeleton or above it (the import's binding rule,
// usdskel.md §9) already names the prim the animation is written at.
bool usdKeptBindingReaches(const UsdExportContext& context, std::size_t prim,
                           const std::string& animationPath) {
    for (std::size_t at = prim; at != kUsdNoPrim && at != 0; at = context.prims[at].parent) {
        const auto& out = context.prims[at];
        if (!out.node)
            continue;
        const auto* properties = usdKeptMember(context.document.node(out.node).extra, "properties");
        if (!properties || !properties->contains("skel:animationSource"))
            continue;
        const auto& value = (*properties)["skel:animationSource"];
        if (!value.contains("value"))
            continue;
        const auto* metadata = usdKeptMember(context.document.node(out.node).extra, "metadata");
        const std::string text = metadata ? model::jsonText(*metadata) : std::string();
        if (text.find("SkelBindingAPI") == std::string::npos)
            continue;
        const auto& target = value["value"].is_array() && !value["value"].empty()
                                 ? value["value"][0]
                                 : value["value"];
        if (!target.is_string())
            return false; // None blocks
        std::string path = target.get<std::string>();
        if (path.size() >= 2 && path.front() == '<' && path.back() == '>')
            path = path.substr(1, path.size() - 2);
        return resolvePrimPath(out.path, path) == animationPath;
    }
    return false;
}

} // namespace

Result<void> usdCollectSkeleton(UsdExportContext& context, model::NodeId node) {
    const auto& document = context.document;
    OutSkeleton skeleton;
    skeleton.node = node;
    // Bones in tree order with their skeleton-space rest transforms.
    std::vector<model::NodeId> tree;
    std::unordered_map<model::NodeId, math::AffineN> global;
    std::unordered_map<model::NodeId, math::AffineN> local; // as authored, not recomposed
    auto walk = [&](auto&& self, model::NodeId parent,
                    const math::AffineN& parentGlobal) -> Result<void> {
        for (model::NodeId child : document.node(parent).children) {
            const auto& bone = document.node(child);
            if (!bone.isBone())
                continue;
            auto affine = bone.transform.toAffine(3);
            if (!affine)
                return affine.error().withContext("bone '" + bone.displayName() + "'");
            local.insert_or_assign(child, *affine);
            global.insert_or_assign(child, math::AffineN::compose(parentGlobal, *affine));
            tree.push_back(child);
            auto done = self(self, child, global.at(child));
            if (!done)
                return done;
        }
        return {};
    };
    auto walked = walk(walk, node, math::AffineN::identity(3));
    if (!walked)
        return walked;
    const auto& slots = document.node(node).skeleton()->joints;
    if (auto kept = usdKeptJointTokens(document, node)) {
        skeleton.tokens = std::move(*kept);
        for (const auto& slot : slots)
            skeleton.bones.push_back(*slot);
        // Bones no slot names (added since the import) follow, with made-up paths.
        for (model::NodeId bone : usdJointOrder(document, node, tree))
            if (std::find(skeleton.bones.begin(), skeleton.bones.end(), bone) ==
                skeleton.bones.end())
                skeleton.bones.push_back(bone);
    } else {
        skeleton.bones = usdJointOrder(document, node, tree);
    }
    // Paths for the joints that have none yet: parent path / identifier, unique.
    std::unordered_set<std::string> used(skeleton.tokens.begin(), skeleton.tokens.end());
    for (std::size_t k = 0; k < skeleton.bones.size(); ++k)
        skeleton.jointOfBone[skeleton.bones[k]] = k;
    for (std::size_t k = skeleton.tokens.size(); k < skeleton.bones.size(); ++k) {
        const auto& bone = document.node(skeleton.bones[k]);
        std::string prefix;
        if (bone.parent != node)
            prefix = skeleton.tokens[skeleton.jointOfBone.at(bone.parent)] + "/";
        const std::string base = prefix + usdIdentifier(bone.displayName());
        std::string token = base;
        for (int n = 1; used.count(token) != 0; ++n)
            token = base + "_" + std::to_string(n);
        used.insert(token);
        skeleton.tokens.push_back(token);
    }
    for (std::size_t k = 0; k < skeleton.bones.size(); ++k) {
        const auto& bone = document.node(skeleton.bones[k]);
        skeleton.parents.push_back(bone.parent == node ? kUsdNoPrim
                                                       : skeleton.jointOfBone.at(bone.parent));
        skeleton.restGlobal.push_back(global.at(skeleton.bones[k]));
        skeleton.restLocal.push_back(local.at(skeleton.bones[k]));
    }
    for (const auto& slot : slots)
        skeleton.jointOfSlot.push_back(slot && skeleton.jointOfBone.count(*slot) != 0
                                           ? skeleton.jointOfBone.at(*slot)
                                           : kUsdNoPrim);
    if (usdNeedsStaticJoint(document, document.node(node), skeleton)) {
        std::string token = "hyperrig_static";
        for (int n = 1; used.count(token) != 0; ++n)
            token = "hyperrig_static_" + std::to_string(n);
        skeleton.staticJoint = skeleton.tokens.size();
        skeleton.tokens.push_back(token);
        skeleton.bones.emplace_back();
        skeleton.parents.push_back(kUsdNoPrim);
        skeleton.restGlobal.push_back(math::AffineN::identity(3));
        skeleton.restLocal.push_back(math::AffineN::identity(3));
        context.warnings.push_back(
            "skeleton '" + document.node(node).displayName() + "': vertices or influences that " +
            "G4MF leaves unmoved are bound to an added root joint \"" + token +
            "\" that never moves (UsdSkel would pull them to the origin)");
    }
    context.skeletonOfNode[node] = context.skeletons.size();
    context.skeletons.push_back(std::move(skeleton));
    return {};
}

void usdPlaceAnimations(UsdExportContext& context) {
    std::unordered_map<std::string, std::size_t> placed; // kept path -> prim
    for (auto& skeleton : context.skeletons) {
        const auto* animation =
            usdKeptMember(context.document.node(skeleton.node).extra, "animation");
        if (!animation || !animation->is_object() || skeleton.prim == kUsdNoPrim)
            continue;
        const std::string path = animation->value("path", std::string());
        if (const auto found = placed.find(path);
            found != placed.end() && *context.prims[found->second].kept == *animation) {
            skeleton.animationPrim = found->second;
            continue;
        }
        const std::size_t prim = context.addPrim("SkelAnimation", {});
        context.prims[prim].kept = animation;
        const auto parentPath = usdParentPath(path);
        std::size_t parent = kUsdNoPrim;
        if (parentPath && parentPath->empty())
            parent = 0;
        else if (parentPath)
            if (const auto found = context.primOfKeptPath.find(*parentPath);
                found != context.primOfKeptPath.end() &&
                context.prims[found->second].parent != kUsdNoPrim)
                parent = found->second;
        const std::string name = path.empty() ? "Animation" : usdLastElement(path);
        if (parent == kUsdNoPrim || context.hasChild(parent, name))
            parent = skeleton.prim;
        context.attach(prim, parent, name);
        placed.emplace(path, prim);
        skeleton.animationPrim = prim;
    }
}

Result<void> usdWriteSkeleton(UsdExportContext& context, OutSkeleton& skeleton) {
    const auto& document = context.document;
    OutPrim& prim = context.prims[skeleton.prim];
    const model::Node& node = document.node(skeleton.node);
    const bool fromUsd = usdKeptMember(node.extra, "path") != nullptr;
    prim.properties.push_back(usdTokenArrayText("uniform token[] joints", skeleton.tokens));
    prim.written.insert("joints");
    // Original names where a path element is not the name (sanitised, numbered, static joint).
    std::vector<std::string> names;
    bool namesDiffer = usdKeptMember(node.extra, "jointNames") != nullptr;
    for (std::size_t k = 0; k < skeleton.tokens.size(); ++k) {
        const std::string name =
            skeleton.bones[k] ? document.node(skeleton.bones[k]).displayName() : skeleton.tokens[k];
        namesDiffer = namesDiffer || name != usdLastElement(skeleton.tokens[k]);
        names.push_back(name);
    }
    if (namesDiffer) {
        prim.properties.push_back(usdTokenArrayText("uniform token[] jointNames", names));
        prim.written.insert("jointNames");
    }
    // bindTransforms: world rest matrices (UsdSkel binds in world space, usdskel.md §2);
    // restTransforms: local ones, or the restTransforms the import kept as a Custom pose.
    std::vector<math::AffineN> bind;
    for (const auto& global : skeleton.restGlobal)
        bind.push_back(math::AffineN::compose(prim.world, global));
    std::vector<math::AffineN> rest = skeleton.restLocal;
    if (const auto globals = usdRestPoseGlobals(document, skeleton)) {
        auto locals = usdLocalsOf(skeleton, *globals);
        if (!locals)
            return locals.error().withContext("skeleton '" + node.displayName() + "'");
        rest = std::move(*locals);
    }
    prim.properties.push_back(usdMatrixArrayText("uniform matrix4d[] bindTransforms", bind));
    prim.properties.push_back(usdMatrixArrayText("uniform matrix4d[] restTransforms", rest));
    prim.written.insert({"bindTransforms", "restTransforms"});
    const auto inferred = usdInferredLengths(skeleton, skeleton.restLocal);
    bool lengthsDiffer = false;
    std::string lengths = "uniform double[] hyperrig:boneLengths = [";
    for (std::size_t k = 0; k < skeleton.tokens.size(); ++k) {
        const auto* bone = skeleton.bones[k] ? document.node(skeleton.bones[k]).bone() : nullptr;
        const double length = bone && bone->length ? *bone->length : inferred[k];
        lengthsDiffer = lengthsDiffer || (skeleton.bones[k] && !(bone && bone->length)) ||
                        std::abs(length - inferred[k]) > 1e-9 * std::max(1.0, inferred[k]);
        lengths += (k == 0 ? "" : ", ") + (skeleton.bones[k] && !(bone && bone->length)
                                               ? std::string("nan")
                                               : usdDoubleText(length));
    }
    if (lengthsDiffer) {
        prim.properties.push_back(lengths + "]");
        prim.written.insert("hyperrig:boneLengths");
    }
    if (skeleton.animationPrim != kUsdNoPrim) {
        const std::string& target = context.prims[skeleton.animationPrim].path;
        if (!usdKeptBindingReaches(context, skeleton.prim, target)) {
            prim.properties.push_back("rel skel:animationSource = <" + target + ">");
            prim.written.insert("skel:animationSource");
            usdApplySchema(prim.metadata, "SkelBindingAPI");
        }
    }
    if (!fromUsd)
        usdApplySchema(prim.metadata, "SkelBindingAPI"); // as usdskel.md §13's template
    usdWriteKeptProperties(prim, usdKeptMember(node.extra, "properties"));
    return {};
}

} // namespace hyperrig::core::io::usd
