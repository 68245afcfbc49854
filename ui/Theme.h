#pragma once

class QApplication;

namespace hyperrig::ui {

// The editor's look: Qt's Fusion style with a dark palette that matches the viewport
// background, so panels and viewport read as one surface.
void applyDarkTheme(QApplication& application);

} // namespace hyperrig::ui
