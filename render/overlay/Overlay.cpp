#include "render/overlay/Overlay.h"

#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cfloat>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::render::overlay {

namespace {

int keyIndex(OverlayKey key) {
    return static_cast<int>(key);
}

OverlayRect lastItemRect() {
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    return {min.x, min.y, max.x, max.y};
}

// A double edited through ImGui's float slider; true when the user moved it.
bool sliderDouble(const char* label, double& value, double min, double max, const char* format) {
    float edited = static_cast<float>(value);
    if (!ImGui::SliderFloat(label, &edited, static_cast<float>(min), static_cast<float>(max),
                            format))
        return false;
    value = static_cast<double>(edited);
    return true;
}

// A combo listing `labels` that shows labels[selected]; the index the user picked when it differs
// from `selected`. Each entry is drawn verbatim after an empty-labelled selectable, so "##" in a
// name (a pose or a group called "a##b") hides no text.
std::optional<std::size_t> comboOfLabels(const char* label, const std::vector<std::string>& labels,
                                         std::size_t selected) {
    std::optional<std::size_t> picked;
    if (!ImGui::BeginCombo(label, labels[selected].c_str()))
        return picked;
    for (std::size_t index = 0; index < labels.size(); ++index) {
        ImGui::PushID(static_cast<int>(index));
        if (ImGui::Selectable("##entry", index == selected) && index != selected)
            picked = index;
        ImGui::SameLine(0.0F, 0.0F);
        ImGui::TextUnformatted(labels[index].c_str());
        ImGui::PopID();
    }
    ImGui::EndCombo();
    return picked;
}

} // namespace

Overlay::Overlay() {
    ImGuiContext* previous = ImGui::GetCurrentContext();
    m_context = ImGui::CreateContext();
    ImGui::SetCurrentContext(m_context);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr; // the overlay's layout is fixed; never write imgui.ini
    io.LogFilename = nullptr;
    io.ConfigFlags |= ImGuiConfigFlags_NoMouseCursorChange;
    io.BackendPlatformName = "hyperrig_overlay";
    // ImGui 1.86 reads keys through KeyMap into KeysDown; our OverlayKey values are the indices.
    io.KeyMap[ImGuiKey_Tab] = keyIndex(OverlayKey::Tab);
    io.KeyMap[ImGuiKey_LeftArrow] = keyIndex(OverlayKey::Left);
    io.KeyMap[ImGuiKey_RightArrow] = keyIndex(OverlayKey::Right);
    io.KeyMap[ImGuiKey_UpArrow] = keyIndex(OverlayKey::Up);
    io.KeyMap[ImGuiKey_DownArrow] = keyIndex(OverlayKey::Down);
    io.KeyMap[ImGuiKey_Home] = keyIndex(OverlayKey::Home);
    io.KeyMap[ImGuiKey_End] = keyIndex(OverlayKey::End);
    io.KeyMap[ImGuiKey_Delete] = keyIndex(OverlayKey::Delete);
    io.KeyMap[ImGuiKey_Backspace] = keyIndex(OverlayKey::Backspace);
    io.KeyMap[ImGuiKey_Enter] = keyIndex(OverlayKey::Enter);
    io.KeyMap[ImGuiKey_KeyPadEnter] = keyIndex(OverlayKey::Enter);
    io.KeyMap[ImGuiKey_Escape] = keyIndex(OverlayKey::Escape);
    io.KeyMap[ImGuiKey_A] = keyIndex(OverlayKey::A);
    ImGui::StyleColorsDark();
    ImGui::SetCurrentContext(previous);
}

Overlay::~Overlay() {
    makeCurrent();
    // Like the Viewport's GL objects: a host that skipped releaseGl() still has its context.
    if (m_glInitialized)
        ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext(m_context);
}

void Overlay::makeCurrent() const {
    ImGui::SetCurrentContext(m_context);
}

core::Result<void> Overlay::initialize(const gl::GetProcAddress& getProcAddress) {
    releaseGl();
    auto info = gl::loadGl(getProcAddress);
    if (!info)
        return info.error().withContext("overlay");
    makeCurrent();
    // The backend calls GL through glad's pointers (compiled with IMGUI_IMPL_OPENGL_LOADER_CUSTOM,
    // docs/decisions/0013-imgui-backend.md), so it works in whatever context the host made.
    if (!ImGui_ImplOpenGL3_Init("#version 330 core"))
        return core::Error("overlay: imgui_impl_opengl3 failed to initialise");
    m_glInitialized = true;
    return {};
}

void Overlay::releaseGl() {
    if (!m_glInitialized)
        return;
    makeCurrent();
    ImGui_ImplOpenGL3_Shutdown();
    m_glInitialized = false;
}

