#include "core/eval/CompiledSkeleton.h"

#include "core/model/ItemLabels.h"

namespace hyperrig::core::eval {

Result<CompiledSkeleton> compileSkeleton(const model::Document& document, model::NodeId skeleton) {
    const model::Node& skeletonNode = document.node(skeleton);
    HYPERRIG_EXPECTS(skeletonNode.isSkeleton());
    CompiledSkeleton compiled;
    compiled.skeleton = skeleton;
    compiled.dimension = document.dimension();
    const int n = compiled.dimension;

    // Depth-first from the skeleton through bones only: parents come before children.
    std::vector<std::pair<model::NodeId, std::int32_t>> stack; // node, parent bone index
    const auto& top = skeletonNode.children;
    for (auto child = top.rbegin(); child != top.rend(); ++child)
        stack.emplace_back(*child, CompiledSkeleton::kNoBone);
    while (!stack.empty()) {
        const auto [id, parent] = stack.back();
        stack.pop_back();
        const model::Node& node = document.node(id);
        if (!node.isBone())
            continue;
        auto local = node.transform.toAffine(n);
        if (!local)
            return local.error().withContext("bone " + model::describeNode(document, id));
        const auto index = static_cast<std::int32_t>(compiled.bones.size());
        math::AffineN global =
            parent == CompiledSkeleton::kNoBone
                ? *local
                : math::AffineN::compose(compiled.restGlobal[static_cast<std::size_t>(parent)],
                                         *local);
        auto inverse = global.inverse();
        if (!inverse)
            return Error("bone " + model::describeNode(document, id) +
                         ": its rest transform in skeleton space is singular, so it has no "
                         "inverse bind transform");
        compiled.bones.push_back(id);
        compiled.parents.push_back(parent);
        compiled.restLocal.push_back(*local);
        compiled.restGlobal.push_back(global);
        compiled.inverseRestGlobal.push_back(*inverse);
        compiled.boneIndex.emplace(id, index);
        for (auto child = node.children.rbegin(); child != node.children.rend(); ++child)
            stack.emplace_back(*child, index);
    }

    const model::Skeleton& component = *skeletonNode.skeleton();
    compiled.slotBones.reserve(component.joints.size());
    for (const model::JointSlot& slot : component.joints)
        compiled.slotBones.push_back(slot ? compiled.indexOf(*slot) : CompiledSkeleton::kNoBone);
    return compiled;
}

} // namespace hyperrig::core::eval
