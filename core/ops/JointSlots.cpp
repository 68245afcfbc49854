#include "core/ops/JointSlots.h"

#include "core/edit/commands/DataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/eval/CompiledSkeleton.h"
#include "core/eval/Pose.h"

namespace hyperrig::core::ops {

Result<void> appendJointSlots(const model::Document& document, model::NodeId skeleton,
                              const std::vector<model::JointSlot>& slots,
                              edit::CompositeCommand& into) {
    if (slots.empty())
        return {};
    const model::Skeleton& component = *document.node(skeleton).skeleton();
    const std::size_t first = component.joints.size();
    for (std::size_t i = 0; i < slots.size(); ++i)
        into.appendPending(edit::insertJoint(skeleton, first + i, slots[i]));
    if (component.bindPoses.empty())
        return {};

    auto compiled = eval::compileSkeleton(document, skeleton);
    if (!compiled)
        return compiled.error();
    for (const model::BindPose& bindPose : component.bindPoses) {
        auto pose = eval::poseFromBindPose(*compiled, bindPose);
        if (!pose)
            return pose.error().withContext(std::string(model::poseTypeName(bindPose.type)));
        const auto globals = eval::evaluateSkeleton(*compiled, *pose);
        for (std::size_t i = 0; i < slots.size(); ++i) {
            if (!slots[i])
                continue; // insertJoint already gave the pose an identity entry
            const std::int32_t bone = compiled->indexOf(*slots[i]);
            if (bone == eval::CompiledSkeleton::kNoBone)
                return Error("a new joints slot names a node that is not a bone of the skeleton");
            const math::AffineN& placed = globals[static_cast<std::size_t>(bone)];
            model::JointPose entry;
            entry.extra = model::OrderedJson::object();
            entry.position.assign(placed.position().values().begin(),
                                  placed.position().values().end());
            entry.basis.assign(placed.basis().columnMajor().begin(),
                               placed.basis().columnMajor().end());
            into.appendPending(
                edit::setBindPoseEntry(skeleton, bindPose.type, first + i, std::move(entry)));
        }
    }
    return {};
}

} // namespace hyperrig::core::ops
