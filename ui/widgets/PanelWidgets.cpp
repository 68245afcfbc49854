#include "ui/widgets/PanelWidgets.h"

namespace hyperrig::ui {

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

} // namespace hyperrig::ui
