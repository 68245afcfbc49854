#pragma once

#include <QDialog>
#include <QString>

#include <utility>
#include <vector>

class QTreeWidget;

namespace hyperrig::ui {

// What an import tells the user once the document is open: a one-line summary (also the status
// bar's) and its findings, each with where it applies (a JSON pointer into the source, or a bone
// name) and what happened.
struct ImportReport {
    QString summary;
    std::vector<std::pair<QString, QString>> findings; // (where, what)
};

// Shows an import report after the import (only when it has findings): the summary above a list
// a screen reader reads row by row, with a Copy button for bug reports. Not modal to the data:
// the document is already open behind it.
class ImportReportDialog : public QDialog {
    Q_OBJECT
public:
    ImportReportDialog(const QString& title, const ImportReport& report, QWidget* parent = nullptr);

    QTreeWidget* findings() const { return m_findings; }
    // The report as plain text, one finding a line ("where: what").
    QString text() const;

private:
    ImportReport m_report;
    QTreeWidget* m_findings = nullptr;
};

} // namespace hyperrig::ui
