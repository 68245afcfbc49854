#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/model/Ids.h"
#endif

#include <QDialog>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;

namespace hyperrig::ui {

class EditorSession;
class GroupMappingTable;

// Mesh > Merge Meshes...: the skinned meshes of the document as check boxes labelled with their
// node names (those selected, or else those of the selected skeleton, checked at first), a "Mode"
// combo ("By name", "Append"), the dry-run mapping table of core/ops/MergeMeshes for what is
// checked, and "Merge", which applies the plan as one undo step. The first checked mesh in
// document order stays. A refusal (fewer than two meshes, different skeletons, by-name groups
// driven by different bones, ...) shows its reason and disables Merge; the document is unchanged.
class MergeMeshesDialog : public QDialog {
    Q_OBJECT
public:
    explicit MergeMeshesDialog(EditorSession& session, QWidget* parent = nullptr);

    // Re-plans for the current choices (called on every change of them).
    void updatePlan();
    // Applies the current plan; false (with the reason shown) when it is refused.
    bool merge();

private:
    std::vector<core::model::NodeId> checkedMeshes() const;

    EditorSession& m_session;
    std::vector<std::pair<core::model::NodeId, QCheckBox*>> m_meshes;
    QComboBox* m_mode;
    GroupMappingTable* m_table;
    QLabel* m_problem;
    QPushButton* m_merge;
};

} // namespace hyperrig::ui
