#include "app/hyperrig-cli/DocumentFiles.h"

namespace hyperrig::cli {

std::optional<core::io::ReadDocument> readDocumentFile(const std::string& path,
                                                       CliContext& context) {
    auto read = core::io::readG4mf(path);
    if (!read) {
        std::fprintf(context.err, "hyperrig-cli: %s\n", read.error().message().c_str());
        return std::nullopt;
    }
    return std::move(*read);
}

int writeDocumentFile(const core::model::Document& document, const std::string& path,
                      const core::io::WriteOptions& options, CliContext& context) {
    auto written = core::io::writeG4mf(document, path, options);
    if (!written) {
        std::fprintf(context.err, "hyperrig-cli: %s\n", written.error().message().c_str());
        return kExitFailure;
    }
    for (const std::string& warning : *written)
        std::fprintf(context.err, "hyperrig-cli: warning: %s\n", warning.c_str());
    return kExitSuccess;
}

} // namespace hyperrig::cli
