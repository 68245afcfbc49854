// InteropFiles' imports: glTF, UsdSkel and MPFB files read on a worker, adopted as an unsaved
// document.

#include "core/io/gltf/GltfImport.h"
#include "core/io/mpfb/MpfbFiles.h"
#include "core/io/mpfb/MpfbSkin.h"
#include "core/io/usd/UsdImport.h"
#include "core/model/DocumentSummary.h"
#include "ui/files/BackgroundTask.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/InteropFiles.h"
#include "ui/session/EditorSession.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QProgressDialog>

#include <atomic>
#include <memory>

namespace hyperrig::ui {

namespace {

// "3D, 4 bones in 1 skeleton, 1 mesh", as the status bar sums up an opened file.
QString importedDocumentCounts(const core::model::Document& document) {
    const auto summary = core::model::summarize(document);
    return InteropFiles::tr("%1D, %2 bones in %3 skeletons, %4 meshes")
        .arg(summary.dimension)
        .arg(summary.bones)
        .arg(summary.skeletons)
        .arg(summary.meshes);
}

QString importFindingsNote(std::size_t count) {
    return count == 0 ? QString()
                      : InteropFiles::tr(" · %n finding(s), listed in the import report", nullptr,
                                         static_cast<int>(count));
}

// The reader's warnings as report rows: where (the JSON pointer, or the file), what.
void addImportWarnings(ImportReport& report, const core::Diagnostics& warnings) {
    for (const core::Diagnostic& warning : warnings)
        report.findings.emplace_back(warning.pointer.empty()
                                         ? InteropFiles::tr("(file)")
                                         : QString::fromStdString(warning.pointer),
                                     QString::fromStdString(warning.message));
}

// What the MPFB import needs from its four files, read together on the worker.
core::Result<core::io::MpfbImport> readMpfbImport(const MpfbImportPaths& paths) {
    auto mesh =
        core::io::readMpfbBaseMesh(paths.baseMesh.toStdString(), paths.vertexGroups.toStdString());
    if (!mesh)
        return mesh.error();
    auto imported = core::io::importMpfbRigFile(paths.rig.toStdString(), mesh->mesh);
    if (!imported)
        return imported.error();
    if (!paths.weights.isEmpty()) {
        auto weights =
            core::io::readMpfbWeightsFile(paths.weights.toStdString(), mesh->obj.positions.size());
        if (!weights)
            return weights.error();
        core::io::addMpfbSkinnedBody(*imported, mesh->obj, *weights);
    }
    return imported;
}

} // namespace

// The steps every import shares: the check that nothing else runs and the unsaved-changes
// prompt (public entry points; the menu asks before its file chooser instead).
bool InteropFiles::readyToImport(const QString& name) {
    if (m_files.busy()) {
        fail(tr("Cannot import %1").arg(name), tr("another file operation is still running"));
        return false;
    }
    if (!m_files.maybeSave()) {
        emit finished(tr("cancelled"));
        return false;
    }
    return true;
}

// The read on a worker behind a progress dialog with Cancel; a cancelled read drops its result
// (the open document stays as it was), a failed one says why (the message starts with the file
// and the place of the culprit), a successful one goes to `adopt` on the UI thread.
template <class Imported, class Read, class Adopt>
void InteropFiles::importInBackground(const QString& name, Read read, Adopt adopt) {
    m_files.setBusy(true);
    QProgressDialog* progress = m_files.makeProgress(tr("Importing %1...").arg(name));
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    connect(progress, &QProgressDialog::canceled, this, [cancelled] { *cancelled = true; });
    runInBackground<core::Result<Imported>>(
        this, std::move(read),
        [this, name, progress, cancelled,
         adopt = std::move(adopt)](core::Result<Imported> imported) {
            progress->deleteLater();
            m_files.setBusy(false);
            if (*cancelled) {
                emit m_files.message(tr("Importing %1 was cancelled").arg(name));
                emit finished(tr("cancelled"));
                return;
            }
            if (!imported)
                return fail(tr("Cannot import %1").arg(name),
                            QString::fromStdString(imported.error().message()));
            adopt(*imported);
            emit finished({});
        });
}

void InteropFiles::importGltf(const QString& path) {
    if (readyToImport(QFileInfo(path).fileName()))
        startGltfImport(path);
}

void InteropFiles::startGltfImport(const QString& path) {
    const QString name = QFileInfo(path).fileName();
    const std::string file = path.toStdString();
    importInBackground<core::io::GltfImport>(
        name, [file] { return core::io::readGltf(file); },
        [this, path, name](core::io::GltfImport& imported) {
            ImportReport report;
            addImportWarnings(report, imported.warnings);
            report.summary = tr("Imported %1 (glTF 2.0): %2")
                                 .arg(name, importedDocumentCounts(imported.document)) +
                             importFindingsNote(report.findings.size());
            m_session.adoptImportedDocument(std::move(imported.document), path);
            showReport(tr("glTF Import Report"), std::move(report));
        });
}

void InteropFiles::importMpfb(const MpfbImportPaths& paths) {
    if (readyToImport(QFileInfo(paths.rig).fileName()))
        startMpfbImport(paths);
}

void InteropFiles::startMpfbImport(const MpfbImportPaths& paths) {
    const QString name = QFileInfo(paths.rig).fileName();
    if (paths.rig.isEmpty() || paths.baseMesh.isEmpty() || paths.vertexGroups.isEmpty())
        return fail(tr("Cannot import %1").arg(name),
                    tr("an MPFB rig is placed on the MakeHuman base mesh: give the rig, the base "
                       "mesh (base.obj) and its vertex groups (basemesh_vertex_groups.json)"));
    importInBackground<core::io::MpfbImport>(
        name, [paths] { return readMpfbImport(paths); },
        [this, paths, name](core::io::MpfbImport& imported) {
            m_lastMpfb = paths;
            m_mpfbDialogPaths = paths;
            ImportReport report;
            for (const auto& [from, to] : imported.renamedBones)
                report.findings.emplace_back(QString::fromStdString(from),
                                             tr("renamed to %1").arg(QString::fromStdString(to)));
            addImportWarnings(report, imported.warnings);
            report.summary = tr("Imported MPFB rig %1: %2")
                                 .arg(name, importedDocumentCounts(imported.document)) +
                             (paths.weights.isEmpty() ? QString() : tr(", the body skinned")) +
                             importFindingsNote(report.findings.size());
            // Said once, not on every renamed bone's row.
            if (!imported.renamedBones.empty())
                report.summary += tr(". Bones are renamed because G4MF names have no '.' or ':'; "
                                     "each keeps its MPFB name, which the export writes back.");
            m_session.adoptImportedDocument(std::move(imported.document), paths.rig);
            showReport(tr("MPFB Import Report"), std::move(report));
        });
}

} // namespace hyperrig::ui

