#include "render/preview/Previewer.h"

#include "core/base/ThreadPool.h"
#include "core/eval/animation/SkelAnimationSample.h"
#include "render/preview/PointerCamera.h"
#include "render/view/SceneFraming.h"

#include <algorithm>
#include <chrono>
#include <optional>

namespace hyperrig::render::preview {

namespace {

std::optional<overlay::OverlayKey> previewOverlayKey(PreviewKey key) {
    using overlay::OverlayKey;
    switch (key) {
    case PreviewKey::Tab:
        return OverlayKey::Tab;
    case PreviewKey::Left:
        return OverlayKey::Left;
    case PreviewKey::Right:
        return OverlayKey::Right;
    case PreviewKey::Up:
        return OverlayKey::Up;
    case PreviewKey::Down:
        return OverlayKey::Down;
    case PreviewKey::Home:
        return OverlayKey::Home;
    case PreviewKey::End:
        return OverlayKey::End;
    case PreviewKey::Delete:
        return OverlayKey::Delete;
    case PreviewKey::Backspace:
        return OverlayKey::Backspace;
    case PreviewKey::Enter:
        return OverlayKey::Enter;
    case PreviewKey::Escape:
        return OverlayKey::Escape;
    case PreviewKey::A:
        return OverlayKey::A;
    default:
        return std::nullopt;
    }
}

// The overlay's display toggles as the viewport's display (as the editor's binding does).
view::Viewport::Display previewDisplay(const overlay::OverlayState& state) {
    view::Viewport::Display display;
    display.bones = state.showBones;
    display.grid = state.showGrid;
    display.shapes = state.showShapes;
    display.wireframe = state.showWireframe;
    display.shading = state.smoothShading ? scene::Shading::Smooth : scene::Shading::Flat;
    return display;
}

// "rest" or the bind pose's type name, as core::eval::namedPose takes it. The previewer has no
// current pose; should one be asked for, it shows the rest pose.
std::string previewPoseName(const overlay::PoseSelection& pose) {
    return pose.kind == overlay::PoseSelection::Kind::BindPose ? pose.name : "rest";
}

bool previewShowsAnimation(const overlay::OverlayState& state) {
    return state.pose.kind == overlay::PoseSelection::Kind::Animation;
}

std::size_t previewTriangleCount(const scene::SceneData& scene) {
    std::size_t triangles = 0;
    for (const scene::SurfaceInput& surface : scene.surfaces)
        triangles += surface.positions.size() / 3;
    return triangles;
}

constexpr const char* kPreviewDropHint =
    "Drop a .g4tf, .g4b, .usda, .gltf or .glb file here (F1: keys)";

} // namespace

Previewer::Previewer(core::io::ReadOptions readOptions) : m_readOptions(std::move(readOptions)) {
    m_overlayState.readOnly = true;
    m_overlayState.keyHelp = previewKeyHelp();
    m_overlayState.heading = kPreviewDropHint;
    m_overlayState.is4D = false;
    m_overlayState.extraAxisCount = 0;
    m_overlayState.pose = {overlay::PoseSelection::Kind::Rest, {}};
}

Previewer::~Previewer() = default;

core::Result<void> Previewer::initializeGl(const gl::GetProcAddress& getProcAddress) {
    auto initialized = m_viewport.initialize(getProcAddress);
    if (!initialized)
        return initialized;
    const std::string& renderer = m_viewport.glInfo().renderer;
    const bool software = renderer.find("llvmpipe") != std::string::npos ||
                          renderer.find("softpipe") != std::string::npos ||
                          renderer.find("swrast") != std::string::npos;
    setMultisampling(software ? 1 : 4);
    auto overlay = m_viewport.enableOverlay();
    if (!overlay) // the picture and the keys still work; only the overlay's controls are missing
        m_overlayState.notice = overlay.error().message();
    requestFrames();
    return {};
}

void Previewer::releaseGl() {
    m_multisampled.reset();
    m_viewport.releaseGl();
}

void Previewer::setMultisampling(int samples) {
    m_samples = std::max(1, samples);
    m_multisampled.reset(); // made at the next frame's size
    requestFrames();
}

core::Result<void> Previewer::open(const std::filesystem::path& path) {
    return show(loadPreviewDocument(path, m_readOptions));
}

core::Result<void> Previewer::show(core::Result<std::unique_ptr<PreviewDocument>> loaded) {
    requestFrames();
    if (!loaded) {
        m_overlayState.notice = "Cannot open: " + loaded.error().message();
        return loaded.error();
    }
    // The new document replaces the shown one only once its first scene is built.
    std::unique_ptr<PreviewDocument> previous = std::move(m_document);
    const overlay::OverlayState previousState = m_overlayState;
    m_document = std::move(*loaded);
    resetOverlayState();
    if (auto shown = refreshScene(); !shown) {
        m_document = std::move(previous);
        m_overlayState = previousState;
        m_overlayState.notice = "Cannot open: " + shown.error().message();
        return shown.error();
    }
    // An import's warnings (the host prints them all): the overlay says how many and the first.
    if (const std::vector<std::string>& warnings = m_document->warnings; !warnings.empty())
        m_overlayState.notice = warnings.size() == 1
                                    ? "Imported with a warning: " + warnings.front()
                                    : "Imported with " + std::to_string(warnings.size()) +
                                          " warnings; the first: " + warnings.front();
    m_frameOnNextDraw = true;
    return {};
}

void Previewer::resetOverlayState() {
    overlay::OverlayState& state = m_overlayState;
    const int dimension = m_document->document.dimension();
    state.is4D = dimension >= 4;
    state.extraAxisCount = std::max(0, dimension - 3);
    state.view = {};
    state.pose = {overlay::PoseSelection::Kind::Rest, {}};
    state.bindPoseNames = m_document->bindPoseNames;
    state.animationNames = m_document->animationNames;
    state.animationStart = state.animationEnd = state.animationTime = 0.0;
    state.animationPlaying = false;
    state.groupNames = m_document->groupNames;
    state.heatMapGroup.clear();
    state.heading =
        m_document->path.filename().string() + "  (" + std::to_string(dimension) + "D, read-only)";
    state.notice.clear();
    state.statistics.vertices = m_document->summary.vertices;
    state.statistics.tetrahedra = dimension == 4 ? m_document->summary.simplexes : 0;
    state.statistics.triangles = 0;
    state.clearChanges();
}

core::Result<void> Previewer::refreshScene() {
    if (!m_document)
        return {};
    overlay::OverlayState& state = m_overlayState;
    auto pose = previewShowsAnimation(state)
                    ? m_document->animationPose(state.pose.name, state.animationTime)
                    : m_document->pose(previewPoseName(state.pose));
    if (!pose)
        return pose.error();
    scene::MeshAttributes highlight;
    if (state.showHeatMap && !state.heatMapGroup.empty()) {
        bool found = false;
        highlight =
            scene::groupHighlight(m_document->document, m_document->rig, state.heatMapGroup, found);
    }
    auto built = scene::buildDocumentScene(m_document->document, m_document->rig,
                                           {std::move(*pose), state.view, std::move(highlight)},
                                           core::base::ThreadPool::shared(), m_workspace);
    if (!built)
        return built.error();
    state.statistics.triangles = previewTriangleCount(*built);
    overlay::setOffsetRange(state, built->wMin, built->wMax);
    for (std::size_t k = 1; k < built->extraAxisExtents.size(); ++k)
        overlay::setBeyondWOffsetRange(state, core::eval::kFirstExtraAxis + static_cast<int>(k),
                                       built->extraAxisExtents[k].min,
                                       built->extraAxisExtents[k].max);
    m_workspace.spare = m_viewport.setScene(std::move(*built)); // its storage, for the next one
    return {};
}

void Previewer::applyOverlayChanges() {
    overlay::OverlayState& state = m_overlayState;
    if (state.poseChanged && previewShowsAnimation(state) && m_document) {
        // A newly chosen animation starts paused at its first time code.
        const auto range = core::eval::animationTimeRange(state.pose.name, m_document->document);
        state.animationStart = range.start;
        state.animationEnd = range.end;
        state.animationTime = range.start;
        state.animationPlaying = false;
    } else if (state.poseChanged) {
        state.animationPlaying = false;
    }
    const bool refresh =
        state.viewChanged || state.poseChanged || state.heatMapChanged || state.animationChanged;
    const bool display = state.displayChanged;
    // The overlay is read-only here (no action buttons); an action is dropped.
    state.clearChanges();
    if (display)
        m_viewport.setDisplay(previewDisplay(state));
    if (refresh) {
        if (auto shown = refreshScene(); !shown) {
            state.notice = "Cannot show that view: " + shown.error().message();
            state.animationPlaying = false; // it would fail again every frame
        }
    }
    requestFrames();
}

void Previewer::resize(const FrameSize& size) {
    m_size = size;
    requestFrames();
}

void Previewer::requestFrames(int frames) {
    m_framesWanted = std::max(m_framesWanted, frames);
}

bool Previewer::overlayCovers(float x, float y) const {
    const overlay::Overlay* overlay = m_viewport.overlay();
    return overlay && overlay->isInitialized() && overlay->layout().covers(x, y);
}

void Previewer::updatePointerOverlayState(bool pressed, bool released) {
    m_overlayFeed.setButtons(m_buttonsDown, pressed);
    m_overlayFeed.input.ctrl = m_modifiers.ctrl;
    m_overlayFeed.input.shift = m_modifiers.shift;
    m_overlayFeed.input.alt = m_modifiers.alt;
    m_overlayFeed.input.super = m_modifiers.super;
    if (released &&
        std::none_of(m_buttonsDown.begin(), m_buttonsDown.end(), [](bool down) { return down; }))
        m_overlayDrag = false;
}

void Previewer::pointerMoved(float x, float y) {
    const float dx = x - m_pointerX;
    const float dy = y - m_pointerY;
    const bool wasOver = m_pointerInside && overlayCovers(m_pointerX, m_pointerY);
    m_pointerX = x;
    m_pointerY = y;
    m_pointerInside = true;
    m_overlayFeed.input.mouseInside = true;
    m_overlayFeed.input.mouseX = x;
    m_overlayFeed.input.mouseY = y;
    const bool over = overlayCovers(x, y);
    if (m_overlayDrag || over || wasOver) {
        requestFrames(); // the overlay highlights what the pointer is over
        if (m_overlayDrag || over)
            return;
    }
    const CameraDrag drag = cameraDragFor(m_buttonsDown, m_modifiers);
    if (drag == CameraDrag::None)
        return;
    dragCamera(m_viewport.camera(), drag, dx, dy, m_size.windowHeight);
    requestFrames(1);
}

void Previewer::pointerLeft() {
    m_pointerInside = false;
    m_overlayFeed.input.mouseInside = false;
    requestFrames();
}

void Previewer::pointerButton(PointerButton button, bool pressed, const Modifiers& modifiers) {
    m_buttonsDown[static_cast<std::size_t>(button)] = pressed;
    m_modifiers = modifiers;
    const bool over = m_pointerInside && overlayCovers(m_pointerX, m_pointerY);
    if (pressed && over)
        m_overlayDrag = true;
    updatePointerOverlayState(pressed, !pressed);
    requestFrames();
}

void Previewer::scrolled(float dx, float dy) {
    if (m_overlayDrag || (m_pointerInside && overlayCovers(m_pointerX, m_pointerY))) {
        m_overlayFeed.input.wheel += dy;
        m_overlayFeed.input.wheelHorizontal += dx;
    } else {
        wheelCamera(m_viewport.camera(), dy);
    }
    requestFrames();
}

void Previewer::keyChanged(PreviewKey key, bool pressed, const Modifiers& modifiers) {
    m_modifiers = modifiers;
    m_overlayFeed.input.ctrl = modifiers.ctrl;
    m_overlayFeed.input.shift = modifiers.shift;
    m_overlayFeed.input.alt = modifiers.alt;
    m_overlayFeed.input.super = modifiers.super;
    const auto overlayKey = previewOverlayKey(key);
    if (overlayKey && !pressed)
        m_overlayFeed.input.key(*overlayKey) = false; // never leave a key held in the overlay
    requestFrames();
    const overlay::Overlay* overlay = m_viewport.overlay();
    if (overlay && overlay->isInitialized() && overlay->wantsKeyboard()) {
        if (overlayKey)
            m_overlayFeed.input.key(*overlayKey) = pressed;
        return;
    }
    if (!pressed)
        return;
    if (const auto action = previewActionFor(key, modifiers))
        perform(*action);
}

void Previewer::typed(char32_t character) {
    const overlay::Overlay* overlay = m_viewport.overlay();
    if (!overlay || !overlay->wantsKeyboard() || character < 0x20 || character == 0x7f)
        return;
    m_overlayFeed.input.typedCharacters.push_back(character);
    requestFrames();
}

void Previewer::filesDropped(const std::vector<std::filesystem::path>& paths) {
    if (paths.empty())
        return;
    (void)open(paths.front()); // a failure is shown in the overlay and keeps the document
}

void Previewer::choosePose(const overlay::PoseSelection& pose) {
    m_overlayState.pose = pose;
    m_overlayState.poseChanged = true;
    applyOverlayChanges();
}

core::Result<void> Previewer::choosePoseNamed(const std::string& name) {
    if (name == "rest") {
        choosePose({overlay::PoseSelection::Kind::Rest, {}});
        return {};
    }
    const std::vector<std::string>& names = m_overlayState.bindPoseNames;
    const std::vector<std::string>& animations = m_overlayState.animationNames;
    if (std::find(names.begin(), names.end(), name) != names.end()) {
        choosePose({overlay::PoseSelection::Kind::BindPose, name});
        return {};
    }
    if (std::find(animations.begin(), animations.end(), name) != animations.end()) {
        choosePose({overlay::PoseSelection::Kind::Animation, name});
        return {};
    }
    std::string known = "rest";
    for (const std::string& stored : names)
        known += ", " + stored;
    std::string message = "no stored bind pose named '" + name + "' (poses: " + known + ")";
    if (!animations.empty()) {
        std::string list;
        for (const std::string& animation : animations)
            list += (list.empty() ? "" : ", ") + animation;
        message = "no stored bind pose or animation named '" + name + "' (poses: " + known +
                  "; animations: " + list + ")";
    }
    return core::Error(message);
}

void Previewer::setAnimationTime(double time) {
    overlay::OverlayState& state = m_overlayState;
    if (!m_document || !previewShowsAnimation(state))
        return;
    state.animationTime = std::clamp(time, state.animationStart, state.animationEnd);
    state.animationChanged = true;
    applyOverlayChanges();
}

void Previewer::setAnimationPlaying(bool playing) {
    overlay::OverlayState& state = m_overlayState;
    if (!m_document || !previewShowsAnimation(state))
        return;
    state.animationPlaying = playing;
    requestFrames();
}

bool Previewer::animationPlaying() const {
    return m_document && previewShowsAnimation(m_overlayState) && m_overlayState.animationPlaying;
}

void Previewer::advanceAnimation(double seconds) {
    overlay::OverlayState& state = m_overlayState;
    state.animationTime =
        overlay::advanceAnimationTime(state.animationTime, seconds, kTimeCodesPerSecond,
                                      state.animationStart, state.animationEnd);
    state.animationChanged = true;
    applyOverlayChanges();
}

void Previewer::setView(const core::eval::View4D& view) {
    m_overlayState.view = view;
    m_overlayState.viewChanged = true;
    applyOverlayChanges();
}

void Previewer::stepPose(int step) {
    const std::vector<std::string>& names = m_overlayState.bindPoseNames;
    const std::vector<std::string>& animations = m_overlayState.animationNames;
    const auto count = static_cast<int>(overlay::poseLabels(names, animations, true).size());
    const auto index =
        static_cast<int>(overlay::poseIndex(m_overlayState.pose, names, animations, true));
    const int next = ((index + step) % count + count) % count;
    choosePose(overlay::poseAt(static_cast<std::size_t>(next), names, animations, true));
}

void Previewer::stepOffset(int step) {
    if (!m_document || !m_overlayState.is4D)
        return;
    // 1/20 of the slider's range per step, kept inside it.
    overlay::OverlayState& state = m_overlayState;
    core::eval::View4D view = state.view;
    const double span = state.offsetMax - state.offsetMin;
    view.offset = std::clamp(view.offset + step * span / 20.0, state.offsetMin, state.offsetMax);
    setView(view);
}

void Previewer::perform(PreviewAction action) {
    requestFrames();
    const bool sliced = m_document && m_overlayState.is4D;
    switch (action) {
    case PreviewAction::FrameModel:
        m_viewport.frameScene(m_size.aspect());
        break;
    case PreviewAction::ResetView:
        m_viewport.resetCamera(m_size.aspect());
        break;
    case PreviewAction::NextPose:
        if (m_document)
            stepPose(1);
        break;
    case PreviewAction::PreviousPose:
        if (m_document)
            stepPose(-1);
        break;
    case PreviewAction::OffsetUp:
        stepOffset(1);
        break;
    case PreviewAction::OffsetDown:
        stepOffset(-1);
        break;
    case PreviewAction::RotateSliceXW:
    case PreviewAction::RotateSliceYW:
    case PreviewAction::RotateSliceZW:
        if (sliced) {
            core::eval::View4D view = m_overlayState.view;
            core::eval::rotateSliceQuarterTurn(
                view, static_cast<int>(action) - static_cast<int>(PreviewAction::RotateSliceXW));
            setView(view);
        }
        break;
    case PreviewAction::ResetSlice:
        if (sliced)
            setView({});
        break;
    case PreviewAction::TogglePlay:
        setAnimationPlaying(!m_overlayState.animationPlaying);
        break;
    case PreviewAction::ToggleKeyHelp:
        m_overlayState.showKeyHelp = !m_overlayState.showKeyHelp;
        break;
    case PreviewAction::CloseKeyHelp:
        m_overlayState.showKeyHelp = false;
        break;
    case PreviewAction::Quit:
        m_quitRequested = true;
        break;
    }
}

void Previewer::drawFrame(GLuint framebuffer, float deltaSeconds) {
    if (m_framesWanted > 0)
        --m_framesWanted;
    if (!m_viewport.isInitialized())
        return;
    // The frame clock: only a frame that follows one drawn while playing moves the time on.
    const bool playing = animationPlaying();
    if (playing && m_playedLastFrame)
        advanceAnimation(static_cast<double>(deltaSeconds));
    overlay::Overlay* overlay = m_viewport.overlay();
    if (overlay && overlay->isInitialized()) {
        m_overlayFeed.input.displayWidth = static_cast<float>(m_size.windowWidth);
        m_overlayFeed.input.displayHeight = static_cast<float>(m_size.windowHeight);
        m_overlayFeed.input.framebufferScale = m_size.scale();
        m_overlayFeed.input.deltaSeconds = std::max(deltaSeconds, 1.0e-4F);
        overlay->newFrame(m_overlayFeed.input);
        overlay->build(m_overlayState);
        if (m_overlayFeed.frameDone())
            requestFrames(); // the deferred release
        // Applied before drawing, so this frame shows what the overlay asked for.
        if (m_overlayState.anyChange())
            applyOverlayChanges();
    }
    if (m_frameOnNextDraw && m_size.windowWidth > 0 && m_size.windowHeight > 0) {
        m_viewport.resetCamera(m_size.aspect());
        m_frameOnNextDraw = false;
    }
    m_playedLastFrame = animationPlaying(); // a Play pressed in this frame counts from it
    const auto start = std::chrono::steady_clock::now();
    drawViewport(framebuffer);
    m_overlayState.statistics.frameMilliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void Previewer::drawViewport(GLuint framebuffer) {
    const int width = m_size.framebufferWidth;
    const int height = m_size.framebufferHeight;
    if (m_samples > 1 && width > 0 && height > 0 &&
        (!m_multisampled || m_multisampled->width() != width ||
         m_multisampled->height() != height)) {
        m_multisampled.reset();
        auto made = gl::OffscreenFramebuffer::create(width, height, m_samples);
        if (made)
            m_multisampled = std::move(*made);
        else // drawn without antialiasing rather than not at all
            m_samples = 1;
    }
    if (m_samples <= 1 || !m_multisampled) {
        m_viewport.draw(framebuffer, width, height);
        return;
    }
    m_viewport.draw(m_multisampled->name(), width, height);
    // Resolves the samples into the host's framebuffer.
    glBindFramebuffer(GL_READ_FRAMEBUFFER, m_multisampled->name());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
    glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
}

} // namespace hyperrig::render::preview
