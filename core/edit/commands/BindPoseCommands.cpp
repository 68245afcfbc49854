#include "core/edit/commands/BindPoseCapture.h"
#include "core/edit/commands/DataCommandSupport.h"
#include "core/edit/commands/DataCommands.h"

#include <algorithm>
#include <cmath>

namespace hyperrig::core::edit {
namespace {

std::string typeName(model::PoseType type) {
    return std::string(model::poseTypeName(type));
}

// "a TPose", "an APose": the article as the type name is read aloud.
std::string aPose(model::PoseType type) {
    const bool vowel = type == model::PoseType::APose || type == model::PoseType::IPose;
    return (vowel ? "an " : "a ") + typeName(type);
}

// The bind poses of a skeleton node, or an error naming what is missing.
Result<std::vector<model::BindPose>*> posesOf(model::Document& document, model::NodeId skeleton) {
    model::Node* node = document.nodes.find(skeleton);
    if (!node)
        return Error("the skeleton no longer exists");
    if (!node->isSkeleton())
        return Error("node " + describeNode(document, skeleton) + " is not a skeleton");
    return &node->skeleton()->bindPoses;
}

std::vector<model::BindPose>& posesAt(model::Document& document, model::NodeId skeleton) {
    return document.node(skeleton).skeleton()->bindPoses;
}

std::optional<std::size_t> findPose(const std::vector<model::BindPose>& poses,
                                    model::PoseType type) {
    const auto found =
        std::find_if(poses.begin(), poses.end(),
                     [type](const model::BindPose& pose) { return pose.type == type; });
    if (found == poses.end())
        return std::nullopt;
    return static_cast<std::size_t>(found - poses.begin());
}

std::size_t poseBytes(const model::BindPose& pose) {
    std::size_t total = sizeof(pose) + jsonBytes(pose.extra);
    for (const model::JointPose& joint : pose.joints)
        total += sizeof(joint) +
                 (joint.position.capacity() + joint.basis.capacity()) * sizeof(double) +
                 jsonBytes(joint.extra);
    return total;
}

// One entry per joints slot, each an N-D transform of finite numbers.
Result<void> checkEntries(const model::Document& document, model::NodeId skeleton,
                          const model::BindPose& pose) {
    const std::size_t slots = document.node(skeleton).skeleton()->joints.size();
    if (pose.joints.size() != slots)
        return Error("the pose has " + std::to_string(pose.joints.size()) +
                     " entries but skeleton " + describeNode(document, skeleton) + " has " +
                     std::to_string(slots) + " joints slots");
    const auto n = static_cast<std::size_t>(document.dimension());
    const auto finite = [](double value) {
        return std::isfinite(value);
    };
    for (std::size_t slot = 0; slot < slots; ++slot) {
        const model::JointPose& entry = pose.joints[slot];
        if (entry.position.size() != n || entry.basis.size() != n * n ||
            !std::all_of(entry.position.begin(), entry.position.end(), finite) ||
            !std::all_of(entry.basis.begin(), entry.basis.end(), finite))
            return Error("entry " + std::to_string(slot) + " is not a " + std::to_string(n) +
                         "D transform of finite numbers");
    }
    return {};
}

// Adds a pose at the end of the skeleton's poses: one given (storeBindPose), or one captured on
// the first apply (the rest pose "now"), kept for redo, which replays onto the same state.
class AddBindPoseCommand final : public Command {
public:
    AddBindPoseCommand(model::NodeId skeleton, model::PoseType type)
        : m_skeleton(skeleton), m_type(type) {}
    AddBindPoseCommand(model::NodeId skeleton, model::BindPose pose)
        : m_skeleton(skeleton), m_type(pose.type), m_pose(std::move(pose)), m_given(true) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        auto poses = posesOf(document, m_skeleton);
        if (!poses)
            return Error(poses.error()).withContext(displayName());
        if (findPose(**poses, m_type))
            return Error("skeleton " + describeNode(document, m_skeleton) + " already has " +
                         aPose(m_type) + " bind pose")
                .withContext(displayName());
        if (m_given)
            if (auto checked = checkEntries(document, m_skeleton, *m_pose); !checked)
                return std::move(checked).withContext(displayName());
        if (!m_pose) {
            auto captured = captureRestPose(document, m_skeleton, m_type);
            if (!captured)
                return std::move(captured).error().withContext(displayName());
            m_pose = std::move(*captured);
        }
        (*poses)->push_back(*m_pose);
        changes.posesChanged.push_back(m_skeleton);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        auto& poses = posesAt(document, m_skeleton);
        poses.erase(poses.begin() + static_cast<std::ptrdiff_t>(*findPose(poses, m_type)));
        changes.posesChanged.push_back(m_skeleton);
    }

