#pragma once

#include "core/eval/View4D.h"

#include <cstddef>
#include <string>
#include <vector>

namespace hyperrig::render::overlay {

// Which pose the viewport shows: the rest pose, one of the document's stored bind poses (by
// name), or the pose being edited.
struct PoseSelection {
    enum class Kind { Rest, BindPose, Current };
    Kind kind = Kind::Current;
    std::string bindPoseName; // Kind::BindPose only

    friend bool operator==(const PoseSelection&, const PoseSelection&) = default;
};

// What the host asked the overlay for that changes the document. The overlay never edits the
// document itself: the host turns a request into the same edit command its panels run.
enum class OverlayAction {
    None,
    ApplyPoseAsRest, // make the shown pose the rest pose (the host's "apply pose as rest" command)
};

struct OverlayStatistics {
    std::size_t vertices = 0;
    std::size_t tetrahedra = 0;
    std::size_t triangles = 0; // of the current slice
    double frameMilliseconds = 0.0;
};

// The plain state the host owns and the overlay edits: values, the flags that say which of them
// Overlay::build changed, and a requested action. build only ever sets flags and the action;
// the host applies them (re-slice with the new view, switch the pose, run the command) and then
// calls clearChanges().
struct OverlayState {
    core::eval::View4D view;
    double offsetMin = -2.0; // W offset slider range, host-chosen (the scene's extent along view W)
    double offsetMax = 2.0;
    bool viewChanged = false;

    std::vector<std::string> bindPoseNames; // given by the host, in document order
    PoseSelection pose;
    bool poseChanged = false;

    bool showBones = true;
    bool showGrid = true;
    bool showHeatMap = false;
    bool showWireframe = false;
    bool smoothShading = true; // as Viewport::Display's default
    bool displayChanged = false;

    OverlayStatistics statistics; // shown only
    OverlayAction action = OverlayAction::None;

    bool anyChange() const {
        return viewChanged || poseChanged || displayChanged || action != OverlayAction::None;
    }
    void clearChanges() {
        viewChanged = poseChanged = displayChanged = false;
        action = OverlayAction::None;
    }
};

// The pose combo's entries: "rest", each bind pose name, "current".
std::vector<std::string> poseLabels(const std::vector<std::string>& bindPoseNames);
// The combo index of `pose` among poseLabels(bindPoseNames); a bind pose that no longer exists
// falls back to "current".
std::size_t poseIndex(const PoseSelection& pose, const std::vector<std::string>& bindPoseNames);
// The selection for combo index `index` (clamped to the entries).
PoseSelection poseAt(std::size_t index, const std::vector<std::string>& bindPoseNames);

// "Vertices 1 234", ... one line per statistic, as the overlay prints them.
std::vector<std::string> statisticsLines(const OverlayStatistics& statistics);

} // namespace hyperrig::render::overlay
