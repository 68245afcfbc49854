#include "core/ops/BoneShapes.h"

#include "core/base/Contracts.h"
#include "core/edit/commands/DataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/model/ItemLabels.h"
#include "core/model/JsonDump.h"
#include "core/model/NameRules.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace hyperrig::core::ops {
namespace {

// Creates the shape, then points the bone at it: the bone's command needs the id the first one
// hands out, so it is made when the first has applied.
class AddBoneShapeCommand final : public edit::Command {
public:
    AddBoneShapeCommand(model::NodeId bone, std::string name, model::OrderedJson value,
                        std::string displayName)
        : m_bone(bone), m_name(std::move(name)), m_value(std::move(value)),
          m_displayName(std::move(displayName)) {}

    // Made on the first apply and kept: redo applies the same two commands again, which gives
    // the shape the id it had (the History contract: redo restores ids too).
    Result<void> apply(model::Document& document, edit::ChangeSet& changes) override {
        if (!m_create)
            m_create = edit::createShape(m_name, m_value, &m_shape);
        auto created = m_create->apply(document, changes);
        if (!created)
            return created;
        if (!m_assign)
            m_assign = edit::setBoneShape(m_bone, m_shape);
        auto assigned = m_assign->apply(document, changes);
        if (!assigned) {
            m_create->revert(document, changes);
            return assigned;
        }
        return {};
    }

    void revert(model::Document& document, edit::ChangeSet& changes) override {
        m_assign->revert(document, changes);
        m_create->revert(document, changes);
    }

    std::string displayName() const override { return m_displayName; }

    std::size_t byteSize() const override {
        return sizeof(*this) + m_name.capacity() + model::jsonText(m_value).size() +
               (m_create ? m_create->byteSize() : 0) + (m_assign ? m_assign->byteSize() : 0);
    }

private:
    model::NodeId m_bone;
    std::string m_name;
    model::OrderedJson m_value;
    std::string m_displayName;
    model::ShapeId m_shape;
    std::unique_ptr<edit::Command> m_create;
    std::unique_ptr<edit::Command> m_assign;
};

std::vector<double> filled(int dimension, double value) {
    return std::vector<double>(static_cast<std::size_t>(dimension), value);
}

} // namespace

std::string_view boneShapeKindName(BoneShapeKind kind) {
    switch (kind) {
    case BoneShapeKind::Capsule:
        return "Capsule";
    case BoneShapeKind::Cylinder:
        return "Cylinder";
    case BoneShapeKind::Box:
        return "Box";
    case BoneShapeKind::Sphere:
        break;
    }
    return "Sphere";
}

double defaultShapeRadius(double length) {
    return length / 5.0;
}

model::OrderedJson boneShapeValue(BoneShapeKind kind, int dimension, double length, double radius) {
    HYPERRIG_EXPECTS(length >= 0.0 && radius >= 0.0 && dimension >= 2 && dimension <= 8);
    model::OrderedJson value = model::OrderedJson::object();
    value["type"] = "general";
    std::vector<double> size = filled(dimension, 0.0);
    std::vector<double> radii = filled(dimension, radius);
    switch (kind) {
    case BoneShapeKind::Capsule:
        radius = std::min(radius, length / 2.0);
        radii = filled(dimension, radius);
        size[1] = length - 2.0 * radius;
        break;
    case BoneShapeKind::Cylinder:
        size[1] = length;
        radii[1] = 0.0;
        break;
    case BoneShapeKind::Box:
        size = filled(dimension, 2.0 * radius);
        size[1] = length;
        radii.clear();
        break;
    case BoneShapeKind::Sphere:
        radii = filled(dimension, length / 2.0);
        size.clear();
        break;
    }
    if (!size.empty())
        value["size"] = size;
    if (!radii.empty())
        value["curves"] = model::OrderedJson::array({{{"radii", radii}}});
    return value;
}

Result<std::unique_ptr<edit::Command>> addBoneShapeCommand(const model::Document& document,
                                                           model::NodeId bone, BoneShapeKind kind) {
    const model::Node* node = document.nodes.find(bone);
    if (!node || !node->isBone())
        return Error("a shape is made for a bone, and " +
                     (node ? model::describeNode(document, bone) : std::string("that node")) +
                     " is not one");
    const auto length = node->bone()->length;
    if (!length)
        return Error("bone " + model::describeNode(document, bone) +
                     " has no length; a bone's shape sits at the middle of its length, so set the "
                     "length first");
    const std::string kindName(boneShapeKindName(kind));
    const std::string name = model::uniqueName(
        document, node->displayName().empty() ? "Bone" + kindName : node->displayName() + kindName);
    return std::unique_ptr<edit::Command>(std::make_unique<AddBoneShapeCommand>(
        bone, name,
        boneShapeValue(kind, document.dimension(), *length, defaultShapeRadius(*length)),
        "New " + kindName + " Shape"));
}

} // namespace hyperrig::core::ops
