#pragma once

#include "core/base/Diagnostic.h"
#include "ui/panels/validation/DiagnosticTarget.h"
#include "ui/panels/validation/ValidationFix.h"

#include <QAbstractTableModel>

#include <vector>

namespace hyperrig::ui {

// One listed diagnostic with what its pointer resolved to when it was found (ids, so a later
// click selects the item even after unrelated edits) and the fix it offers.
struct ValidationRow {
    core::Diagnostic diagnostic;
    DiagnosticTarget target;
    ValidationFix fix = ValidationFix::None;

    friend bool operator==(const ValidationRow& a, const ValidationRow& b) {
        return a.diagnostic == b.diagnostic && a.target.selectable == b.target.selectable &&
               a.target.label == b.target.label && a.fix == b.fix;
    }
};

// The validation panel's table: Severity (the word and an icon), Rule, Message, Item. Rows are
// replaced as a whole after each validation run, through a diff that keeps unchanged rows (and
// the view's current row) in place; only the document being replaced resets the model.
class ValidationModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, RuleColumn, MessageColumn, ItemColumn, ColumnCount };
    enum Role {
        PointerRole = Qt::UserRole + 1, // QString, the RFC 6901 pointer into the file
        IsErrorRole,                    // bool
        FixNameRole,                    // QString, empty when the row offers no fix
    };

    explicit ValidationModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    void setRows(std::vector<ValidationRow> rows);
    // A reset: for a replaced or closed document, whose ids mean nothing any more.
    void clear();
    // Contract: 0 <= row < rowCount().
    const ValidationRow& rowAt(int row) const;
    int errorCount() const { return m_errors; }
    int warningCount() const { return m_warnings; }

private:
    void recount();

    std::vector<ValidationRow> m_rows;
    int m_errors = 0;
    int m_warnings = 0;
};

} // namespace hyperrig::ui
