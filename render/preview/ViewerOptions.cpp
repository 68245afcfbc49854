#include "render/preview/ViewerOptions.h"

#include <charconv>
#include <string_view>

namespace hyperrig::render::preview {

namespace {

constexpr int kViewerMinSide = 64;
constexpr int kViewerMaxSide = 8192;

bool parseViewerSide(std::string_view text, int& side) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), side);
    return error == std::errc() && end == text.data() + text.size() && side >= kViewerMinSide &&
           side <= kViewerMaxSide;
}

} // namespace

std::string viewerUsage() {
    return "usage: hyperrig-view [FILE] [--pose NAME] [--size WxH] [--screenshot OUT.png] "
           "[--first-frame-time] [--allow-outside-references]\n"
           "\n"
           "Shows a rig read-only: G4MF (.g4tf, .g4b), or UsdSkel (.usda) and glTF (.gltf,\n"
           ".glb) imported as hyperrig-cli imports them. Its rest pose, stored bind poses and\n"
           "animations; a 4D..8D rig as a 3D slice with its offset and XW/YW/ZW rotations.\n"
           "Drop another file on the window to open it; F1 lists every key.\n"
           "\n"
           "  --pose NAME                  show that stored bind pose first (APose, ...) or rest\n"
           "  --size WxH                   window size in logical pixels (default 1280x800)\n"
           "  --screenshot OUT.png         draw, write the window's pixels as a PNG, exit\n"
           "  --first-frame-time           print the milliseconds from start to the first\n"
           "                               shown frame, exit\n"
           "  --allow-outside-references   read buffers outside the file's folder\n"
           "  --help, --version\n";
}

core::Result<ViewerOptions> parseViewerOptions(const std::vector<std::string>& arguments) {
    ViewerOptions options;
    for (std::size_t at = 0; at < arguments.size(); ++at) {
        const std::string& argument = arguments[at];
        const auto value = [&]() -> core::Result<std::string> {
            if (at + 1 >= arguments.size())
                return core::Error(argument + " needs a value");
            return arguments[++at];
        };
        if (argument == "--help" || argument == "-h") {
            options.help = true;
        } else if (argument == "--version") {
            options.version = true;
        } else if (argument == "--first-frame-time") {
            options.firstFrameTime = true;
        } else if (argument == "--allow-outside-references") {
            options.allowOutsideReferences = true;
        } else if (argument == "--screenshot") {
            auto path = value();
            if (!path)
                return path.error();
            options.screenshot = *path;
        } else if (argument == "--pose") {
            auto name = value();
            if (!name)
                return name.error();
            options.pose = *name;
        } else if (argument == "--size") {
            auto size = value();
            if (!size)
                return size.error();
            const std::size_t x = size->find('x');
            if (x == std::string::npos ||
                !parseViewerSide(std::string_view(*size).substr(0, x), options.width) ||
                !parseViewerSide(std::string_view(*size).substr(x + 1), options.height))
                return core::Error("--size needs WxH, 64..8192 each (e.g. 1280x800), not '" +
                                   *size + "'");
        } else if (argument.size() > 1 && argument[0] == '-') {
            return core::Error("unknown option " + argument);
        } else if (options.file) {
            return core::Error("one FILE at most (got '" + *options.file + "' and '" + argument +
                               "')");
        } else {
            options.file = argument;
        }
    }
    if (options.pose && !options.file)
        return core::Error("--pose needs a FILE");
    if (options.screenshot && options.firstFrameTime)
        return core::Error("give at most one of --screenshot and --first-frame-time");
    return options;
}

} // namespace hyperrig::render::preview
