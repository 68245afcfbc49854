#include "ui/files/ImportReport.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace hyperrig::ui {

ImportReportDialog::ImportReportDialog(const QString& title, const ImportReport& report,
                                       QWidget* parent)
    : QDialog(parent), m_report(report) {
    setObjectName(QStringLiteral("importReportDialog"));
    setWindowTitle(title);
    auto* summary = new QLabel(report.summary, this);
    summary->setObjectName(QStringLiteral("importReportSummary"));
    summary->setWordWrap(true);
    summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    m_findings = new QTreeWidget(this);
    m_findings->setObjectName(QStringLiteral("importReportFindings"));
    m_findings->setRootIsDecorated(false);
    m_findings->setColumnCount(2);
    m_findings->setHeaderLabels({tr("Where"), tr("What")});
    m_findings->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_findings->setWordWrap(true);
    for (const auto& [where, what] : report.findings) {
        auto* item = new QTreeWidgetItem(m_findings, {where, what});
        item->setToolTip(1, what);
    }
    auto* findingsLabel = new QLabel(tr("&Findings"), this);
    findingsLabel->setBuddy(m_findings);
    m_findings->setAccessibleName(tr("Findings"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* copy = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("importReportCopy"));
    copy->setToolTip(tr("Copy the report to the clipboard as text"));
    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(text()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(summary);
    layout->addWidget(findingsLabel);
    layout->addWidget(m_findings, 1);
    layout->addWidget(buttons);
    resize(760, 420);
}

QString ImportReportDialog::text() const {
    QString text = m_report.summary + QLatin1Char('\n');
    for (const auto& [where, what] : m_report.findings)
        text += where + QStringLiteral(": ") + what + QLatin1Char('\n');
    return text;
}

} // namespace hyperrig::ui
