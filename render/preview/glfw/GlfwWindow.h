#pragma once

#include "core/base/Result.h"
#include "render/gl/GlLoader.h"
#include "render/gl/RgbaImage.h"
#include "render/preview/PreviewInput.h"

#include <memory>
#include <string>

struct GLFWwindow;

namespace hyperrig::render::preview {

class Previewer;

// hyperrig-view's window: GLFW with an OpenGL 3.3 core context (forward compatible), vsync on,
// scaled to the monitor's content scale. It turns GLFW's callbacks into the Previewer's plain
// input (PreviewInput.h) and knows nothing of what is drawn; the frame logic stays testable
// without it (decision 0039). One window per process: create() initialises GLFW and the
// destructor terminates it.
//
// HiDPI: GLFW reports the window in screen coordinates and the framebuffer in pixels. Where the
// platform scales for us (Wayland, macOS) the framebuffer is already larger than the window;
// where it does not (X11) the content scale (Xft.dpi) is applied here: the overlay lays out in
// logical pixels = screen coordinates / (content scale / framebuffer ratio), so its text has the
// same physical size on any screen.
class GlfwWindow {
public:
    struct Options {
        int width = 1280; // logical pixels
        int height = 800;
        std::string title = "HyperRig Viewer";
        bool visible = true;
    };

    static core::Result<std::unique_ptr<GlfwWindow>> create(const Options& options);
    ~GlfwWindow();
    GlfwWindow(const GlfwWindow&) = delete;
    GlfwWindow& operator=(const GlfwWindow&) = delete;

    // glfwGetProcAddress of this window's context (current since create()).
    static gl::GetProcAddress getProcAddress();

    // From now on the window's events go to `previewer` (not owned; detach before it goes).
    void attach(Previewer* previewer);
    FrameSize frameSize() const;
    void setTitle(const std::string& title);

    bool shouldClose() const;
    void swapBuffers();
    // Waits for the next event (event-driven redraws), or only handles pending ones.
    void waitEvents();
    void pollEvents();

    // The back buffer's pixels, top row first: what the next swapBuffers() shows. Call it after
    // drawing and before swapping.
    gl::RgbaImage readBackBuffer() const;

private:
    GlfwWindow() = default;
    // Screen coordinates per logical pixel (content scale not applied by the platform).
    float coordinateScale() const;
    void installCallbacks();
    void sendFrameSize();

    GLFWwindow* m_window = nullptr;
    Previewer* m_previewer = nullptr;
};

} // namespace hyperrig::render::preview
