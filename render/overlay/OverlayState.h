#pragma once

#include "core/eval/BoneRotations.h"
#include "core/eval/View4D.h"

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace hyperrig::render::overlay {

// Which pose the viewport shows: the rest pose, one of the document's stored bind poses (by
// name), one of its kept animations (by name, at OverlayState::animationTime), or the pose being
// edited.
struct PoseSelection {
    enum class Kind { Rest, BindPose, Current, Animation };
    Kind kind = Kind::Current;
    std::string name; // Kind::BindPose: the bind pose's type name; Kind::Animation: the animation's

    friend bool operator==(const PoseSelection&, const PoseSelection&) = default;
};

// What the host asked the overlay for that changes the document. The overlay never edits the
// document itself: the host turns a request into the same edit command its panels run.
enum class OverlayAction {
    None,
    ApplyPoseAsRest, // make the shown pose the rest pose (the host's "apply pose as rest" command)
    ResetBonePose,   // put the posed bone back at rest in the current pose
    ResetPose,       // put every bone back at rest in the current pose
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
    // Host-set: true for a host that never changes the document (hyperrig-view): the pose combo
    // has no "current" entry (there is no pose being edited), and neither the "Apply pose as
    // rest" button nor the pose sliders are shown.
    bool readOnly = false;
    // Host-set, shown at the top of the window when not empty: what is shown (the previewer's
    // file name) and, below it in the warning colour, the last thing that went wrong (a dropped
    // file that could not be opened).
    std::string heading;
    std::string notice;
    // Host-set: a "Keyboard help" window listing keyHelp (key, what it does) while showKeyHelp;
    // closing it with its X clears showKeyHelp.
    struct KeyHelpLine {
        std::string keys;
        std::string what;
    };
    std::vector<KeyHelpLine> keyHelp;
    bool showKeyHelp = false;

    // Host-set: the W offset and rotation controls show only for sliced rigs (4D..8D; the name
    // stays from the 4D days), and per axis beyond W (v, u, t, s) its own offset and XA, YA, ZA
    // rotations for the first extraAxisCount − 1 of them (extraAxisCount = N − 3).
    bool is4D = true;
    int extraAxisCount = 1;
    core::eval::View4D view;
    double offsetMin = -2.0; // W offset slider range, host-chosen (setOffsetRange)
    double offsetMax = 2.0;
    struct OffsetRange {
        double min = -2.0;
        double max = 2.0;
    };
    // The offset slider ranges of the axes beyond W (setBeyondWOffsetRange).
    std::array<OffsetRange, core::eval::kBeyondWAxes> beyondWOffsetRanges{};
    bool viewChanged = false;

    std::vector<std::string> bindPoseNames; // given by the host, in document order
    // The document's animations (core::eval::keptAnimations' names), given by the host: the pose
    // combo lists them after the bind poses. Empty: no animation entries and no time controls.
    std::vector<std::string> animationNames;
    PoseSelection pose;
    bool poseChanged = false;

    // While pose is an animation: its time range (host-set, in time codes), the time shown, and
    // whether it plays (the host advances animationTime each frame and loops it). The time
    // slider and the Play/Pause button set animationChanged (the host samples the animation
    // again); choosing another pose sets poseChanged as usual.
    double animationStart = 0.0;
    double animationEnd = 0.0;
    double animationTime = 0.0;
    bool animationPlaying = false;
    bool animationChanged = false;

    // Pose sliders for one bone of the current pose (core/eval/BoneRotations.h). The host names
    // the bone (empty: none selected, no sliders) and its planes ("XY", ...) and keeps the
    // angles; a slider sets poseBoneChanged (the host then shows the current pose).
    std::string poseBoneName;
    std::vector<std::string> posePlaneNames;
    core::eval::PlaneAngles poseBoneDegrees{};
    bool poseBoneChanged = false;

    bool showBones = true;
    bool showGrid = true;
    bool showShapes = true; // bone shapes as wireframes
    bool showHeatMap = false;
    bool showWireframe = false;
    bool smoothShading = true; // as Viewport::Display's default
    // The heat-map's group: one of groupNames (host-given: the skin groups of the shown meshes),
    // or empty for the group named after the selected bone (G4MF group names follow bone names).
    std::vector<std::string> groupNames;
    std::string heatMapGroup;
    bool displayChanged = false; // a toggle of how the scene is drawn (not what it is)
    bool heatMapChanged = false; // the heat-map toggle or its group: the scene is built anew

    OverlayStatistics statistics; // shown only
    OverlayAction action = OverlayAction::None;

    bool anyChange() const {
        return viewChanged || poseChanged || poseBoneChanged || animationChanged ||
               displayChanged || heatMapChanged || action != OverlayAction::None;
    }
    void clearChanges() {
        viewChanged = poseChanged = poseBoneChanged = animationChanged = displayChanged =
            heatMapChanged = false;
        action = OverlayAction::None;
    }
};

// Sets the W offset slider's range from the scene's extent along view W (SceneData::wMin/wMax):
// the extent plus 5% on each side, so the hyperplane can be slid just past either end and the
// cut seen to vanish; a flat or empty extent gets ±0.5 around its middle. The offset itself is
// left alone (a slider shows an offset outside its range at the end).
void setOffsetRange(OverlayState& state, float wMin, float wMax);

// The same for the offset slider of extra axis `axis` beyond W (4 = v, ..., 7 = s).
void setBeyondWOffsetRange(OverlayState& state, int axis, float min, float max);

// The heat-map group combo's entries: "selected bone" then groupNames; and back.
std::vector<std::string> heatMapGroupLabels(const std::vector<std::string>& groupNames);
std::size_t heatMapGroupIndex(const std::string& heatMapGroup,
                              const std::vector<std::string>& groupNames);

// The pose combo's entries: "rest", each bind pose name, then "current" unless `readOnly`
// (OverlayState::readOnly: a previewer has no pose being edited).
std::vector<std::string> poseLabels(const std::vector<std::string>& bindPoseNames,
                                    bool readOnly = false);
// The combo index of `pose` among poseLabels(bindPoseNames, readOnly); a bind pose that no longer
// exists falls back to "current", or to "rest" when there is no "current" entry.
std::size_t poseIndex(const PoseSelection& pose, const std::vector<std::string>& bindPoseNames,
                      bool readOnly = false);
// The selection for combo index `index` (clamped to the entries).
PoseSelection poseAt(std::size_t index, const std::vector<std::string>& bindPoseNames,
                     bool readOnly = false);
// The same with the document's animations: "rest", each bind pose, "animation NAME" for each
// animation, then "current" unless `readOnly`. An animation that no longer exists falls back as a
// vanished bind pose does.
std::vector<std::string> poseLabels(const std::vector<std::string>& bindPoseNames,
                                    const std::vector<std::string>& animationNames,
                                    bool readOnly = false);
std::size_t poseIndex(const PoseSelection& pose, const std::vector<std::string>& bindPoseNames,
                      const std::vector<std::string>& animationNames, bool readOnly = false);
PoseSelection poseAt(std::size_t index, const std::vector<std::string>& bindPoseNames,
                     const std::vector<std::string>& animationNames, bool readOnly = false);

// The Play/Pause button's label for `playing`, and the time slider's printf format for a range
// ("frame %.1f of 1..10", shown as "frame 5.5 of 1..10"): time codes are USD's frames. The
// value stays the format's one conversion, so Ctrl+click typing parses a plain number.
const char* playPauseLabel(bool playing);
std::string animationTimeFormat(double start, double end);

// Time codes per second of playback: USD's default timeCodesPerSecond (the import
// keeps no stage metadata; docs/decisions/0058-animation-playback-in-the-previewer.md).
inline constexpr double kPlaybackTimeCodesPerSecond = 24.0;

// `time` + `seconds` × `timeCodesPerSecond`, wrapped into [start, end) when it passes the end
// (a looping player): end itself shows as start again. A range of zero length (or a reversed
// one) stays at start.
double advanceAnimationTime(double time, double seconds, double timeCodesPerSecond, double start,
                            double end);

// "Vertices 1 234", ... one line per statistic, as the overlay prints them.
std::vector<std::string> statisticsLines(const OverlayStatistics& statistics);

} // namespace hyperrig::render::overlay
