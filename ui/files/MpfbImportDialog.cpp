#include "ui/files/MpfbImportDialog.h"

#include "ui/files/PathField.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace hyperrig::ui {

namespace {

// `relative` in `folder` or in one of its two parents, the first that exists; else empty.
QString findNearMpfbRig(QDir folder, const QString& relative) {
    for (int level = 0; level < 3; ++level) {
        const QString candidate = folder.filePath(relative);
        if (QFileInfo(candidate).isFile())
            return QDir::cleanPath(candidate);
        if (!folder.cdUp())
            break;
    }
    return {};
}

bool isMpfbFile(const QString& path) {
    return QFileInfo(path).isFile();
}

} // namespace

MpfbImportPaths mpfbCompanionFiles(const QString& rigPath) {
    MpfbImportPaths paths;
    paths.rig = rigPath;
    const QFileInfo rig(rigPath);
    if (rigPath.isEmpty())
        return paths;
    const QDir folder = rig.absoluteDir();
    paths.baseMesh = findNearMpfbRig(folder, QStringLiteral("3dobjs/base.obj"));
    if (paths.baseMesh.isEmpty())
        paths.baseMesh = findNearMpfbRig(folder, QStringLiteral("base.obj"));
    paths.vertexGroups =
        findNearMpfbRig(folder, QStringLiteral("mesh_metadata/basemesh_vertex_groups.json"));
    if (paths.vertexGroups.isEmpty())
        paths.vertexGroups = findNearMpfbRig(folder, QStringLiteral("basemesh_vertex_groups.json"));
    // rig.<name>.json -> weights.<name>.json
    const QString name = rig.fileName();
    if (name.startsWith(QStringLiteral("rig."))) {
        const QString weights = folder.filePath(QStringLiteral("weights.") + name.mid(4));
        if (isMpfbFile(weights))
            paths.weights = QDir::cleanPath(weights);
    }
    return paths;
}

MpfbImportDialog::MpfbImportDialog(const MpfbImportPaths& start, QWidget* parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("mpfbImportDialog"));
    setWindowTitle(tr("Import MPFB Rig"));
    const QString json = tr("JSON files (*.json);;All files (*)");
    m_rig = new PathField(QStringLiteral("mpfbRig"), tr("MPFB rigs (rig.*.json);;") + json,
                          PathField::Mode::Open, this);
    m_rig->edit()->setToolTip(tr("The MPFB rig definition (rig.<name>.json)"));
    m_baseMesh = new PathField(QStringLiteral("mpfbBaseMesh"),
                               tr("OBJ files (*.obj);;All files (*)"), PathField::Mode::Open, this);
    m_baseMesh->edit()->setToolTip(tr("MakeHuman's base mesh the rig is placed on (base.obj)"));
    m_vertexGroups =
        new PathField(QStringLiteral("mpfbVertexGroups"), json, PathField::Mode::Open, this);
    m_vertexGroups->edit()->setToolTip(
        tr("The base mesh's vertex groups with the joint cubes (basemesh_vertex_groups.json)"));
    m_weights = new PathField(QStringLiteral("mpfbWeights"), json, PathField::Mode::Open, this);
    m_weights->edit()->setToolTip(tr("Optional: the rig's weights (weights.<name>.json); with "
                                     "them the body comes in skinned to the skeleton"));
    m_weights->edit()->setPlaceholderText(tr("none: the skeleton only"));

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("mpfbImportProblemLabel"));
    m_problem->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_import = buttons->addButton(tr("Import"), QDialogButtonBox::AcceptRole);
    m_import->setObjectName(QStringLiteral("mpfbImportButton"));
    m_import->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QFormLayout(this);
    layout->addRow(m_rig->label(tr("&Rig")), m_rig);
    layout->addRow(m_baseMesh->label(tr("&Base mesh")), m_baseMesh);
    layout->addRow(m_vertexGroups->label(tr("&Vertex groups")), m_vertexGroups);
    layout->addRow(m_weights->label(tr("&Weights")), m_weights);
    layout->addRow(m_problem);
    layout->addRow(buttons);

    m_rig->setPath(start.rig);
    m_baseMesh->setPath(start.baseMesh);
    m_vertexGroups->setPath(start.vertexGroups);
    m_weights->setPath(start.weights);
    connect(m_rig, &PathField::pathChanged, this, &MpfbImportDialog::rigChanged);
    for (PathField* field : {m_baseMesh, m_vertexGroups, m_weights})
        connect(field, &PathField::pathChanged, this, &MpfbImportDialog::validate);
    rigChanged();
}

MpfbImportPaths MpfbImportDialog::paths() const {
    return {m_rig->path(), m_baseMesh->path(), m_vertexGroups->path(), m_weights->path()};
}

// A guess replaces only what the user has not chosen: an empty field or the previous guess.
void MpfbImportDialog::rigChanged() {
    const MpfbImportPaths guess = mpfbCompanionFiles(m_rig->path());
    const auto refill = [](PathField* field, const QString& previous, const QString& next) {
        if (field->path().isEmpty() || field->path() == previous)
            field->setPath(next);
    };
    refill(m_baseMesh, m_guessed.baseMesh, guess.baseMesh);
    refill(m_vertexGroups, m_guessed.vertexGroups, guess.vertexGroups);
    refill(m_weights, m_guessed.weights, guess.weights);
    m_guessed = guess;
    validate();
}

QString MpfbImportDialog::problem() const {
    return m_problem->text();
}

void MpfbImportDialog::validate() {
    QString problem;
    const auto require = [&problem](const QString& path, const QString& what) {
        if (!problem.isEmpty())
            return;
        if (path.isEmpty())
            problem = tr("Choose the %1 file.").arg(what);
        else if (!QFileInfo(path).isFile())
            problem = tr("The %1 file %2 does not exist.").arg(what, path);
    };
    require(m_rig->path(), tr("rig"));
    require(m_baseMesh->path(), tr("base mesh"));
    require(m_vertexGroups->path(), tr("vertex groups"));
    if (problem.isEmpty() && !m_weights->path().isEmpty() && !QFileInfo(m_weights->path()).isFile())
        problem = tr("The weights file %1 does not exist.").arg(m_weights->path());
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_import->setEnabled(problem.isEmpty());
    m_import->setToolTip(problem);
}

} // namespace hyperrig::ui
