#pragma once

#include <optional>

namespace hyperrig::render::preview {

// The keys the previewer reacts to, as plain values: a window toolkit (GLFW in hyperrig-view, a
// test) maps its own key codes onto these; render/ never sees a toolkit. The overlay's editing
// keys (arrows, Tab, Enter, ...) come first, then the previewer's own bindings (PreviewKeys.h).
enum class PreviewKey {
    Tab,
    Left,
    Right,
    Up,
    Down,
    Home,
    End,
    Delete,
    Backspace,
    Enter,
    Escape,
    A,
    F,
    F1,
    P,
    Q,
    R,
    X,
    Y,
    Z,
    PageUp,
    PageDown,
    Space,
};

// Which pointer button: GLFW's and ImGui's order (left, right, middle).
enum class PointerButton { Left, Right, Middle };

struct Modifiers {
    bool ctrl = false;
    bool shift = false;
    bool alt = false;
    bool super = false;
};

// The window's size in logical pixels (what pointer positions count in) and its framebuffer's
// in device pixels: on a HiDPI screen the framebuffer is larger (GLFW's window vs framebuffer
// size; Qt's devicePixelRatio). The overlay lays out in logical pixels and is drawn scaled.
struct FrameSize {
    int windowWidth = 0;
    int windowHeight = 0;
    int framebufferWidth = 0;
    int framebufferHeight = 0;

    // Device pixels per logical pixel (1 when the window has no size yet).
    float scale() const {
        return windowWidth > 0
                   ? static_cast<float>(framebufferWidth) / static_cast<float>(windowWidth)
                   : 1.0F;
    }
    float aspect() const {
        return windowHeight > 0 ? static_cast<float>(windowWidth) / static_cast<float>(windowHeight)
                                : 1.0F;
    }
};

} // namespace hyperrig::render::preview