    std::string displayName() const override {
        return m_given ? "Capture Bind Pose" : "Add Bind Pose";
    }
    std::size_t byteSize() const override {
        return sizeof(*this) + (m_pose ? poseBytes(*m_pose) : 0);
    }

private:
    model::NodeId m_skeleton;
    model::PoseType m_type;
    std::optional<model::BindPose> m_pose;
    bool m_given = false;
};

// Keeps the removed pose and its position among the skeleton's poses.
class RemoveBindPoseCommand final : public Command {
public:
    RemoveBindPoseCommand(model::NodeId skeleton, model::PoseType type)
        : m_skeleton(skeleton), m_type(type) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        auto poses = posesOf(document, m_skeleton);
        if (!poses)
            return Error(poses.error()).withContext(displayName());
        const auto index = findPose(**poses, m_type);
        if (!index)
            return Error("skeleton " + describeNode(document, m_skeleton) + " has no " +
                         typeName(m_type) + " bind pose")
                .withContext(displayName());
        m_index = *index;
        m_pose = std::move((**poses)[m_index]);
        (*poses)->erase((*poses)->begin() + static_cast<std::ptrdiff_t>(m_index));
        changes.posesChanged.push_back(m_skeleton);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        auto& poses = posesAt(document, m_skeleton);
        poses.insert(poses.begin() + static_cast<std::ptrdiff_t>(m_index), std::move(*m_pose));
        m_pose.reset();
        changes.posesChanged.push_back(m_skeleton);
    }

    std::string displayName() const override { return "Remove Bind Pose"; }
    std::size_t byteSize() const override {
        return sizeof(*this) + (m_pose ? poseBytes(*m_pose) : 0);
    }

private:
    model::NodeId m_skeleton;
    model::PoseType m_type;
    std::size_t m_index = 0;
    std::optional<model::BindPose> m_pose;
};

class SetBindPoseTypeCommand final : public Command {
public:
    SetBindPoseTypeCommand(model::NodeId skeleton, model::PoseType from, model::PoseType to)
        : m_skeleton(skeleton), m_from(from), m_to(to) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        auto poses = posesOf(document, m_skeleton);
        if (!poses)
            return Error(poses.error()).withContext(displayName());
        const auto index = findPose(**poses, m_from);
        if (!index)
            return Error("skeleton " + describeNode(document, m_skeleton) + " has no " +
                         typeName(m_from) + " bind pose")
                .withContext(displayName());
        if (m_to != m_from && findPose(**poses, m_to))
            return Error("skeleton " + describeNode(document, m_skeleton) + " already has " +
                         aPose(m_to) + " bind pose")
                .withContext(displayName());
        m_index = *index;
        (**poses)[m_index].type = m_to;
        changes.posesChanged.push_back(m_skeleton);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        posesAt(document, m_skeleton)[m_index].type = m_from;
        changes.posesChanged.push_back(m_skeleton);
    }

    std::string displayName() const override { return "Set Bind Pose Type"; }
    bool isNoOp() const override { return m_from == m_to; }
    std::size_t byteSize() const override { return sizeof(*this); }

private:
    model::NodeId m_skeleton;
    model::PoseType m_from;
    model::PoseType m_to;
    std::size_t m_index = 0;
};

