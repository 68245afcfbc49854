#include "app/hyperrig-cli/CommandReport.h"
#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "app/hyperrig-cli/ViewOptions.h"
#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/PoseFile.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/RigSlice.h"
#include "core/eval/RigSliceND.h"
#include "core/eval/View4D.h"
#include "core/io/obj/ObjWriter.h"
#include "core/ops/CrossSectionMeshes.h"

#include <charconv>
#include <cmath>

namespace hyperrig::cli {
namespace {

constexpr const char* kSliceSynopsis =
    "slice IN [--pose POSE.json | --pose-name NAME | --animation NAME --time T] [--w OFFSET] "
    "[--slice w=OFFSET,v=OFFSET,...] "
    "[--rotate xw=DEG,...,xv=DEG,...] -o OUT.obj";

// 3D documents: "the slice is the mesh itself": every visible triangle, posed, in world space.
void meshTriangles(const core::model::Document& document, const core::eval::CompiledRig& rig,
                   const core::eval::EvaluatedRig& evaluated,
                   std::vector<core::io::ObjObject>& objects) {
    for (const auto& instance : evaluated.instances) {
        const auto& mesh = rig.mesh(instance.mesh);
        if (!instance.visible || mesh.simplexes.empty())
            continue;
        core::io::ObjObject object{document.node(instance.node).displayName(), {}, {}};
        const float* positions = instance.positions(mesh);
        const bool flip = instance.world.basis().determinant() < 0.0;
        for (std::size_t t = 0; t + 2 < mesh.simplexes.size(); t += 3) {
            std::array<std::array<float, 3>, 3> corners{};
            for (std::size_t k = 0; k < 3; ++k) {
                const float* p = positions + 3 * mesh.simplexes[t + k];
                const auto world = instance.world.applyPoint(core::math::VectorN{p[0], p[1], p[2]});
                corners[k] = {static_cast<float>(world[0]), static_cast<float>(world[1]),
                              static_cast<float>(world[2])};
            }
            if (flip)
                std::swap(corners[1], corners[2]);
            const std::array<float, 3> a{corners[1][0] - corners[0][0],
                                         corners[1][1] - corners[0][1],
                                         corners[1][2] - corners[0][2]};
            const std::array<float, 3> b{corners[2][0] - corners[0][0],
                                         corners[2][1] - corners[0][1],
                                         corners[2][2] - corners[0][2]};
            std::array<float, 3> normal{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                                        a[0] * b[1] - a[1] * b[0]};
            const float length =
                std::sqrt(normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2]);
            if (length > 0.0F)
                for (float& value : normal)
                    value /= length;
            object.corners.insert(object.corners.end(), corners.begin(), corners.end());
            object.normals.push_back(normal);
        }
        objects.push_back(std::move(object));
    }
}

// Writes the world-space cross-section of every visible tetrahedral surface (docs/skinning.md,
// "Slicing"): the hyperplane view w = OFFSET of the 4D view turned by --rotate; for 5D..8D the
// 3D flat where every extra axis sits at its --slice offset (docs/rendering.md, "Slicing N-D").
// Appends the triangles of `slice` to `objects`, one object per instance, without the
// zero-area triangles.
int runSlice(const ParsedOptions& options, CliContext& context) {
    const CommandReport report{"slice", kSliceSynopsis, context};
    const std::string& input = options.positionals()[0];
    const auto output = options.value("output");
    if (!output)
        return report.usage("-o OUT.obj (or --output OUT.obj) is required");
    if (auto sources = checkPoseSourceOptions(options, false); !sources)
        return report.usage(sources.error().message());
    auto parsedView = viewFromOptions(options);
    if (!parsedView)
        return report.usage(parsedView.error().message());
    const core::eval::View4D view = *parsedView;

    auto read = readDocumentFile(input, options, context);
    if (!read)
        return kExitUnreadable;
    const core::model::Document& document = read->document;
    const int dimension = document.dimension();
    if (dimension < 3 || dimension > 8)
        return report.fail(input + " is " + std::to_string(dimension) +
                               "D; slice cuts 4D to 8D meshes (and writes 3D meshes as they are)",
                           kExitFailure);
    if (auto fits = checkViewFitsDocument(view, dimension); !fits)
        return report.usage(fits.error().message());
    int exitStatus = kExitSuccess;
    const auto loaded = rigAndPoseFromOptions(options, document, input, report, exitStatus);
    if (!loaded)
        return exitStatus;
    const auto& [rig, pose] = *loaded;
    core::eval::EvaluatedRig evaluated;
    auto evaluatedOk =
        core::eval::evaluateRig(document, rig, pose, core::base::ThreadPool::shared(), evaluated);
    if (!evaluatedOk)
        return report.fail(input + ": " + evaluatedOk.error().message(), kExitFailure);

    std::vector<core::io::ObjObject> objects;
    std::size_t triangles = 0;
    if (dimension == 3) {
        meshTriangles(document, rig, evaluated, objects);
    } else {
        core::eval::RigSlice slice;
        if (dimension == 4) {
            core::eval::Slicer slicer;
            core::eval::sliceRig(document, rig, evaluated, view, slicer, slice,
                                 core::base::ThreadPool::shared());
        } else {
            core::eval::SimplexSlicer slicer;
            core::eval::sliceRigND(document, rig, evaluated, view, slicer, slice);
        }
        for (const auto& instance : slice.instances) {
            core::io::ObjObject object{document.node(instance.node).displayName(), {}, {}};
            const auto corners = instance.triangles.vertices();
            const auto faces = instance.triangles.faces();
            for (std::size_t t = 0; t < faces.size(); ++t) {
                const auto& a = corners[3 * t];
                const auto& b = corners[3 * t + 1];
                const auto& c = corners[3 * t + 2];
                if (core::ops::isZeroAreaSliceTriangle(a, b, c))
                    continue;
                for (const auto* corner : {&a, &b, &c})
                    object.corners.push_back({corner->x, corner->y, corner->z});
                object.normals.push_back({faces[t].normalX, faces[t].normalY, faces[t].normalZ});
            }
            objects.push_back(std::move(object));
        }
    }
    for (const auto& object : objects)
        triangles += object.normals.size();
    std::vector<std::string> comments{"hyperrig-cli slice of " + input};
    if (dimension == 3)
        comments.emplace_back("3D document: the meshes themselves");
    for (int axis = core::eval::kFirstExtraAxis; axis < dimension; ++axis) {
        // 4D keeps its header as it was: "w offset ..., rotation xw ... yw ... zw ... degrees".
        const core::eval::ExtraAxisView extra = view.extraAxis(axis);
        const char letter = core::eval::axisLetter(axis);
        char header[200];
        std::snprintf(header, sizeof(header),
                      "%c offset %.9g, rotation x%c %.9g y%c %.9g z%c %.9g degrees", letter,
                      extra.offset, letter, extra.xDegrees, letter, extra.yDegrees, letter,
                      extra.zDegrees);
        comments.emplace_back(header);
    }
    comments.push_back(std::to_string(triangles) + " triangles");
    auto written = core::io::writeObj(*output, comments, objects);
    if (!written)
        return report.fail(written.error().message(), kExitFailure);
    if (triangles == 0)
        std::fprintf(context.err,
                     "hyperrig-cli: warning: the hyperplane cuts no tetrahedron; %s has no "
                     "triangles\n",
                     output->c_str());
    return kExitSuccess;
}

} // namespace

CliCommand sliceCommand() {
    return {
        "slice", kSliceSynopsis,
        "write the 3D cross-section of the 4D..8D meshes at a hyperplane (a 3D document's posed "
        "meshes themselves, one object per mesh node), as OBJ",
        OptionSpec{{},
                   {"pose", "pose-name", "animation", "time", "w", "slice", "rotate", "output"},
                   1,
                   1,
                   {{'o', "output"}}},
        &runSlice};
}

} // namespace hyperrig::cli
