#include "app/hyperrig-cli/DocumentFiles.h"

#include "core/edit/History.h"

namespace hyperrig::cli {

core::io::ReadOptions readOptions(const ParsedOptions& options) {
    core::io::ReadOptions read;
    read.allowOutsideReferences = options.flag(kAllowOutsideReferences);
    return read;
}

void reportReadError(const core::Error& error, CliContext& context) {
    std::fprintf(context.err, "hyperrig-cli: %s\n", error.message().c_str());
    if (error.code() == core::io::kOutsideReferenceError)
        std::fprintf(context.err, "hyperrig-cli: if you trust this file, run again with --%s\n",
                     kAllowOutsideReferences);
}

std::optional<core::io::ReadDocument>
readDocumentFile(const std::string& path, const ParsedOptions& options, CliContext& context) {
    auto read = core::io::readG4mf(path, readOptions(options));
    if (!read) {
        reportReadError(read.error(), context);
        return std::nullopt;
    }
    return std::move(*read);
}

int reportWritten(const core::Result<std::vector<std::string>>& written, CliContext& context) {
    if (!written) {
        std::fprintf(context.err, "hyperrig-cli: %s\n", written.error().message().c_str());
        return kExitFailure;
    }
    for (const std::string& warning : *written)
        std::fprintf(context.err, "hyperrig-cli: warning: %s\n", warning.c_str());
    return kExitSuccess;
}

int writeDocumentFile(const core::model::Document& document, const std::string& path,
                      const core::io::WriteOptions& options, CliContext& context) {
    return reportWritten(core::io::writeG4mf(document, path, options), context);
}

int applyAndWrite(core::io::ReadDocument& read, std::unique_ptr<core::edit::Command> command,
                  const std::string& output, const CommandReport& report, CliContext& context) {
    core::edit::History history(read.document);
    auto applied = history.execute(std::move(command));
    if (!applied)
        return report.fail(applied.error().message(), kExitFailure);
    return writeLikeInput(read.document, read, output, context);
}

int writeLikeInput(const core::model::Document& document, const core::io::ReadDocument& read,
                   const std::string& output, CliContext& context) {
    const auto container = core::io::containerForPath(output);
    // An unknown extension is writeG4mf's to report.
    return writeDocumentFile(
        document, output, core::io::writeOptionsLike(read, container ? *container : read.container),
        context);
}

} // namespace hyperrig::cli
