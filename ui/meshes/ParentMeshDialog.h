#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/model/Ids.h"
#endif

#include <QDialog>

#include <vector>

class QComboBox;
class QLabel;
class QPushButton;

namespace hyperrig::ui {

class EditorSession;
class GroupMappingTable;

// Mesh > Parent Mesh to Skeleton...: a "Mesh" combo (nodes showing a skinned mesh), a
// "Skeleton" combo (skeleton nodes), the dry-run mapping of core/ops/ParentMesh with its warnings
// (groups that match no bone stay untransformed), and "Parent", which applies it as one undo
// step. Refusals show their reason and disable Parent; the document is unchanged.
class ParentMeshDialog : public QDialog {
    Q_OBJECT
public:
    explicit ParentMeshDialog(EditorSession& session, QWidget* parent = nullptr);

    void updatePlan();
    bool parentMesh();

private:
    EditorSession& m_session;
    std::vector<core::model::NodeId> m_meshNodes;
    std::vector<core::model::NodeId> m_skeletons;
    QComboBox* m_mesh;
    QComboBox* m_skeleton;
    GroupMappingTable* m_table;
    QLabel* m_warnings;
    QLabel* m_problem;
    QPushButton* m_parent;
};

} // namespace hyperrig::ui
