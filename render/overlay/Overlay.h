#pragma once

#include "core/base/Result.h"
#include "render/gl/GlLoader.h"
#include "render/overlay/OverlayInput.h"
#include "render/overlay/OverlayState.h"

#include <vector>

struct ImGuiContext;

namespace hyperrig::render::overlay {

// A rectangle in logical pixels, (0, 0) top-left.
struct OverlayRect {
    float minX = 0.0F, minY = 0.0F, maxX = 0.0F, maxY = 0.0F;
    float centerX() const { return 0.5F * (minX + maxX); }
    float centerY() const { return 0.5F * (minY + maxY); }
    bool contains(float x, float y) const { return x >= minX && x < maxX && y >= minY && y < maxY; }
};

// Where the last build() placed things, for hosts and tests (what a drag on the W slider hits).
struct OverlayLayout {
    OverlayRect window;
    OverlayRect offsetSlider; // the W slider's frame, without its label; empty for 3D rigs
    std::vector<OverlayRect> poseSliders; // the pose sliders' frames, one per plane shown
    // 5D..8D: per axis beyond W (v, u, ...) its offset, XA, YA and ZA sliders' frames, in order.
    std::vector<OverlayRect> beyondWSliders;
    // The display toggles' check boxes, labels included (a click anywhere on them toggles).
    OverlayRect wireframeToggle;
    OverlayRect smoothShadingToggle;
    // The "Keyboard help" window (OverlayState::showKeyHelp); empty while it is closed.
    OverlayRect keyHelpWindow;

    // Whether (x, y) lies over one of the overlay's windows: where the pointer belongs to it.
    bool covers(float x, float y) const {
        return window.contains(x, y) || keyHelpWindow.contains(x, y);
    }
};

// The Dear ImGui overlay of one viewport (Debian's ImGui 1.86 with imgui_impl_opengl3; see
// docs/decisions/0013-imgui-backend.md): the "View" window with the W offset and the XW/YW/ZW
// rotations (4D rigs), the pose shown, pose sliders for the selected bone, display toggles with
// the heat-map's group, and statistics; for hosts that ask (OverlayState), a heading, a notice
// and a "Keyboard help" window.
//
// Each Overlay owns its own ImGui context (one per viewport), made current by every call, so
// several viewports never share state. The GL side follows the Viewport's life cycle, with the
// host's context current:
//   initialize(getProcAddress)  once per GL context (again after Qt recreated it),
//   each frame: newFrame(input), build(state), render() into the bound framebuffer,
//   releaseGl()                 before the GL context goes away.
// newFrame and build need no GL context; render does. The overlay never edits the document: it
// changes the host's OverlayState, and the host runs the edit commands.
class Overlay {
public:
    Overlay();
    ~Overlay();
    Overlay(const Overlay&) = delete;
    Overlay& operator=(const Overlay&) = delete;

    // Loads GL through glad (idempotent) and creates the backend's shaders and font texture.
    core::Result<void> initialize(const gl::GetProcAddress& getProcAddress);
    bool isInitialized() const { return m_glInitialized; }
    // Destroys the backend's GL objects; the context must still be current.
    void releaseGl();

    // Starts a frame from the host's input. Afterwards wantsMouse()/wantsKeyboard() say whether
    // this input belongs to the overlay (ImGui decides from the windows of the previous frame;
    // the window is measured in a hidden first frame and shown, hit and drawn from the second).
    void newFrame(const OverlayInput& input);
    // Lays out the "View" window for this frame, editing `state` (see OverlayState).
    void build(OverlayState& state);
    // Ends the frame and draws it into the framebuffer bound now, over what is there, leaving GL
    // state as it found it. Without initialize() it only ends the frame.
    void render();

    bool wantsMouse() const;
    bool wantsKeyboard() const;
    const OverlayLayout& layout() const { return m_layout; }

private:
    void makeCurrent() const;
    // The offset and rotation sliders of the axes beyond W (5D..8D rigs).
    void buildBeyondWControls(OverlayState& state);
    // The "Keyboard help" window, while state.showKeyHelp.
    void buildKeyHelp(OverlayState& state);

    ImGuiContext* m_context = nullptr;
    bool m_glInitialized = false;
    bool m_inFrame = false;
    OverlayLayout m_layout;
};

} // namespace hyperrig::render::overlay
