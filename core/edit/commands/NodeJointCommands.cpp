#include "core/edit/commands/NodeCommandSupport.h"
#include "core/edit/commands/NodeCommands.h"

#include <algorithm>
#include <string>
#include <vector>

namespace hyperrig::core::edit {
namespace {

// One slot-level edit of a skeleton's joints. Bind poses hold one entry per slot (parallel to
// joints), so inserting, removing and moving a slot does the same to every pose; setting a slot
// leaves the poses alone. Undo data: the slot indices, the bones, and the pose entries a removal
// took out.
class JointSlotCommand final : public Command {
public:
    enum class Kind { Insert, Remove, Move, Set };

    JointSlotCommand(Kind kind, model::NodeId skeleton, std::size_t slot, std::size_t to,
                     model::JointSlot bone)
        : m_kind(kind), m_skeleton(skeleton), m_slot(slot), m_to(to), m_bone(bone) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        auto checked = check(document);
        if (!checked)
            return std::move(checked).withContext(displayName());
        model::Skeleton& skeleton = *document.node(m_skeleton).skeleton();
        switch (m_kind) {
        case Kind::Insert:
            insertSlot(skeleton, m_slot, m_bone, identityJointPoses(document, skeleton));
            break;
        case Kind::Remove:
            m_before = skeleton.joints[m_slot];
            m_removed = removeSlot(skeleton, m_slot);
            break;
        case Kind::Move:
            moveSlot(skeleton, m_slot, m_to);
            break;
        case Kind::Set:
            m_before = skeleton.joints[m_slot];
            skeleton.joints[m_slot] = m_bone;
            break;
        }
        report(skeleton, changes);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        model::Skeleton& skeleton = *document.node(m_skeleton).skeleton();
        switch (m_kind) {
        case Kind::Insert:
            removeSlot(skeleton, m_slot);
            break;
        case Kind::Remove:
            insertSlot(skeleton, m_slot, m_before, std::move(m_removed));
            m_removed.clear();
            break;
        case Kind::Move:
            moveSlot(skeleton, m_to, m_slot);
            break;
        case Kind::Set:
            skeleton.joints[m_slot] = m_before;
            break;
        }
        report(skeleton, changes);
    }

    std::string displayName() const override {
        switch (m_kind) {
        case Kind::Insert:
            return "Insert Joint";
        case Kind::Remove:
            return "Remove Joint";
        case Kind::Move:
            return "Move Joint";
        case Kind::Set:
            break;
        }
        return "Set Joint Slot";
    }

    bool isNoOp() const override { return m_kind == Kind::Move && m_slot == m_to; }

    std::size_t byteSize() const override {
        std::size_t total = sizeof(*this) + m_removed.capacity() * sizeof(model::JointPose);
        for (const model::JointPose& entry : m_removed)
            total += (entry.position.capacity() + entry.basis.capacity()) * sizeof(double) +
                     heapBytesOf(entry.extra);
        return total;
    }

private:
    Result<void> check(const model::Document& document) const {
        const model::Node* node = document.nodes.find(m_skeleton);
        if (!node)
            return Error("the skeleton no longer exists");
        const std::string label = nodeLabel(document, m_skeleton);
        const model::Skeleton* skeleton = node->skeleton();
        if (!skeleton)
            return Error(label + " is not a skeleton");
        const std::size_t count = skeleton->joints.size();
        // An insertion may append (slot == count); every other edit needs an existing slot.
        const std::size_t end = m_kind == Kind::Insert ? count + 1 : count;
        const std::size_t farthest = m_kind == Kind::Move ? std::max(m_slot, m_to) : m_slot;
        if (farthest >= end)
            return Error("slot " + std::to_string(farthest) + " does not exist; " + label +
                         " has " + std::to_string(count) + " joints slots");
        if (m_kind != Kind::Set) {
            for (const model::BindPose& pose : skeleton->bindPoses)
                if (pose.joints.size() != count)
                    return Error(label + "'s bind pose " +
                                 std::string(model::poseTypeName(pose.type)) + " has " +
                                 std::to_string(pose.joints.size()) + " entries for " +
                                 std::to_string(count) +
                                 " joints slots; fix the pose before inserting, removing or "
                                 "moving slots");
        }
        if (m_kind == Kind::Insert || m_kind == Kind::Set) {
            auto bone = checkJointBone(document, m_skeleton, m_bone);
            if (!bone)
                return std::move(bone).withContext("joints slot " + std::to_string(m_slot));
        }
        return {};
    }

