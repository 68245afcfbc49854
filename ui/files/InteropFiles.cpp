#include "ui/files/InteropFiles.h"

#include "core/base/AtomicFile.h"
#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/io/gltf/GltfFile.h"
#include "core/io/gltf/GltfStaticMeshes.h"
#include "core/io/mpfb/MpfbExport.h"
#include "core/io/mpfb/MpfbFiles.h"
#include "core/io/usd/UsdImport.h"
#include "core/ops/CrossSectionMeshes.h"
#include "ui/actions/MakeAction.h"
#include "ui/files/BackgroundTask.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/GltfExportDialog.h"
#include "ui/files/MpfbExportDialog.h"
#include "ui/session/EditorSession.h"

#include <QAction>
#include <QDir>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QProgressDialog>
#include <QUrl>
#include <QWidget>

#include <algorithm>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace hyperrig::ui {

InteropFiles::InteropFiles(EditorSession& session, DocumentFiles& files, QWidget& window,
                           QObject* parent)
    : QObject(parent), m_session(session), m_files(files), m_window(window) {
    setObjectName(QStringLiteral("interopFiles"));
    createActions();
    connect(&m_session, &EditorSession::documentReplaced, this, &InteropFiles::updateActions);
    // A command can change the dimension (Lift to 4D): the export tips follow it.
    connect(&m_session, &EditorSession::changed, this, &InteropFiles::updateActions);
    connect(&m_files, &DocumentFiles::busyChanged, this, &InteropFiles::updateActions);
    updateActions();
    m_window.installEventFilter(this);
}

InteropFiles::~InteropFiles() = default;

