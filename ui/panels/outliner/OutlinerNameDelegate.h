#pragma once

#include <QPersistentModelIndex>
#include <QStyledItemDelegate>

#include <functional>
#include <optional>

namespace hyperrig::ui {

// The outliner's in-place editor for names. A rename the document refuses (a forbidden
// character, a clash) must not throw away what the user typed: the delegate keeps the text and
// tells the panel, which opens the editor again on the same row; the editor then shows the typed
// text, all of it selected, so one more key replaces it and Escape gives up.
class OutlinerNameDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // Called (from the commit, before the editor closes) with the row whose rename was refused.
    void setRefusalHandler(std::function<void(const QPersistentModelIndex&)> handler) {
        m_onRefused = std::move(handler);
    }
    // Drops the kept text (the editor could not be opened again).
    void forgetRefusedText() const { m_refused.reset(); }

    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;

private:
    struct Refused {
        QPersistentModelIndex index;
        QString text;
    };
    // Written from the const overrides, as QStyledItemDelegate's commit path is const.
    mutable std::optional<Refused> m_refused;
    std::function<void(const QPersistentModelIndex&)> m_onRefused;
};

} // namespace hyperrig::ui
