#include "ui/meshes/MeshActions.h"

#include "ui/actions/MakeAction.h"
#include "ui/meshes/MergeMeshesDialog.h"
#include "ui/meshes/ParentMeshDialog.h"
#include "ui/meshes/SkinnedMeshNodes.h"
#include "ui/session/EditorSession.h"

#include <algorithm>
#include <map>

namespace hyperrig::ui {

MeshActions::MeshActions(EditorSession& session, QWidget* window, QObject* parent)
    : QObject(parent), m_session(session), m_window(window) {
    m_mergeTip = tr("Merge skinned meshes of one skeleton into one mesh, by group name or "
                    "keeping their groups apart");
    m_parentTip = tr("Put a skinned mesh under a skeleton, renumbering its groups to the joints "
                     "of the bones they name");
    m_merge = makeAction(this, tr("&Merge Meshes..."), "mergeMeshesAction", m_mergeTip);
    m_parent = makeAction(this, tr("&Parent Mesh to Skeleton..."), "parentMeshAction", m_parentTip);
    onTriggeredWithDialogs(m_merge, this, [this] {
        MergeMeshesDialog dialog(m_session, m_window);
        dialog.exec();
    });
    onTriggeredWithDialogs(m_parent, this, [this] {
        ParentMeshDialog dialog(m_session, m_window);
        dialog.exec();
    });
    connect(&m_session, &EditorSession::documentReplaced, this, &MeshActions::updateEnabled);
    connect(&m_session, &EditorSession::changed, this, &MeshActions::updateEnabled);
    updateEnabled();
}

void MeshActions::updateEnabled() {
    // Enabled only where the dialog has something to offer; otherwise the tip says what is
    // missing (for the pointer and for assistive technology, as the export actions do).
    const bool has = m_session.hasDocument();
    bool mergeable = false;
    bool skeleton = false;
    if (has) {
        const core::model::Document& document = m_session.document();
        std::map<core::model::NodeId, int> meshesUnder; // per skeleton, its skinned mesh nodes
        for (core::model::NodeId node : skinnedMeshNodes(document, true))
            mergeable = ++meshesUnder[document.node(node).parent] >= 2 || mergeable;
        skeleton =
            std::any_of(document.nodes.order().begin(), document.nodes.order().end(),
                        [&](core::model::NodeId id) { return document.node(id).isSkeleton(); });
    }
    const bool parentable = skeleton && !skinnedMeshNodes(m_session.document(), false).empty();
    m_merge->setEnabled(mergeable);
    m_parent->setEnabled(parentable);
    m_merge->setStatusTip(mergeable || !has
                              ? m_mergeTip
                              : m_mergeTip + tr(" (needs two skinned meshes under one skeleton)"));
    m_parent->setStatusTip(parentable || !has
                               ? m_parentTip
                               : m_parentTip + tr(" (needs a skeleton and a skinned mesh)"));
    m_merge->setToolTip(m_merge->statusTip());
    m_parent->setToolTip(m_parent->statusTip());
}

} // namespace hyperrig::ui
