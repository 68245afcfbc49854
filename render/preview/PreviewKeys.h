#pragma once

#include "render/overlay/OverlayState.h"
#include "render/preview/PreviewInput.h"

#include <optional>
#include <vector>

namespace hyperrig::render::preview {

// What a key does in the previewer, when the overlay does not have the keyboard (a slider being
// typed into). The camera keys are the editor's (View > Frame All is Home, Reset View is
// Shift+Home; F frames the selection there, and the previewer has none, so it frames the model).
enum class PreviewAction {
    FrameModel,
    ResetView,
    NextPose,
    PreviousPose,
    OffsetUp,
    OffsetDown,
    RotateSliceXW,
    RotateSliceYW,
    RotateSliceZW,
    ResetSlice,
    TogglePlay, // play or pause the shown animation
    ToggleKeyHelp,
    CloseKeyHelp,
    Quit,
};

std::optional<PreviewAction> previewActionFor(PreviewKey key, const Modifiers& modifiers);

// Every binding, pointer and drop included, as the F1 window lists them: one source for the
// window, previewActionFor's tests and the README.
std::vector<overlay::OverlayState::KeyHelpLine> previewKeyHelp();

} // namespace hyperrig::render::preview
