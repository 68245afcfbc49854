#include "ui/widgets/KeepTypedTextDelegate.h"

#include <QAbstractItemView>
#include <QLineEdit>
#include <QMetaObject>
#include <QPointer>

namespace hyperrig::ui {

KeepTypedTextDelegate::KeepTypedTextDelegate(QAbstractItemView* view)
    : QStyledItemDelegate(view), m_view(view) {}

void KeepTypedTextDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
    auto* line = qobject_cast<QLineEdit*>(editor);
    if (line && m_refused && m_refused->index == index) {
        line->setText(m_refused->text);
        line->selectAll();
        m_refused.reset();
        return;
    }
    QStyledItemDelegate::setEditorData(editor, index);
}

void KeepTypedTextDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                         const QModelIndex& index) const {
    auto* line = qobject_cast<QLineEdit*>(editor);
    if (!line) {
        QStyledItemDelegate::setModelData(editor, model, index);
        return;
    }
    const QString typed = line->text();
    if (model->setData(index, typed, Qt::EditRole))
        return;
    // Committed by leaving the editor: the user went elsewhere, which gives the text up
    // (ui-style.md §3: typed text stays until Escape or focus-out); the reason is still shown.
    if (!line->hasFocus())
        return;
    m_refused = Refused{QPersistentModelIndex(index), typed};
    reopen(QPersistentModelIndex(index));
}

void KeepTypedTextDelegate::reopen(const QPersistentModelIndex& row) const {
    // Queued: the view closes the refused editor after this commit returns, and opens no second
    // one for a row that has one.
    QPointer<const KeepTypedTextDelegate> self(this);
    QMetaObject::invokeMethod(
        m_view,
        [self, row] {
            if (!self)
                return;
            if (row.isValid() && self->m_view->isVisible())
                self->m_view->edit(row); // the new editor takes the kept text (setEditorData)
            self->m_refused.reset();     // kept for no editor when none opened
        },
        Qt::QueuedConnection);
}

} // namespace hyperrig::ui
