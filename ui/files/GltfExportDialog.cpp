#include "ui/files/GltfExportDialog.h"

#include "ui/files/PathField.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>

namespace hyperrig::ui {

namespace {

enum GltfFormatIndex { kGltfText = 0, kGltfBinary = 1 };

QLabel* gltfExportLabel(const QString& text, QWidget* buddy, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setBuddy(buddy);
    buddy->setAccessibleName(QString(text).remove(QLatin1Char('&')));
    return label;
}

} // namespace

GltfExportDialog::GltfExportDialog(const QString& suggestedPath, QWidget* parent,
                                   const QString& crossSectionNote)
    : QDialog(parent) {
    setObjectName(QStringLiteral("gltfExportDialog"));
    setWindowTitle(tr("Export glTF 2.0"));
    m_file =
        new PathField(QStringLiteral("gltfExportFile"),
                      tr("glTF 2.0 (*.glb *.gltf);;All files (*)"), PathField::Mode::Save, this);
    m_file->edit()->setToolTip(tr("The file to write (.gltf or .glb)"));

    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("gltfFormatCombo"));
    m_format->addItem(tr("glTF text (.gltf, data embedded)"));
    m_format->addItem(tr("glTF binary (.glb)"));
    m_format->setToolTip(tr("Follows the file's extension"));

    // The order is the CLI's --weights values: float, unorm16, unorm8.
    m_weights = new QComboBox(this);
    m_weights->setObjectName(QStringLiteral("gltfWeightsCombo"));
    m_weights->addItem(tr("Float (exact)"));
    m_weights->addItem(tr("Unsigned 16-bit normalised (unorm16)"));
    m_weights->addItem(tr("Unsigned 8-bit normalised (unorm8)"));
    m_weights->setToolTip(tr("How skin weights are stored; quantised weights still sum to "
                             "exactly 1 per vertex"));

    m_referencePose = new QCheckBox(tr("Also write KHR_character_reference_pose"), this);
    m_referencePose->setObjectName(QStringLiteral("gltfReferencePoseCheck"));
    m_referencePose->setToolTip(tr("Write each bind pose also as a one-key animation, for tools "
                                   "that follow the newer draft"));

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("gltfExportProblemLabel"));
    m_problem->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_export = buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    m_export->setObjectName(QStringLiteral("gltfExportButton"));
    m_export->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QFormLayout(this);
    if (!crossSectionNote.isEmpty()) {
        m_crossSection = new QLabel(crossSectionNote, this);
        m_crossSection->setObjectName(QStringLiteral("gltfCrossSectionLabel"));
        m_crossSection->setWordWrap(true);
        layout->addRow(m_crossSection);
        const QString why = tr("A cross-section is a static mesh: no skin, no bind poses");
        for (QWidget* skinOption :
             {static_cast<QWidget*>(m_weights), static_cast<QWidget*>(m_referencePose)}) {
            skinOption->setEnabled(false);
            skinOption->setToolTip(why);
        }
    }
    layout->addRow(m_file->label(tr("&File")), m_file);
    layout->addRow(gltfExportLabel(tr("F&ormat"), m_format, this), m_format);
    layout->addRow(gltfExportLabel(tr("&Weights"), m_weights, this), m_weights);
    layout->addRow(m_referencePose);
    layout->addRow(m_problem);
    layout->addRow(buttons);

    m_file->setPath(suggestedPath);
    pathChanged();
    connect(m_file, &PathField::pathChanged, this, &GltfExportDialog::pathChanged);
    connect(m_format, &QComboBox::currentIndexChanged, this, &GltfExportDialog::formatChanged);
}

void GltfExportDialog::accept() {
    if (!m_file->confirmReplacing())
        return; // the dialog stays open: another name, or Cancel
    QDialog::accept();
}

QString GltfExportDialog::path() const {
    return m_file->path();
}

core::io::GltfExportOptions GltfExportDialog::options() const {
    core::io::GltfExportOptions options;
    options.binary = m_format->currentIndex() == kGltfBinary;
    options.weights = m_weights->currentIndex() == 1   ? core::io::gltf::WeightFormat::Unorm16
                      : m_weights->currentIndex() == 2 ? core::io::gltf::WeightFormat::Unorm8
                                                       : core::io::gltf::WeightFormat::Float;
    options.referencePose = m_referencePose->isChecked();
    return options;
}

QString GltfExportDialog::problem() const {
    return m_problem->text();
}

// The extension follows the format, so the two never disagree (as in Save As).
void GltfExportDialog::formatChanged() {
    const QString text = path();
    if (!text.isEmpty()) {
        const QFileInfo info(text);
        const QString wanted = m_format->currentIndex() == kGltfBinary ? QStringLiteral("glb")
                                                                       : QStringLiteral("gltf");
        if (info.suffix().compare(wanted, Qt::CaseInsensitive) != 0) {
            const QString base =
                info.suffix().isEmpty() ? text : text.left(text.size() - info.suffix().size() - 1);
            const QSignalBlocker blocker(m_file);
            m_file->setPath(base + QLatin1Char('.') + wanted);
        }
    }
    validate();
}

// ... and the format follows a typed extension.
void GltfExportDialog::pathChanged() {
    const QString suffix = QFileInfo(path()).suffix().toLower();
    if (suffix == QStringLiteral("glb") || suffix == QStringLiteral("gltf")) {
        const QSignalBlocker blocker(m_format);
        m_format->setCurrentIndex(suffix == QStringLiteral("glb") ? kGltfBinary : kGltfText);
    }
    validate();
}

void GltfExportDialog::validate() {
    const QFileInfo info(path());
    const QString suffix = info.suffix().toLower();
    QString problem;
    if (path().isEmpty())
        problem = tr("Choose a file name.");
    else if (suffix != QStringLiteral("gltf") && suffix != QStringLiteral("glb"))
        problem = tr("The file must end in .gltf (text) or .glb (binary).");
    else if (!info.absoluteDir().exists())
        problem = tr("The folder %1 does not exist.").arg(info.absolutePath());
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_export->setEnabled(problem.isEmpty());
    m_export->setToolTip(problem);
}

} // namespace hyperrig::ui
