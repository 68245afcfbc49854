#include "render/preview/glfw/GlfwWindow.h"

#include "render/preview/Previewer.h"

#include <glad/gl.h>

#define GLFW_INCLUDE_NONE // glad declares GL; GLFW must not include the system's gl.h
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

namespace hyperrig::render::preview {

namespace {

std::string& glfwLastError() {
    static std::string message;
    return message;
}

void rememberGlfwError(int code, const char* description) {
    glfwLastError() = std::string(description ? description : "unknown") + " (GLFW error " +
                      std::to_string(code) + ")";
}

std::optional<PreviewKey> glfwPreviewKey(int key) {
    switch (key) {
    case GLFW_KEY_TAB:
        return PreviewKey::Tab;
    case GLFW_KEY_LEFT:
        return PreviewKey::Left;
    case GLFW_KEY_RIGHT:
        return PreviewKey::Right;
    case GLFW_KEY_UP:
        return PreviewKey::Up;
    case GLFW_KEY_DOWN:
        return PreviewKey::Down;
    case GLFW_KEY_HOME:
        return PreviewKey::Home;
    case GLFW_KEY_END:
        return PreviewKey::End;
    case GLFW_KEY_DELETE:
        return PreviewKey::Delete;
    case GLFW_KEY_BACKSPACE:
        return PreviewKey::Backspace;
    case GLFW_KEY_ENTER:
    case GLFW_KEY_KP_ENTER:
        return PreviewKey::Enter;
    case GLFW_KEY_ESCAPE:
        return PreviewKey::Escape;
    case GLFW_KEY_A:
        return PreviewKey::A;
    case GLFW_KEY_F:
        return PreviewKey::F;
    case GLFW_KEY_F1:
        return PreviewKey::F1;
    case GLFW_KEY_P:
        return PreviewKey::P;
    case GLFW_KEY_Q:
        return PreviewKey::Q;
    case GLFW_KEY_R:
        return PreviewKey::R;
    case GLFW_KEY_X:
        return PreviewKey::X;
    case GLFW_KEY_Y:
        return PreviewKey::Y;
    case GLFW_KEY_Z:
        return PreviewKey::Z;
    case GLFW_KEY_PAGE_UP:
        return PreviewKey::PageUp;
    case GLFW_KEY_PAGE_DOWN:
        return PreviewKey::PageDown;
    case GLFW_KEY_SPACE:
        return PreviewKey::Space;
    default:
        return std::nullopt;
    }
}

Modifiers glfwModifiers(int mods) {
    return {(mods & GLFW_MOD_CONTROL) != 0, (mods & GLFW_MOD_SHIFT) != 0,
            (mods & GLFW_MOD_ALT) != 0, (mods & GLFW_MOD_SUPER) != 0};
}

GlfwWindow& windowOf(GLFWwindow* window) {
    return *static_cast<GlfwWindow*>(glfwGetWindowUserPointer(window));
}

} // namespace

core::Result<std::unique_ptr<GlfwWindow>> GlfwWindow::create(const Options& options) {
    glfwSetErrorCallback(rememberGlfwError);
    if (!glfwInit())
        return core::Error("cannot open a window: " + glfwLastError());
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_DEPTH_BITS, 24);
    // No multisampled default framebuffer: the Previewer multisamples offscreen where the
    // renderer is a GPU (decision 0040).
    glfwWindowHint(GLFW_SAMPLES, 0);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
    glfwWindowHint(GLFW_VISIBLE, options.visible ? GLFW_TRUE : GLFW_FALSE);
    std::unique_ptr<GlfwWindow> window(new GlfwWindow());
    window->m_window =
        glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
    if (!window->m_window) {
        const std::string reason = glfwLastError();
        glfwTerminate();
        return core::Error("cannot open an OpenGL 3.3 core window: " + reason);
    }
    glfwSetWindowUserPointer(window->m_window, window.get());
    glfwMakeContextCurrent(window->m_window);
    glfwSwapInterval(1); // vsync: no tearing, and no more frames than the screen shows
    window->installCallbacks();
    return window;
}

GlfwWindow::~GlfwWindow() {
    if (m_window)
        glfwDestroyWindow(m_window);
    glfwTerminate();
}

gl::GetProcAddress GlfwWindow::getProcAddress() {
    return [](const char* name) {
        return reinterpret_cast<gl::GlProc>(glfwGetProcAddress(name));
    };
}

float GlfwWindow::coordinateScale() const {
    int windowWidth = 0;
    int windowHeight = 0;
    int framebufferWidth = 0;
    int framebufferHeight = 0;
    float contentX = 1.0F;
    float contentY = 1.0F;
    glfwGetWindowSize(m_window, &windowWidth, &windowHeight);
    glfwGetFramebufferSize(m_window, &framebufferWidth, &framebufferHeight);
    glfwGetWindowContentScale(m_window, &contentX, &contentY);
    if (windowWidth <= 0 || framebufferWidth <= 0)
        return 1.0F;
    // The content scale the platform has not applied already through a larger framebuffer.
    const float platformRatio =
        static_cast<float>(framebufferWidth) / static_cast<float>(windowWidth);
    return std::max(1.0F, contentX / platformRatio);
}

