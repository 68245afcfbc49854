#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/model/BindPose.h"
#include "core/model/Ids.h"
#endif

#include <QWidget>

#include <optional>
#include <vector>

class QGroupBox;
class QLabel;

namespace hyperrig::ui {

class EditorSession;
class NumberField;
class NumberFieldEdits;

// One entry of a stored bind pose: where the bone of one joints slot sits relative to the
// skeleton node in that pose (skeleton space), as its position (m) and its basis (column j is
// where the bone's axis j points). Each number is a NumberField whose gestures become
// setBindPoseEntry commands (NumberFieldEdits: a typed run is one undo step). The fields are
// built for the document's dimension and disabled when no entry is chosen.
class BindPoseEntryEditor : public QWidget {
    Q_OBJECT
public:
    explicit BindPoseEntryEditor(EditorSession& session, QWidget* parent = nullptr);

    // The entry of joints slot `slot` in the `type` pose of `skeleton`; none shows nothing. Another
    // entry than the one shown ends an edit in progress first.
    void showEntry(core::model::NodeId skeleton, std::optional<core::model::PoseType> type,
                   int slot);
    // Reads the shown entry from the document again.
    void refresh();
    // Ends an edit in progress (commits a typed run), e.g. when another entry is chosen.
    void finishEdit();

signals:
    void refused(const QString& reason);

private:
    void buildFields(int dimension);
    const core::model::JointPose* entry() const;
    void addField(NumberField* field, bool position, int index);

    EditorSession& m_session;
    core::model::NodeId m_skeleton;
    std::optional<core::model::PoseType> m_type;
    int m_slot = -1;
    int m_dimension = 0;
    QLabel* m_heading;
    QGroupBox* m_positionGroup;
    QGroupBox* m_basisGroup;
    std::vector<NumberFieldEdits*> m_edits;
};

} // namespace hyperrig::ui
