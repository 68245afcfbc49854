#pragma once

#ifndef Q_MOC_RUN
#include "core/base/Result.h"
#include "core/eval/Pose.h"
#include "core/eval/View4D.h"
#include "core/io/gltf/GltfExport.h"
#include "core/io/gltf/GltfStaticMeshes.h"
#endif
#include "ui/files/ImportReport.h"
#include "ui/files/MpfbImportDialog.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QAction;
class QDialog;
class QMenu;
class QWidget;

namespace hyperrig::ui {

class DocumentFiles;
class EditorSession;

// What a glTF export of a 4D..8D document cuts (decision 0028): the viewport's view (offsets and
// turns of the extra axes) and the pose it shows.
struct CrossSectionView {
    core::eval::View4D view;
    core::eval::Pose pose;
};

// File > Import (glTF 2.0, UsdSkel .usda, MPFB rig) and File > Export (glTF 2.0, UsdSkel .usda,
// MPFB rig), beside the G4MF
// file actions of DocumentFiles, whose rules they share (docs/decisions/0038):
// - an import is an Open: the unsaved-changes prompt first, the reading on a worker behind the
//   progress dialog (Cancel keeps the open document), one file operation at a time; the result
//   becomes the open document untitled and modified (EditorSession::adoptImportedDocument), so
//   Save asks for a G4MF file and never writes over the glTF or rig; a failure says why (the
//   file and the JSON pointer) and leaves the open document as it was; the import's findings
//   (glTF warnings with their pointers, renamed MPFB bones, fallbacks) go to the status bar and
//   to a report window;
// - an export writes a copy: the file image is built here from the live document, written on a
//   worker atomically (never a half-written file), and the document's path and modified state
//   stay as they were. glTF, .usda and MPFB hold 3D scenes: a 4D..8D document exports to glTF
//   and .usda as the 3D cross-section the viewport shows (static meshes, as
//   `convert --cross-section` writes; the export dialog says so); otherwise the actions are
//   disabled for other documents and their tips say why. What the .usda writer could not carry
//   (core::io::encodeUsda's warnings) is said with the result and listed in a report window.
// A glTF or UsdSkel file dropped on the window is imported like File > Import.
// Messages go to DocumentFiles::message (the status bar); errors also to a message box unless
// tests answer the prompts (DocumentFiles::setPromptAnswerForTests).
class InteropFiles : public QObject {
    Q_OBJECT
public:
    InteropFiles(EditorSession& session, DocumentFiles& files, QWidget& window,
                 QObject* parent = nullptr);
    ~InteropFiles() override;

    QMenu* importMenu() const { return m_importMenu; }
    QMenu* exportMenu() const { return m_exportMenu; }
    QAction* importGltfAction() const { return m_importGltf; }
    QAction* importMpfbAction() const { return m_importMpfb; }
    QAction* importUsdaAction() const { return m_importUsda; }
    QAction* exportUsdaAction() const { return m_exportUsda; }
    QAction* exportGltfAction() const { return m_exportGltf; }
    QAction* exportMpfbAction() const { return m_exportMpfb; }

    // Each ends with finished("") or finished(why); the imports and the writes run on a worker.
    void importGltf(const QString& path);
    void importMpfb(const MpfbImportPaths& paths);
    // A UsdSkel .usda file (core::io::readUsda): errors name the file, line and column.
    void importUsda(const QString& path);
    void exportUsda(const QString& path);
    void exportGltf(const QString& path, core::io::GltfExportOptions options);
    // `baseMesh` and `vertexGroups` together or both empty.
    void exportMpfb(const QString& path, const QString& baseMesh, const QString& vertexGroups);

    // Where a glTF export of a 4D..8D document takes its cut from (MainWindow: the viewport's
    // view and shown pose); without a source such documents are refused.
    void setCrossSectionSource(std::function<core::Result<CrossSectionView>()> source) {
        m_crossSection = std::move(source);
        updateActions();
    }