FrameSize GlfwWindow::frameSize() const {
    FrameSize size;
    int windowWidth = 0;
    int windowHeight = 0;
    glfwGetWindowSize(m_window, &windowWidth, &windowHeight);
    glfwGetFramebufferSize(m_window, &size.framebufferWidth, &size.framebufferHeight);
    const float scale = coordinateScale();
    size.windowWidth = static_cast<int>(static_cast<float>(windowWidth) / scale + 0.5F);
    size.windowHeight = static_cast<int>(static_cast<float>(windowHeight) / scale + 0.5F);
    return size;
}

void GlfwWindow::sendFrameSize() {
    if (m_previewer)
        m_previewer->resize(frameSize());
}

void GlfwWindow::attach(Previewer* previewer) {
    m_previewer = previewer;
    sendFrameSize();
}

void GlfwWindow::installCallbacks() {
    glfwSetFramebufferSizeCallback(m_window,
                                   [](GLFWwindow* w, int, int) { windowOf(w).sendFrameSize(); });
    glfwSetWindowSizeCallback(m_window,
                              [](GLFWwindow* w, int, int) { windowOf(w).sendFrameSize(); });
    glfwSetWindowContentScaleCallback(
        m_window, [](GLFWwindow* w, float, float) { windowOf(w).sendFrameSize(); });
    glfwSetWindowRefreshCallback(m_window, [](GLFWwindow* w) {
        if (Previewer* previewer = windowOf(w).m_previewer)
            previewer->resize(windowOf(w).frameSize()); // asks for a frame
    });
    glfwSetCursorPosCallback(m_window, [](GLFWwindow* w, double x, double y) {
        GlfwWindow& self = windowOf(w);
        if (!self.m_previewer)
            return;
        const float scale = self.coordinateScale();
        self.m_previewer->pointerMoved(static_cast<float>(x) / scale,
                                       static_cast<float>(y) / scale);
    });
    glfwSetCursorEnterCallback(m_window, [](GLFWwindow* w, int entered) {
        GlfwWindow& self = windowOf(w);
        if (self.m_previewer && !entered)
            self.m_previewer->pointerLeft();
    });
    glfwSetMouseButtonCallback(m_window, [](GLFWwindow* w, int button, int action, int mods) {
        GlfwWindow& self = windowOf(w);
        if (!self.m_previewer || button > GLFW_MOUSE_BUTTON_MIDDLE || action == GLFW_REPEAT)
            return;
        // GLFW's order is left, right, middle, as PointerButton's.
        self.m_previewer->pointerButton(static_cast<PointerButton>(button), action == GLFW_PRESS,
                                        glfwModifiers(mods));
    });
    glfwSetScrollCallback(m_window, [](GLFWwindow* w, double dx, double dy) {
        if (Previewer* previewer = windowOf(w).m_previewer)
            previewer->scrolled(static_cast<float>(dx), static_cast<float>(dy));
    });
    glfwSetKeyCallback(m_window, [](GLFWwindow* w, int key, int, int action, int mods) {
        Previewer* previewer = windowOf(w).m_previewer;
        const auto previewKey = glfwPreviewKey(key);
        if (!previewer || !previewKey)
            return;
        // A held key repeats its action (Page Up slides the slice on), as a press does.
        previewer->keyChanged(*previewKey, action != GLFW_RELEASE, glfwModifiers(mods));
    });
    glfwSetCharCallback(m_window, [](GLFWwindow* w, unsigned int codepoint) {
        if (Previewer* previewer = windowOf(w).m_previewer)
            previewer->typed(static_cast<char32_t>(codepoint));
    });
    glfwSetDropCallback(m_window, [](GLFWwindow* w, int count, const char** paths) {
        Previewer* previewer = windowOf(w).m_previewer;
        if (!previewer)
            return;
        std::vector<std::filesystem::path> dropped;
        for (int index = 0; index < count; ++index)
            dropped.emplace_back(paths[index]);
        previewer->filesDropped(dropped);
    });
}

void GlfwWindow::setTitle(const std::string& title) {
    glfwSetWindowTitle(m_window, title.c_str());
}

bool GlfwWindow::shouldClose() const {
    return glfwWindowShouldClose(m_window) != 0;
}

void GlfwWindow::swapBuffers() {
    glfwSwapBuffers(m_window);
}

void GlfwWindow::waitEvents() {
    glfwWaitEvents();
}

void GlfwWindow::pollEvents() {
    glfwPollEvents();
}

gl::RgbaImage GlfwWindow::readBackBuffer() const {
    int width = 0;
    int height = 0;
    glfwGetFramebufferSize(m_window, &width, &height);
    gl::RgbaImage image;
    image.width = width;
    image.height = height;
    const std::size_t rowBytes = static_cast<std::size_t>(width) * 4;
    std::vector<std::uint8_t> bottomUp(rowBytes * static_cast<std::size_t>(height));
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, bottomUp.data());
    image.pixels.resize(bottomUp.size());
    for (int row = 0; row < height; ++row) // GL counts rows from the bottom
        std::copy_n(bottomUp.begin() + static_cast<std::ptrdiff_t>(rowBytes) * (height - 1 - row),
                    rowBytes, image.pixels.begin() + static_cast<std::ptrdiff_t>(rowBytes) * row);
    return image;
}

} // namespace hyperrig::render::preview
