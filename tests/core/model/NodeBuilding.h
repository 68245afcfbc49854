#pragma once

#include "core/model/Document.h"

#include <memory>
#include <string>
#include <utility>

namespace hyperrig::test {

// Appends a plain node named `name` under `parent` (or as a root when `parent` is null), the way
// test rigs are built in code before a command or evaluator sees them.
inline core::model::NodeId addNode(core::model::Document& document, const std::string& name,
                                   core::model::NodeId parent) {
    auto node = std::make_unique<core::model::Node>();
    node->id = document.nodes.allocateId();
    node->name = name;
    node->parent = parent;
    const core::model::NodeId id = node->id;
    document.nodes.append(std::move(node));
    if (parent)
        document.node(parent).children.push_back(id);
    return id;
}

} // namespace hyperrig::test
