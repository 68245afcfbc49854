#include "ui/files/SaveAsDialog.h"

#include "ui/files/PathField.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace hyperrig::ui {

namespace {

QLabel* buddyLabel(const QString& text, QWidget* buddy, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setBuddy(buddy);
    // The accessible name is the label's text without its mnemonic marker.
    buddy->setAccessibleName(QString(text).remove(QLatin1Char('&')));
    return label;
}

} // namespace

SaveAsDialog::SaveAsDialog(const QString& currentPath, const SaveFormat& current, QWidget* parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("saveAsDialog"));
    setWindowTitle(tr("Save As"));

    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("savePathEdit"));
    m_path->setToolTip(tr("The file to write (.g4tf or .g4b)"));
    m_path->setText(currentPath.isEmpty() ? QDir::home().filePath(tr("untitled.g4tf"))
                                          : currentPath);
    m_path->setMinimumWidth(360);
    auto* browse = new QPushButton(tr("&Browse..."), this);
    browse->setObjectName(QStringLiteral("browseButton"));
    browse->setToolTip(tr("Choose the file in a file dialog"));
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);

    m_container = new QComboBox(this);
    m_container->setObjectName(QStringLiteral("formatCombo"));
    m_container->addItem(tr("G4MF text (.g4tf)"));
    m_container->addItem(tr("G4MF binary (.g4b)"));
    m_container->setToolTip(tr("Text is readable and diffable; binary is smaller and faster"));
    m_container->setCurrentIndex(current.container == core::io::G4mfContainer::Binary ? 1 : 0);

    m_schema = new QComboBox(this);
    m_schema->setObjectName(QStringLiteral("schemaCombo"));
    m_schema->addItem(tr("Classic (mesh, light, model integers)"));
    m_schema->addItem(tr("Current (meshInstance, modelInstance objects)"));
    m_schema->setToolTip(tr("Which revision of the G4MF node properties to write"));
    m_schema->setCurrentIndex(current.options.schema == core::io::G4mfSchema::Current ? 1 : 0);

    m_externalBin = new QCheckBox(tr("Data in an external .bin file"), this);
    m_externalBin->setObjectName(QStringLiteral("externalBinCheck"));
    m_externalBin->setToolTip(tr("Write vertex and skin data to a .bin beside the .g4tf instead "
                                 "of embedding it"));
    m_externalBin->setChecked(current.options.externalBin);
    m_zstd = new QCheckBox(tr("Compress data (zstd)"), this);
    m_zstd->setObjectName(QStringLiteral("zstdCheck"));
    m_zstd->setToolTip(tr("Compress the binary data chunk of the .g4b with zstd"));
    m_zstd->setChecked(current.options.zstd);

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("saveProblemLabel"));
    m_problem->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QFormLayout(this);
    auto* fileLabel = buddyLabel(tr("&File"), m_path, this);
    layout->addRow(fileLabel, pathRow);
    layout->addRow(buddyLabel(tr("F&ormat"), m_container, this), m_container);
    layout->addRow(buddyLabel(tr("&Schema"), m_schema, this), m_schema);
    layout->addRow(m_externalBin);
    layout->addRow(m_zstd);
    layout->addRow(m_problem);
    layout->addRow(buttons);

    connect(browse, &QPushButton::clicked, this, &SaveAsDialog::browse);
    connect(m_container, &QComboBox::currentIndexChanged, this, &SaveAsDialog::syncExtension);
    connect(m_path, &QLineEdit::textChanged, this, &SaveAsDialog::followExtension);
    connect(m_path, &QLineEdit::textChanged, this, &SaveAsDialog::validate);
    connect(m_container, &QComboBox::currentIndexChanged, this, [this, buttons] {
        validate();
        buttons->button(QDialogButtonBox::Save)->setEnabled(m_problem->text().isEmpty());
    });
    connect(m_path, &QLineEdit::textChanged, this, [this, buttons] {
        buttons->button(QDialogButtonBox::Save)->setEnabled(m_problem->text().isEmpty());
    });
    syncExtension();
}

