#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"

namespace hyperrig::cli {
namespace {

int runConvert(const ParsedOptions& options, CliContext& context) {
    const std::string& input = options.positionals()[0];
    const std::string& output = options.positionals()[1];
    core::io::WriteOptions writeOptions;
    if (const auto schema = options.value("schema")) {
        if (*schema == "classic")
            writeOptions.schema = core::io::G4mfSchema::Classic;
        else if (*schema == "current")
            writeOptions.schema = core::io::G4mfSchema::Current;
        else {
            std::fprintf(context.err,
                         "hyperrig-cli: convert: --schema is 'classic' or 'current', not '%s'\n",
                         schema->c_str());
            return kExitUnreadable;
        }
    }
    writeOptions.externalBin = options.flag("external-bin");
    writeOptions.zstd = options.flag("zstd");
    auto container = core::io::containerForPath(output);
    if (!container) {
        std::fprintf(context.err, "hyperrig-cli: convert: %s\n",
                     container.error().message().c_str());
        return kExitUnreadable;
    }
    if ((writeOptions.zstd && *container != core::io::G4mfContainer::Binary) ||
        (writeOptions.externalBin && *container != core::io::G4mfContainer::Text)) {
        std::fprintf(context.err, "hyperrig-cli: convert: %s\n",
                     writeOptions.zstd ? "--zstd applies to .g4b output"
                                       : "--external-bin applies to .g4tf output");
        return kExitUnreadable;
    }
    auto read = readDocumentFile(input, options, context);
    if (!read)
        return kExitUnreadable;
    return writeDocumentFile(read->document, output, writeOptions, context);
}

} // namespace

CliCommand convertCommand() {
    return {"convert", "convert IN OUT [--schema classic|current] [--external-bin] [--zstd]",
            "rewrite a G4MF file as .g4tf or .g4b (chosen by OUT's extension), losslessly",
            OptionSpec{{"external-bin", "zstd"}, {"schema"}, 2, 2}, &runConvert};
}

} // namespace hyperrig::cli
