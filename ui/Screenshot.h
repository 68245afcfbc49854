#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace hyperrig::ui {

class ViewportWidget;

// Renders `widget` (including OpenGL children) to a PNG at `path`. The file is written through
// QSaveFile, so it is either the complete new image or left as it was. Returns an empty string
// on success, otherwise the reason.
QString saveScreenshot(QWidget& widget, const QString& path);

// The editor's --screenshot: writes `window` to `path` once `viewport` has swapped its first
// frame (or failed to draw and shows its error text, which is worth a picture too), one turn of
// the event loop later so the rest of the window has been painted. Calls `done` exactly once:
// (true, "") when written, (true, reason) when writing failed, (false, "the viewport drew no
// frame within N s") when `deadlineMs` passed first. The deadline is a single-shot QTimer child
// of `window` named "screenshotDeadline", stopped once the screenshot is taken: it once fired
// anyway, and an editor left open after its screenshot quit 60 s later with an error.
void screenshotWhenDrawn(QWidget& window, ViewportWidget& viewport, const QString& path,
                         int deadlineMs,
                         std::function<void(bool drawn, const QString& error)> done);

} // namespace hyperrig::ui
