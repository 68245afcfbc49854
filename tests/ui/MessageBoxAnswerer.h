#pragma once

#include <QAbstractButton>
#include <QApplication>
#include <QEvent>
#include <QMessageBox>
#include <QMetaObject>
#include <QObject>
#include <QStringList>

#include <functional>
#include <utility>

namespace hyperrig::test {

// While it lives, answers every message box as it appears, as a user would: clicks the button
// `choose` names for it (the static QMessageBox functions read the clicked button, not the
// dialog's result), after the box is shown. Keeps each box's text in the order they came.
class MessageBoxAnswerer : public QObject {
public:
    using Choose = std::function<QMessageBox::StandardButton(QMessageBox&)>;

    explicit MessageBoxAnswerer(Choose choose) : m_choose(std::move(choose)) {
        qApp->installEventFilter(this);
    }
    ~MessageBoxAnswerer() override { qApp->removeEventFilter(this); }
    MessageBoxAnswerer(const MessageBoxAnswerer&) = delete;
    MessageBoxAnswerer& operator=(const MessageBoxAnswerer&) = delete;

    QStringList texts;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        auto* box = event->type() == QEvent::Show ? qobject_cast<QMessageBox*>(watched) : nullptr;
        if (!box)
            return false;
        texts.push_back(box->text());
        const QMessageBox::StandardButton answer = m_choose(*box);
        QMetaObject::invokeMethod(
            box,
            [box, answer] {
                if (QAbstractButton* button = box->button(answer))
                    button->click();
                else
                    box->reject();
            },
            Qt::QueuedConnection);
        return false;
    }

private:
    Choose m_choose;
};

} // namespace hyperrig::test