void Overlay::newFrame(const OverlayInput& input) {
    makeCurrent();
    if (m_inFrame)
        ImGui::EndFrame();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize =
        ImVec2(std::max(input.displayWidth, 0.0F), std::max(input.displayHeight, 0.0F));
    io.DisplayFramebufferScale = ImVec2(input.framebufferScale, input.framebufferScale);
    io.DeltaTime = std::max(input.deltaSeconds, 1.0e-4F);
    io.MousePos =
        input.mouseInside ? ImVec2(input.mouseX, input.mouseY) : ImVec2(-FLT_MAX, -FLT_MAX);
    for (std::size_t button = 0; button < input.mouseDown.size(); ++button)
        io.MouseDown[button] = input.mouseDown[button];
    io.MouseWheel = input.wheel;
    io.MouseWheelH = input.wheelHorizontal;
    io.KeyCtrl = input.ctrl;
    io.KeyShift = input.shift;
    io.KeyAlt = input.alt;
    io.KeySuper = input.super;
    for (std::size_t key = 0; key < kOverlayKeyCount; ++key)
        io.KeysDown[key] = input.keysDown[key];
    for (const char32_t character : input.typedCharacters)
        io.AddInputCharacter(static_cast<unsigned int>(character));
    if (m_glInitialized)
        ImGui_ImplOpenGL3_NewFrame();
    else if (!io.Fonts->IsBuilt()) {
        // Without GL (tests of the layout) the font atlas is still needed; no texture is made.
        unsigned char* pixels = nullptr;
        int width = 0;
        int height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    }
    ImGui::NewFrame();
    m_inFrame = true;
}

void Overlay::buildBeyondWControls(OverlayState& state) {
    // 5D..8D: the axes beyond W, each with its offset and its XA, YA, ZA rotations, as W has them
    // (the view's angles are applied axis after axis, core/eval/View4D.h).
    const int axes = std::min(state.extraAxisCount, core::eval::kMaxExtraAxes);
    const float sliderWidth = ImGui::CalcItemWidth();
    const auto recordSlider = [&] {
        OverlayRect frame = lastItemRect();
        frame.maxX = frame.minX + sliderWidth; // without the label
        m_layout.beyondWSliders.push_back(frame);
    };
    m_layout.beyondWSliders.clear();
    for (int axis = core::eval::kFirstExtraAxis + 1; axis < core::eval::kFirstExtraAxis + axes;
         ++axis) {
        const char letter = static_cast<char>(std::toupper(core::eval::axisLetter(axis)));
        const OverlayState::OffsetRange& range = state.beyondWOffsetRanges[static_cast<std::size_t>(
            axis - core::eval::kFirstExtraAxis - 1)];
        core::eval::ExtraAxisView extra = state.view.extraAxis(axis);
        bool changed = false;
        const std::string offsetLabel = std::string(1, letter) + " offset";
        changed |= sliderDouble(offsetLabel.c_str(), extra.offset, range.min, range.max, "%.3f");
        recordSlider();
        const std::array<std::pair<char, double*>, 3> planes{
            {{'X', &extra.xDegrees}, {'Y', &extra.yDegrees}, {'Z', &extra.zDegrees}}};
        for (const auto& [visible, degrees] : planes) {
            const std::string label{visible, letter};
            changed |= sliderDouble(label.c_str(), *degrees, -180.0, 180.0, "%.1f deg");
            recordSlider();
        }
        if (changed) {
            state.view.setExtraAxis(axis, extra);
            state.viewChanged = true;
        }
    }
}

