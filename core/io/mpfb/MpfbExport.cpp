#include "core/io/mpfb/MpfbExport.h"

#include "core/base/AtomicFile.h"
#include "core/io/mpfb/BlenderBoneFrame.h"
#include "core/io/mpfb/JsonMembers.h"
#include "core/io/mpfb/MpfbBoneNames.h"
#include "core/io/mpfb/MpfbExtras.h"
#include "core/io/mpfb/MpfbStrategyMatch.h"
#include "core/io/mpfb/PythonJson.h"

#include <cmath>
#include <glm/geometric.hpp>
#include <map>
#include <numbers>

namespace hyperrig::core::io {
namespace {

using model::OrderedJson;
namespace keys = mpfb_extras;

// How far a bone may be from where the import placed it and still count as untouched: far
// below MPFB's 5-decimal rounding, far above the rounding of a rotor round trip.
constexpr double kUnchangedMetres = 1e-6;
constexpr double kUnchangedRadians = 1e-6;

const OrderedJson& mpfbExtras(const model::Node& node) {
    static const OrderedJson none = OrderedJson::object();
    const auto extras = node.extra.find(keys::kExtras);
    if (extras == node.extra.end() || !extras->is_object())
        return none;
    const auto mpfb = extras->find(keys::kMpfb);
    return mpfb != extras->end() && mpfb->is_object() ? *mpfb : none;
}

// A vector from the kept extras, which nothing checked: NaN unless it is three numbers.
glm::dvec3 keptVector3OrNaN(const OrderedJson& json) {
    if (!json.is_array() || json.size() != 3 || !json[0].is_number() || !json[1].is_number() ||
        !json[2].is_number())
        return glm::dvec3(std::numeric_limits<double>::quiet_NaN());
    return {json[0].get<double>(), json[1].get<double>(), json[2].get<double>()};
}

// A bone's rest in Blender armature space, read back from the document.
struct BlenderRest {
    glm::dvec3 head;
    glm::dvec3 tail;
    glm::dvec3 z; // the bone's Z axis
    double roll = 0.0;
};

Result<math::AffineN> skeletonSpace(const model::Document& document, model::NodeId skeleton,
                                    model::NodeId node) {
    std::vector<model::NodeId> chain;
    for (model::NodeId at = node; at && at != skeleton; at = document.node(at).parent)
        chain.push_back(at);
    math::AffineN global = math::AffineN::identity(3);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        auto local = document.node(*it).transform.toAffine(3);
        if (!local)
            return local.error().withContext("node '" + document.node(*it).displayName() + "'");
        global = math::AffineN::compose(global, *local);
    }
    return global;
}

glm::dvec3 glmOf(const math::VectorN& v) {
    return {v[0], v[1], v[2]};
}

Result<BlenderRest> blenderRest(const model::Document& document, model::NodeId skeleton,
                                model::NodeId bone) {
    auto global = skeletonSpace(document, skeleton, bone);
    if (!global)
        return global.error();
    const math::BasisN& basis = global->basis();
    const glm::dvec3 y = glm::normalize(g4mfToBlender(glmOf(basis.column(1))));
    const glm::dvec3 z = glm::normalize(g4mfToBlender(glmOf(basis.column(2))));
    BlenderRest rest;
    rest.head = g4mfToBlender(glmOf(global->position()));
    rest.tail = rest.head + y * document.node(bone).bone()->length.value_or(0.0);
    rest.z = z;
    rest.roll = rollTowards(zeroRollFrame(y), z);
    const auto finite = [](const glm::dvec3& v) {
        return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
    };
    if (!finite(rest.head) || !finite(rest.tail) || !finite(rest.z) || !std::isfinite(rest.roll))
        return Error("bone '" + document.node(bone).displayName() +
                     "' has no usable rest frame (a zero scale or non-finite numbers)");
    return rest;
}

double angleBetween(double a, double b) {
    return std::abs(std::remainder(a - b, 2.0 * std::numbers::pi));
}

OrderedJson defaultBone() {
    return {{"inherit_scale", "FULL"},
            {"parent", ""},
            {"rigify", OrderedJson::object()},
            {"roll", 0.0},
            {"use_connect", false},
            {"use_inherit_rotation", true},
            {"use_local_location", true}};
}

model::NodeId exportedSkeleton(const model::Document& document) {
    model::NodeId first;
    for (model::NodeId id : document.nodes.order()) {
        const model::Node& node = document.node(id);
        if (!node.isSkeleton())
            continue;
        if (!mpfbExtras(node).empty())
            return id;
        if (!first)
            first = id;
    }
    return first;
}

// Updates `definition` (the bone as read) for a bone whose rest differs from its placement.
void rewriteMovedBone(OrderedJson& definition, const OrderedJson& placed, const BlenderRest& rest,
                      const MpfbEndMatcher& matcher) {
    const auto placedPoint = [&](const char* key) {
        return placed.contains(key) ? keptVector3OrNaN(placed[key])
                                    : keptVector3OrNaN(OrderedJson());
    };
    // Written as !(d <= tolerance) so that a NaN (extras without a placement) counts as moved.
    const bool headMoved = !(glm::distance(placedPoint("head"), rest.head) <= kUnchangedMetres);
    const bool tailMoved = !(glm::distance(placedPoint("tail"), rest.tail) <= kUnchangedMetres);
    const bool rollChanged =
        !placed.contains("roll") || !placed["roll"].is_number() ||
        !(angleBetween(placed["roll"].get<double>(), rest.roll) <= kUnchangedRadians);
    if (headMoved)
        definition["head"] = matcher.match(rest.head);
    if (tailMoved)
        definition["tail"] = matcher.match(rest.tail);
    if (!rollChanged)
        return;
    const std::string strategy = stringMember(definition, "roll_strategy");
    if (strategy == "ALIGN_Z_WORLD_Z" || strategy == "ALIGN_X_WORLD_X") {
        definition["roll"] = 0.0; // MPFB recomputes it from the ends
        return;
    }
    definition["roll"] = roundLikeMpfb(rest.roll);
    if (strategy == "ALIGN_Z_REFERENCE_Z")
        definition["roll_reference_z"] = OrderedJson::array(
            {roundLikeMpfb(rest.z.x), roundLikeMpfb(rest.z.y), roundLikeMpfb(rest.z.z)});
}

} // namespace

