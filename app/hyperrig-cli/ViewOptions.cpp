#include "app/hyperrig-cli/ViewOptions.h"

#include "core/eval/PoseFile.h"

#include <charconv>
#include <cmath>

namespace hyperrig::cli {

core::Result<core::eval::View4D> viewFromOptions(const ParsedOptions& options) {
    core::eval::View4D view;
    if (const auto offset = options.value("w")) {
        const auto [end, error] =
            std::from_chars(offset->data(), offset->data() + offset->size(), view.offset);
        if (error != std::errc() || end != offset->data() + offset->size() ||
            !std::isfinite(view.offset))
            return core::Error("--w needs a number, not '" + *offset + "'");
    }
    if (const auto slice = options.value("slice")) {
        const double wOffset = view.offset;
        view.offset = 0.0;
        auto parsed = core::eval::parseSliceOffsets(*slice, view);
        if (!parsed)
            return parsed.error().withContext("--slice");
        const bool sliceSetsW = slice->starts_with("w=") || slice->find(",w=") != std::string::npos;
        if (options.value("w") && sliceSetsW)
            return core::Error("give the W offset once, by --w or by --slice w=...");
        if (!sliceSetsW)
            view.offset = wOffset;
    }
    if (const auto rotate = options.value("rotate")) {
        auto parsed = core::eval::parseRotation(*rotate, view);
        if (!parsed)
            return parsed.error().withContext("--rotate");
    }
    return view;
}

core::Result<void> checkViewFitsDocument(const core::eval::View4D& view, int dimension) {
    if (dimension < 4)
        return {};
    auto fits = core::eval::checkViewAxes(view, dimension);
    if (!fits)
        return fits.error().withContext("--slice/--rotate");
    return {};
}

core::Result<core::eval::Pose> poseFromOptions(const ParsedOptions& options,
                                               const core::model::Document& document,
                                               const core::eval::CompiledRig& rig,
                                               bool& unreadable) {
    unreadable = false;
    if (const auto poseFile = options.value("pose")) {
        auto pose = core::eval::readPoseFile(*poseFile, document, rig);
        unreadable = !pose.ok();
        return pose;
    }
    if (const auto poseName = options.value("pose-name"))
        return core::eval::namedPose(*poseName, document, rig);
    return core::eval::Pose{};
}

std::optional<RigAndPose> rigAndPoseFromOptions(const ParsedOptions& options,
                                                const core::model::Document& document,
                                                const std::string& input,
                                                const CommandReport& report, int& exitStatus) {
    auto rig = core::eval::CompiledRig::compile(document);
    if (!rig) {
        exitStatus = report.fail(input + ": " + rig.error().message(), kExitFailure);
        return std::nullopt;
    }
    bool poseUnreadable = false;
    auto pose = poseFromOptions(options, document, *rig, poseUnreadable);
    if (!pose) {
        exitStatus =
            report.fail(pose.error().message(), poseUnreadable ? kExitUnreadable : kExitFailure);
        return std::nullopt;
    }
    return RigAndPose{std::move(*rig), std::move(*pose)};
}

} // namespace hyperrig::cli
