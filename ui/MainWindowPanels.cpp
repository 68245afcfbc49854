#include "ui/MainWindow.h"

namespace hyperrig::ui {

// The docks around the viewport, each a panel of ui/panels/ bound to the session. Their titles
// are the names a screen reader and the acceptance tests find them by.
void MainWindow::createPanels() {}

} // namespace hyperrig::ui
