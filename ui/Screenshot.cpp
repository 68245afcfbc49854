#include "ui/Screenshot.h"

#include <QImage>
#include <QPixmap>
#include <QSaveFile>
#include <QWidget>

namespace hyperrig::ui {

QString saveScreenshot(QWidget& widget, const QString& path) {
    // QWidget::grab renders QOpenGLWidget children from their framebuffers, so the viewport is
    // captured as drawn, not as a black rectangle.
    const QImage image = widget.grab().toImage();
    if (image.isNull())
        return QStringLiteral("the window could not be captured");
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        return QStringLiteral("cannot encode the screenshot as PNG");
    }
    if (!file.commit())
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

} // namespace hyperrig::ui
