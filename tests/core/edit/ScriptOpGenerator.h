#pragma once

#include "core/math/Rotor.h"
#include "core/model/Document.h"

#include <rapidcheck.h>

#include <string>
#include <vector>

namespace hyperrig::test {

using Json = core::model::OrderedJson;

// Generates the arguments of ops from the document as it is when the op runs.
class OpGenerator {
public:
    explicit OpGenerator(const core::model::Document& document) : m_document(document) {}

    // A node address: mostly an existing node (by name, or #index when unnamed, sometimes #index
    // anyway), now and then the root, sometimes one that does not exist.
    Json node() const {
        if (*rc::gen::inRange(0, 10) == 0)
            return *rc::gen::element<std::string>("Nowhere", "#999");
        const auto& order = m_document.nodes.order();
        const bool root = order.size() == 1 || *rc::gen::inRange(0, 12) == 0;
        const auto index = root ? std::size_t{0} : *rc::gen::inRange<std::size_t>(1, order.size());
        const core::model::Node& item = m_document.node(order[index]);
        if (item.name && !item.name->empty() && *rc::gen::inRange(0, 4) != 0)
            return *item.name;
        return "#" + std::to_string(index);
    }

    // A node of a given kind when there is one (a bone, a skeleton), else any node.
    Json nodeWhere(bool (core::model::Node::*test)() const) const {
        std::vector<std::string> found;
        const auto& order = m_document.nodes.order();
        for (std::size_t i = 0; i < order.size(); ++i)
            if ((m_document.node(order[i]).*test)())
                found.push_back("#" + std::to_string(i));
        if (found.empty() || *rc::gen::inRange(0, 6) == 0)
            return node();
        return *rc::gen::elementOf(found);
    }

    Json name() const {
        switch (*rc::gen::inRange(0, 8)) {
        case 0:
            return nullptr;
        case 1:
            return "";
        case 2:
            return "bad.name";
        case 3: {
            const Json existing = node();
            return existing.get<std::string>()[0] == '#' ? Json("Hips") : existing;
        }
        default:
            return "N" + std::to_string(*rc::gen::inRange(0, 12));
        }
    }

    double number() const { return *rc::gen::inRange(-20, 21) / 10.0; }

    Json numbers(std::size_t count) const {
        Json values = Json::array();
        for (std::size_t i = 0; i < count; ++i)
            values.push_back(number());
        return values;
    }

    // Right-sized mostly; sometimes one number short.
    std::size_t sized(std::size_t count) const {
        return *rc::gen::inRange(0, 12) == 0 ? count - 1 : count;
    }

    Json rotor() const {
        const int n = m_document.dimension();
        const int a = *rc::gen::inRange(0, n);
        const int b = (a + *rc::gen::inRange(1, n)) % n;
        auto made = core::math::Rotor::fromPlaneAngle(n, a, b, number());
        RC_ASSERT(made.ok());
        const auto components = made->components();
        Json values(std::vector<double>(components.begin(), components.end()));
        if (*rc::gen::inRange(0, 12) == 0)
            values.erase(values.begin());
        return values;
    }

    Json basis() const {
        const auto n = static_cast<std::size_t>(m_document.dimension());
        Json values = Json::array();
        const double scale = *rc::gen::element(1.0, 2.0, 0.5);
        for (std::size_t column = 0; column < n; ++column)
            for (std::size_t row = 0; row < n; ++row)
                values.push_back(row == column ? scale
                                               : (*rc::gen::inRange(0, 8) == 0 ? 0.25 : 0.0));
        if (*rc::gen::inRange(0, 12) == 0)
            values.erase(values.begin());
        return values;
    }

    Json poseType() const {
        return *rc::gen::element<std::string>("TPose", "APose", "IPose", "Custom", "Sideways");
    }

    Json mesh() const {
        if (m_document.meshes.empty() || *rc::gen::inRange(0, 10) == 0)
            return "NoMesh";
        return "#" + std::to_string(*rc::gen::inRange<std::size_t>(0, m_document.meshes.size()));
    }

    Json shape() const {
        if (m_document.shapes.empty() || *rc::gen::inRange(0, 10) == 0)
            return "NoShape";
        return "#" + std::to_string(*rc::gen::inRange<std::size_t>(0, m_document.shapes.size()));
    }

    Json setTransform(const Json& target) const {
        const auto n = static_cast<std::size_t>(m_document.dimension());
        Json op = {{"op", "setTransform"}, {"node", target}};
        if (*rc::gen::inRange(0, 3) != 0)
            op["position"] = *rc::gen::inRange(0, 8) == 0 ? Json() : numbers(sized(n));
        switch (*rc::gen::inRange(0, 6)) {
        case 0:
            op["basis"] = basis();
            break;
        case 1:
            op["rotor"] = rotor();
            break;
        case 2:
            op["scale"] = *rc::gen::inRange(0, 2) == 0 ? Json::array({*rc::gen::element(0.5, 2.0)})
                                                       : numbers(sized(n));
            break;
        case 3:
            op["rotor"] = rotor();
            op["scale"] = Json::array({*rc::gen::element(0.5, 2.0, -1.0)});
            break;
        case 4:
            if (*rc::gen::inRange(0, 4) == 0) {
                op["basis"] = basis();
                op["rotor"] = rotor();
            }
            break;
        default:
            break;
        }
        return op;
    }

