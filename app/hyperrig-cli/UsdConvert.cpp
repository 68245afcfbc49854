#include "app/hyperrig-cli/UsdConvert.h"

#include "app/hyperrig-cli/DocumentFiles.h"
#include "core/io/FileBytes.h"

namespace hyperrig::cli {

std::optional<core::io::UsdImport> importUsdFile(const std::string& path, CliContext& context) {
    auto imported = core::io::readUsda(path);
    if (!imported) {
        std::fprintf(context.err, "hyperrig-cli: %s\n", imported.error().message().c_str());
        return std::nullopt;
    }
    for (const auto& warning : imported->warnings)
        std::fprintf(context.err, "hyperrig-cli: warning: %s:%s: %s\n", path.c_str(),
                     warning.pointer.c_str(), warning.message.c_str());
    return std::move(*imported);
}

int convertUsdToG4mf(const std::string& input, const std::string& output,
                     const core::io::WriteOptions& writeOptions, CliContext& context) {
    if (core::io::isUsdPath(output)) {
        std::fprintf(context.err, "hyperrig-cli: convert: writing USD is not supported yet; "
                                  "convert .usda to .g4tf or .g4b\n");
        return kExitUnreadable;
    }
    auto imported = importUsdFile(input, context);
    if (!imported)
        return kExitUnreadable;
    return writeDocumentFile(imported->document, output, writeOptions, context);
}

std::optional<core::Diagnostics> usdDiagnostics(const std::string& path, std::string& unreadable) {
    core::io::UsdLimits limits;
    auto bytes = core::io::readWholeFile(path, limits.maxFileBytes);
    if (!bytes) {
        unreadable = bytes.error().message();
        return std::nullopt;
    }
    const std::string_view text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    auto imported = core::io::importUsda(text, path, limits);
    if (imported)
        return imported->warnings;
    // "<file>:LINE:COLUMN: what" -> place and what.
    std::string message = imported.error().message();
    std::string place;
    if (message.rfind(path + ":", 0) == 0) {
        message = message.substr(path.size() + 1);
        const auto colon = message.find(": ");
        if (colon != std::string::npos) {
            place = message.substr(0, colon);
            message = message.substr(colon + 2);
        }
    }
    return core::Diagnostics{{core::Diagnostic::Severity::Error, "usd.import", place, message}};
}

} // namespace hyperrig::cli
