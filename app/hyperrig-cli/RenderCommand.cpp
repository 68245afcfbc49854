#include "app/hyperrig-cli/CommandReport.h"
#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "app/hyperrig-cli/ViewOptions.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/GroupWeights.h"
#include "core/eval/PoseFile.h"
#include "core/eval/View4D.h"
#include "render/headless/HeadlessRender.h"
#include "render/headless/PngWriter.h"
#include "render/scene/DocumentScene.h"
#include "render/scene/PoseGhost.h"
#include "render/view/OrbitCamera.h"
#include "render/view/SceneFraming.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <vector>

namespace hyperrig::cli {
namespace {

constexpr const char* kRenderSynopsis =
    "render IN -o OUT.png [--size WxH] [--pose POSE.json | --pose-name NAME | --animation NAME "
    "--time T] [--w OFFSET] "
    "[--slice w=OFFSET,v=OFFSET,...] [--rotate xw=DEG,...,xv=DEG,...] [--highlight-group NAME] "
    "[--ghost-pose NAME] [--select NODE,...] "
    "[--shading smooth|flat] [--wireframe] [--hide bones,grid,shapes]";
constexpr int kMinSide = 16;
constexpr int kMaxSide = 8192;

bool parseSide(std::string_view text, int& side) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), side);
    return error == std::errc() && end == text.data() + text.size() && side >= kMinSide &&
           side <= kMaxSide;
}

// "1280x720" -> width, height.
bool parseSize(const std::string& text, int& width, int& height) {
    const std::size_t x = text.find('x');
    return x != std::string::npos && parseSide(std::string_view(text).substr(0, x), width) &&
           parseSide(std::string_view(text).substr(x + 1), height);
}

// Splits "a,b,c" at commas; empty parts are kept (and refused by the callers).
std::vector<std::string> commaList(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        parts.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos)
            return parts;
        start = comma + 1;
    }
}

// The viewport display of --shading, --wireframe and --hide; the editor's defaults otherwise,
// so a picture looks like the editor.
core::Result<render::view::Viewport::Display> displayFromOptions(const ParsedOptions& options) {
    render::view::Viewport::Display display;
    if (const auto shading = options.value("shading")) {
        if (*shading == "smooth")
            display.shading = render::scene::Shading::Smooth;
        else if (*shading == "flat")
            display.shading = render::scene::Shading::Flat;
        else
            return core::Error("--shading is smooth or flat, not '" + *shading + "'");
    }
    display.wireframe = options.flag("wireframe");
    if (const auto hide = options.value("hide"))
        for (const std::string& part : commaList(*hide)) {
            if (part == "bones")
                display.bones = false;
            else if (part == "grid")
                display.grid = false;
            else if (part == "shapes")
                display.shapes = false;
            else
                return core::Error("--hide takes bones, grid and shapes, not '" + part + "'");
        }
    return display;
}

