#include "app/hyperrig-cli/GltfConvert.h"

#include "app/hyperrig-cli/AnyDocumentFile.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "core/io/gltf/GltfExport.h"

namespace hyperrig::cli {
namespace {

core::io::GltfReadOptions gltfReadOptions(const ParsedOptions& options) {
    core::io::GltfReadOptions read;
    read.allowOutsideReferences = options.flag(kAllowOutsideReferences);
    return read;
}

void printWarnings(const std::string& path, const core::Diagnostics& warnings,
                   CliContext& context) {
    for (const auto& warning : warnings)
        std::fprintf(context.err, "hyperrig-cli: warning: %s: %s: %s\n", path.c_str(),
                     warning.pointer.empty() ? "(file)" : warning.pointer.c_str(),
                     warning.message.c_str());
}

} // namespace

std::optional<core::io::GltfImport>
importGltfFile(const std::string& path, const ParsedOptions& options, CliContext& context) {
    auto imported = core::io::readGltf(path, gltfReadOptions(options));
    if (!imported) {
        std::fprintf(context.err, "hyperrig-cli: %s\n", imported.error().message().c_str());
        return std::nullopt;
    }
    printWarnings(path, imported->warnings, context);
    return std::move(*imported);
}

int convertWithGltf(const std::string& input, const std::string& output,
                    const ParsedOptions& options, const core::io::WriteOptions& writeOptions,
                    CliContext& context) {
    core::io::GltfExportOptions exportOptions;
    exportOptions.referencePose = options.flag("reference-pose");
    if (const auto weights = options.value("weights")) {
        if (*weights == "float")
            exportOptions.weights = core::io::gltf::WeightFormat::Float;
        else if (*weights == "unorm16")
            exportOptions.weights = core::io::gltf::WeightFormat::Unorm16;
        else if (*weights == "unorm8")
            exportOptions.weights = core::io::gltf::WeightFormat::Unorm8;
        else {
            std::fprintf(context.err,
                         "hyperrig-cli: convert: --weights for glTF output is float, unorm16 or "
                         "unorm8, not '%s'\n",
                         weights->c_str());
            return kExitUnreadable;
        }
    }
    auto read = readAnyDocumentFile(input, options, context);
    if (!read)
        return kExitUnreadable;
    std::optional<core::model::Document> document = std::move(read->document);
    if (!core::io::isGltfPath(output))
        return writeDocumentFile(*document, output, writeOptions, context);
    if (const int dimension = document->dimension(); dimension >= 4 && dimension <= 8) {
        // The exporter refuses it too; the CLI knows the way out (decision 0028).
        std::fprintf(context.err,
                     "hyperrig-cli: convert: glTF holds 3D scenes; this document is %dD: add "
                     "--cross-section (with --w, --slice, --rotate, --pose) to export its 3D "
                     "cross-section as a static mesh\n",
                     dimension);
        return kExitFailure;
    }
    return reportWritten(core::io::writeGltf(*document, output, exportOptions), context);
}

std::optional<core::Diagnostics>
gltfDiagnostics(const std::string& path, const ParsedOptions& options, std::string& unreadable) {
    auto file = core::io::loadGltfFile(path, gltfReadOptions(options));
    if (!file) {
        unreadable = file.error().message();
        return std::nullopt;
    }
    auto imported = core::io::importGltf(*file, gltfReadOptions(options).limits);
    if (imported)
        return imported->warnings;
    // "<file>: /pointer: what" -> pointer and what.
    std::string message = imported.error().message();
    const std::string prefix = file->sourceName + ": ";
    if (message.rfind(prefix, 0) == 0)
        message = message.substr(prefix.size());
    std::string pointer;
    if (!message.empty() && message[0] == '/') {
        const auto colon = message.find(": ");
        if (colon != std::string::npos) {
            pointer = message.substr(0, colon);
            message = message.substr(colon + 2);
        }
    }
    return core::Diagnostics{{core::Diagnostic::Severity::Error, "gltf.import", pointer, message}};
}

} // namespace hyperrig::cli