    static std::vector<model::JointPose> identityJointPoses(const model::Document& document,
                                                            const model::Skeleton& skeleton) {
        return std::vector<model::JointPose>(skeleton.bindPoses.size(),
                                             identityJointPose(document.dimension()));
    }

    // Inserts `bone` at `slot`, and entries[i] into pose i.
    static void insertSlot(model::Skeleton& skeleton, std::size_t slot, model::JointSlot bone,
                           std::vector<model::JointPose> entries) {
        skeleton.joints.insert(at(skeleton.joints, slot), bone);
        for (std::size_t i = 0; i < skeleton.bindPoses.size(); ++i) {
            auto& joints = skeleton.bindPoses[i].joints;
            joints.insert(at(joints, slot), std::move(entries[i]));
        }
    }

    // Removes `slot`, returning the entry each pose had there.
    static std::vector<model::JointPose> removeSlot(model::Skeleton& skeleton, std::size_t slot) {
        skeleton.joints.erase(at(skeleton.joints, slot));
        std::vector<model::JointPose> removed;
        removed.reserve(skeleton.bindPoses.size());
        for (model::BindPose& pose : skeleton.bindPoses) {
            removed.push_back(std::move(pose.joints[slot]));
            pose.joints.erase(at(pose.joints, slot));
        }
        return removed;
    }

    // The slot at `from` ends at `to`; the ones between shift by one.
    static void moveSlot(model::Skeleton& skeleton, std::size_t from, std::size_t to) {
        moveItem(skeleton.joints, from, to);
        for (model::BindPose& pose : skeleton.bindPoses)
            moveItem(pose.joints, from, to);
    }

    template <typename T>
    static void moveItem(std::vector<T>& items, std::size_t from, std::size_t to) {
        T item = std::move(items[from]);
        items.erase(at(items, from));
        items.insert(at(items, to), std::move(item));
    }

    template <typename T>
    static typename std::vector<T>::iterator at(std::vector<T>& items, std::size_t index) {
        return items.begin() + static_cast<std::ptrdiff_t>(index);
    }

    void report(const model::Skeleton& skeleton, ChangeSet& changes) const {
        changes.nodeChanged(m_skeleton, ChangeSet::Joints);
        if (m_kind != Kind::Set && !skeleton.bindPoses.empty())
            changes.posesChanged.push_back(m_skeleton);
    }

    Kind m_kind;
    model::NodeId m_skeleton;
    std::size_t m_slot; // the slot edited, or the slot a move starts from
    std::size_t m_to;   // where a move ends
    model::JointSlot m_bone;
    model::JointSlot m_before;
    std::vector<model::JointPose> m_removed; // one entry per pose, while a removal is applied
};

} // namespace

std::unique_ptr<Command> insertJoint(model::NodeId skeleton, std::size_t slot,
                                     model::JointSlot bone) {
    return std::make_unique<JointSlotCommand>(JointSlotCommand::Kind::Insert, skeleton, slot, slot,
                                              bone);
}

std::unique_ptr<Command> removeJoint(model::NodeId skeleton, std::size_t slot) {
    return std::make_unique<JointSlotCommand>(JointSlotCommand::Kind::Remove, skeleton, slot, slot,
                                              std::nullopt);
}

std::unique_ptr<Command> moveJoint(model::NodeId skeleton, std::size_t from, std::size_t to) {
    return std::make_unique<JointSlotCommand>(JointSlotCommand::Kind::Move, skeleton, from, to,
                                              std::nullopt);
}

std::unique_ptr<Command> setJointSlot(model::NodeId skeleton, std::size_t slot,
                                      model::JointSlot bone) {
    return std::make_unique<JointSlotCommand>(JointSlotCommand::Kind::Set, skeleton, slot, slot,
                                              bone);
}

} // namespace hyperrig::core::edit
