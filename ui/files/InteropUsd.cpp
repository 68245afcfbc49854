// InteropFiles' UsdSkel export: the 3D document through core::io::encodeUsda, a 4D..8D document
// as the cross-section the viewport shows through core::io::encodeStaticMeshesUsda.

#include "core/io/usd/UsdExport.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/InteropFiles.h"
#include "ui/files/UsdExportDialog.h"
#include "ui/session/EditorSession.h"

#include <QFileInfo>
#include <QWidget>

#include <span>
#include <string>
#include <vector>

namespace hyperrig::ui {

namespace {

std::vector<std::byte> usdaFileBytes(const std::string& text) {
    const auto bytes = std::as_bytes(std::span(text.data(), text.size()));
    return {bytes.begin(), bytes.end()};
}

} // namespace

void InteropFiles::chooseAndExportUsda() {
    if (m_files.busy())
        return;
    if (const QString refusal = exportRefusal(false, true); !refusal.isEmpty()) {
        fail(tr("Cannot export UsdSkel"), refusal);
        return;
    }
    const QString note =
        exportsCrossSection()
            ? tr("The document is %1D and .usda holds 3D scenes: the file holds the 3D "
                 "cross-section the viewport shows (its slice and pose) as static meshes, "
                 "without skeleton, weights or animations.")
                  .arg(m_session.document().dimension())
            : QString();
    UsdExportDialog dialog(suggestedExportPath(QStringLiteral(".usda")), &m_window, note);
    if (runDialog(dialog))
        exportUsda(dialog.path());
}

void InteropFiles::exportUsda(const QString& path) {
    const QString name = QFileInfo(path).fileName();
    const QString title = tr("Cannot export %1").arg(name);
    if (m_files.busy())
        return fail(title, tr("another file operation is still running"));
    if (const QString refusal = exportRefusal(false, true); !refusal.isEmpty())
        return fail(title, refusal);
    if (QFileInfo(path).suffix().compare(QStringLiteral("usda"), Qt::CaseInsensitive) != 0)
        return fail(title, tr("HyperRig writes USD as text .usda only"));
    if (exportsCrossSection()) {
        auto meshes = shownCrossSection();
        if (!meshes)
            return fail(title, QString::fromStdString(meshes.error().message()));
        auto text = core::io::encodeStaticMeshesUsda(*meshes);
        if (!text)
            return fail(title, QString::fromStdString(text.error().message()));
        writeInBackground(path, usdaFileBytes(*text), crossSectionMessage(name, *meshes));
        return;
    }
    auto encoded = core::io::encodeUsda(m_session.document());
    if (!encoded)
        return fail(title, QString::fromStdString(encoded.error().message()));
    // What .usda cannot carry is said with the result, as the CLI says it on stderr, and listed
    // in a report window (a status bar line holds only so much) once the file is written.
    QString text = tr("Exported %1").arg(name);
    for (const std::string& warning : encoded->warnings)
        text += tr(" · %1").arg(QString::fromStdString(warning));
    std::optional<ExportReport> report;
    if (!encoded->warnings.empty()) {
        report.emplace();
        report->title = tr("UsdSkel Export Report");
        report->report.summary = tr("Exported %1 with %n warning(s): what .usda does not hold "
                                    "was left out",
                                    nullptr, static_cast<int>(encoded->warnings.size()))
                                     .arg(name);
        for (const std::string& warning : encoded->warnings)
            report->report.findings.emplace_back(name, QString::fromStdString(warning));
    }
    writeInBackground(path, usdaFileBytes(encoded->text), text, std::move(report));
}

} // namespace hyperrig::ui
