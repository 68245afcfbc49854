#include "core/eval/animation/SkelAnimationSample.h"

#include "core/io/usd/UsdMath.h"
#include "core/model/ItemLabels.h"
#include "core/model/JsonDump.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <optional>
#include <set>
#include <unordered_map>

namespace hyperrig::core::eval {
namespace {

const model::OrderedJson* animationUsdMember(const model::OrderedJson& extra, const char* key) {
    if (!extra.is_object() || !extra.contains("extras") || !extra["extras"].is_object())
        return nullptr;
    const auto& extras = extra["extras"];
    if (!extras.contains("usd") || !extras["usd"].is_object() || !extras["usd"].contains(key))
        return nullptr;
    return &extras["usd"][key];
}

std::string animationLeaf(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// One value as flat numbers (`width` per element), or none for a block (`None`). Fails for what
// is not a list of numbers or width-tuples.
Result<std::optional<std::vector<double>>> animationNumbers(const model::OrderedJson& value,
                                                            std::size_t width) {
    if (value.is_null())
        return std::optional<std::vector<double>>();
    if (!value.is_array())
        return Error("the value is not a list");
    std::vector<double> numbers;
    for (const auto& element : value) {
        const auto one = [&](const model::OrderedJson& number) -> Result<void> {
            if (!number.is_number())
                return Error("the value holds " + model::jsonText(number) + ", not a number");
            numbers.push_back(number.get<double>());
            return {};
        };
        if (width == 1) {
            if (auto done = one(element); !done)
                return done.error();
            continue;
        }
        if (!element.is_array() || element.size() != width)
            return Error("the value holds " + model::jsonText(element) + ", not " +
                         std::to_string(width) + " numbers");
        for (const auto& number : element)
            if (auto done = one(number); !done)
                return done.error();
    }
    return std::optional(std::move(numbers));
}

// A kept property (usdPropertyJson's form) as a default value and time samples, in time order.
struct AnimationTrack {
    std::optional<std::vector<double>> fallback; // the default value (none: unauthored/blocked)
    std::vector<std::pair<double, std::optional<std::vector<double>>>> samples;
    bool authored = false;
};

Result<AnimationTrack> animationTrack(const model::OrderedJson& properties, const char* name,
                                      std::size_t width) {
    AnimationTrack track;
    if (!properties.contains(name))
        return track;
    const auto& property = properties[name];
    const std::string context = name;
    if (property.contains("value")) {
        auto value = animationNumbers(property["value"], width);
        if (!value)
            return value.error().withContext(context);
        track.fallback = std::move(*value);
        track.authored = true;
    }
    if (property.contains("timeSamples") && property["timeSamples"].is_object()) {
        for (const auto& [key, sample] : property["timeSamples"].items()) {
            double time = 0.0;
            const auto [end, error] = std::from_chars(key.data(), key.data() + key.size(), time);
            if (error != std::errc() || end != key.data() + key.size() || !std::isfinite(time))
                return Error(context + " has the time sample '" + key + "', not a time code");
            auto value = animationNumbers(sample, width);
            if (!value)
                return value.error().withContext(context + " at time " + key);
            track.samples.emplace_back(time, std::move(*value));
        }
        std::stable_sort(track.samples.begin(), track.samples.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        track.authored = track.authored || !track.samples.empty();
    }
    return track;
}

// GfSlerp on unit quaternions (w, x, y, z): the shorter arc (the second one negated when the
// dot product is negative), linear when 1 − cos θ ≤ 1e-5; the result normalised.
std::array<double, 4> animationSlerp(std::array<double, 4> a, std::array<double, 4> b,
                                     double alpha) {
    auto normalise = [](std::array<double, 4>& q) {
        const double norm = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        if (norm > 0.0)
            for (double& c : q)
                c /= norm;
    };
    normalise(a);
    normalise(b);
    double cosine = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    double sign = 1.0;
    if (cosine < 0.0) {
        cosine = -cosine;
        sign = -1.0;
    }
    double scaleA = 1.0 - alpha;
    double scaleB = alpha;
    if (1.0 - cosine > 1e-5) {
        const double theta = std::acos(std::min(1.0, cosine));
        scaleA = std::sin((1.0 - alpha) * theta) / std::sin(theta);
        scaleB = std::sin(alpha * theta) / std::sin(theta);
    }
    std::array<double, 4> q{};
    for (std::size_t c = 0; c < 4; ++c)
        q[c] = scaleA * a[c] + sign * scaleB * b[c];
    normalise(q);
    return q;
}

// The track's value at `time` (usdskel.md §4, "Time interpolation"); none when blocked or
// unauthored.
std::optional<std::vector<double>> animationValueAt(const AnimationTrack& track, double time,
                                                    bool quaternions) {
    if (track.samples.empty())
        return track.fallback;
    const auto& samples = track.samples;
    if (time <= samples.front().first)
        return samples.front().second;
    if (time >= samples.back().first)
        return samples.back().second;
    std::size_t upper = 1;
    while (samples[upper].first <= time)
        ++upper;
    const auto& [t0, v0] = samples[upper - 1];
    const auto& [t1, v1] = samples[upper];
    if (!v0 || !v1 || v0->size() != v1->size())
        return v0; // a block, or lengths that differ: the earlier sample holds
    const double alpha = (time - t0) / (t1 - t0);
    std::vector<double> value(v0->size());
    if (quaternions) {
        for (std::size_t i = 0; i + 3 < value.size(); i += 4) {
            const auto q =
                animationSlerp({(*v0)[i], (*v0)[i + 1], (*v0)[i + 2], (*v0)[i + 3]},
                               {(*v1)[i], (*v1)[i + 1], (*v1)[i + 2], (*v1)[i + 3]}, alpha);
            std::copy(q.begin(), q.end(), value.begin() + static_cast<std::ptrdiff_t>(i));
        }
    } else {
        for (std::size_t i = 0; i < value.size(); ++i)
            value[i] = (1.0 - alpha) * (*v0)[i] + alpha * (*v1)[i];
    }
    return value;
}

std::vector<std::string> animationTokens(const model::OrderedJson& value) {
    std::vector<std::string> tokens;
    if (value.is_array())
        for (const auto& token : value)
            if (token.is_string())
                tokens.push_back(token.get<std::string>());
    return tokens;
}

// The base pose of one skeleton: the restTransforms the import kept as a Custom pose (decision
// 0041), else the rest pose.
Result<Pose> animationBasePose(const model::Skeleton& component, const CompiledSkeleton& skeleton) {
    for (const auto& pose : component.bindPoses)
        if (pose.type == model::PoseType::Custom && pose.extra.is_object() &&
            pose.extra.contains("extras") && pose.extra["extras"].contains("usd"))
            return poseFromBindPose(skeleton, pose);
    return Pose{};
}

// Whether the animation of `skeleton` drives the blend shapes of `instance` (usdskel.md §9: the
// mesh is bound to the skeleton): it is skinned by that skeleton, or it is a Mesh the import
// found bound to the Skeleton prim (skel:skeleton, inherited) without influences, whose path it
// kept in the mesh's extras.usd.boundSkeleton.
bool animationDrivesInstance(const model::Document& document, const CompiledRig& rig,
                             const CompiledSkeleton& skeleton, const CompiledInstance& instance) {
    if (instance.skeleton != CompiledInstance::kNotSkinned)
        return rig.skeletons()[static_cast<std::size_t>(instance.skeleton)].skeleton ==
               skeleton.skeleton;
    const auto* mesh = document.meshes.find(instance.mesh);
    const auto* bound = mesh ? animationUsdMember(mesh->extra, "boundSkeleton") : nullptr;
    const auto* path = animationUsdMember(document.node(skeleton.skeleton).extra, "path");
    return bound && path && bound->is_string() && *bound == *path;
}

// The animation's blendShapeWeights at `time` onto the instances it drives (usdskel.md §8, §10;
// decision 0059): the weights are remapped by token from the animation's blendShapes to each
// mesh's shapes (the import names them after the mesh's skel:blendShapes tokens), a shape the
// animation does not name takes 0 (the AnimMapper's default), a repeated token the later weight.
// The result replaces the instance's amounts in the pose. No weights at `time` (unauthored or
// blocked) drive nothing: the document's amounts show.
Result<void> sampleBlendWeights(const model::Document& document, const CompiledRig& rig,
                                const CompiledSkeleton& skeleton,
                                const model::OrderedJson& properties, double time,
                                const std::function<Error(const std::string&)>& fail,
                                const std::string& path, AnimationSample& sample) {
    auto weights = animationTrack(properties, "blendShapeWeights", 1);
    if (!weights)
        return fail(weights.error().message());
    const auto value = animationValueAt(*weights, time, false);
    if (!value)
        return {};
    const auto shapes =
        properties.contains("blendShapes") && properties["blendShapes"].contains("value")
            ? animationTokens(properties["blendShapes"]["value"])
            : std::vector<std::string>();
    if (value->size() != shapes.size())
        return fail("blendShapeWeights has " + std::to_string(value->size()) + " values at time " +
                    std::to_string(time) + " for " + std::to_string(shapes.size()) +
                    " blendShapes tokens; UsdSkel needs one weight per token");
    std::unordered_map<std::string, double> weightOf;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        sample.blendShapeWeights.emplace_back(shapes[i], (*value)[i]);
        weightOf.insert_or_assign(shapes[i], (*value)[i]);
    }
    std::set<std::string> named;
    for (const CompiledInstance& instance : rig.instances()) {
        const auto* mesh = document.meshes.find(instance.mesh);
        if (!mesh || !mesh->blend || !animationDrivesInstance(document, rig, skeleton, instance))
            continue;
        std::vector<double> amounts(mesh->blend->shapes.size(), 0.0);
        for (std::size_t s = 0; s < amounts.size(); ++s) {
            const auto& name = mesh->blend->shapes[s].name;
            if (!name)
                continue;
            if (const auto weight = weightOf.find(*name); weight != weightOf.end()) {
                amounts[s] = weight->second;
                named.insert(*name);
            }
        }
        sample.pose.blendAmounts.insert_or_assign(instance.node, std::move(amounts));
    }
    std::set<std::string> warned;
    for (const auto& token : shapes)
        if (!named.count(token) && warned.insert(token).second)
            sample.warnings.push_back("SkelAnimation " + path + ": blendShapes token '" + token +
                                      "' names no blend shape of a mesh bound to skeleton " +
                                      model::describeNode(document, skeleton.skeleton) +
                                      "; its weight is ignored");
    return {};
}

Result<void> sampleOne(const model::Document& document, const CompiledRig& rig,
                       const CompiledSkeleton& skeleton, const model::OrderedJson& animation,
                       double time, AnimationSample& sample) {
    const auto& node = document.node(skeleton.skeleton);
    const auto& component = *node.skeleton();
    const std::string path = animation.value("path", std::string());
    const auto fail = [&](const std::string& why) {
        return Error("SkelAnimation " + path + " of skeleton " +
                     model::describeNode(document, skeleton.skeleton) + ": " + why);
    };
    if (!animation.contains("properties") || !animation["properties"].is_object())
        return fail("it has no properties");
    const auto& properties = animation["properties"];
    const auto joints = properties.contains("joints") && properties["joints"].contains("value")
                            ? animationTokens(properties["joints"]["value"])
                            : std::vector<std::string>();
    std::optional<std::vector<double>> values[3];
    const char* names[3] = {"translations", "rotations", "scales"};
    const std::size_t widths[3] = {3, 4, 3};
    for (int c = 0; c < 3; ++c) {
        auto track = animationTrack(properties, names[c], widths[c]);
        if (!track)
            return fail(track.error().message());
        values[c] = animationValueAt(*track, time, c == 1);
        if (!values[c] && joints.empty() && !track->authored)
            values[c] = std::vector<double>(); // no joints to drive: blend-shape weights only
        if (!values[c])
            return fail(std::string(names[c]) + " is not authored (or blocked) at time " +
                        std::to_string(time) +
                        "; UsdSkel needs translations, rotations and scales");
        if (values[c]->size() != joints.size() * widths[c])
            return fail(std::string(names[c]) + " has " +
                        std::to_string(values[c]->size() / widths[c]) + " values for " +
                        std::to_string(joints.size()) + " animation joints");
    }
    // Skeleton joint tokens, as the import read them: token k is joints slot k.
    const auto* keptJoints = animationUsdMember(node.extra, "joints");
    const auto skeletonTokens =
        keptJoints ? animationTokens(*keptJoints) : std::vector<std::string>();
    if (skeletonTokens.size() != component.joints.size())
        return fail("the skeleton has " + std::to_string(component.joints.size()) +
                    " joints slots but " + std::to_string(skeletonTokens.size()) +
                    " joint paths were imported; its joints changed since the import");
    std::unordered_map<std::string, std::size_t> slotOf; // a repeated token: the later one
    for (std::size_t k = 0; k < skeletonTokens.size(); ++k)
        slotOf[skeletonTokens[k]] = k;
    auto base = animationBasePose(component, skeleton);
    if (!base)
        return fail(base.error().message());
    for (const auto& [bone, local] : base->local)
        sample.pose.local.insert_or_assign(bone, local);
    for (std::size_t i = 0; i < joints.size(); ++i) {
        const auto slot = slotOf.find(joints[i]);
        if (slot == slotOf.end() || !component.joints[slot->second])
            continue; // not a joint of this skeleton: dropped, as the AnimMapper does
        const auto& t = *values[0];
        const auto& q = *values[1];
        const auto& s = *values[2];
        auto rotation =
            io::usd::basisOfUsdQuaternion(q[4 * i], q[4 * i + 1], q[4 * i + 2], q[4 * i + 3]);
        if (!rotation)
            return fail("rotation " + std::to_string(i) + ": " + rotation.error().message());
        // USD's L = S · R · T (row vectors) is T ∘ R ∘ diag(S) for column vectors.
        const math::BasisN basis =
            *rotation *
            math::BasisN::fromDiagonal(math::VectorN{s[3 * i], s[3 * i + 1], s[3 * i + 2]});
        sample.pose.local.insert_or_assign(
            *component.joints[slot->second],
            math::AffineN(basis, math::VectorN{t[3 * i], t[3 * i + 1], t[3 * i + 2]}));
    }
    return sampleBlendWeights(document, rig, skeleton, properties, time, fail, path, sample);
}

} // namespace

std::vector<KeptAnimation> keptAnimations(const model::Document& document) {
    std::vector<KeptAnimation> animations;
    for (model::NodeId id : document.nodes.order()) {
        const auto& node = document.node(id);
        if (!node.isSkeleton())
            continue;
        const auto* animation = animationUsdMember(node.extra, "animation");
        if (!animation || !animation->is_object())
            continue;
        const std::string path = animation->value("path", std::string());
        animations.push_back({id, animationLeaf(path), path});
    }
    return animations;
}

Result<AnimationSample> sampleAnimation(std::string_view name, double time,
                                        const model::Document& document, const CompiledRig& rig) {
    if (!std::isfinite(time))
        return Error("the time " + std::to_string(time) + " is not a number");
    AnimationSample sample;
    bool found = false;
    std::set<std::string> names;
    for (const auto& kept : keptAnimations(document)) {
        names.insert(kept.name);
        if (kept.name != name && kept.path != name)
            continue;
        const auto* skeleton = rig.skeletonOf(kept.skeleton);
        if (!skeleton)
            continue;
        const auto& animation =
            *animationUsdMember(document.node(kept.skeleton).extra, "animation");
        auto sampled = sampleOne(document, rig, *skeleton, animation, time, sample);
        if (!sampled)
            return sampled.error();
        found = true;
    }
    if (!found) {
        std::string list;
        for (const auto& known : names)
            list += (list.empty() ? "" : ", ") + known;
        return Error("no skeleton has an animation named '" + std::string(name) + "'" +
                     (list.empty() ? " (the document has no animations: they come from UsdSkel "
                                     "SkelAnimations)"
                                   : " (animations: " + list + ")"));
    }
    return sample;
}

AnimationTimeRange animationTimeRange(std::string_view name, const model::Document& document) {
    std::optional<AnimationTimeRange> range;
    for (const auto& kept : keptAnimations(document)) {
        if (kept.name != name && kept.path != name)
            continue;
        const auto& animation =
            *animationUsdMember(document.node(kept.skeleton).extra, "animation");
        if (!animation.contains("properties") || !animation["properties"].is_object())
            continue;
        const auto& properties = animation["properties"];
        for (const char* component : {"translations", "rotations", "scales", "blendShapeWeights"}) {
            if (!properties.contains(component) || !properties[component].is_object() ||
                !properties[component].contains("timeSamples") ||
                !properties[component]["timeSamples"].is_object())
                continue;
            for (const auto& [key, sample] : properties[component]["timeSamples"].items()) {
                (void)sample;
                double time = 0.0;
                const auto [end, error] =
                    std::from_chars(key.data(), key.data() + key.size(), time);
                if (error != std::errc() || end != key.data() + key.size() || !std::isfinite(time))
                    continue;
                if (!range)
                    range = AnimationTimeRange{time, time};
                range->start = std::min(range->start, time);
                range->end = std::max(range->end, time);
            }
        }
    }
    return range.value_or(AnimationTimeRange{});
}

} // namespace hyperrig::core::eval
