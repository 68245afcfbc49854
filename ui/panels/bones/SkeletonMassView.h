#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/model/Ids.h"
#endif

#include <QGroupBox>

class QComboBox;
class QLabel;
class QPushButton;

namespace hyperrig::ui {

class EditorSession;
class NumberField;

// "Skeleton Mass" in the Bones panel, for a selected skeleton: the total of the defined bone
// masses, the bones without a mass, the shape-only ones, the parent physics body's mass, and
// "Distribute" (core/ops/BoneMasses): a total shared by shape volume among the bones without a
// mass or among all bones, one undo step.
class SkeletonMassView : public QGroupBox {
    Q_OBJECT
public:
    SkeletonMassView(EditorSession& session, QWidget* parent = nullptr);

    // Shows `skeleton` (null: nothing to show, the view hides).
    void showSkeleton(core::model::NodeId skeleton);

signals:
    void message(const QString& text);

private:
    void distribute();

    EditorSession& m_session;
    core::model::NodeId m_skeleton;
    QLabel* m_definedTotal;
    QLabel* m_withoutMass;
    QLabel* m_shapeOnly;
    QLabel* m_bodyMass;
    NumberField* m_total;
    QComboBox* m_targets;
    QPushButton* m_distribute;
};

} // namespace hyperrig::ui
