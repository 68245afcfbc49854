#include "render/overlay/OverlayState.h"

#include "core/base/Contracts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hyperrig::render::overlay {

std::vector<std::string> poseLabels(const std::vector<std::string>& bindPoseNames, bool readOnly) {
    return poseLabels(bindPoseNames, {}, readOnly);
}

std::size_t poseIndex(const PoseSelection& pose, const std::vector<std::string>& bindPoseNames,
                      bool readOnly) {
    return poseIndex(pose, bindPoseNames, {}, readOnly);
}

PoseSelection poseAt(std::size_t index, const std::vector<std::string>& bindPoseNames,
                     bool readOnly) {
    return poseAt(index, bindPoseNames, {}, readOnly);
}

std::vector<std::string> poseLabels(const std::vector<std::string>& bindPoseNames,
                                    const std::vector<std::string>& animationNames, bool readOnly) {
    std::vector<std::string> labels;
    labels.reserve(bindPoseNames.size() + animationNames.size() + 2);
    labels.emplace_back("rest");
    labels.insert(labels.end(), bindPoseNames.begin(), bindPoseNames.end());
    for (const std::string& animation : animationNames)
        labels.push_back("animation " + animation);
    if (!readOnly)
        labels.emplace_back("current");
    return labels;
}

std::size_t poseIndex(const PoseSelection& pose, const std::vector<std::string>& bindPoseNames,
                      const std::vector<std::string>& animationNames, bool readOnly) {
    const std::size_t current = readOnly ? 0 : bindPoseNames.size() + animationNames.size() + 1;
    switch (pose.kind) {
    case PoseSelection::Kind::Rest:
        return 0;
    case PoseSelection::Kind::BindPose: {
        const auto found = std::find(bindPoseNames.begin(), bindPoseNames.end(), pose.name);
        if (found == bindPoseNames.end())
            return current;
        return 1 + static_cast<std::size_t>(found - bindPoseNames.begin());
    }
    case PoseSelection::Kind::Animation: {
        const auto found = std::find(animationNames.begin(), animationNames.end(), pose.name);
        if (found == animationNames.end())
            return current;
        return 1 + bindPoseNames.size() + static_cast<std::size_t>(found - animationNames.begin());
    }
    case PoseSelection::Kind::Current:
        break;
    }
    return current;
}

PoseSelection poseAt(std::size_t index, const std::vector<std::string>& bindPoseNames,
                     const std::vector<std::string>& animationNames, bool readOnly) {
    if (index == 0)
        return {PoseSelection::Kind::Rest, {}};
    if (index <= bindPoseNames.size())
        return {PoseSelection::Kind::BindPose, bindPoseNames[index - 1]};
    if (index <= bindPoseNames.size() + animationNames.size())
        return {PoseSelection::Kind::Animation, animationNames[index - 1 - bindPoseNames.size()]};
    if (readOnly) { // clamped to the last entry
        if (!animationNames.empty())
            return {PoseSelection::Kind::Animation, animationNames.back()};
        return bindPoseNames.empty()
                   ? PoseSelection{PoseSelection::Kind::Rest, {}}
                   : PoseSelection{PoseSelection::Kind::BindPose, bindPoseNames.back()};
    }
    return {PoseSelection::Kind::Current, {}};
}

const char* playPauseLabel(bool playing) {
    return playing ? "Pause" : "Play";
}

std::string animationTimeFormat(double start, double end) {
    char text[96];
    std::snprintf(text, sizeof text, "frame %%.1f of %g..%g", start, end);
    return text;
}

double advanceAnimationTime(double time, double seconds, double timeCodesPerSecond, double start,
                            double end) {
    const double length = end - start;
    if (!(length > 0.0))
        return start;
    const double advanced = time + seconds * timeCodesPerSecond;
    if (advanced < end && advanced >= start)
        return advanced;
    // Loops: the offset past start, modulo the length.
    const double wrapped = std::fmod(advanced - start, length);
    return start + (wrapped < 0.0 ? wrapped + length : wrapped);
}

namespace {

// The extent plus 5% on each side; a flat or empty extent gets ±0.5 around its middle.
OverlayState::OffsetRange offsetRangeAround(float extentMin, float extentMax) {
    const double low = std::min(extentMin, extentMax);
    const double high = std::max(extentMin, extentMax);
    const double margin = 0.05 * (high - low);
    if (margin > 0.0)
        return {low - margin, high + margin};
    return {low - 0.5, high + 0.5};
}

} // namespace

void setOffsetRange(OverlayState& state, float wMin, float wMax) {
    const OverlayState::OffsetRange range = offsetRangeAround(wMin, wMax);
    state.offsetMin = range.min;
    state.offsetMax = range.max;
}

void setBeyondWOffsetRange(OverlayState& state, int axis, float min, float max) {
    HYPERRIG_EXPECTS(axis > core::eval::kFirstExtraAxis &&
                     axis < core::eval::kFirstExtraAxis + core::eval::kMaxExtraAxes);
    state.beyondWOffsetRanges[static_cast<std::size_t>(axis - core::eval::kFirstExtraAxis - 1)] =
        offsetRangeAround(min, max);
}

std::vector<std::string> heatMapGroupLabels(const std::vector<std::string>& groupNames) {
    std::vector<std::string> labels;
    labels.reserve(groupNames.size() + 1);
    labels.emplace_back("selected bone");
    labels.insert(labels.end(), groupNames.begin(), groupNames.end());
    return labels;
}

std::size_t heatMapGroupIndex(const std::string& heatMapGroup,
                              const std::vector<std::string>& groupNames) {
    if (heatMapGroup.empty())
        return 0;
    const auto found = std::find(groupNames.begin(), groupNames.end(), heatMapGroup);
    return found == groupNames.end() ? 0 : 1 + static_cast<std::size_t>(found - groupNames.begin());
}

namespace {

// 1234567 -> "1 234 567": thin groups read faster than a run of digits in a small overlay.
std::string grouped(std::size_t value) {
    std::string digits = std::to_string(value);
    for (std::ptrdiff_t at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3)
        digits.insert(static_cast<std::size_t>(at), 1, ' ');
    return digits;
}

} // namespace

std::vector<std::string> statisticsLines(const OverlayStatistics& statistics) {
    char frame[64];
    std::snprintf(frame, sizeof frame, "Frame      %.2f ms", statistics.frameMilliseconds);
    return {"Vertices   " + grouped(statistics.vertices),
            "Tetrahedra " + grouped(statistics.tetrahedra),
            "Triangles  " + grouped(statistics.triangles), frame};
}

} // namespace hyperrig::render::overlay
