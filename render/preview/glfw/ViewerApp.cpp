#include "render/preview/glfw/ViewerApp.h"

#include "core/base/Version.h"
#include "render/headless/PngWriter.h"
#include "render/preview/Previewer.h"
#include "render/preview/ViewerOptions.h"
#include "render/preview/glfw/GlfwWindow.h"

#include <glad/gl.h>

#include <cstdio>
#include <ctime>
#include <future>

namespace hyperrig::render::preview {

namespace {

// ImGui measures the overlay in a hidden first frame, shows it from the second; the third is the
// settled picture a screenshot takes.
constexpr int kViewerScreenshotFrame = 3;
constexpr const char* kViewerTitle = "HyperRig Viewer";

std::string viewerTitleFor(const Previewer& previewer) {
    if (!previewer.document())
        return kViewerTitle;
    return previewer.document()->path.filename().string() + " - " + kViewerTitle;
}

int writeViewerScreenshot(const GlfwWindow& window, const std::string& path) {
    gl::RgbaImage image = window.readBackBuffer();
    for (std::size_t alpha = 3; alpha < image.pixels.size(); alpha += 4)
        image.pixels[alpha] = 255; // the window is opaque whatever its alpha bits hold
    if (auto written = headless::writePng(path, image); !written) {
        std::fprintf(stderr, "hyperrig-view: %s\n", written.error().message().c_str());
        return 1;
    }
    return 0;
}

} // namespace

int runViewer(const std::vector<std::string>& arguments,
              std::chrono::steady_clock::time_point started) {
    auto parsed = parseViewerOptions(arguments);
    if (!parsed) {
        std::fprintf(stderr, "hyperrig-view: %s\n%s", parsed.error().message().c_str(),
                     viewerUsage().c_str());
        return 2;
    }
    const ViewerOptions& options = *parsed;
    if (options.help) {
        std::fputs(viewerUsage().c_str(), stdout);
        return 0;
    }
    if (options.version) {
        std::printf("hyperrig-view %s\n", core::kVersion);
        return 0;
    }
    const bool scripted = options.screenshot || options.firstFrameTime;
    core::io::ReadOptions readOptions;
    readOptions.allowOutsideReferences = options.allowOutsideReferences;
    // The document is read on another thread while the window and its GL context open: on
    // Mesa's software renderer both take a few hundred milliseconds, and the start-up budget is
    // 0.5 s (scripts/bench-view).
    std::future<core::Result<std::unique_ptr<PreviewDocument>>> reading;
    if (options.file)
        reading = std::async(std::launch::async, [path = *options.file, readOptions] {
            return loadPreviewDocument(path, readOptions);
        });

    auto window = GlfwWindow::create({options.width, options.height, kViewerTitle, true});
    if (!window) {
        std::fprintf(stderr, "hyperrig-view: %s\n", window.error().message().c_str());
        return 1;
    }
    Previewer previewer(readOptions);
    if (auto initialized = previewer.initializeGl(GlfwWindow::getProcAddress()); !initialized) {
        std::fprintf(stderr, "hyperrig-view: %s\n", initialized.error().message().c_str());
        return 1;
    }
    // A screenshot is a picture for people (the README's): antialiased like the headless
    // pictures, whatever the renderer; time does not matter there.
    if (options.screenshot)
        previewer.setMultisampling(4);
    (*window)->attach(&previewer);
    if (options.file) {
        if (auto opened = previewer.show(reading.get()); !opened) {
            std::fprintf(stderr, "hyperrig-view: %s\n", opened.error().message().c_str());
            if (scripted) {
                previewer.releaseGl();
                return 2;
            }
        } else if (options.pose) {
            if (auto posed = previewer.choosePoseNamed(*options.pose); !posed) {
                std::fprintf(stderr, "hyperrig-view: --pose: %s\n",
                             posed.error().message().c_str());
                if (scripted) {
                    previewer.releaseGl();
                    return 2;
                }
                previewer.overlayState().notice = posed.error().message();
            }
        }
    }

    int status = 0;
    int frames = 0;
    const PreviewDocument* titled = nullptr;
    auto lastFrame = std::chrono::steady_clock::now();
    while (!(*window)->shouldClose() && !previewer.quitRequested()) {
        // Event-driven: nothing changes on screen unless an event says so.
        if (scripted || previewer.wantsFrame())
            (*window)->pollEvents();
        else
            (*window)->waitEvents();
        if (!scripted && !previewer.wantsFrame())
            continue;
        if (previewer.document() != titled) {
            titled = previewer.document();
            (*window)->setTitle(viewerTitleFor(previewer));
            if (titled) // an imported file's warnings, as hyperrig-cli prints them
                for (const std::string& warning : titled->warnings)
                    std::fprintf(stderr, "hyperrig-view: warning: %s\n", warning.c_str());
        }
        const auto now = std::chrono::steady_clock::now();
        previewer.drawFrame(0, std::chrono::duration<float>(now - lastFrame).count());
        lastFrame = now;
        ++frames;
        if (options.screenshot && frames == kViewerScreenshotFrame) {
            status = writeViewerScreenshot(**window, *options.screenshot);
            break;
        }
        (*window)->swapBuffers();
        if (options.firstFrameTime) {
            glFinish(); // the frame is on screen, not merely queued
            const double milliseconds = std::chrono::duration<double, std::milli>(
                                            std::chrono::steady_clock::now() - started)
                                            .count();
            // The CPU time of every thread of this process since it began: on a loaded machine
            // the wall clock measures the other processes too (scripts/bench-view prints both).
            timespec cpu{};
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
            std::printf("first frame: %.1f ms (process CPU %.1f ms)\n", milliseconds,
                        static_cast<double>(cpu.tv_sec) * 1.0e3 +
                            static_cast<double>(cpu.tv_nsec) * 1.0e-6);
            break;
        }
    }
    (*window)->attach(nullptr);
    previewer.releaseGl();
    return status;
}

} // namespace hyperrig::render::preview
