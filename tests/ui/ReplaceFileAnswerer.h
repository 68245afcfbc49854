#pragma once

#include <QDialog>
#include <QEvent>
#include <QMessageBox>
#include <QMetaObject>
#include <QObject>
#include <QString>

namespace hyperrig::test {

// Installed on qApp, answers every "Replace file" box (ui::askToReplaceFiles: Save As and the
// export dialogs) with `answer` as it appears, as a user would: counts the boxes and keeps the last
// one's text.
class ReplaceFileAnswerer : public QObject {
public:
    int shown = 0;
    QString text;
    QMessageBox::StandardButton answer = QMessageBox::No;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Show &&
            watched->objectName() == QStringLiteral("replaceFileBox")) {
            ++shown;
            text = static_cast<QMessageBox*>(watched)->text();
            const int chosen = answer;
            QMetaObject::invokeMethod(
                watched, [watched, chosen] { static_cast<QDialog*>(watched)->done(chosen); },
                Qt::QueuedConnection);
        }
        return false;
    }
};

} // namespace hyperrig::test
