#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace hyperrig::render::preview {

// hyperrig-view's program (app/hyperrig-view/main.cpp is its thin main): parses the command line
// (ViewerOptions.h), opens the GLFW window, and runs the Previewer in it, redrawing only when
// something changed, until the window closes or Q is pressed. `started` is when main() began:
// --first-frame-time measures from there. Returns the exit status: 0, 1 when no window or GL
// context could be made or a screenshot not written, 2 for bad usage or (with --screenshot or
// --first-frame-time) a FILE that cannot be shown; interactively such a FILE leaves the window
// open with the reason in the overlay.
int runViewer(const std::vector<std::string>& arguments,
              std::chrono::steady_clock::time_point started);

} // namespace hyperrig::render::preview
