#include "ui/meshes/MeshActions.h"

#include "ui/actions/MakeAction.h"
#include "ui/meshes/MergeMeshesDialog.h"
#include "ui/meshes/ParentMeshDialog.h"
#include "ui/meshes/SkinnedMeshNodes.h"
#include "ui/session/EditorSession.h"

namespace hyperrig::ui {

MeshActions::MeshActions(EditorSession& session, QWidget* window, QObject* parent)
    : QObject(parent), m_session(session), m_window(window) {
    m_merge = makeAction(this, tr("&Merge Meshes..."), "mergeMeshesAction",
                         tr("Merge skinned meshes of one skeleton into one mesh, by group name or "
                            "keeping their groups apart"));
    m_parent = makeAction(this, tr("&Parent Mesh to Skeleton..."), "parentMeshAction",
                          tr("Put a skinned mesh under a skeleton, renumbering its groups to the "
                             "joints of the bones they name"));
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
    const bool has = m_session.hasDocument();
    m_merge->setEnabled(has && skinnedMeshNodes(m_session.document(), true).size() >= 2);
    m_parent->setEnabled(has && !skinnedMeshNodes(m_session.document(), false).empty());
}

} // namespace hyperrig::ui