    // The last import's report (summary and findings), as the report window showed it.
    const ImportReport& lastReport() const { return m_lastReport; }

    // Tests: `choose` replaces the glTF and .usda file choosers (it returns the path, "" for
    // Cancel) and `drive` replaces exec() for the dialogs (it fills the fields, then accepts or
    // rejects).
    void setFileChooserForTests(std::function<QString()> choose) { m_chooseFile = choose; }
    void setDialogDriverForTests(std::function<void(QDialog&)> drive) { m_driveDialog = drive; }

signals:
    void finished(const QString& error);

protected:
    // A .gltf, .glb or .usda dropped on the window is imported (G4MF files stay MainWindow's to
    // open).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createActions();
    void updateActions();
    // The imports once the unsaved-changes prompt has been answered (it is asked only once).
    bool readyToImport(const QString& name);
    void startGltfImport(const QString& path);
    void startMpfbImport(const MpfbImportPaths& paths);
    void startUsdaImport(const QString& path);
    template <class Imported, class Read, class Adopt>
    void importInBackground(const QString& name, Read read, Adopt adopt);
    void chooseAndImportGltf();
    void chooseAndImportMpfb();
    void chooseAndExportGltf();
    void chooseAndExportMpfb();
    void chooseAndImportUsda();
    void chooseAndExportUsda();
    bool runDialog(QDialog& dialog);
    // Why an export of the open document is refused ("" when it can go); `crossSection`: a
    // 4D..8D document can go as its cross-section (glTF).
    QString exportRefusal(bool needsSkeleton, bool crossSection = false) const;
    bool exportsCrossSection() const;
    void exportCrossSection(const QString& path, bool binary);
    // The cut of the open 4D..8D document the viewport shows, as static meshes.
    core::Result<std::vector<core::io::GltfStaticMesh>> shownCrossSection() const;
    // "Exported the 3D cross-section to NAME: N triangles" (or that it cuts no mesh).
    static QString crossSectionMessage(const QString& name,
                                       const std::vector<core::io::GltfStaticMesh>& meshes);
    // Suggested output: the document's (or its source's) folder and name with `suffix`.
    QString suggestedExportPath(const QString& suffix) const;
    // A report an export opens once its file is written.
    struct ExportReport {
        QString title;
        ImportReport report;
    };
    // Writes `bytes` to `path` atomically on a worker; once written, says `successMessage` and,
    // given a report, remembers it as lastReport() and opens it (never before the write
    // succeeded: a failed or cancelled write must not leave an "Exported" window behind).
    void writeInBackground(const QString& path, std::vector<std::byte> bytes,
                           const QString& successMessage,
                           std::optional<ExportReport> report = std::nullopt);
    void showReport(const QString& title, ImportReport report);
    // The report window for lastReport(), when it has findings and the session asks (non-modal).
    void openLastReport(const QString& title);
    void fail(const QString& title, const QString& error);
    bool asks() const;

    EditorSession& m_session;
    DocumentFiles& m_files;
    QWidget& m_window;
    QMenu* m_importMenu = nullptr;
    QMenu* m_exportMenu = nullptr;
    QAction* m_importGltf = nullptr;
    QAction* m_importMpfb = nullptr;
    QAction* m_exportGltf = nullptr;
    QAction* m_exportMpfb = nullptr;
    QAction* m_importUsda = nullptr;
    QAction* m_exportUsda = nullptr;
    ImportReport m_lastReport;
    MpfbImportPaths m_lastMpfb;        // the last import's files (the export's base mesh)
    MpfbImportPaths m_mpfbDialogPaths; // the import dialog starts from what it was given last
    std::function<QString()> m_chooseFile;
    std::function<core::Result<CrossSectionView>()> m_crossSection;
    std::function<void(QDialog&)> m_driveDialog;
};

} // namespace hyperrig::ui
