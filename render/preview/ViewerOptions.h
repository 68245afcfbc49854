#pragma once

#include "core/base/Result.h"

#include <optional>
#include <string>
#include <vector>

namespace hyperrig::render::preview {

// hyperrig-view's command line:
//   hyperrig-view [FILE] [--pose NAME] [--size WxH] [--screenshot OUT.png] [--first-frame-time]
//                 [--allow-outside-references] | --help | --version
struct ViewerOptions {
    std::optional<std::string> file;
    // The pose shown first: "rest" (the default) or a stored bind pose's type name ("APose").
    std::optional<std::string> pose;
    int width = 1280; // the window, in logical pixels
    int height = 800;
    // Draw until the overlay has settled, write the window's pixels as a PNG and exit.
    std::optional<std::string> screenshot;
    // Print the milliseconds from main() to the first swapped frame (drawn and finished) and
    // exit: scripts/bench-view measures start-up with it.
    bool firstFrameTime = false;
    bool allowOutsideReferences = false;
    bool help = false;
    bool version = false;
};

// Parses argv[1..]; the error says which argument is wrong.
core::Result<ViewerOptions> parseViewerOptions(const std::vector<std::string>& arguments);

// The --help text.
std::string viewerUsage();

} // namespace hyperrig::render::preview