namespace hyperrig::ui {

void InteropFiles::importUsda(const QString& path) {
    if (readyToImport(QFileInfo(path).fileName()))
        startUsdaImport(path);
}

void InteropFiles::chooseAndImportUsda() {
    if (m_files.busy() || !m_files.maybeSave())
        return;
    const QString folder =
        m_session.filePath().isEmpty() ? QString() : QFileInfo(m_session.filePath()).absolutePath();
    const QString path =
        m_chooseFile
            ? m_chooseFile()
            : QFileDialog::getOpenFileName(&m_window, tr("Import UsdSkel"), folder,
                                           tr("UsdSkel text (*.usda *.usd);;All files (*)"));
    if (!path.isEmpty())
        startUsdaImport(path);
}

// core::io::readUsda on the worker: a refusal names the file, line and column ("arm.usda:12:5:
// ..."); its warnings carry "LINE:COLUMN", shown after the file name in the report.
void InteropFiles::startUsdaImport(const QString& path) {
    const QString name = QFileInfo(path).fileName();
    const std::string file = path.toStdString();
    importInBackground<core::io::UsdImport>(
        name, [file] { return core::io::readUsda(file); },
        [this, path, name](core::io::UsdImport& imported) {
            ImportReport report;
            for (const core::Diagnostic& warning : imported.warnings)
                report.findings.emplace_back(
                    warning.pointer.empty()
                        ? name
                        : tr("%1:%2").arg(name, QString::fromStdString(warning.pointer)),
                    QString::fromStdString(warning.message));
            report.summary = tr("Imported %1 (UsdSkel): %2")
                                 .arg(name, importedDocumentCounts(imported.document)) +
                             importFindingsNote(report.findings.size());
            m_session.adoptImportedDocument(std::move(imported.document), path);
            showReport(tr("UsdSkel Import Report"), std::move(report));
        });
}

} // namespace hyperrig::ui
