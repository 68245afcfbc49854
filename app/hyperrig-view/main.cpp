#include "core/base/LastResort.h"
#include "render/preview/glfw/ViewerApp.h"

#include <chrono>
#include <string>
#include <vector>

int main(int argc, char* argv[]) {
    const auto started = std::chrono::steady_clock::now(); // --first-frame-time counts from here
    const std::vector<std::string> arguments(argv + 1, argv + argc);
    return hyperrig::core::runWithLastResortHandler(
        "hyperrig-view", [&] { return hyperrig::render::preview::runViewer(arguments, started); });
}
