#pragma once

#include "core/base/Result.h"
#include "core/io/g4mf/G4mfFile.h"
#include "render/gl/GlLoader.h"
#include "render/gl/OffscreenFramebuffer.h"
#include "render/overlay/OverlayInput.h"
#include "render/overlay/OverlayState.h"
#include "render/preview/PreviewDocument.h"
#include "render/preview/PreviewInput.h"
#include "render/preview/PreviewKeys.h"
#include "render/scene/DocumentScene.h"
#include "render/view/Viewport.h"

#include <glad/gl.h>

#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::render::preview {

// The frame logic of hyperrig-view, without a window: it holds the shown document, the viewport
// (render/view) and its ImGui overlay (render/overlay, fed plain OverlayInput exactly as the
// editor feeds it; decision 0039), turns the host's plain input events (PreviewInput.h) into
// camera moves, key actions and overlay input, and draws a frame into the framebuffer the host
// names. The GLFW window (render/preview/glfw) is one host; the tests drive it headless through
// EGL. Read-only: it reads documents and never writes or edits one.
//
// Life cycle, with the host's GL context current where GL is named:
//   initializeGl(getProcAddress)   once per context;
//   open(path) at any time (a failed open keeps what is shown and says why in the overlay);
//   resize(size) when the window or framebuffer changes;
//   the input calls as events arrive; drawFrame(framebuffer, dt) when wantsFrame();
//   releaseGl()                    before the context goes away.
class Previewer {
public:
    explicit Previewer(core::io::ReadOptions readOptions = {});
    ~Previewer();
    Previewer(const Previewer&) = delete;
    Previewer& operator=(const Previewer&) = delete;

    core::Result<void> initializeGl(const gl::GetProcAddress& getProcAddress);
    void releaseGl();

    // Reads `path` and shows it in the rest pose, sliced at W = 0 unturned, framed at the next
    // frame. On failure the document shown so far stays as it was, the error becomes the
    // overlay's notice, and it is returned.
    core::Result<void> open(const std::filesystem::path& path);
    // open() for a document already read: `loaded` is loadPreviewDocument's result, which a host
    // may compute on another thread while its window opens (hyperrig-view does, to start faster).
    core::Result<void> show(core::Result<std::unique_ptr<PreviewDocument>> loaded);
    bool hasDocument() const { return m_document != nullptr; }
    const PreviewDocument* document() const { return m_document.get(); }

    void resize(const FrameSize& size);
    const FrameSize& size() const { return m_size; }

    // Input, in logical pixels with (0, 0) the window's top-left corner. Pointer and wheel
    // events go to the overlay while it wants them (over one of its windows, or during a drag
    // that began there), to the camera otherwise; keys go to the overlay while it has the
    // keyboard (a slider being typed into), to the previewer's bindings (PreviewKeys.h)
    // otherwise.
    void pointerMoved(float x, float y);
    void pointerLeft();
    void pointerButton(PointerButton button, bool pressed, const Modifiers& modifiers);
    void scrolled(float dx, float dy);
    void keyChanged(PreviewKey key, bool pressed, const Modifiers& modifiers);
    void typed(char32_t character);
    // Opens the first of `paths` (a drop of several files opens one: the previewer shows one
    // document); a failure keeps the shown document (open()).
    void filesDropped(const std::vector<std::filesystem::path>& paths);

    // What the keys do, for hosts and tests (the overlay's controls change the same state).
    void perform(PreviewAction action);
    // Choosing an animation shows it paused at its first time code (the overlay's time range is
    // core::eval::animationTimeRange's).
    void choosePose(const overlay::PoseSelection& pose);
    // Shows the pose named `name`: "rest", one of the document's stored bind poses or one of its
    // animations; fails, listing the poses there are, for any other name.
    core::Result<void> choosePoseNamed(const std::string& name);
    // The shown animation's time (kept inside its range) and playing state; nothing without an
    // animation shown.
    void setAnimationTime(double time);
    void setAnimationPlaying(bool playing);
    // Time codes per second of playback (decision 0058).
    static constexpr double kTimeCodesPerSecond = overlay::kPlaybackTimeCodesPerSecond;
    void setView(const core::eval::View4D& view);

    // Draws one frame into `framebuffer` (the window's default framebuffer, 0, or a test's
    // offscreen one) at the framebuffer size resize() gave: the overlay's frame first (its
    // changes are applied, the scene sliced again when the view, pose or heat-map changed),
    // then the viewport with the overlay over it. `deltaSeconds` is the time since the last
    // frame (ImGui's animations, and the frame clock of a playing animation: each frame drawn
    // while playing after the first moves its time on by deltaSeconds × kTimeCodesPerSecond and
    // loops at the end; the first one does not, since the host's delta then spans the idle
    // wait before play began).
    void drawFrame(GLuint framebuffer, float deltaSeconds);
    // Whether something changed since the last frame (input, a document, ImGui settling, an
    // animation playing): event-driven hosts wait for events while this is false.
    bool wantsFrame() const { return m_framesWanted > 0 || animationPlaying(); }

    // Antialiasing: frames are drawn into a multisampled offscreen framebuffer with `samples`
    // samples and resolved into the host's (1: drawn directly). initializeGl chooses 4 (the
    // headless pictures' count) on a GPU and 1 on a software renderer (llvmpipe, softpipe,
    // swrast), where 4 samples cost a quarter of a second of the start-up budget
    // (docs/decisions/0040-previewer-start-up.md).
    void setMultisampling(int samples);
    int multisampling() const { return m_samples; }
    bool quitRequested() const { return m_quitRequested; }

    const overlay::OverlayState& overlayState() const { return m_overlayState; }
    overlay::OverlayState& overlayState() { return m_overlayState; }
    const view::Viewport& viewport() const { return m_viewport; }
    view::Viewport& viewport() { return m_viewport; }

private:
    void resetOverlayState();
    // Viewport::draw into `framebuffer`, through the multisampled framebuffer when there is one.
    void drawViewport(GLuint framebuffer);
    // Evaluates and slices the document again under the overlay's pose and view.
    core::Result<void> refreshScene();
    void applyOverlayChanges();
    void stepPose(int step);
    bool animationPlaying() const;
    // Moves a playing animation on by `seconds` of the frame clock (drawFrame).
    void advanceAnimation(double seconds);
    void stepOffset(int step);
    bool overlayCovers(float x, float y) const;
    void requestFrames(int frames = 2);
    void updatePointerOverlayState(bool pressed, bool released);

    core::io::ReadOptions m_readOptions;
    int m_samples = 1;
    std::optional<gl::OffscreenFramebuffer> m_multisampled; // when m_samples > 1, GL current
    std::unique_ptr<PreviewDocument> m_document;
    view::Viewport m_viewport;
    scene::SceneWorkspace m_workspace;
    overlay::OverlayState m_overlayState;
    overlay::OverlayFeed m_overlayFeed;
    FrameSize m_size;
    bool m_frameOnNextDraw = false;
    int m_framesWanted = 2; // ImGui measures its windows in a hidden first frame
    bool m_quitRequested = false;
    bool m_playedLastFrame = false; // the last frame drawn showed the animation playing

    // Pointer state (logical pixels) and the overlay's share of it, as ui/ViewportWidget keeps.
    float m_pointerX = 0.0F;
    float m_pointerY = 0.0F;
    bool m_pointerInside = false;
    std::array<bool, 3> m_buttonsDown{};
    Modifiers m_modifiers;
    bool m_overlayDrag = false; // a press that began over the overlay, until all are up
};

} // namespace hyperrig::render::preview
