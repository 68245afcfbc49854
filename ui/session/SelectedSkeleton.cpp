#include "ui/session/SelectedSkeleton.h"

#include "ui/session/EditorSession.h"

namespace hyperrig::ui {
namespace {

core::model::NodeId skeletonFor(const core::model::Document& document, core::model::NodeId id) {
    const core::model::Node* node = document.nodes.find(id);
    if (!node)
        return {};
    if (node->isSkeleton())
        return id;
    if (node->isBone())
        return document.skeletonOf(id);
    // G4MF skinning: a mesh node is skinned by the skeleton that is its direct parent.
    if (node->meshInstance())
        if (const core::model::Node* parent = document.nodes.find(node->parent);
            parent && parent->isSkeleton())
            return parent->id;
    return {};
}

} // namespace

core::model::NodeId selectedSkeleton(const EditorSession& session) {
    if (!session.hasDocument())
        return {};
    const core::model::Document& document = session.document();
    if (const auto skeleton = skeletonFor(document, session.currentNode()))
        return skeleton;
    for (core::model::NodeId id : session.selection())
        if (const auto skeleton = skeletonFor(document, id))
            return skeleton;
    return {};
}

} // namespace hyperrig::ui