// Renders the posed rig to a PNG (docs/rendering.md): a 4D..8D rig as its slice at the offsets
// of --w/--slice turned by --rotate (docs/skinning.md, "Slicing"; docs/rendering.md, "Slicing
// N-D"), a 3D rig as it is, framed in a 3/4 view; a 2D rig flat in the XY plane, from the front.
int runRender(const ParsedOptions& options, CliContext& context) {
    const CommandReport report{"render", kRenderSynopsis, context};
    const std::string& input = options.positionals()[0];
    const auto output = options.value("output");
    if (!output)
        return report.usage("-o OUT.png (or --output OUT.png) is required");
    int width = 1280;
    int height = 720;
    if (const auto size = options.value("size"); size && !parseSize(*size, width, height))
        return report.usage("--size needs WxH, 16..8192 each (e.g. 1280x720), not '" + *size + "'");
    if (auto sources = checkPoseSourceOptions(options, false); !sources)
        return report.usage(sources.error().message());
    auto parsedView = viewFromOptions(options);
    if (!parsedView)
        return report.usage(parsedView.error().message());
    const core::eval::View4D view = *parsedView;
    render::headless::PictureOptions picture;
    auto display = displayFromOptions(options);
    if (!display)
        return report.usage(display.error().message());
    picture.display = *display;

    auto read = readDocumentFile(input, options, context);
    if (!read)
        return kExitUnreadable;
    const core::model::Document& document = read->document;
    const int dimension = document.dimension();
    if (dimension < 2 || dimension > 8)
        return report.fail(input + " is " + std::to_string(dimension) +
                               "D; render draws 2D to 8D rigs",
                           kExitFailure);
    if (dimension < 4 && (options.value("w") || options.value("slice") || options.value("rotate")))
        std::fprintf(context.err,
                     "hyperrig-cli: warning: --w, --slice and --rotate apply to 4D to 8D "
                     "documents; %s is %dD\n",
                     input.c_str(), dimension);
    if (auto fits = checkViewFitsDocument(view, dimension); !fits)
        return report.usage(fits.error().message());
    int exitStatus = kExitSuccess;
    const auto loaded = rigAndPoseFromOptions(options, document, input, report, exitStatus);
    if (!loaded)
        return exitStatus;
    const auto& [rig, pose] = *loaded;
    render::scene::MeshAttributes highlight;
    if (const auto group = options.value("highlight-group")) {
        bool found = false;
        highlight = render::scene::groupHighlight(document, rig, *group, found);
        if (!found)
            return report.fail("no mesh of " + input + " has a skin group named '" + *group + "'",
                               kExitFailure);
        if (highlight.empty())
            std::fprintf(context.err,
                         "hyperrig-cli: warning: skin group '%s' has no weight on any vertex\n",
                         group->c_str());
    }
    if (const auto select = options.value("select"))
        for (const std::string& name : commaList(*select)) {
            const core::model::NodeId node = document.findNode(name);
            if (!node)
                return report.fail("--select: " + input + " has no node named '" + name + "'",
                                   kExitFailure);
            picture.selection.push_back(node);
        }
    auto scene = render::scene::sceneFromDocument(document, rig, pose, view, highlight);
    if (!scene)
        return report.fail(input + ": " + scene.error().message(), kExitFailure);
    if (const auto ghostName = options.value("ghost-pose")) {
        // A stored bind pose (or "rest") as a see-through ghost over the posed rig.
        auto ghostPose = core::eval::namedPose(*ghostName, document, rig);
        if (!ghostPose)
            return report.fail("--ghost-pose: " + ghostPose.error().message(), kExitFailure);
        auto ghost = render::scene::sceneFromDocument(document, rig, *ghostPose, view);
        if (!ghost)
            return report.fail(input + ": " + ghost.error().message(), kExitFailure);
        render::scene::addPoseGhost(*scene, *ghost);
    }
    if (dimension >= 4 &&
        std::all_of(scene->surfaces.begin(), scene->surfaces.end(),
                    [](const render::scene::SurfaceInput& s) { return s.positions.empty(); }))
        std::fprintf(context.err, "hyperrig-cli: warning: the hyperplane cuts no "
                                  "tetrahedron; the picture shows bones only\n");

    render::view::OrbitCamera camera; // the 3/4 view, or flat-on from the front for 2D
    render::view::applyStartingAngles(*scene, camera);
    render::view::frameScene(*scene, static_cast<float>(width) / static_cast<float>(height),
                             camera);
    auto image = render::headless::renderScene(*scene, camera, width, height, picture);
    if (!image)
        return report.fail(image.error().message(), kExitFailure);
    auto written = render::headless::writePng(*output, *image);
    if (!written)
        return report.fail(written.error().message(), kExitFailure);
    return kExitSuccess;
}

} // namespace

CliCommand renderCommand() {
    return {"render", kRenderSynopsis,
            "draw the posed rig (a 4D..8D rig's slice) to a PNG, headless",
            OptionSpec{{"wireframe"},
                       {"output", "size", "pose", "pose-name", "animation", "time", "w", "slice",
                        "rotate", "highlight-group", "ghost-pose", "select", "shading", "hide"},
                       1,
                       1,
                       {{'o', "output"}}},
            &runRender};
}

} // namespace hyperrig::cli
