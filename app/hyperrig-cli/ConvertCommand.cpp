#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "app/hyperrig-cli/GltfConvert.h"
#include "app/hyperrig-cli/GltfCrossSection.h"
#include "app/hyperrig-cli/MpfbConvert.h"
#include "app/hyperrig-cli/UsdConvert.h"

namespace hyperrig::cli {
namespace {

int runConvert(const ParsedOptions& options, CliContext& context) {
    const std::string& input = options.positionals()[0];
    const std::string& output = options.positionals()[1];
    if (core::io::isUsdPath(output)) {
        // Text .usda out: a 3D document as UsdSkel, a 4D..8D one's cross-section as static meshes.
        for (const char* other : {"schema", "zstd", "external-bin", "weights", "reference-pose",
                                  "base-mesh", "vertex-groups"})
            if (options.value(other) || options.flag(other)) {
                std::fprintf(context.err,
                             "hyperrig-cli: convert: --%s does not apply to .usda output\n", other);
                return kExitUnreadable;
            }
        if (options.flag("cross-section"))
            return convertCrossSectionToGltf(input, output, options, context);
        for (const char* viewOption : kCrossSectionViewOptions)
            if (options.value(viewOption)) {
                std::fprintf(context.err,
                             "hyperrig-cli: convert: --%s chooses the cross-section of a 4D..8D "
                             "document: add --cross-section\n",
                             viewOption);
                return kExitUnreadable;
            }
        return convertToUsda(input, output, options, context);
    }
    const bool usd = core::io::isUsdPath(input);
    if (usd &&
        (core::io::isGltfPath(output) || isMpfbRigPath(output) || options.flag("cross-section"))) {
        std::fprintf(context.err, "hyperrig-cli: convert: a .usda converts to G4MF (.g4tf or "
                                  ".g4b) only\n");
        return kExitUnreadable;
    }
    if (isMpfbRigPath(input) && isMpfbRigPath(output)) {
        std::fprintf(context.err, "hyperrig-cli: convert: one side must be a G4MF file\n");
        return kExitUnreadable;
    }
    const bool gltf = core::io::isGltfPath(input) || core::io::isGltfPath(output);
    if (gltf && (isMpfbRigPath(input) || isMpfbRigPath(output))) {
        std::fprintf(context.err, "hyperrig-cli: convert: glTF converts to and from G4MF only\n");
        return kExitUnreadable;
    }
    if (options.flag("cross-section")) {
        if (!core::io::isGltfPath(output)) {
            std::fprintf(context.err, "hyperrig-cli: convert: --cross-section writes glTF or "
                                      ".usda: OUT ends in .gltf, .glb or .usda\n");
            return kExitUnreadable;
        }
        return convertCrossSectionToGltf(input, output, options, context);
    }
    for (const char* viewOption : kCrossSectionViewOptions)
        if (options.value(viewOption)) {
            std::fprintf(context.err,
                         "hyperrig-cli: convert: --%s chooses the cross-section of a 4D..8D "
                         "document: add --cross-section (and a .gltf/.glb OUT)\n",
                         viewOption);
            return kExitUnreadable;
        }
    if (options.value("weights") && !isMpfbRigPath(input) && !core::io::isGltfPath(output)) {
        std::fprintf(context.err, "hyperrig-cli: convert: --weights goes with an MPFB rig input "
                                  "(a weights file) or a glTF output (float|unorm16|unorm8)\n");
        return kExitUnreadable;
    }
    if ((options.value("base-mesh") || options.value("vertex-groups")) && !isMpfbRigPath(input) &&
        !isMpfbRigPath(output)) {
        std::fprintf(context.err, "hyperrig-cli: convert: --base-mesh and --vertex-groups go with "
                                  "an MPFB rig (.json) on one side\n");
        return kExitUnreadable;
    }
    if (isMpfbRigPath(output))
        return convertG4mfToMpfbRig(input, output, options, context);
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
    if (options.flag("reference-pose") && !core::io::isGltfPath(output)) {
        std::fprintf(context.err, "hyperrig-cli: convert: --reference-pose applies to glTF "
                                  "output\n");
        return kExitUnreadable;
    }
    if (gltf && core::io::isGltfPath(output)) {
        if (writeOptions.zstd || writeOptions.externalBin || options.value("schema")) {
            std::fprintf(context.err, "hyperrig-cli: convert: --schema, --zstd and "
                                      "--external-bin apply to G4MF output\n");
            return kExitUnreadable;
        }
        return convertWithGltf(input, output, options, writeOptions, context);
    }
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
    if (gltf)
        return convertWithGltf(input, output, options, writeOptions, context);
    if (usd)
        return convertUsdToG4mf(input, output, writeOptions, context);
    if (isMpfbRigPath(input))
        return convertMpfbRigToG4mf(input, output, options, writeOptions, context);
    auto read = readDocumentFile(input, options, context);
    if (!read)
        return kExitUnreadable;
    return writeDocumentFile(read->document, output, writeOptions, context);
}

} // namespace

CliCommand convertCommand() {
    return {"convert",
            "convert IN OUT [--schema classic|current] [--external-bin] [--zstd] "
            "[--base-mesh base.obj --vertex-groups groups.json [--weights W.json]] "
            "[--weights float|unorm16|unorm8] [--reference-pose] "
            "[--cross-section [--w OFFSET] [--slice w=OFFSET,v=OFFSET,...] "
            "[--rotate xw=DEG,...] [--pose POSE.json | --pose-name NAME | --animation NAME "
            "--time T]]",
            "rewrite a G4MF file as .g4tf or .g4b (chosen by OUT's extension), losslessly; "
            "an MPFB rig (.json), glTF 2.0 (.gltf/.glb, 3D only) or UsdSkel .usda (3D only) in or "
            "out; --cross-section writes a 4D..8D document's 3D cross-section as a static glTF or "
            ".usda mesh",
            OptionSpec{{"external-bin", "zstd", "reference-pose", "cross-section"},
                       {"schema", "base-mesh", "vertex-groups", "weights", "w", "slice", "rotate",
                        "pose", "pose-name", "animation", "time"},
                       2,
                       2},
            &runConvert};
}

} // namespace hyperrig::cli
