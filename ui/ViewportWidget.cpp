#include "ui/ViewportWidget.h"

#include <QOpenGLContext>
#include <QPainter>

namespace hyperrig::ui {

ViewportWidget::ViewportWidget(QWidget* parent) : QOpenGLWidget(parent) {
    setObjectName(QStringLiteral("viewport"));
    setMinimumSize(320, 240);
    setFocusPolicy(Qt::StrongFocus);
    setToolTip(tr("3D view of the document; 4D documents are shown as a 3D slice"));
    connect(this, &QOpenGLWidget::frameSwapped, this, [this] {
        ++m_framesRendered;
        emit frameRendered();
    });
}

ViewportWidget::~ViewportWidget() {
    releaseGl();
    // ~QOpenGLWidget destroys the context after this destructor has run; its aboutToBeDestroyed
    // must not reach releaseGl() on a half-destroyed object.
    if (QOpenGLContext* glContext = context())
        disconnect(glContext, nullptr, this, nullptr);
}

void ViewportWidget::initializeGL() {
    QOpenGLContext* glContext = context();
    // Qt destroys and recreates the context when the widget moves to another top-level window;
    // every GL object must go before the old context does.
    connect(glContext, &QOpenGLContext::aboutToBeDestroyed, this, &ViewportWidget::releaseGl,
            Qt::UniqueConnection);
    auto initialized = m_viewport.initialize(
        [glContext](const char* name) { return glContext->getProcAddress(name); });
    if (!initialized) {
        m_glError = QString::fromStdString(initialized.error().message());
        emit glFailed(m_glError);
    } else {
        m_glError.clear();
    }
}

void ViewportWidget::paintGL() {
    if (!m_glError.isEmpty()) {
        // Without a usable renderer, say why in the viewport itself instead of showing black.
        QPainter painter(this);
        painter.fillRect(rect(), QColor(32, 34, 38));
        painter.setPen(QColor(230, 120, 120));
        painter.drawText(rect().adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap,
                         tr("The viewport cannot draw: %1").arg(m_glError));
        return;
    }
    const qreal ratio = devicePixelRatioF();
    m_viewport.draw(defaultFramebufferObject(), static_cast<int>(width() * ratio),
                    static_cast<int>(height() * ratio));
}

void ViewportWidget::releaseGl() {
    if (!m_viewport.isInitialized() || !context())
        return;
    makeCurrent();
    m_viewport.releaseGl();
    doneCurrent();
}

} // namespace hyperrig::ui