QString SaveAsDialog::path() const {
    return m_path->text().trimmed();
}

SaveFormat SaveAsDialog::format() const {
    SaveFormat format;
    const bool binary = m_container->currentIndex() == 1;
    format.container = binary ? core::io::G4mfContainer::Binary : core::io::G4mfContainer::Text;
    format.options.schema = m_schema->currentIndex() == 1 ? core::io::G4mfSchema::Current
                                                          : core::io::G4mfSchema::Classic;
    format.options.externalBin = !binary && m_externalBin->isChecked();
    format.options.zstd = binary && m_zstd->isChecked();
    return format;
}

void SaveAsDialog::browse() {
    const bool binary = m_container->currentIndex() == 1;
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Save As"), path(), binary ? tr("G4MF binary (*.g4b)") : tr("G4MF text (*.g4tf)"));
    if (!chosen.isEmpty()) {
        m_path->setText(chosen);
        m_browsedPath = path(); // trimmed, as the save takes it
    }
}

QStringList SaveAsDialog::filesToReplace() const {
    QStringList existing;
    const QFileInfo file(path());
    const bool browsed = !m_browsedPath.isEmpty() &&
                         file.absoluteFilePath() == QFileInfo(m_browsedPath).absoluteFilePath();
    if (file.exists() && !browsed)
        existing << file.absoluteFilePath();
    if (format().options.externalBin) { // G4mfWriter names it after the file: NAME.bin beside it
        const QFileInfo bin(file.dir().filePath(file.completeBaseName() + QStringLiteral(".bin")));
        if (bin.exists())
            existing << bin.absoluteFilePath();
    }
    return existing;
}

void SaveAsDialog::accept() {
    if (!askToReplaceFiles(*this, filesToReplace()))
        return; // the dialog stays open: another name, or Cancel
    QDialog::accept();
}

// The extension follows the format and the format the extension, so they never disagree.
void SaveAsDialog::syncExtension() {
    const bool binary = m_container->currentIndex() == 1;
    m_externalBin->setEnabled(!binary);
    m_zstd->setEnabled(binary);
    QString text = path();
    if (text.isEmpty())
        return;
    const QFileInfo info(text);
    const QString wanted = binary ? QStringLiteral("g4b") : QStringLiteral("g4tf");
    if (info.suffix().compare(wanted, Qt::CaseInsensitive) != 0) {
        const QString base =
            info.suffix().isEmpty() ? text : text.left(text.size() - info.suffix().size() - 1);
        m_path->setText(base + QLatin1Char('.') + wanted);
    }
    validate();
}

// A typed (or browsed) .g4b or .g4tf chooses the format, as choosing the format sets the
// extension: the options shown are then those the save will use.
void SaveAsDialog::followExtension() {
    const QString suffix = QFileInfo(path()).suffix();
    int container = -1;
    if (suffix.compare(QStringLiteral("g4b"), Qt::CaseInsensitive) == 0)
        container = 1;
    else if (suffix.compare(QStringLiteral("g4tf"), Qt::CaseInsensitive) == 0)
        container = 0;
    if (container >= 0 && container != m_container->currentIndex())
        m_container->setCurrentIndex(container); // syncExtension keeps the typed suffix
}

void SaveAsDialog::validate() {
    const QFileInfo info(path());
    QString problem;
    if (path().isEmpty())
        problem = tr("Choose a file name.");
    else if (info.suffix().compare(QStringLiteral("g4tf"), Qt::CaseInsensitive) != 0 &&
             info.suffix().compare(QStringLiteral("g4b"), Qt::CaseInsensitive) != 0)
        problem = tr("The file must end in .g4tf (text) or .g4b (binary).");
    else if (!info.absoluteDir().exists())
        problem = tr("The folder %1 does not exist.").arg(info.absolutePath());
    m_problem->setText(problem);
    m_path->setToolTip(problem.isEmpty() ? tr("The file to write (.g4tf or .g4b)") : problem);
}

} // namespace hyperrig::ui