    // The op that puts `transform` back exactly, so a merge can end where it began.
    static Json restoreTransform(const Json& target, const core::model::NodeTransform& transform) {
        Json op = {{"op", "setTransform"}, {"node", target}};
        auto part = [](const std::vector<double>& values) {
            return values.empty() ? Json() : Json(values);
        };
        op["position"] = part(transform.position);
        if (transform.form == core::model::NodeTransform::Form::RotorScale) {
            op["rotor"] = part(transform.rotor);
            op["scale"] = part(transform.scale);
        } else {
            op["basis"] = part(transform.basis);
        }
        return op;
    }

    Json commandOp() const {
        switch (*rc::gen::inRange(0, 20)) {
        case 0:
            return {{"op", "renameNode"}, {"node", node()}, {"name", name()}};
        case 1:
        case 2:
            return setTransform(node());
        case 3: {
            Json op = {{"op", "reparent"}, {"node", node()}, {"parent", node()}};
            if (*rc::gen::inRange(0, 2) == 0)
                op["index"] = *rc::gen::inRange(0, 4);
            if (*rc::gen::inRange(0, 2) == 0)
                op["keepLocal"] = *rc::gen::arbitrary<bool>();
            return op;
        }
        case 4: {
            Json op = {{"op", "addBone"},
                       {"parent", nodeWhere(&core::model::Node::isBone)},
                       {"name", name()}};
            if (*rc::gen::inRange(0, 2) == 0)
                op["position"] = numbers(sized(static_cast<std::size_t>(m_document.dimension())));
            if (*rc::gen::inRange(0, 2) == 0)
                op["length"] = *rc::gen::element(0.1, 0.3, -0.2);
            return op;
        }
        case 5:
            return {{"op", "deleteNode"}, {"node", node()}};
        case 6:
            return {{"op", "setBoneLength"},
                    {"node", nodeWhere(&core::model::Node::isBone)},
                    {"length", *rc::gen::element(Json(), Json(0.2), Json(0.05), Json(-1))}};
        case 7:
            return {{"op", "setBoneMass"},
                    {"node", nodeWhere(&core::model::Node::isBone)},
                    {"mass", *rc::gen::element(Json(), Json(0.0), Json(3.5), Json(-2))}};
        case 8:
            return {{"op", "setVisible"},
                    {"node", node()},
                    {"visible", *rc::gen::element(Json(), Json(true), Json(false))}};
        case 9: {
            Json joints = Json::array();
            const int count = *rc::gen::inRange(0, 5);
            for (int i = 0; i < count; ++i)
                joints.push_back(
                    *rc::gen::inRange(0, 5) == 0 ? Json() : nodeWhere(&core::model::Node::isBone));
            return {{"op", "setJoints"},
                    {"skeleton", nodeWhere(&core::model::Node::isSkeleton)},
                    {"joints", joints}};
        }
        case 10:
            return {{"op", "renameGroup"},
                    {"mesh", mesh()},
                    {"group", *rc::gen::inRange(0, 30)},
                    {"name", *rc::gen::inRange(0, 3) == 0
                                 ? Json("Hips")
                                 : Json("G" + std::to_string(*rc::gen::inRange(0, 40)))}};
        case 11:
        case 12:
            return {{"op", *rc::gen::element<std::string>("addBindPose", "removeBindPose")},
                    {"skeleton", nodeWhere(&core::model::Node::isSkeleton)},
                    {"poseType", poseType()}};
        case 13:
            return {{"op", *rc::gen::element<std::string>("insertJoint", "setJointSlot")},
                    {"skeleton", nodeWhere(&core::model::Node::isSkeleton)},
                    {"slot", *rc::gen::inRange(0, 5)},
                    {"bone", nodeWhere(&core::model::Node::isBone)}};
        case 14:
            return {{"op", "moveJoint"},
                    {"skeleton", nodeWhere(&core::model::Node::isSkeleton)},
                    {"from", *rc::gen::inRange(0, 5)},
                    {"to", *rc::gen::inRange(0, 5)}};
        case 15:
            return {{"op", "removeJoint"},
                    {"skeleton", nodeWhere(&core::model::Node::isSkeleton)},
                    {"slot", *rc::gen::inRange(0, 5)}};
        case 16:
            return {{"op", *rc::gen::element<std::string>("duplicateNode", "makeBone",
                                                          "makeSkeleton", "clearComponent")},
                    {"node", node()}};
        case 17:
            return {{"op", "reorderGroup"},
                    {"mesh", mesh()},
                    {"from", *rc::gen::inRange(0, 4)},
                    {"to", *rc::gen::inRange(0, 4)}};
        case 18:
            // Shapes can only go once no bone uses them.
            if (*rc::gen::inRange(0, 2) == 0)
                return {{"op", "setBoneShape"},
                        {"node", nodeWhere(&core::model::Node::isBone)},
                        {"shape", nullptr}};
            return {{"op", "removeShape"}, {"shape", shape()}};
        default:
            return {{"op", "addNode"}, {"parent", node()}, {"name", name()}};
        }
    }

private:
    const core::model::Document& m_document;
};

} // namespace hyperrig::test