void Overlay::build(OverlayState& state) {
    makeCurrent();
    if (!m_inFrame)
        return;
    ImGui::SetNextWindowPos(ImVec2(10.0F, 10.0F), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.85F);
    ImGui::Begin("View", nullptr, ImGuiWindowFlags_AlwaysAutoResize);

    if (!state.heading.empty())
        ImGui::TextUnformatted(state.heading.c_str());
    if (!state.notice.empty()) {
        // Wrapped at the sliders' width plus their labels, so a long path never widens the window.
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 320.0F);
        ImGui::TextColored(ImVec4(1.0F, 0.62F, 0.45F, 1.0F), "%s", state.notice.c_str());
        ImGui::PopTextWrapPos();
    }
    if (!state.heading.empty() || !state.notice.empty())
        ImGui::Separator();

    ImGui::PushItemWidth(180.0F);
    const float sliderWidth = ImGui::CalcItemWidth();
    if (state.is4D) {
        if (sliderDouble("W offset", state.view.offset, state.offsetMin, state.offsetMax, "%.3f"))
            state.viewChanged = true;
        m_layout.offsetSlider = lastItemRect();
        m_layout.offsetSlider.maxX = m_layout.offsetSlider.minX + sliderWidth; // without label
        if (sliderDouble("XW", state.view.xwDegrees, -180.0, 180.0, "%.1f deg"))
            state.viewChanged = true;
        if (sliderDouble("YW", state.view.ywDegrees, -180.0, 180.0, "%.1f deg"))
            state.viewChanged = true;
        if (sliderDouble("ZW", state.view.zwDegrees, -180.0, 180.0, "%.1f deg"))
            state.viewChanged = true;
        buildBeyondWControls(state);
    } else {
        m_layout.offsetSlider = {};
        m_layout.beyondWSliders.clear();
    }

    if (const auto picked = comboOfLabels(
            "Pose", poseLabels(state.bindPoseNames, state.animationNames, state.readOnly),
            poseIndex(state.pose, state.bindPoseNames, state.animationNames, state.readOnly))) {
        state.pose = poseAt(*picked, state.bindPoseNames, state.animationNames, state.readOnly);
        state.poseChanged = true;
    }
    if (state.pose.kind == PoseSelection::Kind::Animation && !state.animationNames.empty()) {
        // The slider shows the frame and the range; dragging it pauses nothing (the host keeps
        // playing from where it was dropped).
        const std::string format = animationTimeFormat(state.animationStart, state.animationEnd);
        if (sliderDouble("Time", state.animationTime, state.animationStart, state.animationEnd,
                         format.c_str()))
            state.animationChanged = true;
        if (ImGui::Button(playPauseLabel(state.animationPlaying))) {
            state.animationPlaying = !state.animationPlaying;
            state.animationChanged = true;
        }
    }
    if (!state.readOnly && ImGui::Button("Apply pose as rest"))
        state.action = OverlayAction::ApplyPoseAsRest;

    if (state.poseBoneName.empty() || state.readOnly)
        m_layout.poseSliders.clear();
    else {
        ImGui::Separator();
        ImGui::Text("Pose bone %s", state.poseBoneName.c_str());
        ImGui::PushID("posing");
        const std::size_t planes =
            std::min(state.posePlaneNames.size(), state.poseBoneDegrees.size());
        m_layout.poseSliders.clear();
        for (std::size_t plane = 0; plane < planes; ++plane) {
            if (sliderDouble(state.posePlaneNames[plane].c_str(), state.poseBoneDegrees[plane],
                             -180.0, 180.0, "%.1f deg"))
                state.poseBoneChanged = true;
            OverlayRect frame = lastItemRect();
            frame.maxX = frame.minX + sliderWidth;
            m_layout.poseSliders.push_back(frame);
        }
        ImGui::PopID();
        if (ImGui::Button("Reset bone"))
            state.action = OverlayAction::ResetBonePose;
        ImGui::SameLine();
        if (ImGui::Button("Reset pose"))
            state.action = OverlayAction::ResetPose;
    }

    ImGui::Separator();
    if (ImGui::Checkbox("Bones", &state.showBones))
        state.displayChanged = true;
    ImGui::SameLine();
    if (ImGui::Checkbox("Grid", &state.showGrid))
        state.displayChanged = true;
    ImGui::SameLine();
    if (ImGui::Checkbox("Shapes", &state.showShapes))
        state.displayChanged = true;
    ImGui::SameLine();
    if (ImGui::Checkbox("Heat-map", &state.showHeatMap))
        state.heatMapChanged = true;
    if (ImGui::Checkbox("Wireframe", &state.showWireframe))
        state.displayChanged = true;
    m_layout.wireframeToggle = lastItemRect();
    ImGui::SameLine();
    if (ImGui::Checkbox("Smooth shading", &state.smoothShading))
        state.displayChanged = true;
    m_layout.smoothShadingToggle = lastItemRect();
    if (state.showHeatMap) {
        if (const auto picked =
                comboOfLabels("Group", heatMapGroupLabels(state.groupNames),
                              heatMapGroupIndex(state.heatMapGroup, state.groupNames))) {
            state.heatMapGroup = *picked == 0 ? std::string() : state.groupNames[*picked - 1];
            state.heatMapChanged = true;
        }
    }
    ImGui::PopItemWidth();

    ImGui::Separator();
    for (const std::string& line : statisticsLines(state.statistics))
        ImGui::TextUnformatted(line.c_str());

    const ImVec2 position = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    m_layout.window = {position.x, position.y, position.x + size.x, position.y + size.y};
    ImGui::End();
    buildKeyHelp(state);
}

void Overlay::buildKeyHelp(OverlayState& state) {
    m_layout.keyHelpWindow = {};
    if (!state.showKeyHelp || state.keyHelp.empty())
        return;
    // Centred on the display each time it opens; the user may move it while it is open.
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(0.5F * display.x, 0.5F * display.y), ImGuiCond_Appearing,
                            ImVec2(0.5F, 0.5F));
    ImGui::SetNextWindowBgAlpha(0.92F);
    bool open = true;
    if (ImGui::Begin("Keyboard help", &open,
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse)) {
        if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
            for (const OverlayState::KeyHelpLine& line : state.keyHelp) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(line.keys.c_str());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(line.what.c_str());
            }
            ImGui::EndTable();
        }
        const ImVec2 position = ImGui::GetWindowPos();
        const ImVec2 size = ImGui::GetWindowSize();
        m_layout.keyHelpWindow = {position.x, position.y, position.x + size.x, position.y + size.y};
    }
    ImGui::End();
    if (!open)
        state.showKeyHelp = false;
}

void Overlay::render() {
    makeCurrent();
    if (!m_inFrame)
        return;
    ImGui::Render();
    m_inFrame = false;
    if (m_glInitialized)
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool Overlay::wantsMouse() const {
    makeCurrent();
    return ImGui::GetIO().WantCaptureMouse;
}

bool Overlay::wantsKeyboard() const {
    makeCurrent();
    return ImGui::GetIO().WantCaptureKeyboard;
}

} // namespace hyperrig::render::overlay
