#include "ui/widgets/PanelWidgets.h"

#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QDockWidget>
#include <QEvent>
#include <QKeyEvent>
#include <QWidget>

#include <utility>

namespace hyperrig::ui {
namespace {

// Ignores the wheel over an unfocused control: the event goes on to the control's parents (the
// scroll area), as Qt passes on an ignored wheel event.
class UnfocusedWheelFilter : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Wheel && !static_cast<QWidget*>(watched)->hasFocus()) {
            event->ignore();
            return true;
        }
        return false;
    }
};

// ShortcutOverride, accepted, keeps a key from the window's shortcuts: Qt then delivers it to the
// focused widget as an ordinary key press.
class ClaimedKeysFilter : public QObject {
public:
    ClaimedKeysFilter(QList<QKeySequence> keys, std::function<bool(const QKeyEvent&)> pressed,
                      QObject* parent)
        : QObject(parent), m_keys(std::move(keys)), m_pressed(std::move(pressed)) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress)
            return QObject::eventFilter(watched, event);
        const auto* key = static_cast<QKeyEvent*>(event);
        // The keypad's Delete is Delete: Qt's shortcut map tries it without KeypadModifier too.
        const QKeySequence pressed(
            QKeyCombination(key->modifiers() & ~Qt::KeypadModifier, Qt::Key(key->key())));
        if (!m_keys.contains(pressed))
            return QObject::eventFilter(watched, event);
        if (event->type() == QEvent::ShortcutOverride) {
            event->accept();
            return true;
        }
        if (m_pressed && key->isAutoRepeat())
            return true; // a held key acts once (Delete held must not remove every row)
        return m_pressed && m_pressed(*key);
    }

private:
    QList<QKeySequence> m_keys;
    std::function<bool(const QKeyEvent&)> m_pressed;
};

// The dynamic property letNodeKeysThrough sets on a dock.
constexpr const char* kNodeKeysProperty = "hyperrigNodeKeys";

// F2 or Delete (the keypad's too), without other modifiers: Edit > Rename and Edit > Delete.
bool isNodeKey(const QKeyEvent& key) {
    const Qt::KeyboardModifiers modifiers = key.modifiers() & ~Qt::KeypadModifier;
    return modifiers == Qt::NoModifier && (key.key() == Qt::Key_F2 || key.key() == Qt::Key_Delete);
}

// The dock `widget` lies in, if any.
const QDockWidget* enclosingDock(const QObject* widget) {
    for (const QObject* o = widget; o != nullptr; o = o->parent())
        if (const auto* dock = qobject_cast<const QDockWidget*>(o))
            return dock;
    return nullptr;
}

// See settleKeysBetweenControlsAndWindow. ShortcutOverride goes to the focus widget before the
// window's shortcuts; accepted, the key is delivered to the widget as a key press; ignored and not
// delivered, the window's shortcut takes it.
class FocusedControlKeysFilter : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::ShortcutOverride)
            return false;
        const auto& key = *static_cast<QKeyEvent*>(event);
        if (isNodeKey(key)) {
            const QDockWidget* dock = enclosingDock(watched);
            if (dock && !dock->property(kNodeKeysProperty).toBool())
                event->accept(); // to the control, not Edit > Rename / Delete
            return false;        // a view's own claim (claimKeysFromWindowShortcuts) still runs
        }
        if (isNavigationKey(key.key())) {
            if (qobject_cast<QAbstractItemView*>(watched) ||
                qobject_cast<QAbstractSlider*>(watched))
                event->accept();
            return false;
        }
        // A spin box has the focus; its text is a child line edit.
        const QLineEdit* field = qobject_cast<QLineEdit*>(watched);
        if (!field && qobject_cast<QAbstractSpinBox*>(watched))
            field = watched->findChild<QLineEdit*>(QString(), Qt::FindDirectChildrenOnly);
        if (!field || field->isReadOnly() || !undoKeyBelongsToWindow(key, *field))
            return false;
        event->ignore();
        return true;
    }

private:
    static bool isNavigationKey(int key) {
        return key == Qt::Key_Home || key == Qt::Key_End || key == Qt::Key_PageUp ||
               key == Qt::Key_PageDown;
    }
};

} // namespace

QString problemTextStyleSheet() {
    return QStringLiteral("color: #e06c5a;");
}

QPushButton* makeToolButton(const QString& text, const char* objectName, const QString& toolTip,
                            QWidget* parent) {
    auto* button = new QPushButton(text, parent);
    button->setObjectName(QString::fromLatin1(objectName));
    button->setAccessibleName(QString(text).remove(QLatin1Char('&')));
    button->setToolTip(toolTip);
    return button;
}

QLabel* makeProblemLabel(const char* objectName, QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setObjectName(QString::fromLatin1(objectName));
    label->setWordWrap(true);
    label->setStyleSheet(problemTextStyleSheet());
    label->hide();
    return label;
}

void takeWheelOnlyWhenFocused(QWidget& control) {
    control.setFocusPolicy(Qt::StrongFocus); // the wheel must not give it focus either
    control.installEventFilter(new UnfocusedWheelFilter(&control));
}

void claimKeysFromWindowShortcuts(QWidget& view, QList<QKeySequence> keys,
                                  std::function<bool(const QKeyEvent&)> pressed) {
    view.installEventFilter(new ClaimedKeysFilter(std::move(keys), std::move(pressed), &view));
}

bool undoKeyBelongsToWindow(const QKeyEvent& event, const QLineEdit& field) {
    if (event.matches(QKeySequence::Undo))
        return !field.isUndoAvailable();
    if (event.matches(QKeySequence::Redo))
        return !field.isRedoAvailable();
    return false;
}

void settleKeysBetweenControlsAndWindow(QObject& application, QObject* owner) {
    application.installEventFilter(new FocusedControlKeysFilter(owner));
}

void letNodeKeysThrough(QDockWidget& dock) {
    dock.setProperty(kNodeKeysProperty, true);
}

} // namespace hyperrig::ui
