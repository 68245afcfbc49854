#include "app/hyperrig-cli/MpfbConvert.h"

#include "app/hyperrig-cli/DocumentFiles.h"
#include "core/io/mpfb/MpfbExport.h"
#include "core/io/mpfb/MpfbFiles.h"
#include "core/io/mpfb/MpfbSkin.h"

#include <optional>

namespace hyperrig::cli {
namespace {

// --base-mesh and --vertex-groups, read together; nullopt with no options given. `failed` is set
// (and the reason printed) when they cannot be read or only one is given.
std::optional<core::io::MpfbBaseMeshFiles>
readBaseMesh(const ParsedOptions& options, CliContext& context, bool required, bool& failed) {
    const auto objPath = options.value("base-mesh");
    const auto groupsPath = options.value("vertex-groups");
    failed = false;
    if (!objPath && !groupsPath && !required)
        return std::nullopt;
    if (!objPath || !groupsPath) {
        std::fprintf(context.err,
                     "hyperrig-cli: convert: an MPFB rig is placed on the MakeHuman base mesh: "
                     "give --base-mesh base.obj and --vertex-groups "
                     "basemesh_vertex_groups.json\n");
        failed = true;
        return std::nullopt;
    }
    auto mesh = core::io::readMpfbBaseMesh(*objPath, *groupsPath);
    if (!mesh) {
        std::fprintf(context.err, "hyperrig-cli: %s\n", mesh.error().message().c_str());
        failed = true;
        return std::nullopt;
    }
    return std::move(mesh).value();
}

void printImportReport(const core::io::MpfbImport& imported, const std::string& input,
                       CliContext& context) {
    std::fprintf(context.out, "imported MPFB rig %s: %zu bones\n", input.c_str(),
                 imported.bones.size());
    if (!imported.renamedBones.empty()) {
        std::fprintf(context.out,
                     "renamed %zu bones (G4MF forbids '.' and ':' in names; each bone keeps its "
                     "MPFB name in extras.mpfb.name and export writes it back):\n",
                     imported.renamedBones.size());
        for (const auto& [from, to] : imported.renamedBones)
            std::fprintf(context.out, "  %s -> %s\n", from.c_str(), to.c_str());
    }
    for (const core::Diagnostic& warning : imported.warnings)
        std::fprintf(context.out, "warning: %s: %s: %s\n", input.c_str(), warning.pointer.c_str(),
                     warning.message.c_str());
}

} // namespace

bool isMpfbRigPath(const std::string& path) {
    return path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0;
}

int convertMpfbRigToG4mf(const std::string& input, const std::string& output,
                         const ParsedOptions& options, const core::io::WriteOptions& writeOptions,
                         CliContext& context) {
    bool failed = false;
    const auto mesh = readBaseMesh(options, context, true, failed);
    if (failed)
        return kExitUnreadable;
    auto imported = core::io::importMpfbRigFile(input, mesh->mesh);
    if (!imported) {
        std::fprintf(context.err, "hyperrig-cli: %s\n", imported.error().message().c_str());
        return kExitUnreadable;
    }
    if (const auto weightsPath = options.value("weights")) {
        auto weights = core::io::readMpfbWeightsFile(*weightsPath, mesh->obj.positions.size());
        if (!weights) {
            std::fprintf(context.err, "hyperrig-cli: %s\n", weights.error().message().c_str());
            return kExitUnreadable;
        }
        core::io::addMpfbSkinnedBody(*imported, mesh->obj, *weights);
    }
    printImportReport(*imported, input, context);
    return writeDocumentFile(imported->document, output, writeOptions, context);
}

int convertG4mfToMpfbRig(const std::string& input, const std::string& output,
                         const ParsedOptions& options, CliContext& context) {
    bool failed = false;
    const auto mesh = readBaseMesh(options, context, false, failed);
    if (failed)
        return kExitUnreadable;
    auto read = readDocumentFile(input, options, context);
    if (!read)
        return kExitUnreadable;
    core::io::MpfbExportOptions exportOptions;
    if (mesh)
        exportOptions.baseMesh = &mesh->mesh;
    auto written = core::io::writeMpfbRigFile(read->document, output, exportOptions);
    if (!written) {
        std::fprintf(context.err, "hyperrig-cli: %s\n", written.error().message().c_str());
        return kExitFailure;
    }
    if (!written->changedBones.empty())
        std::fprintf(context.out,
                     "%zu bones written from the document (moved since the import, or not "
                     "from an MPFB rig); the others as read\n",
                     written->changedBones.size());
    return kExitSuccess;
}

} // namespace hyperrig::cli
