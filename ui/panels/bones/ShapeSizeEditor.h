#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/model/Ids.h"
#endif

#include <QWidget>

#include <functional>
#include <vector>

namespace hyperrig::ui {

class EditorSession;
class NumberFieldEdits;

// The size of the selected bones' shapes (G4MF "general" shapes: a box of full extents `size`
// plus a round curve): "Radius" (every non-zero radius of the first curve, so a cylinder keeps its
// flat axis) and "Size x", "Size y", ... (the box's full extents), in metres. Each edit is
// edit::editShape on the bone's shape; shapes shared by several selected bones change once per
// bone with the same value. A field that does not apply (no shape, no curve) is disabled.
class ShapeSizeEditor : public QWidget {
    Q_OBJECT
public:
    using Bones = std::function<std::vector<core::model::NodeId>()>;
    ShapeSizeEditor(EditorSession& session, Bones bones, QWidget* parent = nullptr);

    // Builds the fields for the document's dimension and shows the shapes' values.
    void refresh();
    void finishEdit();

signals:
    void refused(const QString& reason);

private:
    void rebuild(int dimension);

    EditorSession& m_session;
    Bones m_bones;
    int m_dimension = 0;
    std::vector<NumberFieldEdits*> m_edits;
};

} // namespace hyperrig::ui
