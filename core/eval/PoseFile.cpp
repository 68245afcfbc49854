#include "core/eval/PoseFile.h"

#include "core/io/JsonText.h"
#include "core/model/ItemAddress.h"
#include "core/model/ItemLabels.h"
#include "core/model/NodeTransform.h"

#include <fstream>
#include <set>
#include <sstream>

namespace hyperrig::core::eval {
namespace {

// RFC 6901: '~' -> "~0", '/' -> "~1".
std::string pointerToken(const std::string& key) {
    std::string token;
    for (char c : key) {
        if (c == '~')
            token += "~0";
        else if (c == '/')
            token += "~1";
        else
            token += c;
    }
    return token;
}

Result<std::vector<double>> numbers(const model::OrderedJson& value, const std::string& pointer,
                                    std::size_t wanted, const std::string& wantedText) {
    if (!value.is_array())
        return Error(pointer + ": must be an array of " + wantedText + " numbers");
    std::vector<double> result;
    for (const auto& item : value) {
        if (!item.is_number())
            return Error(pointer + ": must be an array of numbers");
        result.push_back(item.get<double>());
    }
    if (wanted != 0 && result.size() != wanted)
        return Error(pointer + ": needs " + wantedText + " numbers, not " +
                     std::to_string(result.size()));
    return result;
}

// Applies one bone entry to `base` (the bone's local transform in the base pose).
Result<math::AffineN> applyEntry(const math::AffineN& base, const model::OrderedJson& entry,
                                 const std::string& pointer) {
    if (!entry.is_object())
        return Error(pointer + ": must be an object with position, basis, rotor or scale");
    static const std::set<std::string> known{"position", "basis", "rotor", "scale", "comment"};
    for (auto it = entry.begin(); it != entry.end(); ++it)
        if (!known.count(it.key()))
            return Error(pointer + "/" + pointerToken(it.key()) +
                         ": unknown property (use position, basis, rotor or scale)");
    const int n = base.dimension();
    const auto size = static_cast<std::size_t>(n);
    const bool hasRotor = entry.contains("rotor");
    const bool hasScale = entry.contains("scale");
    if (entry.contains("basis") && (hasRotor || hasScale))
        return Error(pointer + ": 'basis' cannot be combined with 'rotor' or 'scale'");

    math::VectorN position = base.position();
    math::BasisN basis = base.basis();
    if (entry.contains("position")) {
        auto values = numbers(entry["position"], pointer + "/position", size, std::to_string(n));
        if (!values)
            return values.error();
        position = *math::VectorN::fromSpan(*values);
    }
    if (entry.contains("basis")) {
        auto values =
            numbers(entry["basis"], pointer + "/basis", size * size, std::to_string(size * size));
        if (!values)
            return values.error();
        basis = *math::BasisN::fromColumnMajor(n, *values);
    }
    if (hasScale && !hasRotor)
        return Error(pointer + "/scale: a scale needs a rotor (the basis is R(rotor)·diag(scale)); "
                               "give 'rotor' too, or a 'basis'");
    if (hasRotor) {
        model::NodeTransform parts;
        parts.form = model::NodeTransform::Form::RotorScale;
        auto rotor = numbers(entry["rotor"], pointer + "/rotor", 0, "");
        if (!rotor)
            return rotor.error();
        parts.rotor = std::move(*rotor);
        if (hasScale) {
            auto scale = numbers(entry["scale"], pointer + "/scale", 0, "");
            if (!scale)
                return scale.error();
            parts.scale = std::move(*scale);
        }
        auto affine = parts.toAffine(n);
        if (!affine)
            return Error(pointer + ": " + affine.error().message());
        basis = affine->basis();
    }
    return math::AffineN(basis, position);
}

// The compiled skeleton holding `bone`, and the bone's index there.
std::pair<const CompiledSkeleton*, std::int32_t> findBone(const CompiledRig& rig,
                                                          model::NodeId bone) {
    for (const CompiledSkeleton& skeleton : rig.skeletons()) {
        const std::int32_t index = skeleton.indexOf(bone);
        if (index != CompiledSkeleton::kNoBone)
            return {&skeleton, index};
    }
    return {nullptr, CompiledSkeleton::kNoBone};
}

} // namespace

Result<Pose> namedPose(std::string_view poseType, const model::Document& document,
                       const CompiledRig& rig) {
    Pose pose;
    if (poseType == "rest")
        return pose;
    model::PoseType type{};
    if (!model::parsePoseType(poseType, type))
        return Error("'" + std::string(poseType) +
                     "' is not a pose name (rest, TPose, APose, IPose or Custom)");
    bool found = false;
    std::set<std::string> stored;
    for (const CompiledSkeleton& skeleton : rig.skeletons()) {
        const model::Skeleton& component = *document.node(skeleton.skeleton).skeleton();
        for (const model::BindPose& bindPose : component.bindPoses) {
            stored.insert(std::string(model::poseTypeName(bindPose.type)));
            if (bindPose.type != type)
                continue;
            auto skeletonPose = poseFromBindPose(skeleton, bindPose);
            if (!skeletonPose)
                return skeletonPose.error().withContext(
                    std::string(poseType) + " of skeleton " +
                    model::describeNode(document, skeleton.skeleton));
            pose.local.merge(skeletonPose->local);
            found = true;
        }
    }
    if (!found) {
        std::string list;
        for (const std::string& name : stored)
            list += (list.empty() ? "" : ", ") + name;
        return Error(
            "no skeleton stores a " + std::string(poseType) + " bind pose" +
            (list.empty() ? " (the document has no bind poses)" : " (stored: rest, " + list + ")"));
    }
    return pose;
}

Result<Pose> parsePoseJson(std::string_view text, const model::Document& document,
                           const CompiledRig& rig) {
    auto json = io::parseJsonText(text);
    if (!json)
        return json.error();
    if (!json->is_object())
        return Error("/: a pose file is a JSON object with \"pose\" (and optionally \"base\")");
    for (auto it = json->begin(); it != json->end(); ++it)
        if (it.key() != "base" && it.key() != "pose" && it.key() != "comment")
            return Error("/" + pointerToken(it.key()) +
                         ": unknown property (a pose file has \"pose\" and \"base\")");
    Pose pose;
    if (json->contains("base")) {
        const auto& base = (*json)["base"];
        if (!base.is_string())
            return Error("/base: must be \"rest\", \"TPose\", \"APose\", \"IPose\" or \"Custom\"");
        auto named = namedPose(base.get<std::string>(), document, rig);
        if (!named)
            return named.error().withContext("/base");
        pose = std::move(*named);
    }
    if (!json->contains("pose"))
        return pose;
    const auto& bones = (*json)["pose"];
    if (!bones.is_object())
        return Error("/pose: must be an object mapping bone names to transforms");
    for (auto it = bones.begin(); it != bones.end(); ++it) {
        const std::string pointer = "/pose/" + pointerToken(it.key());
        auto node = model::resolveNode(document, model::OrderedJson(it.key()), pointer);
        if (!node)
            return node.error();
        const auto [skeleton, index] = findBone(rig, *node);
        if (!skeleton)
            return Error(pointer + ": node '" + it.key() + "' is not a bone of any skeleton");
        const math::AffineN& base = pose.localOf(*skeleton, static_cast<std::size_t>(index));
        auto local = applyEntry(base, it.value(), pointer);
        if (!local)
            return local.error();
        pose.local.insert_or_assign(*node, *local);
    }
    return pose;
}

Result<Pose> readPoseFile(const std::filesystem::path& path, const model::Document& document,
                          const CompiledRig& rig) {
    std::ifstream stream(path, std::ios::binary);
    if (!stream)
        return Error(path.string() + ": cannot open the pose file");
    std::ostringstream text;
    text << stream.rdbuf();
    auto pose = parsePoseJson(text.str(), document, rig);
    if (!pose)
        return pose.error().withContext(path.string());
    return pose;
}

} // namespace hyperrig::core::eval
