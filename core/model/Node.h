#pragma once

#include "core/model/Components.h"
#include "core/model/Ids.h"
#include "core/model/Json.h"
#include "core/model/NodeTransform.h"

#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::model {

struct Node {
    NodeId id;
    std::optional<std::string> name; // absent and "" are different spellings, both kept
    NodeId parent;                   // none for the root and for nodes outside the tree
    std::vector<NodeId> children;    // in order
    NodeTransform transform;
    std::optional<bool> visible; // absent = true
    Component component;
    // The node object's properties HyperRig does not interpret (extensions, extras, comment,
    // unknown keys), in order.
    OrderedJson extra = OrderedJson::object();

    bool isBone() const { return std::holds_alternative<Bone>(component); }
    bool isSkeleton() const { return std::holds_alternative<Skeleton>(component); }
    const Bone* bone() const { return std::get_if<Bone>(&component); }
    Bone* bone() { return std::get_if<Bone>(&component); }
    const Skeleton* skeleton() const { return std::get_if<Skeleton>(&component); }
    Skeleton* skeleton() { return std::get_if<Skeleton>(&component); }
    const MeshInstance* meshInstance() const { return std::get_if<MeshInstance>(&component); }
    bool isVisible() const { return visible.value_or(true); }
    const std::string& displayName() const {
        static const std::string unnamed;
        return name ? *name : unnamed;
    }
};

} // namespace hyperrig::core::model
