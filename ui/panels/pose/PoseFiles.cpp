#include "ui/panels/pose/PoseFiles.h"

#include "core/eval/BonePoses.h"
#include "core/eval/PoseFile.h"
#include "core/eval/PoseFileWriter.h"
#include "ui/actions/MakeAction.h"
#include "ui/files/PathField.h"
#include "ui/session/EditorSession.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>

#include <filesystem>

namespace hyperrig::ui {
namespace {

std::filesystem::path poseFilePath(const QString& path) {
    return std::filesystem::path(QFile::encodeName(path).toStdString());
}

} // namespace

PoseFiles::PoseFiles(EditorSession& session, QWidget& dialogParent, QObject* parent)
    : QObject(parent), m_session(session), m_dialogParent(dialogParent) {
    m_load = makeAction(this, tr("Load Pose..."), "loadPoseAction",
                        tr("Make a POSE.json file (the command line's pose format) the current "
                           "pose; bones it leaves alone go back to rest"));
    m_save = makeAction(this, tr("Save Pose..."), "savePoseAction",
                        tr("Write the current pose's posed bones to a POSE.json file that "
                           "hyperrig-cli pose --pose reads"));
    onTriggeredWithDialogs(m_load, this, [this] { chooseAndLoad(); });
    onTriggeredWithDialogs(m_save, this, [this] { chooseAndSave(); });
    connect(&m_session, &EditorSession::documentReplaced, this, &PoseFiles::updateEnabled);
    connect(&m_session, &EditorSession::changed, this, &PoseFiles::updateEnabled);
    updateEnabled();
}

QString PoseFiles::unavailableReason() const {
    if (!m_session.hasDocument())
        return tr("no document is open");
    if (!m_session.rig())
        return tr("the document cannot be evaluated: %1").arg(m_session.rigError());
    const int dimension = m_session.document().dimension();
    if (dimension < 2 || dimension > static_cast<int>(core::eval::kMaxPoseAxes))
        return tr("posing by plane angles covers 2D to 4D rigs; this one is %1D").arg(dimension);
    return {};
}

void PoseFiles::updateEnabled() {
    const bool available = unavailableReason().isEmpty();
    m_load->setEnabled(available);
    m_save->setEnabled(available);
}

QString PoseFiles::startFolder() const {
    if (!m_lastFile.isEmpty())
        return QFileInfo(m_lastFile).absolutePath();
    return m_session.filePath().isEmpty() ? QDir::homePath()
                                          : QFileInfo(m_session.filePath()).absolutePath();
}

void PoseFiles::chooseAndLoad() {
    const QString path = QFileDialog::getOpenFileName(
        &m_dialogParent, tr("Load Pose"), startFolder(), tr("Pose files (*.json);;All files (*)"));
    if (!path.isEmpty())
        loadFrom(path);
}

void PoseFiles::chooseAndSave() {
    QFileDialog dialog(&m_dialogParent, tr("Save Pose"),
                       QDir(startFolder()).filePath(QStringLiteral("pose.json")),
                       tr("Pose files (*.json);;All files (*)"));
    dialog.setObjectName(QStringLiteral("savePoseDialog"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(QStringLiteral("json")); // "walk" saves walk.json
    // The question is ours, about the file written: a platform's file dialog asks about the name
    // typed ("walk") before Qt adds the suffix.
    dialog.setOption(QFileDialog::DontConfirmOverwrite);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString path = dialog.selectedFiles().front();
    if (QFileInfo::exists(path) && !askToReplaceFiles(m_dialogParent, {path}))
        return;
    saveTo(path);
}

QString PoseFiles::loadFrom(const QString& path) {
    const auto fail = [this](const QString& reason) {
        const QString text = tr("Cannot load the pose: %1").arg(reason);
        emit failed(text);
        return text;
    };
    if (const QString reason = unavailableReason(); !reason.isEmpty())
        return fail(reason);
    const core::model::Document& document = m_session.document();
    auto pose = core::eval::readPoseFile(poseFilePath(path), document, *m_session.rig());
    if (!pose) // the reader names the file and the JSON pointer (or line and column)
        return fail(QString::fromStdString(pose.error().message()));
    auto bonePoses = core::eval::bonePosesFromPose(document, *m_session.rig(), *pose);
    if (!bonePoses)
        return fail(QString::fromStdString(
            bonePoses.error().withContext(poseFilePath(path).string()).message()));
    const auto count = static_cast<int>(bonePoses->size());
    m_session.setBonePoses(std::move(*bonePoses));
    m_lastFile = path;
    emit succeeded(tr("Loaded a pose of %n posed bone(s) from %1", nullptr, count).arg(path));
    return {};
}

QString PoseFiles::saveTo(const QString& path) {
    const auto fail = [this](const QString& reason) {
        const QString text = tr("Cannot save the pose: %1").arg(reason);
        emit failed(text);
        return text;
    };
    if (const QString reason = unavailableReason(); !reason.isEmpty())
        return fail(reason);
    const core::model::Document& document = m_session.document();
    auto pose = core::eval::poseFromBonePoses(document, *m_session.rig(), m_session.bonePoses());
    if (!pose)
        return fail(QString::fromStdString(pose.error().message()));
    auto written = core::eval::writePoseFile(poseFilePath(path), document, *m_session.rig(), *pose);
    if (!written) // names the file
        return fail(QString::fromStdString(written.error().message()));
    m_lastFile = path;
    emit succeeded(tr("Saved %n posed bone(s) to %1", nullptr, static_cast<int>(pose->local.size()))
                       .arg(path));
    return {};
}

} // namespace hyperrig::ui
