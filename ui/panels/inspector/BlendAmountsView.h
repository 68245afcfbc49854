#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/model/Ids.h"
#endif

#include <QGroupBox>
#include <QString>

#include <optional>
#include <string>
#include <vector>

class QGridLayout;
class QLabel;
class QSlider;

namespace hyperrig::ui {

class EditorSession;
class NumberField;
class NumberFieldEdits;

// The group "Blend Shapes" of the inspector: for one selected mesh instance whose mesh has blend
// shapes (g4mf.md §10), a row per shape with its name, a slider (-1 to 2 in steps of 0.01) and
// a number field (any amount from -100 to 100), both editing the instance's blend amount through
// core::edit::setBlendAmount. A slider drag runs in one session transaction from press to
// release (one undo step, Escape rolls it back); slider keys and field steps merge within
// History's merge window; typing follows NumberFieldEdits. The rows are rebuilt only when the
// instance, its mesh or the shapes' names change, so an edit never destroys the control in use.
// Each slider and field is heard by its row's label (the shape's name, "Shape 2" unnamed).
// While the editor shows a kept animation whose blendShapeWeights drive this instance (decision
// 0059), the rows show the animation's amounts at the shown time, read-only, and a note below
// says which animation drives them: the document's amounts are what the rows edit, and they are
// not what the viewport shows then.
class BlendAmountsView : public QGroupBox {
    Q_OBJECT
public:
    explicit BlendAmountsView(EditorSession& session, QWidget* parent = nullptr);

    // Shows the rows for `nodes` when it is one mesh instance with blend shapes, else hides.
    void showNodes(const std::vector<core::model::NodeId>& nodes);
    // Commits an edit in progress (the selection is about to change).
    void finishEdit();

signals:
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Row {
        QSlider* slider = nullptr;
        NumberField* field = nullptr;
        NumberFieldEdits* edits = nullptr;
    };
    void rebuild();
    void showValues();
    void sliderMoved(std::size_t shape, int position);
    // The document's amount (what an edit changes).
    double amount(std::size_t shape) const;
    // The amounts the shown animation gives this instance at its time; nullopt when none does.
    std::optional<std::vector<double>> animatedAmounts() const;

    EditorSession& m_session;
    QGridLayout* m_grid;
    QLabel* m_drivenNote; // "Driven by the animation 'Anim'": shown while one drives the rows
    core::model::NodeId m_node;
    core::model::MeshId m_mesh;
    std::vector<std::string> m_names; // the shapes the rows were built for
    std::vector<Row> m_rows;
    // A slider drag: Active from the press (its transaction open) to the release; Ended when it
    // was finished early (a save, a new selection) or taken back (Escape), until the slider
    // reports its release: what it reports meanwhile is no edit.
    enum class Drag { None, Active, Ended };
    Drag m_drag = Drag::None;
    bool m_quiet = false; // the program moves a slider: no commands
};

} // namespace hyperrig::ui
