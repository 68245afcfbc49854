#pragma once

#include <QPersistentModelIndex>
#include <QStyledItemDelegate>

#include <optional>

class QAbstractItemView;

namespace hyperrig::ui {

// An in-place text editor for a view (names in the outliner, group names) that does not throw
// away what the user typed when the model refuses it on Enter (setData returns false: a forbidden
// character, a name already taken). The editor opens again on the same row, once the refused one
// has closed, showing the typed text all selected: one more key replaces it, Escape gives up.
// Leaving the editor gives the text up (ui-style.md §3). The model says why through its own
// signal. Models must return true from setData for a value they
// accept without change (an unchanged name), or the editor would come back for it.
class KeepTypedTextDelegate : public QStyledItemDelegate {
public:
    // Owned by `view`, whose editors it reopens.
    explicit KeepTypedTextDelegate(QAbstractItemView* view);

    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;

private:
    void reopen(const QPersistentModelIndex& row) const;

    struct Refused {
        QPersistentModelIndex index;
        QString text;
    };
    QAbstractItemView* m_view;
    // Written from the const overrides: QStyledItemDelegate's commit path is const.
    mutable std::optional<Refused> m_refused;
};

} // namespace hyperrig::ui
