#include "render/preview/PreviewKeys.h"

namespace hyperrig::render::preview {

std::optional<PreviewAction> previewActionFor(PreviewKey key, const Modifiers& modifiers) {
    switch (key) {
    case PreviewKey::F:
        return PreviewAction::FrameModel;
    case PreviewKey::Home:
        return modifiers.shift ? PreviewAction::ResetView : PreviewAction::FrameModel;
    case PreviewKey::P:
        return modifiers.shift ? PreviewAction::PreviousPose : PreviewAction::NextPose;
    case PreviewKey::PageUp:
        return PreviewAction::OffsetUp;
    case PreviewKey::PageDown:
        return PreviewAction::OffsetDown;
    case PreviewKey::X:
        return PreviewAction::RotateSliceXW;
    case PreviewKey::Y:
        return PreviewAction::RotateSliceYW;
    case PreviewKey::Z:
        return PreviewAction::RotateSliceZW;
    case PreviewKey::R:
        return PreviewAction::ResetSlice;
    case PreviewKey::Space:
        return PreviewAction::TogglePlay;
    case PreviewKey::F1:
        return PreviewAction::ToggleKeyHelp;
    case PreviewKey::Escape:
        return PreviewAction::CloseKeyHelp;
    case PreviewKey::Q:
        return PreviewAction::Quit;
    default:
        return std::nullopt;
    }
}

std::vector<overlay::OverlayState::KeyHelpLine> previewKeyHelp() {
    return {
        {"Left drag", "orbit around the model"},
        {"Right or middle drag, Shift+left drag", "pan"},
        {"Wheel", "zoom"},
        {"F, Home", "frame the model"},
        {"Shift+Home", "reset the view (starting angles, framed)"},
        {"P / Shift+P", "next / previous pose (rest, each stored bind pose, each animation)"},
        {"Space", "play or pause the shown animation (loops; 24 frames a second)"},
        {"Page Up / Page Down", "4D and up: move the slice along W (1/20 of its range)"},
        {"X, Y, Z", "4D and up: rotate the slice 90 deg in XW, YW, ZW"},
        {"R", "4D and up: reset the slice (W offset 0, no rotation)"},
        {"Ctrl+click a slider", "type its value"},
        {"Drop a file",
         "open that .g4tf, .g4b, .usda, .gltf or .glb (a file that fails keeps this one)"},
        {"F1", "show or hide this help"},
        {"Escape", "close this help"},
        {"Q, Ctrl+Q", "quit"},
    };
}

} // namespace hyperrig::render::preview
