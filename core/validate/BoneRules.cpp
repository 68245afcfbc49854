#include "core/math/NumberFormat.h"
#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"

#include <cmath>
#include <deque>

namespace hyperrig::core::validate {

namespace {

using math::formatNumber;

std::string nodePointer(std::size_t index) {
    return "/nodes/" + std::to_string(index);
}

// length and mass: optional non-negative numbers; -1 is the in-memory "undefined" and must not
// be written (skeleton spec, Length and Mass).
void checkNonNegative(ValidationContext& context, std::size_t nodeIndex, const OrderedJson& bone,
                      const char* key, const Rule& negativeRule, const char* unit) {
    const OrderedJson* value = member(bone, key);
    if (!value)
        return;
    const std::string pointer = nodePointer(nodeIndex) + "/bone/" + key;
    const auto number = asNumber(*value);
    if (!number || !std::isfinite(*number)) {
        context.report(rules::kBoneSchema, pointer,
                       context.label("nodes", "bone", nodeIndex) + ": " + key +
                           " must be a number of " + unit + ", not " + describe(*value));
        return;
    }
    if (*number >= 0.0)
        return;
    std::string message = context.label("nodes", "bone", nodeIndex) + " has " + key + " " +
                          formatNumber(*number) + "; it must not be negative";
    if (*number == -1.0)
        message += " (-1 means \"undefined\" in memory only: omit the property instead)";
    context.report(negativeRule, pointer, message);
}

void checkBoneObject(ValidationContext& context, std::size_t nodeIndex, const OrderedJson& node) {
    const std::string label = context.nodeLabel(nodeIndex);
    if (const OrderedJson* legacy = member(node, "boneLength")) {
        // The oldest draft: boneLength >= 0 is a bone of that length, -1 is "not a bone".
        const auto number = asNumber(*legacy);
        if (!number)
            context.report(rules::kBoneSchema, nodePointer(nodeIndex) + "/boneLength",
                           label + ": boneLength must be a number, not " + describe(*legacy));
        else if (*number < 0.0 && *number != -1.0)
            context.report(rules::kBoneLengthNegative, nodePointer(nodeIndex) + "/boneLength",
                           label + " has boneLength " + formatNumber(*number) +
                               "; it must be at least 0 (or -1 for \"not a bone\")");
    }
    const OrderedJson* bone = member(node, "bone");
    if (!bone)
        return;
    if (!bone->is_object()) {
        context.report(rules::kBoneSchema, nodePointer(nodeIndex) + "/bone",
                       label + ": bone must be an object (possibly empty), not " + describe(*bone));
        return;
    }
    checkNonNegative(context, nodeIndex, *bone, "length", rules::kBoneLengthNegative, "metres");
    checkNonNegative(context, nodeIndex, *bone, "mass", rules::kBoneMassNegative, "kilograms");
    const OrderedJson* shape = member(*bone, "shape");
    if (!shape)
        return;
    const std::string pointer = nodePointer(nodeIndex) + "/bone/shape";
    const auto index = asIndex(*shape);
    const std::size_t shapes = context.count("shapes");
    if (!index || *index >= shapes) {
        std::string message =
            context.label("nodes", "bone", nodeIndex) + " refers to shape " + describe(*shape);
        if (!shape->is_number_integer())
            message += ", which is not an integer index";
        else if (asInteger(*shape) == -1)
            message += "; -1 means \"no shape\" in memory only: omit the property instead";
        else
            message += ", but the file has " + countOf(shapes, "shape", "shapes");
        context.report(rules::kBoneShapeIndex, pointer, message);
    }
    // The shape sits at the middle of the bone (L/2 along +Y), undefined without a length.
    if (!member(*bone, "length"))
        context.report(rules::kBoneShapeWithoutLength, pointer,
                       context.label("nodes", "bone", nodeIndex) +
                           " has a shape but no length; the shape is placed at half the bone's "
                           "length, so a bone with a shape must define length");
}

// Walks down from every skeleton through accepted child links into bones (breadth first, no
// recursion) to find each bone's skeleton. Bones no skeleton reaches are reported at the top of
// their broken chain only: their descendants are broken by the same cause.
void assignSkeletons(ValidationContext& context, const OrderedJson& nodes) {
    const std::size_t count = nodes.size();
    context.skeletonOf.assign(count, std::nullopt);
    std::deque<std::size_t> queue;
    for (std::size_t skeleton = 0; skeleton < count; ++skeleton) {
        if (!context.isSkeleton(skeleton))
            continue;
        queue.assign(1, skeleton);
        while (!queue.empty()) {
            const std::size_t current = queue.front();
            queue.pop_front();
            const OrderedJson* children = member(nodes[current], "children");
            if (!children || !children->is_array())
                continue;
            for (std::size_t slot = 0; slot < children->size(); ++slot) {
                const auto child = asIndex((*children)[slot]);
                if (!child || !context.isChildEdge(current, slot, static_cast<std::size_t>(*child)))
                    continue;
                const auto c = static_cast<std::size_t>(*child);
                if (!context.isBone(c) || context.skeletonOf[c])
                    continue;
                context.skeletonOf[c] = skeleton;
                queue.push_back(c);
            }
        }
    }
    for (std::size_t bone = 0; bone < count; ++bone) {
        if (!context.isBone(bone) || context.skeletonOf[bone])
            continue;
        const auto parent = context.parent[bone];
        const std::string boneKey = member(nodes[bone], "bone") ? "/bone" : "/boneLength";
        if (!parent) {
            context.report(rules::kBoneNotInSkeleton, nodePointer(bone) + boneKey,
                           context.label("nodes", "bone", bone) +
                               " has no parent, so no skeleton owns it; a bone must hang below a "
                               "skeleton node through a chain of bones");
            continue;
        }
        if (context.isBone(*parent))
            continue; // reported at the top of the chain (or as part of a cycle)
        // The pointer names the bone, the item the rule is about, so that following it (a click
        // in the editor's validation panel) selects the bone rather than its parent.
        context.report(rules::kBoneParent, nodePointer(bone),
                       context.label("nodes", "bone", bone) + " is a child of " +
                           context.nodeLabel(*parent) +
                           ", which is neither a bone nor a skeleton; a bone's parent must be "
                           "another bone or the skeleton node");
    }
}

// Skeleton spec, Mass: if every bone has a mass and the skeleton's parent is a physics body, the
// masses SHOULD add up to the body's mass (physics motion mass, default 1 kg).
void checkMassSums(ValidationContext& context, const OrderedJson& nodes) {
    const std::size_t count = nodes.size();
    struct Total {
        double sum = 0.0;
        std::size_t bones = 0;
        bool allDefined = true;
    };
    std::vector<Total> totals(count);
    for (std::size_t bone = 0; bone < count; ++bone) {
        if (!context.skeletonOf[bone])
            continue;
        Total& total = totals[*context.skeletonOf[bone]];
        const OrderedJson* boneObject = member(nodes[bone], "bone");
        const OrderedJson* mass = boneObject ? member(*boneObject, "mass") : nullptr;
        const auto value = mass ? asNumber(*mass) : std::nullopt;
        if (value)
            total.sum += *value;
        else
            total.allDefined = false;
        ++total.bones;
    }
    for (std::size_t skeleton = 0; skeleton < count; ++skeleton) {
        const Total& total = totals[skeleton];
        if (!total.allDefined || total.bones == 0 || !context.parent[skeleton])
            continue;
        const std::size_t body = *context.parent[skeleton];
        const OrderedJson* physics = member(nodes[body], "physics");
        const OrderedJson* motion = physics ? member(*physics, "motion") : nullptr;
        if (!motion || !motion->is_object())
            continue;
        const OrderedJson* bodyMassValue = member(*motion, "mass");
        const double bodyMass = bodyMassValue ? asNumber(*bodyMassValue).value_or(1.0) : 1.0;
        if (std::abs(total.sum - bodyMass) > 1e-6 * std::max(1.0, std::abs(bodyMass)))
            context.report(rules::kBoneMassSum, nodePointer(skeleton) + "/skeleton",
                           "the masses of the " + countOf(total.bones, "bone", "bones") + " of " +
                               context.label("nodes", "skeleton", skeleton) + " add up to " +
                               formatNumber(total.sum) + " kg, but its parent, the physics body " +
                               context.label("nodes", "body", body) + ", has mass " +
                               formatNumber(bodyMass) + " kg");
    }
}

} // namespace

void checkBones(ValidationContext& context) {
    const OrderedJson* nodes = context.array("nodes");
    if (!nodes) {
        context.skeletonOf.clear();
        return;
    }
    for (std::size_t i = 0; i < nodes->size(); ++i)
        if ((*nodes)[i].is_object())
            checkBoneObject(context, i, (*nodes)[i]);
    assignSkeletons(context, *nodes);
    checkMassSums(context, *nodes);
}

} // namespace hyperrig::core::validate
