#include "ui/ViewportWidget.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QPainter>
#include <QTimer>
#include <QWheelEvent>

#include <array>
#include <cmath>
#include <optional>

namespace hyperrig::ui {

ViewportWidget::ViewportWidget(QWidget* parent) : QOpenGLWidget(parent) {
    setObjectName(QStringLiteral("viewport"));
    setMinimumSize(320, 240);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true); // the overlay highlights what the pointer is over
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
        auto overlay = m_viewport.enableOverlay();
        if (!overlay) // the viewport still works; only the overlay is missing
            qWarning("viewport overlay: %s", overlay.error().message().c_str());
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
    render::overlay::Overlay* overlay = m_viewport.overlay();
    if (overlay && overlay->isInitialized()) {
        m_overlayFeed.input.displayWidth = static_cast<float>(width());
        m_overlayFeed.input.displayHeight = static_cast<float>(height());
        m_overlayFeed.input.framebufferScale = static_cast<float>(ratio);
        m_overlayFeed.input.deltaSeconds =
            m_frameClock.isValid() ? static_cast<float>(m_frameClock.nsecsElapsed()) * 1.0e-9F
                                   : 1.0F / 60.0F;
        overlay->newFrame(m_overlayFeed.input);
        overlay->build(m_overlayState);
        if (m_overlayFeed.frameDone())
            update(); // the deferred release
    }
    m_frameClock.start();
    m_viewport.draw(defaultFramebufferObject(), static_cast<int>(width() * ratio),
                    static_cast<int>(height() * ratio));
    m_overlayState.statistics.frameMilliseconds =
        static_cast<double>(m_frameClock.nsecsElapsed()) * 1.0e-6;
    if (m_overlayState.anyChange())
        QTimer::singleShot(0, this, [this] {
            if (m_overlayState.anyChange())
                emit overlayChanged();
        });
}

namespace {

// Degrees of orbit per pixel dragged, and zoom per wheel notch (120 units): a full-width drag
// turns the model about half way round, a notch moves 10% closer.
constexpr float kOrbitDegreesPerPixel = 0.4F;
constexpr double kZoomPerNotch = 0.9;

} // namespace

void ViewportWidget::setSelection(std::vector<core::model::NodeId> selection) {
    m_viewport.setSelection(std::move(selection));
    update();
}

namespace {

float aspectOf(const QWidget& widget) {
    return static_cast<float>(widget.width()) / static_cast<float>(std::max(1, widget.height()));
}

} // namespace

void ViewportWidget::frameSelection() {
    m_viewport.frameSelection(aspectOf(*this));
    update();
}

void ViewportWidget::frameAll() {
    m_viewport.frameScene(aspectOf(*this));
    update();
}

void ViewportWidget::resetView() {
    m_viewport.resetCamera(aspectOf(*this));
    update();
}

render::scene::SceneData ViewportWidget::showScene(render::scene::SceneData scene) {
    render::scene::SceneData replaced = m_viewport.setScene(std::move(scene));
    m_viewport.frameScene(static_cast<float>(width()) / static_cast<float>(std::max(1, height())));
    update();
    return replaced;
}

