#include "app/hyperrig-cli/GltfCrossSection.h"

#include "app/hyperrig-cli/CommandReport.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "app/hyperrig-cli/ViewOptions.h"
#include "core/base/ThreadPool.h"
#include "core/eval/RigEvaluation.h"
#include "core/io/gltf/GltfStaticMeshes.h"
#include "core/io/usd/UsdExport.h"
#include "core/io/usd/UsdImport.h"
#include "core/ops/CrossSectionMeshes.h"

namespace hyperrig::cli {
namespace {

constexpr const char* kCrossSectionSynopsis =
    "convert IN OUT.gltf|OUT.glb|OUT.usda --cross-section [--w OFFSET] "
    "[--slice w=OFFSET,v=OFFSET,...] [--rotate xw=DEG,...] "
    "[--pose POSE.json | --pose-name NAME | --animation NAME --time T]";

} // namespace

int convertCrossSectionToGltf(const std::string& input, const std::string& output,
                              const ParsedOptions& options, CliContext& context) {
    const CommandReport report{"convert", kCrossSectionSynopsis, context};
    // A cross-section is a static glTF or .usda mesh: no skin whose weights or poses could be
    // written, no G4MF or MPFB file whose options could apply.
    for (const char* other : {"weights", "reference-pose", "schema", "zstd", "external-bin",
                              "base-mesh", "vertex-groups"})
        if (options.value(other) || options.flag(other))
            return report.usage(std::string("--") + other +
                                " does not apply to --cross-section (a static mesh)");
    if (auto sources = checkPoseSourceOptions(options, false); !sources)
        return report.usage(sources.error().message());
    auto view = viewFromOptions(options);
    if (!view)
        return report.usage(view.error().message());

    auto read = readDocumentFile(input, options, context);
    if (!read)
        return kExitUnreadable;
    const core::model::Document& document = read->document;
    if (const int dimension = document.dimension(); dimension < 4 || dimension > 8)
        return report.fail(input + " is " + std::to_string(dimension) +
                               "D; --cross-section cuts 4D to 8D documents" +
                               (dimension == 3 ? " (convert a 3D document without it)" : ""),
                           kExitFailure);
    if (auto fits = checkViewFitsDocument(*view, document.dimension()); !fits)
        return report.usage(fits.error().message());
    int exitStatus = kExitSuccess;
    const auto loaded = rigAndPoseFromOptions(options, document, input, report, exitStatus);
    if (!loaded)
        return exitStatus;
    core::eval::EvaluatedRig evaluated;
    auto evaluatedOk = core::eval::evaluateRig(document, loaded->rig, loaded->pose,
                                               core::base::ThreadPool::shared(), evaluated);
    if (!evaluatedOk)
        return report.fail(input + ": " + evaluatedOk.error().message(), kExitFailure);
    auto meshes = core::ops::crossSectionMeshes(document, loaded->rig, evaluated, *view);
    if (!meshes)
        return report.fail(input + ": " + meshes.error().message(), kExitFailure);
    std::size_t triangles = 0;
    for (const auto& mesh : *meshes)
        triangles += mesh.positions.size() / 9;
    auto written = core::io::isUsdPath(output) ? core::io::writeStaticMeshesUsda(*meshes, output)
                                               : core::io::writeStaticMeshesGltf(*meshes, output);
    if (!written)
        return report.fail(written.error().message(), kExitFailure);
    if (triangles == 0)
        std::fprintf(context.err,
                     "hyperrig-cli: warning: the hyperplane cuts no tetrahedron; %s has no "
                     "meshes\n",
                     output.c_str());
    return kExitSuccess;
}

} // namespace hyperrig::cli
