#include "ui/files/MpfbExportDialog.h"

#include "ui/files/PathField.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace hyperrig::ui {

MpfbExportDialog::MpfbExportDialog(const QString& suggestedPath, const QString& baseMesh,
                                   const QString& vertexGroups, QWidget* parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("mpfbExportDialog"));
    setWindowTitle(tr("Export MPFB Rig"));
    const QString json = tr("JSON files (*.json);;All files (*)");
    m_file = new PathField(QStringLiteral("mpfbExportFile"), json, PathField::Mode::Save, this);
    m_file->edit()->setToolTip(tr("The rig definition to write (rig.<name>.json)"));
    m_baseMesh = new PathField(QStringLiteral("mpfbExportBaseMesh"),
                               tr("OBJ files (*.obj);;All files (*)"), PathField::Mode::Open, this);
    m_vertexGroups =
        new PathField(QStringLiteral("mpfbExportVertexGroups"), json, PathField::Mode::Open, this);
    for (PathField* field : {m_baseMesh, m_vertexGroups}) {
        field->edit()->setPlaceholderText(tr("optional"));
        field->edit()->setToolTip(tr("Optional, with the other: moved bones get joint-cube or "
                                     "vertex strategies on this mesh instead of fixed positions"));
    }

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("mpfbExportProblemLabel"));
    m_problem->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_export = buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    m_export->setObjectName(QStringLiteral("mpfbExportButton"));
    m_export->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QFormLayout(this);
    layout->addRow(m_file->label(tr("&File")), m_file);
    layout->addRow(m_baseMesh->label(tr("&Base mesh")), m_baseMesh);
    layout->addRow(m_vertexGroups->label(tr("&Vertex groups")), m_vertexGroups);
    layout->addRow(m_problem);
    layout->addRow(buttons);

    m_file->setPath(suggestedPath);
    m_baseMesh->setPath(baseMesh);
    m_vertexGroups->setPath(vertexGroups);
    for (PathField* field : {m_file, m_baseMesh, m_vertexGroups})
        connect(field, &PathField::pathChanged, this, &MpfbExportDialog::validate);
    validate();
}

void MpfbExportDialog::accept() {
    if (!m_file->confirmReplacing())
        return; // the dialog stays open: another name, or Cancel
    QDialog::accept();
}

QString MpfbExportDialog::path() const {
    return m_file->path();
}

QString MpfbExportDialog::baseMesh() const {
    return m_baseMesh->path();
}

QString MpfbExportDialog::vertexGroups() const {
    return m_vertexGroups->path();
}

QString MpfbExportDialog::problem() const {
    return m_problem->text();
}

void MpfbExportDialog::validate() {
    const QFileInfo info(path());
    QString problem;
    if (path().isEmpty())
        problem = tr("Choose a file name.");
    else if (info.suffix().compare(QStringLiteral("json"), Qt::CaseInsensitive) != 0)
        problem = tr("An MPFB rig file ends in .json.");
    else if (!info.absoluteDir().exists())
        problem = tr("The folder %1 does not exist.").arg(info.absolutePath());
    else if (baseMesh().isEmpty() != vertexGroups().isEmpty())
        problem = tr("Give both the base mesh and the vertex groups, or neither.");
    else if (!baseMesh().isEmpty() && !QFileInfo(baseMesh()).isFile())
        problem = tr("The base mesh file %1 does not exist.").arg(baseMesh());
    else if (!vertexGroups().isEmpty() && !QFileInfo(vertexGroups()).isFile())
        problem = tr("The vertex groups file %1 does not exist.").arg(vertexGroups());
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_export->setEnabled(problem.isEmpty());
    m_export->setToolTip(problem);
}

} // namespace hyperrig::ui
