#include "app/hyperrig-cli/ViewOptions.h"

#include "core/eval/PoseFile.h"
#include "core/eval/animation/SkelAnimationSample.h"

#include <charconv>
#include <cmath>
#include <cstdio>

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

namespace {

core::Result<double> animationTime(const ParsedOptions& options) {
    const auto text = options.value("time").value_or("");
    double time = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), time);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(time))
        return core::Error("--time needs a time code (a number), not '" + text + "'");
    return time;
}

} // namespace

core::Result<void> checkPoseSourceOptions(const ParsedOptions& options, bool required) {
    const int sources = int(options.value("pose").has_value()) +
                        int(options.value("pose-name").has_value()) +
                        int(options.value("animation").has_value());
    if (sources > 1 || (required && sources == 0))
        return core::Error(std::string("give ") + (required ? "exactly" : "at most") +
                           " one of --pose POSE.json, --pose-name NAME and --animation NAME "
                           "--time T");
    if (options.value("animation") && !options.value("time"))
        return core::Error("--animation NAME needs --time T (the time code to sample it at)");
    if (options.value("time") && !options.value("animation"))
        return core::Error("--time T goes with --animation NAME");
    if (options.value("time"))
        if (auto time = animationTime(options); !time)
            return time.error();
    return {};
}

core::Result<core::eval::Pose> poseFromOptions(const ParsedOptions& options,
                                               const core::model::Document& document,
                                               const core::eval::CompiledRig& rig, bool& unreadable,
                                               std::vector<std::string>& warnings) {
    unreadable = false;
    if (const auto poseFile = options.value("pose")) {
        auto pose = core::eval::readPoseFile(*poseFile, document, rig);
        unreadable = !pose.ok();
        return pose;
    }
    if (const auto poseName = options.value("pose-name"))
        return core::eval::namedPose(*poseName, document, rig);
    if (const auto animation = options.value("animation")) {
        auto time = animationTime(options);
        if (!time)
            return time.error();
        auto sample = core::eval::sampleAnimation(*animation, *time, document, rig);
        if (!sample)
            return sample.error().withContext("--animation");
        warnings = std::move(sample->warnings);
        return std::move(sample->pose);
    }
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
    std::vector<std::string> warnings;
    auto pose = poseFromOptions(options, document, *rig, poseUnreadable, warnings);
    for (const auto& warning : warnings)
        std::fprintf(report.context.err, "hyperrig-cli: warning: %s\n", warning.c_str());
    if (!pose) {
        exitStatus =
            report.fail(pose.error().message(), poseUnreadable ? kExitUnreadable : kExitFailure);
        return std::nullopt;
    }
    return RigAndPose{std::move(*rig), std::move(*pose)};
}

} // namespace hyperrig::cli
