// InteropFiles' imports: glTF and MPFB files read on a worker, adopted as an unsaved document.

#include "core/io/gltf/GltfImport.h"
#include "core/io/mpfb/MpfbFiles.h"
#include "core/io/mpfb/MpfbSkin.h"
#include "core/model/DocumentSummary.h"
#include "ui/files/BackgroundTask.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/InteropFiles.h"
#include "ui/session/EditorSession.h"

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

void InteropFiles::importGltf(const QString& path) {
    if (m_files.busy())
        return fail(tr("Cannot import %1").arg(QFileInfo(path).fileName()),
                    tr("another file operation is still running"));
    if (!m_files.maybeSave()) {
        emit finished(tr("cancelled"));
        return;
    }
    startGltfImport(path);
}

void InteropFiles::startGltfImport(const QString& path) {
    const QString name = QFileInfo(path).fileName();
    m_files.setBusy(true);
    QProgressDialog* progress = m_files.makeProgress(tr("Importing %1...").arg(name));
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    connect(progress, &QProgressDialog::canceled, this, [cancelled] { *cancelled = true; });
    const std::string file = path.toStdString();
    runInBackground<core::Result<core::io::GltfImport>>(
        this, [file] { return core::io::readGltf(file); },
        [this, path, name, progress, cancelled](core::Result<core::io::GltfImport> imported) {
            progress->deleteLater();
            m_files.setBusy(false);
            // Cancelling drops the result: the open document stays as it was.
            if (*cancelled) {
                emit m_files.message(tr("Importing %1 was cancelled").arg(name));
                emit finished(tr("cancelled"));
                return;
            }
            // The message starts with the file and the JSON pointer of the culprit.
            if (!imported)
                return fail(tr("Cannot import %1").arg(name),
                            QString::fromStdString(imported.error().message()));
            ImportReport report;
            for (const core::Diagnostic& warning : imported->warnings)
                report.findings.emplace_back(warning.pointer.empty()
                                                 ? tr("(file)")
                                                 : QString::fromStdString(warning.pointer),
                                             QString::fromStdString(warning.message));
            report.summary = tr("Imported %1 (glTF 2.0): %2")
                                 .arg(name, importedDocumentCounts(imported->document)) +
                             importFindingsNote(report.findings.size());
            m_session.adoptImportedDocument(std::move(imported->document), path);
            showReport(tr("glTF Import Report"), std::move(report));
            emit finished({});
        });
}

void InteropFiles::importMpfb(const MpfbImportPaths& paths) {
    if (m_files.busy())
        return fail(tr("Cannot import %1").arg(QFileInfo(paths.rig).fileName()),
                    tr("another file operation is still running"));
    if (!m_files.maybeSave()) {
        emit finished(tr("cancelled"));
        return;
    }
    startMpfbImport(paths);
}

void InteropFiles::startMpfbImport(const MpfbImportPaths& paths) {
    const QString name = QFileInfo(paths.rig).fileName();
    if (paths.rig.isEmpty() || paths.baseMesh.isEmpty() || paths.vertexGroups.isEmpty())
        return fail(tr("Cannot import %1").arg(name),
                    tr("an MPFB rig is placed on the MakeHuman base mesh: give the rig, the base "
                       "mesh (base.obj) and its vertex groups (basemesh_vertex_groups.json)"));
    m_files.setBusy(true);
    QProgressDialog* progress = m_files.makeProgress(tr("Importing %1...").arg(name));
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    connect(progress, &QProgressDialog::canceled, this, [cancelled] { *cancelled = true; });
    runInBackground<core::Result<core::io::MpfbImport>>(
        this, [paths] { return readMpfbImport(paths); },
        [this, paths, name, progress, cancelled](core::Result<core::io::MpfbImport> imported) {
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
            m_lastMpfb = paths;
            ImportReport report;
            for (const auto& [from, to] : imported->renamedBones)
                report.findings.emplace_back(QString::fromStdString(from),
                                             tr("renamed to %1").arg(QString::fromStdString(to)));
            for (const core::Diagnostic& warning : imported->warnings)
                report.findings.emplace_back(warning.pointer.empty()
                                                 ? tr("(file)")
                                                 : QString::fromStdString(warning.pointer),
                                             QString::fromStdString(warning.message));
            report.summary = tr("Imported MPFB rig %1: %2")
                                 .arg(name, importedDocumentCounts(imported->document)) +
                             (paths.weights.isEmpty() ? QString() : tr(", the body skinned")) +
                             importFindingsNote(report.findings.size());
            // Said once, not on every renamed bone's row.
            if (!imported->renamedBones.empty())
                report.summary += tr(". Bones are renamed because G4MF names have no '.' or ':'; "
                                     "each keeps its MPFB name, which the export writes back.");
            m_session.adoptImportedDocument(std::move(imported->document), paths.rig);
            showReport(tr("MPFB Import Report"), std::move(report));
            emit finished({});
        });
}

} // namespace hyperrig::ui
