// Skins -> skeletons (docs/interop-gltf.md, "Skins"; decision 0034).
#include "core/io/gltf/GltfAccessor.h"
#include "core/io/gltf/GltfImportContext.h"
#include "core/io/gltf/GltfJson.h"
#include "core/io/gltf/GltfTransform.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <unordered_map>

namespace hyperrig::core::io::gltf {
namespace {

std::string skinPointer(std::size_t index) {
    return "/skins/" + std::to_string(index);
}

bool hasMember(const ImportContext& context, std::size_t node, const char* key) {
    return member(topLevelItem(context.file.json, "nodes", node), key) != nullptr;
}

// Whether glTF node `node` can become the skeleton node: not a joint or bone of any skin, no
// mesh, and not already another skin's skeleton.
bool canBeSkeleton(const ImportContext& context, std::size_t node) {
    if (context.boneOf[node] >= 0 || hasMember(context, node, "mesh") ||
        hasMember(context, node, "skin"))
        return false;
    for (const auto& skin : context.skins)
        if (skin.skeletonFromNode == node)
            return false;
    return true;
}

// One glTF skin's joints (glTF nodes, skin order) and inverse bind matrices.
struct SkinJoints {
    std::vector<std::size_t> joints;
    std::vector<math::AffineN> inverseBind; // IBM_k (identity when absent)
};

Result<SkinJoints> readSkinJoints(const ImportContext& context, std::size_t s) {
    const auto& json = topLevelItem(context.file.json, "skins", s);
    const std::string pointer = skinPointer(s);
    if (!json.is_object())
        return Error(pointer + ": not an object");
    SkinJoints read;
    const auto* joints = member(json, "joints");
    if (!joints || !joints->is_array() || joints->empty())
        return Error(pointer + "/joints: missing or empty");
    std::vector<bool> isJoint(context.nodeCount, false);
    for (std::size_t k = 0; k < joints->size(); ++k) {
        const std::string where = pointer + "/joints/" + std::to_string(k);
        auto node = checkedIndex((*joints)[k], where, context.nodeCount, "node");
        if (!node)
            return node.error();
        if (isJoint[*node])
            return Error(where + ": node " + std::to_string(*node) + " is listed twice");
        isJoint[*node] = true;
        read.joints.push_back(*node);
    }
    // IBMs: float MAT4, at least one per joint, last row (0, 0, 0, 1).
    read.inverseBind.assign(read.joints.size(), math::AffineN::identity(3));
    auto ibm = optionalIndex(json, "inverseBindMatrices", pointer,
                             topLevelCount(context.file.json, "accessors"), "accessor");
    if (!ibm)
        return ibm.error();
    if (*ibm) {
        auto data = readAccessor(context.file, **ibm, context.limits);
        if (!data)
            return data.error();
        if (data->components != 16 || data->componentType != kFloat)
            return Error(pointer + "/inverseBindMatrices: accessor " + std::to_string(**ibm) +
                         " is not float MAT4");
        if (data->count < read.joints.size())
            return Error(pointer + "/inverseBindMatrices: accessor " + std::to_string(**ibm) +
                         " has " + std::to_string(data->count) + " matrices for " +
                         std::to_string(read.joints.size()) + " joints");
        for (std::size_t k = 0; k < read.joints.size(); ++k) {
            std::array<double, 16> m{};
            for (int i = 0; i < 16; ++i)
                m[static_cast<std::size_t>(i)] = data->at(k, i);
            auto affine = affineOfMatrix(m);
            if (!affine)
                return affine.error().withContext("/accessors/" + std::to_string(**ibm) +
                                                  " (matrix " + std::to_string(k) + ")");
            if (!affine->inverse())
                return Error("/accessors/" + std::to_string(**ibm) + ": matrix " +
                             std::to_string(k) + " is singular");
            read.inverseBind[k] = *affine;
        }
    }
    return read;
}

double matrixDistance(const math::AffineN& a, const math::AffineN& b) {
    double scale = 1.0;
    double distance = 0.0;
    const auto ma = matrixOf(a);
    const auto mb = matrixOf(b);
    for (std::size_t i = 0; i < 16; ++i) {
        scale = std::max(scale, std::abs(ma[i]));
        distance = std::max(distance, std::abs(ma[i] - mb[i]));
    }
    return distance / scale;
}

std::string nodeLabel(const ImportContext& context, std::size_t node) {
    const auto name = stringMember(topLevelItem(context.file.json, "nodes", node), "name");
    return "node " + std::to_string(node) + (name ? " ('" + *name + "')" : "");
}

// The joints list of the skeleton that serves the glTF skins `group` (ascending), and how each
// skin maps onto it (`uses`, indexed by glTF skin). Skins are taken in the order they meet: the
// first, then repeatedly the lowest one sharing a joint with those taken. A skin's joints that
// are in the list already must bind as the list does up to one mesh transform C (glTF skins
// made for meshes bound at different places); its new joints join the list with their IBMs
// corrected by C, so that IBM_k = inverse(rest_k) · C holds for all of them.
Result<void> mergeSkinJoints(const ImportContext& context, const std::vector<std::size_t>& group,
                             const std::vector<SkinJoints>& read, std::size_t planIndex,
                             SkinPlan& plan, std::vector<SkinUse>& uses) {
    std::unordered_map<std::size_t, std::uint32_t> slotOf; // glTF node -> slot
    std::vector<std::size_t> remaining = group;
    while (!remaining.empty()) {
        auto next = std::find_if(remaining.begin(), remaining.end(), [&](std::size_t s) {
            return std::any_of(read[s].joints.begin(), read[s].joints.end(),
                               [&](std::size_t node) { return slotOf.count(node) != 0; });
        });
        if (next == remaining.end())
            next = remaining.begin();
        const std::size_t s = *next;
        remaining.erase(next);
        const auto& skin = read[s];
        SkinUse& use = uses[s];
        use.plan = planIndex;
        std::optional<std::size_t> firstShared;
        for (std::size_t k = 0; k < skin.joints.size(); ++k) {
            const auto slot = slotOf.find(skin.joints[k]);
            if (slot == slotOf.end())
                continue;
            // C_k = rest_k · IBM_k, with rest_k = inverse(the list's IBM).
            const auto c = math::AffineN::compose(*plan.inverseBind[slot->second].inverse(),
                                                  skin.inverseBind[k]);
            if (!firstShared) {
                firstShared = k;
                // The same matrices in both skins give C = I up to the rounding of the inverse:
                // taken as exactly I, so the mesh node keeps an identity transform.
                use.meshToSkeleton = matrixDistance(c, math::AffineN::identity(3)) <= 1e-9
                                         ? math::AffineN::identity(3)
                                         : c;
            } else if (matrixDistance(c, use.meshToSkeleton) > 1e-5) {
                const std::size_t other = skin.joints[*firstShared];
                return Error(skinPointer(s) + "/inverseBindMatrices: skin " + std::to_string(s) +
                             " shares " + nodeLabel(context, skin.joints[k]) + " and " +
                             nodeLabel(context, other) + " with skin " +
                             std::to_string(plan.skins.front()) +
                             " but binds them in a different pose; HyperRig's skeleton has one "
                             "rest pose, so skins sharing joints must bind them alike (up to one "
                             "transform of the whole mesh)");
            }
        }
        const auto cInverse = use.meshToSkeleton.inverse();
        if (!cInverse)
            return Error(skinPointer(s) +
                         "/inverseBindMatrices: the bind poses it shares with "
                         "skin " +
                         std::to_string(plan.skins.front()) + " differ by a singular transform");
        for (std::size_t k = 0; k < skin.joints.size(); ++k) {
            auto [slot, added] =
                slotOf.try_emplace(skin.joints[k], static_cast<std::uint32_t>(plan.joints.size()));
            if (added) {
                plan.joints.push_back(skin.joints[k]);
                plan.inverseBind.push_back(math::AffineN::compose(skin.inverseBind[k], *cInverse));
            }
            use.slots.push_back(slot->second);
        }
        plan.skins.push_back(s);
    }
    std::sort(plan.skins.begin(), plan.skins.end());
    plan.index = plan.skins.front();
    return {};
}

// Plans the skeleton of the glTF skins `group`: its joints list, its bones and its node. The
// bones are not claimed here (context.boneOf): the caller first checks them against the other
// skeletons'.
Result<SkinPlan> planSkeleton(ImportContext& context, const std::vector<std::size_t>& group,
                              const std::vector<SkinJoints>& read, std::size_t planIndex,
                              std::vector<SkinUse>& uses) {
    SkinPlan plan;
    auto merged = mergeSkinJoints(context, group, read, planIndex, plan, uses);
    if (!merged)
        return merged.error();
    const std::string pointer = skinPointer(plan.index);
    std::vector<bool> isJoint(context.nodeCount, false);
    for (std::size_t node : plan.joints)
        isJoint[node] = true;
    // Every node on a joint's way up, each visited once; then the common root: from the top,
    // down while the node is not a joint and exactly one marked child leads on.
    std::vector<bool> marked(context.nodeCount, false);
    std::vector<std::size_t> markedChildren(context.nodeCount, 0);
    std::vector<std::size_t> tops;
    for (std::size_t node : plan.joints) {
        std::size_t at = node;
        while (!marked[at]) {
            marked[at] = true;
            if (!context.parent[at]) {
                tops.push_back(at);
                break;
            }
            ++markedChildren[*context.parent[at]];
            at = *context.parent[at];
        }
    }
    std::optional<std::size_t> root;
    if (tops.size() == 1) {
        std::size_t at = tops[0];
        while (!isJoint[at] && markedChildren[at] == 1)
            for (std::size_t child : context.children[at])
                if (marked[child]) {
                    at = child;
                    break;
                }
        root = at;
    }
    // Bones: the marked nodes below the common root, and the root itself when it is a joint.
    std::vector<bool> isBone(context.nodeCount, false);
    if (root) {
        std::vector<std::size_t> stack{*root};
        while (!stack.empty()) {
            const std::size_t node = stack.back();
            stack.pop_back();
            isBone[node] = node != *root || isJoint[node];
            for (std::size_t child : context.children[node])
                if (marked[child])
                    stack.push_back(child);
        }
    } else {
        isBone = marked;
    }
    if (!root) {
        // No common ancestor: the skeleton gathers the top-level ancestors of the joints.
        context.warn("gltf.skin.no-common-root", pointer + "/joints",
                     "the joints have no common root; HyperRig gathers their top-level nodes "
                     "under one skeleton");
    }
    // Parents-first order: walk the tree from the roots of the bone set.
    for (std::size_t i = 0; i < context.nodeCount; ++i)
        if (isBone[i] && (!context.parent[i] || !isBone[*context.parent[i]]))
            plan.rootBones.push_back(i);
    std::vector<std::size_t> stack(plan.rootBones.rbegin(), plan.rootBones.rend());
    while (!stack.empty()) {
        const std::size_t node = stack.back();
        stack.pop_back();
        plan.bones.push_back(node);
        const auto& children = context.children[node];
        for (auto it = children.rbegin(); it != children.rend(); ++it)
            if (isBone[*it])
                stack.push_back(*it);
    }
    // The skeleton node: the common non-joint root, or the root bone's non-joint parent, when
    // that node can serve; else a new node where the root bones were.
    std::optional<std::size_t> parentOfRoots;
    if (plan.rootBones.size() == 1 || (root && !isJoint[*root]))
        parentOfRoots = context.parent[plan.rootBones[0]];
    bool sameParent = true;
    for (std::size_t bone : plan.rootBones)
        sameParent = sameParent && context.parent[bone] == context.parent[plan.rootBones[0]];
    if (sameParent && context.parent[plan.rootBones[0]] &&
        canBeSkeleton(context, *context.parent[plan.rootBones[0]]))
        plan.skeletonFromNode = context.parent[plan.rootBones[0]];
    else if (sameParent)
        plan.insertUnder = context.parent[plan.rootBones[0]];
    else
        return Error(pointer + "/joints: the joints' top nodes have different parents");
    return plan;
}

// Bone length: distance to the first child bone; a leaf (or a child at the bone's origin) takes
// its parent's length, a lone bone 0.1 (decision 0034). extras.hyperrig.boneLength, written by
// our export, wins.
void setBoneLengths(ImportContext& context, const SkinPlan& plan,
                    const std::vector<math::AffineN>& restLocal) {
    auto& document = context.document;
    std::unordered_map<std::size_t, std::size_t> boneAt;
    for (std::size_t b = 0; b < plan.bones.size(); ++b)
        boneAt.emplace(plan.bones[b], b);
    for (std::size_t b = 0; b < plan.bones.size(); ++b) {
        const std::size_t node = plan.bones[b];
        model::Bone bone;
        bone.extra = model::OrderedJson::object();
        const auto& json = topLevelItem(context.file.json, "nodes", node);
        if (const auto* extras = member(json, "extras")) {
            if (const auto* ours = member(*extras, "hyperrig")) {
                if (const auto* length = member(*ours, "boneLength");
                    length && length->is_number() && std::isfinite(length->get<double>()) &&
                    length->get<double>() >= 0)
                    bone.length = length->get<double>();
            }
        }
        if (!bone.length) {
            for (std::size_t child : context.children[node]) {
                const auto at = std::find(plan.bones.begin(), plan.bones.end(), child);
                if (at == plan.bones.end())
                    continue;
                const double distance = restLocal[static_cast<std::size_t>(at - plan.bones.begin())]
                                            .position()
                                            .length();
                if (distance > 1e-9)
                    bone.length = distance;
                break;
            }
        }
        if (!bone.length) {
            const auto parent = context.parent[node];
            const model::Bone* parentBone =
                parent && context.boneOf[*parent] == static_cast<int>(&plan - context.skins.data())
                    ? document.node(context.ids[*parent]).bone()
                    : nullptr;
            bone.length = parentBone && parentBone->length ? *parentBone->length : 0.1;
        }
        document.node(context.ids[node]).component = bone;
    }
}

} // namespace

Result<void> planSkins(ImportContext& context) {
    const std::size_t count = topLevelCount(context.file.json, "skins");
    std::vector<SkinJoints> read;
    for (std::size_t s = 0; s < count; ++s) {
        auto joints = readSkinJoints(context, s);
        if (!joints)
            return joints.error();
        read.push_back(std::move(*joints));
    }
    // Skins sharing a joint get one skeleton (union-find over the skins); so do skins whose
    // bones overlap, found while planning: then the two groups join and planning starts again.
    std::vector<std::size_t> groupOf(count);
    std::iota(groupOf.begin(), groupOf.end(), std::size_t{0});
    auto find = [&](std::size_t s) {
        while (groupOf[s] != s)
            s = groupOf[s] = groupOf[groupOf[s]];
        return s;
    };
    auto join = [&](std::size_t a, std::size_t b) {
        a = find(a);
        b = find(b);
        groupOf[std::max(a, b)] = std::min(a, b);
    };
    std::unordered_map<std::size_t, std::size_t> skinOfJoint;
    for (std::size_t s = 0; s < count; ++s)
        for (std::size_t node : read[s].joints)
            if (const auto [at, added] = skinOfJoint.try_emplace(node, s); !added)
                join(at->second, s);
    const std::size_t warningsBefore = context.warnings.size();
    for (bool replan = true; replan;) {
        replan = false;
        context.warnings.erase(context.warnings.begin() +
                                   static_cast<std::ptrdiff_t>(warningsBefore),
                               context.warnings.end()); // a replan warns again
        context.skins.clear();
        context.skinUses.assign(count, SkinUse{});
        std::fill(context.boneOf.begin(), context.boneOf.end(), -1);
        for (std::size_t first = 0; first < count && !replan; ++first) {
            if (find(first) != first)
                continue;
            std::vector<std::size_t> group;
            for (std::size_t s = first; s < count; ++s)
                if (find(s) == first)
                    group.push_back(s);
            auto plan = planSkeleton(context, group, read, context.skins.size(), context.skinUses);
            if (!plan)
                return plan.error();
            for (std::size_t bone : plan->bones)
                if (context.boneOf[bone] >= 0) {
                    join(context.skins[static_cast<std::size_t>(context.boneOf[bone])].index,
                         first);
                    replan = true;
                }
            if (replan)
                break;
            for (std::size_t bone : plan->bones)
                context.boneOf[bone] = static_cast<int>(context.skins.size());
            if (group.size() > 1) {
                std::string listed;
                for (std::size_t s : group)
                    listed += (listed.empty() ? "" : ", ") + std::to_string(s);
                context.warn("gltf.skin.shared-joints", skinPointer(first),
                             "skins " + listed +
                                 " share joints or bones: HyperRig makes one skeleton of them "
                                 "(named after skin " +
                                 std::to_string(first) + "), and an export writes one skin");
            }
            context.skins.push_back(std::move(*plan));
        }
    }
    // A node with `skin` must name an existing skin and have a mesh.
    for (std::size_t i = 0; i < context.nodeCount; ++i) {
        const auto& node = topLevelItem(context.file.json, "nodes", i);
        auto skin = optionalIndex(node, "skin", "/nodes/" + std::to_string(i), count, "skin");
        if (!skin)
            return skin.error();
        if (*skin && !member(node, "mesh"))
            return Error("/nodes/" + std::to_string(i) + "/skin: a node with a skin needs a mesh");
        if (*skin && context.boneOf[i] >= 0)
            return Error("/nodes/" + std::to_string(i) +
                         "/skin: a skinned mesh node that is also a bone is not supported");
    }
    return {};
}

Result<void> buildSkeletons(ImportContext& context) {
    auto& document = context.document;
    for (auto& plan : context.skins) {
        const std::string pointer = skinPointer(plan.index);
        auto inverseWorld = plan.world.inverse();
        if (!inverseWorld)
            return Error(pointer + ": the skeleton's world transform is singular");
        // Rest (skeleton space): joints at inverse(IBM_k); nodes between joints follow their
        // parent with their own default local transform.
        std::vector<math::AffineN> restGlobal(plan.bones.size(), math::AffineN::identity(3));
        std::vector<math::AffineN> restLocal(plan.bones.size(), math::AffineN::identity(3));
        std::vector<math::AffineN> poseGlobal(plan.bones.size(), math::AffineN::identity(3));
        std::unordered_map<std::size_t, std::size_t> boneAt;
        for (std::size_t b = 0; b < plan.bones.size(); ++b)
            boneAt.emplace(plan.bones[b], b);
        std::unordered_map<std::size_t, std::size_t> jointAt;
        for (std::size_t k = 0; k < plan.joints.size(); ++k)
            jointAt.emplace(plan.joints[k], k);
        constexpr std::size_t kNoParent = static_cast<std::size_t>(-1);
        bool posesDiffer = false;
        for (std::size_t b = 0; b < plan.bones.size(); ++b) {
            const std::size_t node = plan.bones[b];
            std::size_t parentBone = kNoParent;
            if (context.parent[node])
                if (const auto at = boneAt.find(*context.parent[node]); at != boneAt.end())
                    parentBone = at->second;
            const auto joint = jointAt.find(node);
            poseGlobal[b] = math::AffineN::compose(*inverseWorld, context.world[node]);
            if (joint != jointAt.end()) {
                auto rest = plan.inverseBind[joint->second].inverse();
                restGlobal[b] = *rest; // checked when the skin was planned
            } else {
                restGlobal[b] =
                    parentBone != kNoParent
                        ? math::AffineN::compose(restGlobal[parentBone], context.local[node])
                        : poseGlobal[b];
            }
            if (parentBone != kNoParent) {
                auto inverseParent = restGlobal[parentBone].inverse();
                if (!inverseParent)
                    return Error("/nodes/" + std::to_string(plan.bones[parentBone]) +
                                 ": its bind matrix is singular");
                restLocal[b] = math::AffineN::compose(*inverseParent, restGlobal[b]);
            } else {
                restLocal[b] = restGlobal[b];
            }
            auto& bone = document.node(context.ids[node]);
            if (matrixDistance(restLocal[b], context.local[node]) <= 1e-5) {
                // The node pose is the bind pose here: keep the transform as written.
            } else {
                bone.transform = transformFromAffine(restLocal[b]);
            }
            posesDiffer = posesDiffer || matrixDistance(restGlobal[b], poseGlobal[b]) > 1e-5;
        }
        setBoneLengths(context, plan, restLocal);

        model::Skeleton skeleton;
        skeleton.writeJoints = true;
        for (std::size_t node : plan.joints)
            skeleton.joints.push_back(context.ids[node]);
        if (posesDiffer) {
            model::BindPose pose;
            pose.type = model::PoseType::Custom;
            pose.extra = model::OrderedJson::object();
            pose.extra["extras"] = {{"gltf", {{"nodePose", true}}}};
            for (std::size_t node : plan.joints) {
                const auto& global = poseGlobal[boneAt.at(node)];
                model::JointPose entry;
                const auto position = global.position().values();
                const auto basis = global.basis().columnMajor();
                entry.position.assign(position.begin(), position.end());
                entry.basis.assign(basis.begin(), basis.end());
                entry.extra = model::OrderedJson::object();
                pose.joints.push_back(std::move(entry));
            }
            skeleton.bindPoses.push_back(std::move(pose));
            context.warn("gltf.skin.node-pose", pointer,
                         "the nodes' default pose differs from the bind pose of the inverse "
                         "bind matrices; the rest pose follows the matrices and the node pose "
                         "is kept as the Custom bind pose");
        }
        // The skin object's own members, kept for export.
        model::OrderedJson kept = model::OrderedJson::object();
        for (const auto& [key, value] :
             topLevelItem(context.file.json, "skins", plan.index).items())
            if (key != "joints" && key != "inverseBindMatrices" && key != "skeleton")
                kept[key] = value;
        if (kept.contains("extensions") && kept["extensions"].is_object()) {
            kept["extensions"].erase("KHR_character_skeleton_bindpose");
            if (kept["extensions"].empty())
                kept.erase("extensions");
        }
        auto& skeletonNode = document.node(plan.skeleton);
        if (!kept.empty())
            gltfExtras(skeletonNode.extra)["skin"] = std::move(kept);
        skeleton.extra = model::OrderedJson::object();
        skeletonNode.component = std::move(skeleton);
    }
    return {};
}

} // namespace hyperrig::core::io::gltf
