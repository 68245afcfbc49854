#pragma once

#include <QDoubleSpinBox>

namespace hyperrig::ui {

// The one numeric editor of the panels: a QDoubleSpinBox that turns the user's gestures into
// edits a panel maps to commands (ui-style.md §3), so every panel behaves the same.
//
// - Typing: the value follows the text as it is typed (keyboard tracking, which is also what an
//   assistive technology reads back through the Value interface after setting the text): the
//   first typed value emits editingStarted with isTyping() true (the panel opens a transaction),
//   each further value valueEdited, and Enter or leaving the field editingEnded. One undo step.
// - Arrow keys and the wheel: each step emits valueEdited at once; the first step of a run emits
//   editingStarted, and Enter or leaving the field ends the run (editingEnded). The panel's
//   commands merge within History's merge window, so a run is one undo step.
// - Holding an arrow button with the mouse: editingStarted on the press (isHeld() is true, so the
//   panel opens a transaction), valueEdited per repeat, editingEnded on the release.
// - Escape cancels what is in progress: typed text goes back to the value, a run or a hold goes
//   back to the value it started from, and editingCancelled tells the panel to undo what it
//   applied. With nothing in progress Escape goes to the parent.
//
// Values are shown with a fixed number of decimals (trailing zeros dropped) and the unit as a
// suffix. setDisplayedValue and setMixed never emit the edit signals. A wheel over an unfocused
// field scrolls the panel instead of changing the value.
class NumberField : public QDoubleSpinBox {
    Q_OBJECT
public:
    static constexpr int kDecimals = 7;

    explicit NumberField(QWidget* parent = nullptr);

    // The range the user may enter (the value is clamped to it).
    void setLimits(double minimum, double maximum);
    // "m", "kg"; shown after the number.
    void setUnit(const QString& unit);

    // Shows `value` (the field leaves the mixed state). Does not end an edit in progress.
    void setDisplayedValue(double value);
    // The selected items differ here: shows "—" until the user enters a value; no steps.
    void setMixed();
    bool isMixed() const { return m_mixed; }

    // An edit run (steps, a hold, a typed value being committed) is in progress.
    bool isEditing() const { return m_running; }
    // The mouse holds an arrow button.
    bool isHeld() const { return m_held; }
    // The run in progress comes from typed text.
    bool isTyping() const { return m_typing; }
    // Ends the edit in progress as Enter does, focused or not: typed text is taken (valueEdited
    // when it differs), then editingEnded. For a panel whose fields are about to show other items
    // (the selection moved): what was typed belongs to the items it began on. Nothing happens
    // when no edit is in progress.
    void finishEditing();

    // QDoubleSpinBox sizes itself for its widest possible text (the range at 7 decimals), which
    // made a 4x4 basis grid wider than any dock. A field may shrink to a few digits (the text
    // scrolls inside it while typing) and asks for room for about seven.
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

signals:
    // The first change of an edit, before its first valueEdited.
    void editingStarted();
    // The user set this value (one step, or a typed value confirmed).
    void valueEdited(double value);
    // Enter, focus leaving the field, or the held button released.
    void editingEnded();
    // Escape: the field shows the value from before the edit again.
    void editingCancelled();

protected:
    QString textFromValue(double value) const override;
    void stepBy(int steps) override;
    StepEnabled stepEnabled() const override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void userChangedValue(double value);
    void beginRun(bool typing);
    void endRun();
    void leaveMixed();
    bool textIsBeingEdited() const;
    bool onArrowButton(const QPoint& position) const;
    void showQuietly(double value);
    QSize compactSize(const QString& sample) const;

    double m_minimum = -1e6;
    bool m_mixed = false;
    bool m_running = false;
    bool m_held = false;
    bool m_typing = false;
    bool m_stepping = false;     // inside stepBy: a value change is a step, not typing
    bool m_quiet = false;        // the program sets the value: no edit signals
    double m_valueBefore = 0.0;  // shown when a run is cancelled
    double m_settledValue = 0.0; // the value outside a run: typing changes value() first
    bool m_mixedBefore = false;
};

} // namespace hyperrig::ui
