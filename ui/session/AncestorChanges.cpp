#include "ui/session/AncestorChanges.h"

#include <algorithm>

namespace hyperrig::ui {

bool ancestorChanged(const core::model::Document& document, core::model::NodeId node,
                     const core::edit::ChangeSet& changes, std::uint32_t fields) {
    const core::model::Node* item = document.nodes.find(node);
    core::model::NodeId ancestor = item ? item->parent : core::model::NodeId{};
    while (ancestor) {
        if ((changes.fieldsOf(ancestor) & fields) != 0 ||
            std::find(changes.nodesMoved.begin(), changes.nodesMoved.end(), ancestor) !=
                changes.nodesMoved.end())
            return true;
        const core::model::Node* up = document.nodes.find(ancestor);
        ancestor = up ? up->parent : core::model::NodeId{};
    }
    return false;
}

} // namespace hyperrig::ui