render::scene::SceneData ViewportWidget::replaceScene(render::scene::SceneData scene) {
    render::scene::SceneData replaced = m_viewport.setScene(std::move(scene));
    update();
    return replaced;
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

bool ViewportWidget::overOverlay(QPointF position) const {
    const render::overlay::Overlay* overlay = m_viewport.overlay();
    return overlay && overlay->isInitialized() &&
           overlay->layout().window.contains(static_cast<float>(position.x()),
                                             static_cast<float>(position.y()));
}

bool ViewportWidget::overlayTakesMouse(QMouseEvent* event) {
    m_overlayFeed.input.mouseInside = true;
    m_overlayFeed.input.mouseX = static_cast<float>(event->position().x());
    m_overlayFeed.input.mouseY = static_cast<float>(event->position().y());
    const std::array<bool, 3> down{(event->buttons() & Qt::LeftButton) != 0,
                                   (event->buttons() & Qt::RightButton) != 0,
                                   (event->buttons() & Qt::MiddleButton) != 0};
    m_overlayFeed.setButtons(down, event->type() == QEvent::MouseButtonPress);
    m_overlayFeed.input.ctrl = (event->modifiers() & Qt::ControlModifier) != 0;
    m_overlayFeed.input.shift = (event->modifiers() & Qt::ShiftModifier) != 0;
    m_overlayFeed.input.alt = (event->modifiers() & Qt::AltModifier) != 0;
    const bool over = overOverlay(event->position());
    const bool hoverChanged = over != m_overlayHover;
    m_overlayHover = over;
    if (event->type() == QEvent::MouseButtonPress && over)
        m_overlayDrag = true;
    const bool takes = m_overlayDrag || over;
    if (event->type() == QEvent::MouseButtonRelease && event->buttons() == Qt::NoButton)
        m_overlayDrag = false;
    if (takes || hoverChanged)
        update();
    return takes;
}

void ViewportWidget::mousePressEvent(QMouseEvent* event) {
    if (overlayTakesMouse(event)) {
        event->accept();
        return;
    }
    if (m_tool && m_tool->mousePress(*event)) {
        m_pressMouse = QPointF(-1e9, -1e9); // not a click: the release must not select
        event->accept();
        return;
    }
    m_lastMouse = event->position();
    m_pressMouse = event->position();
    event->accept();
}

void ViewportWidget::mouseMoveEvent(QMouseEvent* event) {
    if (overlayTakesMouse(event)) {
        event->accept();
        return;
    }
    if (m_tool && m_tool->mouseMove(*event)) {
        m_lastMouse = event->position();
        event->accept();
        return;
    }
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
    if (overlayTakesMouse(event)) {
        event->accept();
        return;
    }
    if (m_tool && m_tool->mouseRelease(*event)) {
        event->accept();
        return;
    }
    // A click picks; a drag (more than a few pixels) only moved the camera.
    constexpr qreal kClickSlop = 4.0;
    const QPointF moved = event->position() - m_pressMouse;
    if (event->button() == Qt::LeftButton && std::abs(moved.x()) <= kClickSlop &&
        std::abs(moved.y()) <= kClickSlop) {
        emit nodeClicked(nodeAt(event->position().toPoint()).value_or(core::model::NodeId{}),
                         event->modifiers());
        event->accept();
        return;
    }
    QOpenGLWidget::mouseReleaseEvent(event);
}

void ViewportWidget::wheelEvent(QWheelEvent* event) {
    const double notches = event->angleDelta().y() / 120.0;
    if (m_overlayDrag || overOverlay(event->position())) {
        m_overlayFeed.input.wheel += static_cast<float>(notches);
        m_overlayFeed.input.wheelHorizontal += static_cast<float>(event->angleDelta().x() / 120.0);
        event->accept();
        update();
        return;
    }
    m_viewport.camera().zoom(static_cast<float>(std::pow(kZoomPerNotch, notches)));
    event->accept();
    update();
}

namespace {

std::optional<render::overlay::OverlayKey> overlayKey(int key) {
    using render::overlay::OverlayKey;
    switch (key) {
    case Qt::Key_Tab:
        return OverlayKey::Tab;
    case Qt::Key_Left:
        return OverlayKey::Left;
    case Qt::Key_Right:
        return OverlayKey::Right;
    case Qt::Key_Up:
        return OverlayKey::Up;
    case Qt::Key_Down:
        return OverlayKey::Down;
    case Qt::Key_Home:
        return OverlayKey::Home;
    case Qt::Key_End:
        return OverlayKey::End;
    case Qt::Key_Delete:
        return OverlayKey::Delete;
    case Qt::Key_Backspace:
        return OverlayKey::Backspace;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        return OverlayKey::Enter;
    case Qt::Key_Escape:
        return OverlayKey::Escape;
    case Qt::Key_A:
        return OverlayKey::A;
    default:
        return std::nullopt;
    }
}

} // namespace

bool ViewportWidget::overlayTakesKey(QKeyEvent* event, bool pressed) {
    render::overlay::Overlay* overlay = m_viewport.overlay();
    if (!overlay || !overlay->wantsKeyboard())
        return false;
    if (auto key = overlayKey(event->key()))
        m_overlayFeed.input.key(*key) = pressed;
    m_overlayFeed.input.ctrl = (event->modifiers() & Qt::ControlModifier) != 0;
    m_overlayFeed.input.shift = (event->modifiers() & Qt::ShiftModifier) != 0;
    m_overlayFeed.input.alt = (event->modifiers() & Qt::AltModifier) != 0;
    if (pressed)
        for (const char32_t character : event->text().toStdU32String())
            if (character >= 0x20 && character != 0x7f)
                m_overlayFeed.input.typedCharacters.push_back(character);
    event->accept();
    update();
    return true;
}

void ViewportWidget::keyReleaseEvent(QKeyEvent* event) {
    if (auto key = overlayKey(event->key()))
        m_overlayFeed.input.key(*key) = false; // never leave a key held in the overlay
    if (overlayTakesKey(event, false))
        return;
    QOpenGLWidget::keyReleaseEvent(event);
}

void ViewportWidget::leaveEvent(QEvent* event) {
    m_overlayFeed.input.mouseInside = false;
    m_overlayHover = false;
    update();
    QOpenGLWidget::leaveEvent(event);
}

bool ViewportWidget::event(QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride) {
        if (m_tool && m_tool->wantsKeyboard()) {
            event->accept(); // X, Y, Z, digits, Enter, Escape belong to the running operation
            return true;
        }
        const render::overlay::Overlay* overlay = m_viewport.overlay();
        if (overlay && overlay->isInitialized() && overlay->wantsKeyboard()) {
            event->accept(); // delivered as a key press to keyPressEvent, then to the overlay
            return true;
        }
    }
    return QOpenGLWidget::event(event);
}

void ViewportWidget::keyPressEvent(QKeyEvent* event) {
    if (overlayTakesKey(event, true))
        return;
    if (m_tool && m_tool->keyPress(*event)) {
        event->accept();
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
