#include "ui/Screenshot.h"

#include "ui/ViewportWidget.h"

#include <QImage>
#include <QPixmap>
#include <QSaveFile>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <utility>

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

void screenshotWhenDrawn(QWidget& window, ViewportWidget& viewport, const QString& path,
                         int deadlineMs,
                         std::function<void(bool drawn, const QString& error)> done) {
    auto* deadline = new QTimer(&window);
    deadline->setObjectName(QStringLiteral("screenshotDeadline"));
    deadline->setSingleShot(true);
    auto finished = std::make_shared<bool>(false);
    auto finish = [deadline, finished, done = std::move(done)](bool drawn, const QString& error) {
        if (std::exchange(*finished, true))
            return;
        deadline->stop();
        done(drawn, error);
    };
    auto scheduled = std::make_shared<bool>(false);
    auto onFirstFrame = [&window, path, finish, scheduled] {
        if (std::exchange(*scheduled, true))
            return;
        QTimer::singleShot(0, &window,
                           [&window, path, finish] { finish(true, saveScreenshot(window, path)); });
    };
    QObject::connect(&viewport, &ViewportWidget::frameRendered, &window, onFirstFrame,
                     Qt::SingleShotConnection);
    QObject::connect(&viewport, &ViewportWidget::glFailed, &window, onFirstFrame,
                     Qt::SingleShotConnection);
    QObject::connect(deadline, &QTimer::timeout, &window, [finish, deadlineMs] {
        finish(false, QStringLiteral("the viewport drew no frame within %1 s")
                          .arg(static_cast<double>(deadlineMs) / 1000.0));
    });
    deadline->start(deadlineMs);
}

} // namespace hyperrig::ui
