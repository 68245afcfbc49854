#include "ui/viewport/BoxSelectTool.h"

#include "render/view/BoxSelection.h"
#include "ui/ViewportWidget.h"
#include "ui/actions/MakeAction.h"
#include "ui/session/EditorSession.h"

#include <QAction>
#include <QFocusEvent>
#include <QKeyEvent>
#include <QKeySequence>
#include <QMouseEvent>
#include <QRubberBand>

#include <algorithm>
#include <vector>

namespace hyperrig::ui {

namespace {

// As ViewportWidget tells a click from a drag: within this many pixels a press and release are a
// click.
constexpr int kBoxClickSlop = 4;

bool overOverlayWindow(const ViewportWidget& viewport, QPointF position) {
    const render::overlay::Overlay* overlay = viewport.viewport().overlay();
    return overlay && overlay->isInitialized() &&
           overlay->layout().window.contains(static_cast<float>(position.x()),
                                             static_cast<float>(position.y()));
}

bool isBoxModifierDrag(const QMouseEvent& event) {
    const Qt::KeyboardModifiers both = Qt::ControlModifier | Qt::ShiftModifier;
    return event.button() == Qt::LeftButton && (event.modifiers() & both) == both;
}

} // namespace

BoxSelectTool::BoxSelectTool(EditorSession& session, ViewportWidget& viewport, QObject* parent)
    : QObject(parent), m_session(session), m_viewport(viewport) {
    m_action = makeAction(this, tr("&Box Select"), "boxSelectAction",
                          tr("Drag a rectangle in the viewport to select the bones and meshes "
                             "inside it (Shift adds, Ctrl removes; Esc cancels)"),
                          QKeySequence(Qt::Key_B));
    connect(m_action, &QAction::triggered, this, &BoxSelectTool::arm);
    m_band = new QRubberBand(QRubberBand::Rectangle, &m_viewport);
    m_band->setObjectName(QStringLiteral("boxSelectBand"));
    m_band->setAccessibleName(tr("Box selection"));
    m_band->hide();
    m_viewport.installEventFilter(this);
    connect(&m_session, &EditorSession::documentReplaced, this, [this] {
        cancel();
        updateEnabled();
    });
    updateEnabled();
}

void BoxSelectTool::updateEnabled() {
    m_action->setEnabled(m_session.hasDocument());
}

void BoxSelectTool::arm() {
    if (!m_session.hasDocument() || m_state != State::Idle)
        return;
    m_state = State::Armed;
    m_viewport.setCursor(Qt::CrossCursor);
    // Escape must reach the viewport, wherever B was pressed.
    m_viewport.setFocus(Qt::ShortcutFocusReason);
    emit message(tr("Box select: drag a rectangle (Shift adds, Ctrl removes); Esc or right-click "
                    "cancels"));
}

void BoxSelectTool::cancel() {
    if (m_state == State::Idle)
        return;
    m_state = State::Idle;
    m_band->hide();
    m_viewport.unsetCursor();
}

bool BoxSelectTool::eventFilter(QObject* watched, QEvent* event) {
    if (watched != &m_viewport)
        return QObject::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::MouseButtonPress:
        return mousePressed(static_cast<QMouseEvent*>(event));
    case QEvent::MouseMove:
        return mouseMoved(static_cast<QMouseEvent*>(event));
    case QEvent::MouseButtonRelease:
        return mouseReleased(static_cast<QMouseEvent*>(event));
    case QEvent::KeyPress:
        return keyPressed(static_cast<QKeyEvent*>(event));
    case QEvent::ShortcutOverride:
        // Escape ends the gesture even if a window shortcut claims it.
        if (m_state != State::Idle && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
            event->accept();
            return true;
        }
        break;
    case QEvent::FocusOut:
        // The user went elsewhere before dragging; a menu or popup opening is not that.
        if (m_state == State::Armed &&
            static_cast<QFocusEvent*>(event)->reason() != Qt::PopupFocusReason)
            cancel();
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

bool BoxSelectTool::mousePressed(QMouseEvent* event) {
    if (m_state != State::Idle) {
        m_swallowReleases |= event->button();
        if (event->button() == Qt::RightButton) {
            cancel();
            emit message(tr("Box select cancelled"));
        } else if (m_state == State::Armed && event->button() == Qt::LeftButton) {
            m_origin = event->position().toPoint();
            const Qt::KeyboardModifiers modifiers = event->modifiers();
            m_mode = (modifiers & Qt::ShiftModifier)     ? Mode::Add
                     : (modifiers & Qt::ControlModifier) ? Mode::Remove
                                                         : Mode::Replace;
            startDragging();
        }
        return true;
    }
    if (isBoxModifierDrag(*event) && !overOverlayWindow(m_viewport, event->position())) {
        m_state = State::Pending;
        m_mode = Mode::Add;
        m_origin = event->position().toPoint();
        m_swallowReleases |= Qt::LeftButton;
        return true;
    }
    return false;
}

bool BoxSelectTool::mouseMoved(QMouseEvent* event) {
    const QPoint position = event->position().toPoint();
    if (m_state == State::Pending && (position - m_origin).manhattanLength() > kBoxClickSlop)
        startDragging();
    if (m_state == State::Dragging)
        m_band->setGeometry(QRect(m_origin, position).normalized());
    // Buttons of a gesture this tool took move neither the camera nor the overlay.
    return m_state == State::Pending || m_state == State::Dragging ||
           (event->buttons() & m_swallowReleases);
}

bool BoxSelectTool::mouseReleased(QMouseEvent* event) {
    const bool ours = (m_swallowReleases & event->button()) != 0;
    m_swallowReleases &= ~event->button();
    if (event->button() != Qt::LeftButton)
        return ours;
    if (m_state == State::Dragging) {
        finish(event->position().toPoint());
        return true;
    }
    if (m_state == State::Pending) {
        // Ctrl+Shift without a drag is the click it always was (ViewportWidget: Ctrl toggles).
        m_state = State::Idle;
        const QPoint position = event->position().toPoint();
        emit m_viewport.nodeClicked(m_viewport.nodeAt(position).value_or(core::model::NodeId{}),
                                    event->modifiers());
        return true;
    }
    return ours;
}

bool BoxSelectTool::keyPressed(QKeyEvent* event) {
    if (m_state == State::Idle || event->key() != Qt::Key_Escape)
        return false;
    cancel();
    emit message(tr("Box select cancelled"));
    return true;
}

void BoxSelectTool::startDragging() {
    m_state = State::Dragging;
    m_band->setGeometry(QRect(m_origin, QSize(1, 1)));
    m_band->show();
}

void BoxSelectTool::finish(QPoint end) {
    cancel();
    if (!m_session.hasDocument())
        return;
    const render::view::Viewport& viewport = m_viewport.viewport();
    const auto width = static_cast<float>(std::max(1, m_viewport.width()));
    const auto height = static_cast<float>(std::max(1, m_viewport.height()));
    const glm::mat4 viewProjection =
        viewport.camera().projectionMatrix(width / height) * viewport.camera().viewMatrix();
    const render::view::WindowRectangle rectangle{
        static_cast<float>(std::min(m_origin.x(), end.x())),
        static_cast<float>(std::min(m_origin.y(), end.y())),
        static_cast<float>(std::max(m_origin.x(), end.x())),
        static_cast<float>(std::max(m_origin.y(), end.y()))};
    const std::vector<core::model::NodeId> boxed = render::view::nodesInRectangle(
        viewport.scene(), viewProjection, {width, height}, rectangle, {viewport.display().bones});

    std::vector<core::model::NodeId> selection;
    if (m_mode != Mode::Replace)
        selection = m_session.selection();
    if (m_mode == Mode::Remove)
        std::erase_if(selection, [&](core::model::NodeId node) {
            return std::find(boxed.begin(), boxed.end(), node) != boxed.end();
        });
    else
        selection.insert(selection.end(), boxed.begin(), boxed.end());
    // The session drops repeats and keeps the current node while it stays selected.
    m_session.select(std::move(selection), m_session.currentNode());
    emit message(tr("Box select: %n node(s) inside, ", nullptr, static_cast<int>(boxed.size())) +
                 tr("%n selected", nullptr, static_cast<int>(m_session.selection().size())));
}

} // namespace hyperrig::ui
