#pragma once

#include <QLabel>
#include <QPointer>
#include <QString>

namespace hyperrig::ui {

// Inline feedback for one editor field (ui-style.md §3, decision 0008): a refused or invalid
// value shows at the field, never in a message box. The message appears in this label (placed
// below the field), the field gets a red frame through the dynamic property `invalid` (styled by
// FieldMessage::frameStyleSheet()), and the same text becomes the field's tooltip and accessible
// description, so a screen reader hears why. clearMessage() restores the field's own tooltip.
// One message may serve a group of fields (the inspector's transform fields): showMessage(field,
// message) marks the field that was refused, after restoring the one marked before.
class FieldMessage : public QLabel {
    Q_OBJECT
public:
    FieldMessage(QWidget* field, QWidget* parent = nullptr);

    void showMessage(const QString& message);
    void showMessage(QWidget* field, const QString& message);
    void clearMessage();
    bool hasMessage() const { return !text().isEmpty(); }

    // The rule that draws the red frame; a panel sets it once on itself.
    static QString frameStyleSheet();

private:
    void setInvalid(bool invalid);

    QPointer<QWidget> m_field; // a group's fields are rebuilt (the inspector per dimension)
    QString m_fieldToolTip;
};

} // namespace hyperrig::ui
