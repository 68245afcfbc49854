#include "core/math/NumberFormat.h"
#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"
#include "core/validate/SupportedExtensions.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string_view>

namespace hyperrig::core::validate {

namespace {

constexpr std::array<std::string_view, 4> kPoseTypes = {"TPose", "APose", "IPose", "Custom"};
// Repeated slots of one bone "must repeat the same transform"; values read back from text with
// 6-7 significant digits differ by rounding only.
constexpr double kRepeatTolerance = 1e-6;

bool listedAsUsed(const ValidationContext& context) {
    const OrderedJson* asset = member(context.root, "asset");
    const OrderedJson* used = asset ? member(*asset, "extensionsUsed") : nullptr;
    if (!used || !used->is_array())
        return false;
    for (const OrderedJson& name : *used)
        if (name.is_string() && name.get_ref<const std::string&>() == kBindPosesExtension)
            return true;
    return false;
}

// One joint pose: position and basis as numbers, or nullopt after reporting the shape problem.
std::optional<std::vector<double>> checkEntry(ValidationContext& context,
                                              const std::string& pointer, const std::string& owner,
                                              const OrderedJson& entry) {
    if (!entry.is_object()) {
        context.report(rules::kBindPoseSchema, pointer,
                       owner + " must be an object with position and basis, not " +
                           describe(entry));
        return std::nullopt;
    }
    std::vector<double> values;
    bool ok = true;
    for (const char* key : {"position", "basis"}) {
        const OrderedJson* value = member(entry, key);
        if (!value || !isNumberArray(*value)) {
            context.report(rules::kBindPoseSchema, value ? pointer + "/" + key : pointer,
                           owner +
                               (value ? ": " + std::string(key) +
                                            " must be an array of numbers, not " + describe(*value)
                                      : " has no " + std::string(key)));
            ok = false;
            continue;
        }
        if (const auto dimension = context.dimension) {
            const bool isPosition = std::string_view(key) == "position";
            const std::size_t expected = isPosition ? *dimension : *dimension * *dimension;
            if (value->size() != expected) {
                context.report(rules::kBindPoseVectorSize, pointer + "/" + key,
                               owner + ": " + key + " has " + std::to_string(value->size()) +
                                   " numbers; in " + std::to_string(*dimension) + "D it needs " +
                                   std::to_string(expected));
                ok = false;
                continue;
            }
        }
        for (const OrderedJson& number : *value)
            values.push_back(asNumber(number).value_or(0.0));
    }
    if (!ok)
        return std::nullopt;
    return values;
}

void checkPose(ValidationContext& context, std::size_t skeleton, const std::string& posePointer,
               const OrderedJson& pose, std::map<std::string, std::size_t>& poseTypes,
               std::size_t poseIndex) {
    const std::string owner =
        context.label("nodes", "skeleton", skeleton) + " bind pose " + std::to_string(poseIndex);
    if (!pose.is_object()) {
        context.report(rules::kBindPoseSchema, posePointer,
                       owner + " must be an object, not " + describe(pose));
        return;
    }
    const OrderedJson* poseType = member(pose, "poseType");
    const bool knownType =
        poseType && poseType->is_string() &&
        std::find(kPoseTypes.begin(), kPoseTypes.end(),
                  std::string_view(poseType->get_ref<const std::string&>())) != kPoseTypes.end();
    if (!knownType) {
        context.report(rules::kBindPoseSchema, poseType ? posePointer + "/poseType" : posePointer,
                       owner +
                           (poseType ? ": poseType is " + describe(*poseType) + ", not one of"
                                     : " has no poseType, one of") +
                           " TPose, APose, IPose, Custom");
    } else {
        const std::string& type = poseType->get_ref<const std::string&>();
        const auto [it, inserted] = poseTypes.try_emplace(type, poseIndex);
        if (!inserted)
            context.report(rules::kBindPosePoseTypeUnique, posePointer + "/poseType",
                           owner + " is a second " + type + " (pose " + std::to_string(it->second) +
                               " is one already); each pose type appears at most once");
    }
    const OrderedJson* bindPoses = member(pose, "bindPoses");
    if (!bindPoses || !bindPoses->is_array()) {
        context.report(rules::kBindPoseSchema, bindPoses ? posePointer + "/bindPoses" : posePointer,
                       owner + " needs a bindPoses array with one entry per joints slot" +
                           (bindPoses ? ", not " + describe(*bindPoses) : std::string()));
        return;
    }
    const std::vector<std::int64_t> joints = context.joints(skeleton);
    if (bindPoses->size() != joints.size())
        context.report(rules::kBindPoseEntryCount, posePointer + "/bindPoses",
                       owner + " has " + std::to_string(bindPoses->size()) +
                           " bindPoses entries, but the skeleton has " +
                           std::to_string(joints.size()) +
                           " joints slots; there is exactly one entry per slot");
    std::map<std::int64_t, std::pair<std::size_t, std::vector<double>>> firstOfBone;
    for (std::size_t slot = 0; slot < bindPoses->size(); ++slot) {
        const std::string entryPointer = posePointer + "/bindPoses/" + std::to_string(slot);
        const auto values = checkEntry(
            context, entryPointer, owner + " entry " + std::to_string(slot), (*bindPoses)[slot]);
        if (!values || slot >= joints.size() || joints[slot] < 0)
            continue;
        const auto [it, inserted] = firstOfBone.try_emplace(joints[slot], slot, *values);
        if (inserted)
            continue;
        const std::vector<double>& first = it->second.second;
        bool same = first.size() == values->size();
        for (std::size_t k = 0; same && k < first.size(); ++k)
            same = std::abs(first[k] - (*values)[k]) <= kRepeatTolerance;
        if (!same)
            context.report(
                rules::kBindPoseRepeatedJointDiffers, entryPointer,
                owner + ": slots " + std::to_string(it->second.first) + " and " +
                    std::to_string(slot) + " both name " +
                    context.label("nodes", "bone", static_cast<std::size_t>(joints[slot])) +
                    " but give it different transforms; one bone has one pose");
    }
}

} // namespace

void checkBindPoses(ValidationContext& context) {
    const OrderedJson* nodes = context.array("nodes");
    if (!nodes)
        return;
    const bool listed = listedAsUsed(context);
    for (std::size_t i = 0; i < nodes->size(); ++i) {
        const OrderedJson* skeleton = member((*nodes)[i], "skeleton");
        const OrderedJson* extensions = skeleton ? member(*skeleton, "extensions") : nullptr;
        const OrderedJson* extension =
            extensions ? member(*extensions, kBindPosesExtension) : nullptr;
        if (!extension)
            continue;
        const std::string pointer = "/nodes/" + std::to_string(i) + "/skeleton/extensions/" +
                                    std::string(kBindPosesExtension);
        const std::string owner = context.label("nodes", "skeleton", i);
        if (!listed)
            context.report(rules::kBindPoseNotListed, pointer,
                           owner + " uses " + std::string(kBindPosesExtension) +
                               ", but asset.extensionsUsed does not list it");
        if (!extension->is_object()) {
            context.report(rules::kBindPoseSchema, pointer,
                           owner + ": " + std::string(kBindPosesExtension) +
                               " must be an object with a poses array, not " +
                               describe(*extension));
            continue;
        }
        const OrderedJson* poses = member(*extension, "poses");
        if (!poses || !poses->is_array() || poses->empty()) {
            context.report(
                rules::kBindPoseSchema, poses ? pointer + "/poses" : pointer,
                owner + ": " + std::string(kBindPosesExtension) +
                    " needs a poses array with at least one pose" +
                    (poses && !poses->is_array() ? ", not " + describe(*poses) : std::string()));
            continue;
        }
        std::map<std::string, std::size_t> poseTypes;
        for (std::size_t p = 0; p < poses->size(); ++p)
            checkPose(context, i, pointer + "/poses/" + std::to_string(p), (*poses)[p], poseTypes,
                      p);
    }
}

} // namespace hyperrig::core::validate
