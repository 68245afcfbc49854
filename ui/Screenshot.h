#pragma once

#include <QString>

class QWidget;

namespace hyperrig::ui {

// Renders `widget` (including OpenGL children) to a PNG at `path`. The file is written through
// QSaveFile, so it is either the complete new image or left as it was. Returns an empty string
// on success, otherwise the reason.
QString saveScreenshot(QWidget& widget, const QString& path);

} // namespace hyperrig::ui
