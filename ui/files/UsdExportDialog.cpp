#include "ui/files/UsdExportDialog.h"

#include "ui/files/PathField.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace hyperrig::ui {

UsdExportDialog::UsdExportDialog(const QString& suggestedPath, QWidget* parent,
                                 const QString& crossSectionNote)
    : QDialog(parent) {
    setObjectName(QStringLiteral("usdExportDialog"));
    setWindowTitle(tr("Export UsdSkel"));
    m_file = new PathField(QStringLiteral("usdExportFile"),
                           tr("UsdSkel text (*.usda);;All files (*)"), PathField::Mode::Save, this);
    m_file->edit()->setToolTip(tr("The file to write (.usda text)"));
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("usdExportProblemLabel"));
    m_problem->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_export = buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    m_export->setObjectName(QStringLiteral("usdExportButton"));
    m_export->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QFormLayout(this);
    if (!crossSectionNote.isEmpty()) {
        m_crossSection = new QLabel(crossSectionNote, this);
        m_crossSection->setObjectName(QStringLiteral("usdCrossSectionLabel"));
        m_crossSection->setWordWrap(true);
        layout->addRow(m_crossSection);
    }
    layout->addRow(m_file->label(tr("&File")), m_file);
    layout->addRow(m_problem);
    layout->addRow(buttons);

    m_file->setPath(suggestedPath);
    validate();
    connect(m_file, &PathField::pathChanged, this, &UsdExportDialog::validate);
}

void UsdExportDialog::accept() {
    if (!m_file->confirmReplacing())
        return; // the dialog stays open: another name, or Cancel
    QDialog::accept();
}

QString UsdExportDialog::path() const {
    return m_file->path();
}

QString UsdExportDialog::problem() const {
    return m_problem->text();
}

void UsdExportDialog::validate() {
    const QFileInfo info(path());
    QString problem;
    if (path().isEmpty())
        problem = tr("Choose a file name.");
    else if (info.suffix().compare(QStringLiteral("usda"), Qt::CaseInsensitive) != 0)
        problem = tr("The file must end in .usda: HyperRig writes USD as text only.");
    else if (!info.absoluteDir().exists())
        problem = tr("The folder %1 does not exist.").arg(info.absolutePath());
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_export->setEnabled(problem.isEmpty());
    m_export->setToolTip(problem);
}

} // namespace hyperrig::ui
