#include "ui/widgets/FieldMessage.h"

#include "ui/widgets/PanelWidgets.h"

#include <QStyle>
#include <QVariant>

namespace hyperrig::ui {

FieldMessage::FieldMessage(QWidget* field, QWidget* parent) : QLabel(parent), m_field(field) {
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setObjectName(field->objectName() + QStringLiteral("Message"));
    setAccessibleName(field->accessibleName() + QStringLiteral(" message"));
    setStyleSheet(problemTextStyleSheet());
    hide();
}

QString FieldMessage::frameStyleSheet() {
    return QStringLiteral("*[invalid=\"true\"] { border: 1px solid #e06c5a; }");
}

void FieldMessage::showMessage(const QString& message) {
    if (!hasMessage() && m_field)
        m_fieldToolTip = m_field->toolTip();
    setText(message);
    show();
    if (m_field) {
        m_field->setToolTip(message);
        m_field->setAccessibleDescription(message);
    }
    setInvalid(true);
}

void FieldMessage::showMessage(QWidget* field, const QString& message) {
    if (field != m_field) {
        clearMessage();
        m_field = field;
    }
    showMessage(message);
}

void FieldMessage::clearMessage() {
    if (!hasMessage())
        return;
    clear();
    hide();
    if (m_field) {
        m_field->setToolTip(m_fieldToolTip);
        m_field->setAccessibleDescription(QString());
    }
    setInvalid(false);
}

void FieldMessage::setInvalid(bool invalid) {
    if (!m_field)
        return;
    m_field->setProperty("invalid", invalid);
    // Style sheets read dynamic properties when a widget is polished.
    m_field->style()->unpolish(m_field);
    m_field->style()->polish(m_field);
    m_field->update();
}

} // namespace hyperrig::ui
