#include "ui/panels/outliner/OutlinerNameDelegate.h"

#include <QLineEdit>

namespace hyperrig::ui {

void OutlinerNameDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
    auto* line = qobject_cast<QLineEdit*>(editor);
    if (line && m_refused && m_refused->index == index) {
        line->setText(m_refused->text);
        line->selectAll();
        m_refused.reset();
        return;
    }
    QStyledItemDelegate::setEditorData(editor, index);
}

void OutlinerNameDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                        const QModelIndex& index) const {
    auto* line = qobject_cast<QLineEdit*>(editor);
    if (!line) {
        QStyledItemDelegate::setModelData(editor, model, index);
        return;
    }
    const QString typed = line->text();
    // The model says why in its own signal (OutlinerModel::editRefused); here only the text is
    // kept for the next editor.
    if (!model->setData(index, typed, Qt::EditRole)) {
        m_refused = Refused{QPersistentModelIndex(index), typed};
        if (m_onRefused)
            m_onRefused(QPersistentModelIndex(index));
    }
}

} // namespace hyperrig::ui
