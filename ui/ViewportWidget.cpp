#include "ui/ViewportWidget.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QPainter>
#include <QWheelEvent>

#include <cmath>

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

namespace {

// Degrees of orbit per pixel dragged, and zoom per wheel notch (120 units): a full-width drag
// turns the model about half way round, a notch moves 10% closer.
constexpr float kOrbitDegreesPerPixel = 0.4F;
constexpr double kZoomPerNotch = 0.9;

} // namespace

void ViewportWidget::showScene(render::scene::SceneData scene) {
    m_viewport.setScene(std::move(scene));
    m_viewport.frameScene(static_cast<float>(width()) / static_cast<float>(std::max(1, height())));
    update();
}

std::optional<core::model::NodeId> ViewportWidget::nodeAt(QPoint position) {
    if (!m_viewport.isInitialized() || !m_glError.isEmpty())
        return std::nullopt;
    const qreal ratio = devicePixelRatioF();
    makeCurrent();
    auto picked = m_viewport.pick(
        static_cast<int>(position.x() * ratio), static_cast<int>(position.y() * ratio),
        static_cast<int>(width() * ratio), static_cast<int>(height() * ratio));
    doneCurrent();
    return picked;
}

void ViewportWidget::mousePressEvent(QMouseEvent* event) {
    m_lastMouse = event->position();
    m_pressMouse = event->position();
    event->accept();
}

void ViewportWidget::mouseMoveEvent(QMouseEvent* event) {
    const QPointF delta = event->position() - m_lastMouse;
    m_lastMouse = event->position();
    const bool pan =
        (event->buttons() & (Qt::RightButton | Qt::MiddleButton)) ||
        ((event->buttons() & Qt::LeftButton) && (event->modifiers() & Qt::ShiftModifier));
    if (pan) {
        // Negated and divided by the height: the model follows the mouse at any zoom.
        const auto h = static_cast<float>(std::max(1, height()));
        m_viewport.camera().pan(-static_cast<float>(delta.x()) / h,
                                static_cast<float>(delta.y()) / h);
    } else if (event->buttons() & Qt::LeftButton) {
        m_viewport.camera().orbit(-static_cast<float>(delta.x()) * kOrbitDegreesPerPixel,
                                  static_cast<float>(delta.y()) * kOrbitDegreesPerPixel);
    } else {
        return;
    }
    event->accept();
    update();
}

void ViewportWidget::mouseReleaseEvent(QMouseEvent* event) {
    // A click picks; a drag (more than a few pixels) only moved the camera.
    constexpr qreal kClickSlop = 4.0;
    const QPointF moved = event->position() - m_pressMouse;
    if (event->button() == Qt::LeftButton && std::abs(moved.x()) <= kClickSlop &&
        std::abs(moved.y()) <= kClickSlop) {
        emit nodeClicked(nodeAt(event->position().toPoint()).value_or(core::model::NodeId{}));
        event->accept();
        return;
    }
    QOpenGLWidget::mouseReleaseEvent(event);
}

void ViewportWidget::wheelEvent(QWheelEvent* event) {
    const double notches = event->angleDelta().y() / 120.0;
    m_viewport.camera().zoom(static_cast<float>(std::pow(kZoomPerNotch, notches)));
    event->accept();
    update();
}

void ViewportWidget::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_F) {
        m_viewport.frameScene(static_cast<float>(width()) /
                              static_cast<float>(std::max(1, height())));
        update();
        return;
    }
    QOpenGLWidget::keyPressEvent(event);
}

void ViewportWidget::releaseGl() {
    if (!m_viewport.isInitialized() || !context())
        return;
    makeCurrent();
    m_viewport.releaseGl();
    doneCurrent();
}

} // namespace hyperrig::ui