Result<MpfbExport> exportMpfbRig(const model::Document& document,
                                 const MpfbExportOptions& options) {
    if (document.dimension() != 3)
        return Error("an MPFB rig is 3D, this document is " + std::to_string(document.dimension()) +
                     "D");
    const model::NodeId skeleton = exportedSkeleton(document);
    if (!skeleton)
        return Error("the document has no skeleton to export as an MPFB rig");
    const OrderedJson& skeletonExtras = mpfbExtras(document.node(skeleton));

    std::map<model::NodeId, std::string> mpfbNames;
    std::vector<model::NodeId> bones;
    for (model::NodeId id : document.subtree(skeleton)) {
        const model::Node& node = document.node(id);
        if (!node.isBone())
            continue;
        const OrderedJson& extras = mpfbExtras(node);
        mpfbNames[id] = mpfbNameOfNode(node.displayName(), stringMember(extras, keys::kName),
                                       stringMember(extras, keys::kImportedAs));
        bones.push_back(id);
    }

    const MpfbEndMatcher matcher(options.baseMesh);
    MpfbExport result;
    OrderedJson bonesJson = OrderedJson::object();
    for (model::NodeId id : bones) {
        const model::Node& node = document.node(id);
        const OrderedJson& extras = mpfbExtras(node);
        const bool keptBone = extras.contains(keys::kBone) && extras[keys::kBone].is_object();
        OrderedJson definition = keptBone ? extras[keys::kBone] : defaultBone();
        const auto parent = mpfbNames.find(node.parent);
        const std::string parentName = parent == mpfbNames.end() ? "" : parent->second;
        bool changed = !keptBone;
        if (!definition.contains("parent") || !definition["parent"].is_string() ||
            definition["parent"] != parentName) {
            definition["parent"] = parentName;
            changed = true;
        }
        auto rest = blenderRest(document, skeleton, id);
        if (!rest)
            return rest.error();
        const OrderedJson placed = objectMember(extras, keys::kPlaced);
        const OrderedJson before = definition;
        rewriteMovedBone(definition, placed, *rest, matcher);
        if (changed || definition != before)
            result.changedBones.push_back(mpfbNames[id]);
        bonesJson[mpfbNames[id]] = std::move(definition);
    }

    const bool bare = stringMember(skeletonExtras, keys::kContainer) == "bare";
    OrderedJson file;
    if (bare) {
        file = std::move(bonesJson);
    } else {
        file = objectMember(skeletonExtras, keys::kHeader);
        if (!file.contains("version"))
            file = {{"is_subrig", false}, {"version", 110}};
        file["bones"] = std::move(bonesJson);
    }
    result.text = pythonJsonDump(file);
    if (boolMember(skeletonExtras, keys::kTrailingNewline, false))
        result.text += '\n';
    return result;
}

Result<MpfbExport> writeMpfbRigFile(const model::Document& document,
                                    const std::filesystem::path& path,
                                    const MpfbExportOptions& options) {
    auto exported = exportMpfbRig(document, options);
    if (!exported)
        return exported.error();
    const std::string& text = exported->text;
    auto written = writeFileAtomically(path, std::as_bytes(std::span(text.data(), text.size())));
    if (!written)
        return written.error().withContext(path.string());
    return exported;
}

} // namespace hyperrig::core::io
