#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/edit/ChangeSet.h"
#include "core/edit/Command.h"
#include "core/model/Node.h"
#endif

#include <QWidget>

#include <memory>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;

namespace hyperrig::ui {

class EditorSession;
class NumberField;
class NumberFieldEdits;
class ShapeSizeEditor;
class SkeletonMassView;

// The Bones panel (dock title "Bones"): the bone properties of the selected bones, edited through
// the bone commands (several bones: one undo step for all).
// - Length: "Length defined" and "Length" (m). A bone with a shape keeps its length (the shape
//   sits at the middle of it): clearing it is refused with that reason and the way out.
//   "Length from Child" sets the distance to the first child bone's head.
// - Mass: "Mass defined" and "Mass" (kg); 0 marks a shape-only bone (g4mf-skeleton.md).
// - Shape: "Shape" picks none or an existing shape; New Capsule / Cylinder / Box / Sphere creates
//   one sized from the bone (core/ops/BoneShapes) and assigns it, one undo step; Radius and
//   Size x, y, ... edit the shape (ShapeSizeEditor).
// - Head and Tail: read-outs in skeleton space (the rest pose).
// With a skeleton selected it shows the skeleton's mass summary and Distribute (SkeletonMassView).
// Refreshes follow the session's ChangeSets for the shown bones and their shapes.
class BonesPanel : public QWidget {
    Q_OBJECT
public:
    explicit BonesPanel(EditorSession& session, QWidget* parent = nullptr);

    static QString title();

signals:
    // A refused edit's reason, for the status bar.
    void message(const QString& text);

private:
    void selectionChanged();
    void documentChanged(const core::edit::ChangeSet& changes);
    void refresh();
    void showPlacement();
    void showShapes();
    void setLengthDefined(bool defined);
    void setMassDefined(bool defined);
    void shapeChosen(int index);
    void lengthFromChild();
    void addShape(int kind);
    void refuse(const QString& reason);
    void executeForBones(std::vector<std::unique_ptr<core::edit::Command>> commands,
                         const std::string& name);
    const core::model::Node* shownBone() const; // the one bone shown, or null
    core::model::NodeId shownSkeleton() const;  // the current node when no bone is selected

    EditorSession& m_session;
    std::vector<core::model::NodeId> m_bones; // the current bone first
    QLabel* m_heading;
    QWidget* m_content;
    QCheckBox* m_lengthDefined;
    NumberField* m_length;
    QPushButton* m_lengthFromChild;
    QCheckBox* m_massDefined;
    NumberField* m_mass;
    QLabel* m_massHint;
    QComboBox* m_shape;
    std::vector<QPushButton*> m_newShapeButtons;
    QLabel* m_head;
    QLabel* m_tail;
    QLabel* m_problem; // the last refusal, until the next edit or selection
    NumberFieldEdits* m_lengthEdits;
    NumberFieldEdits* m_massEdits;
    SkeletonMassView* m_skeletonMass;
    ShapeSizeEditor* m_shapeSize;
};

} // namespace hyperrig::ui