// Replaces one slot's transform. An entry given without unknown properties (extra null) keeps
// the ones the old entry had: data we do not interpret stays.
class SetBindPoseEntryCommand final : public Command {
public:
    SetBindPoseEntryCommand(model::NodeId skeleton, model::PoseType type, std::size_t slot,
                            model::JointPose entry)
        : m_skeleton(skeleton), m_type(type), m_slot(slot), m_entry(std::move(entry)) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        auto checked = check(document);
        if (!checked)
            return std::move(checked).withContext(displayName());
        auto& poses = posesAt(document, m_skeleton);
        model::JointPose& target = poses[*findPose(poses, m_type)].joints[m_slot];
        model::JointPose next = m_entry;
        if (next.extra.is_null())
            next.extra = target.extra;
        m_before = std::exchange(target, std::move(next));
        changes.posesChanged.push_back(m_skeleton);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        auto& poses = posesAt(document, m_skeleton);
        poses[*findPose(poses, m_type)].joints[m_slot] = std::move(*m_before);
        m_before.reset();
        changes.posesChanged.push_back(m_skeleton);
    }

    std::string displayName() const override { return "Set Bind Pose Entry"; }
    std::size_t byteSize() const override {
        std::size_t total =
            sizeof(*this) +
            (m_entry.position.capacity() + m_entry.basis.capacity()) * sizeof(double) +
            jsonBytes(m_entry.extra);
        if (m_before)
            total += (m_before->position.capacity() + m_before->basis.capacity()) * sizeof(double) +
                     jsonBytes(m_before->extra);
        return total;
    }

private:
    Result<void> check(model::Document& document) const {
        auto poses = posesOf(document, m_skeleton);
        if (!poses)
            return poses.error();
        const auto index = findPose(**poses, m_type);
        if (!index)
            return Error("skeleton " + describeNode(document, m_skeleton) + " has no " +
                         typeName(m_type) + " bind pose");
        const std::size_t slots = (**poses)[*index].joints.size();
        if (m_slot >= slots)
            return Error("the " + typeName(m_type) + " bind pose of skeleton " +
                         describeNode(document, m_skeleton) + " has " + std::to_string(slots) +
                         " entries; there is no slot " + std::to_string(m_slot));
        const auto n = static_cast<std::size_t>(document.dimension());
        if (m_entry.position.size() != n)
            return Error("the position has " + std::to_string(m_entry.position.size()) +
                         " numbers, the dimension is " + std::to_string(n));
        if (m_entry.basis.size() != n * n)
            return Error("the basis has " + std::to_string(m_entry.basis.size()) + " numbers, a " +
                         std::to_string(n) + "D basis needs " + std::to_string(n * n));
        const auto finite = [](double value) {
            return std::isfinite(value);
        };
        if (!std::all_of(m_entry.position.begin(), m_entry.position.end(), finite) ||
            !std::all_of(m_entry.basis.begin(), m_entry.basis.end(), finite))
            return Error("bind pose numbers must be finite");
        return {};
    }

    model::NodeId m_skeleton;
    model::PoseType m_type;
    std::size_t m_slot;
    model::JointPose m_entry;
    std::optional<model::JointPose> m_before;
};

} // namespace

std::unique_ptr<Command> addBindPose(model::NodeId skeleton, model::PoseType type) {
    return std::make_unique<AddBindPoseCommand>(skeleton, type);
}

std::unique_ptr<Command> storeBindPose(model::NodeId skeleton, model::BindPose pose) {
    return std::make_unique<AddBindPoseCommand>(skeleton, std::move(pose));
}

std::unique_ptr<Command> removeBindPose(model::NodeId skeleton, model::PoseType type) {
    return std::make_unique<RemoveBindPoseCommand>(skeleton, type);
}

std::unique_ptr<Command> setBindPoseType(model::NodeId skeleton, model::PoseType from,
                                         model::PoseType to) {
    return std::make_unique<SetBindPoseTypeCommand>(skeleton, from, to);
}

std::unique_ptr<Command> setBindPoseEntry(model::NodeId skeleton, model::PoseType type,
                                          std::size_t slot, model::JointPose entry) {
    return std::make_unique<SetBindPoseEntryCommand>(skeleton, type, slot, std::move(entry));
}

} // namespace hyperrig::core::edit
