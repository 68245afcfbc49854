#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace hyperrig::render::overlay {

// Keys the overlay's widgets use (text entry in a slider after ctrl+click, keyboard navigation).
// The host maps its toolkit's keys onto these; anything else only arrives as typed characters.
enum class OverlayKey : std::size_t {
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
    A, // ctrl+A selects all in a text field
    Count
};

inline constexpr std::size_t kOverlayKeyCount = static_cast<std::size_t>(OverlayKey::Count);

// Everything the overlay learns from the host for one frame, as plain values: the host (Qt, GLFW,
// a test) translates its events into this struct; render/ never sees a toolkit. Positions are in
// logical pixels with (0, 0) the top-left corner of the viewport, as mouse events count.
struct OverlayInput {
    float displayWidth = 0.0F;         // logical pixels
    float displayHeight = 0.0F;        // logical pixels
    float framebufferScale = 1.0F;     // device pixels per logical pixel (Qt's devicePixelRatio)
    float deltaSeconds = 1.0F / 60.0F; // time since the previous frame, > 0

    bool mouseInside = false; // false: the pointer is outside the viewport (mouseX/Y ignored)
    float mouseX = 0.0F;
    float mouseY = 0.0F;
    std::array<bool, 3> mouseDown{}; // left, right, middle, held now
    float wheel = 0.0F;              // vertical wheel steps since the last frame, + away from user
    float wheelHorizontal = 0.0F;    // horizontal wheel steps, + to the right

    bool ctrl = false;
    bool shift = false;
    bool alt = false;
    bool super = false;
    std::array<bool, kOverlayKeyCount> keysDown{}; // indexed by OverlayKey, held now
    std::vector<char32_t> typedCharacters;         // text typed since the last frame

    bool& key(OverlayKey which) { return keysDown[static_cast<std::size_t>(which)]; }
};

// The input a host keeps feeding the overlay, with the one rule every host needs (the editor's
// ViewportWidget and hyperrig-view's Previewer): ImGui 1.86 polls buttons once a frame, so a
// press must be seen by a frame before its release, or the click is lost; a release that comes
// first waits for the next frame.
struct OverlayFeed {
    OverlayInput input;

    // The buttons held now (left, right, middle), after a press (`pressed`) or any other pointer
    // event.
    void setButtons(const std::array<bool, 3>& down, bool pressed) {
        if (pressed) {
            input.mouseDown = down;
            m_pressUnseen = true;
        } else if (m_pressUnseen || m_releaseDeferred) {
            m_deferredDown = down;
            m_releaseDeferred = input.mouseDown != down;
        } else {
            input.mouseDown = down;
        }
    }

    // After the overlay's frame (newFrame and build): wheel steps and typed text are events, each
    // reaching one frame, and a deferred release is let through. True when that release needs
    // another frame.
    bool frameDone() {
        m_pressUnseen = false;
        input.wheel = 0.0F;
        input.wheelHorizontal = 0.0F;
        input.typedCharacters.clear();
        if (!m_releaseDeferred)
            return false;
        input.mouseDown = m_deferredDown;
        m_releaseDeferred = false;
        return true;
    }

private:
    bool m_pressUnseen = false;     // a press no overlay frame has seen yet
    bool m_releaseDeferred = false; // the buttons changed again before that frame
    std::array<bool, 3> m_deferredDown{};
};

} // namespace hyperrig::render::overlay