bool InteropFiles::eventFilter(QObject* watched, QEvent* event) {
    if (watched == &m_window &&
        (event->type() == QEvent::DragEnter || event->type() == QEvent::Drop)) {
        // QDragEnterEvent is a QDropEvent too.
        auto* drop = static_cast<QDropEvent*>(event);
        QString path;
        if (const QMimeData* data = drop->mimeData(); data && data->hasUrls())
            for (const QUrl& url : data->urls())
                if (url.isLocalFile() && (core::io::isGltfPath(url.toLocalFile().toStdString()) ||
                                          core::io::isUsdPath(url.toLocalFile().toStdString()))) {
                    path = url.toLocalFile();
                    break;
                }
        if (!path.isEmpty()) {
            drop->acceptProposedAction();
            // From the event loop, as a menu action would: the import may ask about unsaved
            // changes, and the drag source waits for the drop to return.
            if (event->type() == QEvent::Drop && !m_files.busy())
                QMetaObject::invokeMethod(
                    this,
                    [this, path] {
                        core::io::isUsdPath(path.toStdString()) ? importUsda(path)
                                                                : importGltf(path);
                    },
                    Qt::QueuedConnection);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

void InteropFiles::createActions() {
    m_importMenu = new QMenu(tr("&Import"), &m_window);
    m_importMenu->setObjectName(QStringLiteral("importMenu"));
    m_importMenu->setToolTipsVisible(true);
    m_exportMenu = new QMenu(tr("&Export"), &m_window);
    m_exportMenu->setObjectName(QStringLiteral("exportMenu"));
    m_exportMenu->setToolTipsVisible(true);

    m_importGltf =
        makeAction(this, tr("&glTF 2.0 (.gltf, .glb)..."), "importGltfAction",
                   tr("Open a glTF 2.0 file as a new 3D document (skeletons, skins, bind poses)"));
    m_importMpfb = makeAction(this, tr("&MPFB Rig (.json)..."), "importMpfbAction",
                              tr("Place an MPFB (MakeHuman) rig on the base mesh as a new 3D "
                                 "document"));
    m_exportGltf = makeAction(this, tr("&glTF 2.0..."), "exportGltfAction",
                              tr("Write the 3D document as a glTF 2.0 file"));
    m_exportMpfb = makeAction(this, tr("&MPFB Rig..."), "exportMpfbAction",
                              tr("Write the skeleton as an MPFB rig definition"));
    m_importUsda = makeAction(this, tr("&UsdSkel (.usda)..."), "importUsdaAction",
                              tr("Open a UsdSkel .usda file as a new 3D document (skeletons, "
                                 "skins, blend shapes, animations)"));
    m_exportUsda = makeAction(this, tr("&UsdSkel (.usda)..."), "exportUsdaAction",
                              tr("Write the 3D document as a UsdSkel .usda file"));
    m_importMenu->addAction(m_importGltf);
    m_importMenu->addAction(m_importUsda);
    m_importMenu->addAction(m_importMpfb);
    m_exportMenu->addAction(m_exportGltf);
    m_exportMenu->addAction(m_exportUsda);
    m_exportMenu->addAction(m_exportMpfb);

    onTriggeredWithDialogs(m_importGltf, this, [this] { chooseAndImportGltf(); });
    onTriggeredWithDialogs(m_importMpfb, this, [this] { chooseAndImportMpfb(); });
    onTriggeredWithDialogs(m_exportGltf, this, [this] { chooseAndExportGltf(); });
    onTriggeredWithDialogs(m_exportMpfb, this, [this] { chooseAndExportMpfb(); });
    onTriggeredWithDialogs(m_importUsda, this, [this] { chooseAndImportUsda(); });
    onTriggeredWithDialogs(m_exportUsda, this, [this] { chooseAndExportUsda(); });
}

QString InteropFiles::exportRefusal(bool needsSkeleton, bool crossSection) const {
    if (!m_session.hasDocument())
        return tr("there is no document");
    const auto& document = m_session.document();
    if (document.dimension() != 3 && !(crossSection && exportsCrossSection()))
        return tr("the document is %1D; the format holds 3D scenes").arg(document.dimension());
    if (needsSkeleton) {
        const auto& nodes = document.nodes;
        const bool hasSkeleton = std::any_of(nodes.order().begin(), nodes.order().end(),
                                             [&](auto id) { return nodes.at(id).isSkeleton(); });
        if (!hasSkeleton)
            return tr("the document has no skeleton; an MPFB rig is a skeleton");
    }
    return {};
}

void InteropFiles::updateActions() {
    const bool busy = m_files.busy();
    m_importGltf->setEnabled(!busy);
    m_importMpfb->setEnabled(!busy);
    m_importUsda->setEnabled(!busy);
    // The tips of a disabled export say why, for the pointer and for a screen reader.
    const auto update = [busy](QAction* action, const QString& tip, const QString& refusal) {
        action->setEnabled(!busy && refusal.isEmpty());
        const QString text = refusal.isEmpty() ? tip : tr("%1 (unavailable: %2)").arg(tip, refusal);
        action->setToolTip(text);
        action->setStatusTip(text);
    };
    // The skeleton is checked when the export runs: a document without one is refused then.
    update(m_exportGltf,
           exportsCrossSection()
               ? tr("Write the 3D cross-section the viewport shows as a glTF 2.0 file")
               : tr("Write the 3D document as a glTF 2.0 file"),
           exportRefusal(false, true));
    update(m_exportUsda,
           exportsCrossSection()
               ? tr("Write the 3D cross-section the viewport shows as a UsdSkel .usda file")
               : tr("Write the 3D document as a UsdSkel .usda file"),
           exportRefusal(false, true));
    update(m_exportMpfb, tr("Write the skeleton as an MPFB rig definition"), exportRefusal(false));
}

// A 4D..8D document with a cross-section source: glTF gets its 3D cut (decision 0028).
bool InteropFiles::exportsCrossSection() const {
    if (!m_crossSection || !m_session.hasDocument())
        return false;
    const int dimension = m_session.document().dimension();
    return dimension >= 4 && dimension <= 8;
}

bool InteropFiles::asks() const {
    return m_files.promptAnswer() == DocumentFiles::PromptAnswer::Ask;
}

bool InteropFiles::runDialog(QDialog& dialog) {
    if (m_driveDialog) {
        m_driveDialog(dialog);
        return dialog.result() == QDialog::Accepted;
    }
    return dialog.exec() == QDialog::Accepted;
}

void InteropFiles::fail(const QString& title, const QString& error) {
    m_files.reportError(title, error);
    emit finished(error);
}

QString InteropFiles::suggestedExportPath(const QString& suffix) const {
    QString base = m_session.filePath();
    if (base.isEmpty())
        base = m_session.importedFrom();
    if (base.isEmpty())
        return QDir::home().filePath(tr("untitled") + suffix);
    const QFileInfo info(base);
    const QString suggested = info.dir().filePath(info.completeBaseName() + suffix);
    // An import's source is never proposed (rig.default.json -> rig.default.json, robot.glb ->
    // robot.glb): the copy goes beside it under another name. Any other existing file is asked
    // about before it is replaced (PathField::confirmReplacing).
    if (!m_session.importedFrom().isEmpty() &&
        QFileInfo(suggested).absoluteFilePath() ==
            QFileInfo(m_session.importedFrom()).absoluteFilePath())
        return info.dir().filePath(info.completeBaseName() + QStringLiteral("-export") + suffix);
    return suggested;
}

void InteropFiles::chooseAndImportGltf() {
    if (m_files.busy() || !m_files.maybeSave())
        return;
    const QString folder =
        m_session.filePath().isEmpty() ? QString() : QFileInfo(m_session.filePath()).absolutePath();
    const QString path =
        m_chooseFile ? m_chooseFile()
                     : QFileDialog::getOpenFileName(&m_window, tr("Import glTF 2.0"), folder,
                                                    tr("glTF 2.0 (*.gltf *.glb);;All files (*)"));
    if (!path.isEmpty())
        startGltfImport(path);
}

void InteropFiles::chooseAndImportMpfb() {
    if (m_files.busy() || !m_files.maybeSave())
        return;
    MpfbImportDialog dialog(m_mpfbDialogPaths, &m_window);
    if (runDialog(dialog)) {
        m_mpfbDialogPaths = dialog.paths(); // kept when the import fails, to fix one file
        startMpfbImport(dialog.paths());
    }
}

void InteropFiles::chooseAndExportGltf() {
    if (m_files.busy())
        return;
    if (const QString refusal = exportRefusal(false, true); !refusal.isEmpty()) {
        fail(tr("Cannot export glTF"), refusal);
        return;
    }
    const QString note =
        exportsCrossSection()
            ? tr("The document is %1D: the file holds the 3D cross-section the viewport shows "
                 "(its slice and pose) as static meshes, without skeleton or weights.")
                  .arg(m_session.document().dimension())
            : QString();
    GltfExportDialog dialog(suggestedExportPath(QStringLiteral(".glb")), &m_window, note);
    if (runDialog(dialog))
        exportGltf(dialog.path(), dialog.options());
}

void InteropFiles::chooseAndExportMpfb() {
    if (m_files.busy())
        return;
    if (const QString refusal = exportRefusal(true); !refusal.isEmpty()) {
        fail(tr("Cannot export MPFB rig"), refusal);
        return;
    }
    MpfbExportDialog dialog(suggestedExportPath(QStringLiteral(".json")), m_lastMpfb.baseMesh,
                            m_lastMpfb.vertexGroups, &m_window);
    if (runDialog(dialog))
        exportMpfb(dialog.path(), dialog.baseMesh(), dialog.vertexGroups());
}

void InteropFiles::exportGltf(const QString& path, core::io::GltfExportOptions options) {
    const QString title = tr("Cannot export %1").arg(QFileInfo(path).fileName());
    if (m_files.busy())
        return fail(title, tr("another file operation is still running"));
    if (const QString refusal = exportRefusal(false, true); !refusal.isEmpty())
        return fail(title, refusal);
    // The container follows the extension, as core::io::writeGltf decides it.
    options.binary =
        QFileInfo(path).suffix().compare(QStringLiteral("glb"), Qt::CaseInsensitive) == 0;
    if (exportsCrossSection())
        return exportCrossSection(path, options.binary);
    auto encoded = core::io::encodeGltf(m_session.document(), options);
    if (!encoded)
        return fail(title, QString::fromStdString(encoded.error().message()));
    QString text = tr("Exported %1").arg(QFileInfo(path).fileName());
    // What glTF cannot carry was dropped: said with the result, as the CLI says it on stderr.
    for (const std::string& warning : encoded->warnings)
        text += tr(" · %1").arg(QString::fromStdString(warning));
    writeInBackground(path, std::move(encoded->file), text);
}

// The cut `hyperrig-cli convert --cross-section` makes, with the viewport's view and pose.
core::Result<std::vector<core::io::GltfStaticMesh>> InteropFiles::shownCrossSection() const {
    auto shown = m_crossSection();
    if (!shown)
        return shown.error();
    const auto& document = m_session.document();
    auto rig = core::eval::CompiledRig::compile(document);
    if (!rig)
        return rig.error();
    core::eval::EvaluatedRig evaluated;
    if (auto done = core::eval::evaluateRig(document, *rig, shown->pose,
                                            core::base::ThreadPool::shared(), evaluated);
        !done)
        return done.error();
    return core::ops::crossSectionMeshes(document, *rig, evaluated, shown->view);
}

QString InteropFiles::crossSectionMessage(const QString& name,
                                          const std::vector<core::io::GltfStaticMesh>& meshes) {
    std::size_t triangles = 0;
    for (const auto& mesh : meshes)
        triangles += mesh.positions.size() / 9;
    return triangles == 0
               ? tr("Exported %1: the slice cuts no mesh, so the file holds no meshes").arg(name)
               : tr("Exported the 3D cross-section to %1: %n triangle(s)", nullptr,
                    static_cast<int>(triangles))
                     .arg(name);
}

void InteropFiles::exportCrossSection(const QString& path, bool binary) {
    const QString name = QFileInfo(path).fileName();
    const QString title = tr("Cannot export %1").arg(name);
    auto meshes = shownCrossSection();
    if (!meshes)
        return fail(title, QString::fromStdString(meshes.error().message()));
    auto encoded = core::io::encodeStaticMeshesGltf(*meshes, binary);
    if (!encoded)
        return fail(title, QString::fromStdString(encoded.error().message()));
    writeInBackground(path, std::move(encoded->file), crossSectionMessage(name, *meshes));
}

void InteropFiles::exportMpfb(const QString& path, const QString& baseMesh,
                              const QString& vertexGroups) {
    const QString title = tr("Cannot export %1").arg(QFileInfo(path).fileName());
    if (m_files.busy())
        return fail(title, tr("another file operation is still running"));
    if (const QString refusal = exportRefusal(true); !refusal.isEmpty())
        return fail(title, refusal);
    if (baseMesh.isEmpty() != vertexGroups.isEmpty())
        return fail(title, tr("give both the base mesh and the vertex groups, or neither"));
    // The base mesh is read here, before the document is encoded from: encoding needs the live
    // document, which workers never see.
    std::optional<core::io::MpfbBaseMeshFiles> mesh;
    if (!baseMesh.isEmpty()) {
        auto read = core::io::readMpfbBaseMesh(baseMesh.toStdString(), vertexGroups.toStdString());
        if (!read)
            return fail(title, QString::fromStdString(read.error().message()));
        mesh = std::move(*read);
    }
    core::io::MpfbExportOptions options;
    if (mesh)
        options.baseMesh = &mesh->mesh;
    auto exported = core::io::exportMpfbRig(m_session.document(), options);
    if (!exported)
        return fail(title, QString::fromStdString(exported.error().message()));
    QString text = tr("Exported %1").arg(QFileInfo(path).fileName());
    if (!exported->changedBones.empty())
        text += tr(" · %n bone(s) written from the document (moved since the import, or not from "
                   "an MPFB rig); the others as read",
                   nullptr, static_cast<int>(exported->changedBones.size()));
    const std::string& rig = exported->text;
    const auto bytes = std::as_bytes(std::span(rig.data(), rig.size()));
    writeInBackground(path, std::vector<std::byte>(bytes.begin(), bytes.end()), text);
}

void InteropFiles::writeInBackground(const QString& path, std::vector<std::byte> bytes,
                                     const QString& successMessage,
                                     std::optional<ExportReport> report) {
    m_files.setBusy(true);
    QProgressDialog* progress =
        m_files.makeProgress(tr("Exporting %1...").arg(QFileInfo(path).fileName()));
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    connect(progress, &QProgressDialog::canceled, this, [cancelled] { *cancelled = true; });
    auto data = std::make_shared<std::vector<std::byte>>(std::move(bytes));
    const std::string file = path.toStdString();
    runInBackground<core::Result<void>>(
        this,
        [data, file, cancelled] { return core::writeFileAtomically(file, *data, cancelled.get()); },
        [this, path, progress, cancelled, successMessage,
         report = std::move(report)](core::Result<void> written) mutable {
            progress->deleteLater();
            m_files.setBusy(false);
            if (!written) {
                if (*cancelled) {
                    emit m_files.message(tr("Exporting %1 was cancelled; nothing was written")
                                             .arg(QFileInfo(path).fileName()));
                    emit finished(tr("cancelled"));
                    return;
                }
                fail(tr("Cannot export %1").arg(QFileInfo(path).fileName()),
                     QString::fromStdString(written.error().message()));
                return;
            }
            emit m_files.message(successMessage);
            if (report) {
                m_lastReport = std::move(report->report);
                openLastReport(report->title);
            }
            emit finished({});
        });
}

void InteropFiles::showReport(const QString& title, ImportReport report) {
    m_lastReport = std::move(report);
    emit m_files.message(m_lastReport.summary);
    openLastReport(title);
}

void InteropFiles::openLastReport(const QString& title) {
    if (m_lastReport.findings.empty() || !asks())
        return;
    // Not modal: the document is open behind it and can be looked at while reading.
    auto* dialog = new ImportReportDialog(title, m_lastReport, &m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

} // namespace hyperrig::ui
