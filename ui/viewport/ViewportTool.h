#pragma once

class QKeyEvent;
class QMouseEvent;

namespace hyperrig::ui {

// Something that edits by pointing in the viewport (the transform gizmo and the modal G/R/S/E
// tools): ViewportWidget hands it pointer and key events after the overlay and before the camera.
// A handler returns true when it took the event; then the camera does not move and a click does
// not select.
class ViewportTool {
public:
    virtual ~ViewportTool() = default;
    virtual bool mousePress(QMouseEvent& event) = 0;
    // Every move, buttons held or not (the widget tracks the mouse): hover highlights, G follows.
    virtual bool mouseMove(QMouseEvent& event) = 0;
    virtual bool mouseRelease(QMouseEvent& event) = 0;
    virtual bool keyPress(QKeyEvent& event) = 0;
    // While true, every key reaches keyPress before the window's shortcuts (X, Y, Z, digits,
    // Enter and Escape during an operation).
    virtual bool wantsKeyboard() const = 0;

protected:
    ViewportTool() = default;
    ViewportTool(const ViewportTool&) = default;
    ViewportTool& operator=(const ViewportTool&) = default;
};

} // namespace hyperrig::ui
