#include "core/ops/BoneMasses.h"

#include "core/base/Contracts.h"
#include "core/edit/CommandBatch.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/model/ItemLabels.h"

#include <cmath>
#include <map>
#include <numbers>

namespace hyperrig::core::ops {
namespace {

// κ_k, the volume of the unit k-ball: π^(k/2) / Γ(k/2 + 1).
double unitBallVolume(int k) {
    return std::pow(std::numbers::pi, k / 2.0) / std::tgamma(k / 2.0 + 1.0);
}

std::optional<std::vector<double>> numbers(const model::OrderedJson& value, int dimension) {
    if (!value.is_array() || value.size() != static_cast<std::size_t>(dimension))
        return std::nullopt;
    std::vector<double> out;
    for (const auto& item : value) {
        if (!item.is_number())
            return std::nullopt;
        out.push_back(item.get<double>());
    }
    return out;
}

// The bones of the skeleton, parents first (the skeleton's subtree through bones only).
std::vector<model::NodeId> bonesOf(const model::Document& document, model::NodeId skeleton) {
    std::vector<model::NodeId> bones;
    for (model::NodeId node : document.subtree(skeleton))
        if (document.node(node).isBone() && document.skeletonOf(node) == skeleton)
            bones.push_back(node);
    return bones;
}

std::string boneLabel(const model::Document& document, model::NodeId bone) {
    return "bone " + model::describeNode(document, bone);
}

} // namespace

Result<double> shapeVolume(const model::OrderedJson& shape, int dimension) {
    const auto type = shape.contains("type") ? shape["type"] : model::OrderedJson("general");
    if (!type.is_string() || type.get<std::string>() != "general")
        return Error("only \"general\" shapes (boxes, balls, capsules, cylinders) have a volume "
                     "HyperRig computes");
    std::vector<double> size(static_cast<std::size_t>(dimension), 0.0);
    if (shape.contains("size")) {
        auto read = numbers(shape["size"], dimension);
        if (!read)
            return Error("its size is not " + std::to_string(dimension) + " numbers");
        size = *read;
    }
    double radius = 0.0;
    std::vector<bool> round(static_cast<std::size_t>(dimension), false);
    if (shape.contains("curves")) {
        const auto& curves = shape["curves"];
        if (!curves.is_array() || curves.size() > 1)
            return Error("it has several curves; only one round curve has a volume HyperRig "
                         "computes");
        if (curves.size() == 1) {
            const auto& curve = curves[0];
            if (curve.contains("exponent") &&
                (!curve["exponent"].is_number() || curve["exponent"].get<double>() != 2.0))
                return Error("its curve is not round (exponent 2)");
            if (curve.contains("taper"))
                return Error("its curve is tapered");
            auto radii =
                curve.contains("radii") ? numbers(curve["radii"], dimension) : std::nullopt;
            if (!radii)
                return Error("its curve's radii are not " + std::to_string(dimension) + " numbers");
            for (std::size_t axis = 0; axis < radii->size(); ++axis) {
                const double r = (*radii)[axis];
                if (r == 0.0)
                    continue;
                if (radius != 0.0 && r != radius)
                    return Error("its curve's radii differ (an ellipsoid)");
                radius = r;
                round[axis] = true;
            }
        }
    }
    for (double extent : size)
        if (!(extent >= 0.0) || !std::isfinite(extent))
            return Error("its size has a negative or non-finite extent");
    if (!(radius >= 0.0) || !std::isfinite(radius))
        return Error("its radius is negative or not finite");
    // Σ over the subsets T of the round axes S: (Π_{i ∉ T} size_i) · κ_|T| r^|T|.
    std::vector<std::size_t> roundAxes;
    for (std::size_t axis = 0; axis < round.size(); ++axis)
        if (round[axis])
            roundAxes.push_back(axis);
    double volume = 0.0;
    for (std::size_t subset = 0; subset < (std::size_t{1} << roundAxes.size()); ++subset) {
        std::vector<bool> inT(size.size(), false);
        int k = 0;
        for (std::size_t bit = 0; bit < roundAxes.size(); ++bit)
            if (subset & (std::size_t{1} << bit)) {
                inT[roundAxes[bit]] = true;
                ++k;
            }
        double term = unitBallVolume(k) * std::pow(radius, k);
        for (std::size_t axis = 0; axis < size.size(); ++axis)
            if (!inT[axis])
                term *= size[axis];
        volume += term;
    }
    return volume;
}

MassSummary summarizeMasses(const model::Document& document, model::NodeId skeleton) {
    HYPERRIG_EXPECTS(document.nodes.find(skeleton) && document.node(skeleton).isSkeleton());
    MassSummary summary;
    for (model::NodeId bone : bonesOf(document, skeleton)) {
        ++summary.bones;
        const auto mass = document.node(bone).bone()->mass;
        if (!mass)
            summary.withoutMass.push_back(bone);
        else if (*mass == 0.0)
            ++summary.shapeOnly;
        else
            summary.definedTotal += *mass;
    }
    // A physics body parent: {"physics": {"motion": {"mass": m (default 1)}}} (node physics).
    const model::NodeId parent = document.node(skeleton).parent;
    if (parent)
        if (const auto* physics =
                std::get_if<model::OpaqueComponent>(&document.node(parent).component);
            physics && physics->property == "physics" && physics->value.is_object() &&
            physics->value.contains("motion") && physics->value["motion"].is_object()) {
            const auto& motion = physics->value["motion"];
            summary.bodyMass = motion.contains("mass") && motion["mass"].is_number()
                                   ? motion["mass"].get<double>()
                                   : 1.0;
        }
    return summary;
}

Result<MassDistribution> distributeMass(const model::Document& document, model::NodeId skeleton,
                                        double total, MassTargets targets) {
    if (!std::isfinite(total) || total < 0.0)
        return Error("the total mass must be a number of kilograms, 0 or more");
    const std::vector<model::NodeId> bones = bonesOf(document, skeleton);
    // Each bone's own shape volume; shape-only bones hand theirs to the first ancestor bone
    // with a non-zero (or undefined) mass.
    std::map<model::NodeId, double> volume;
    for (model::NodeId bone : bones) {
        const model::Bone& data = *document.node(bone).bone();
        if (!data.shape)
            continue;
        auto shapeVolumeOf =
            shapeVolume(document.shapes.at(data.shape).value, document.dimension());
        if (!shapeVolumeOf)
            return Error("the shape " + model::describeShape(document, data.shape) + " of " +
                         boneLabel(document, bone) + ": " + shapeVolumeOf.error().message());
        model::NodeId owner = bone;
        while (owner && document.node(owner).isBone() &&
               document.node(owner).bone()->mass == std::optional<double>(0.0))
            owner = document.node(owner).parent;
        if (owner && document.node(owner).isBone())
            volume[owner] += *shapeVolumeOf;
    }
    double share = total;
    std::vector<model::NodeId> receiving;
    for (model::NodeId bone : bones) {
        const auto mass = document.node(bone).bone()->mass;
        if (mass == std::optional<double>(0.0))
            continue; // shape-only: stays 0
        if (targets == MassTargets::WithoutMass && mass) {
            share -= *mass;
            continue;
        }
        receiving.push_back(bone);
    }
    if (share < -1e-9 * std::max(1.0, total))
        return Error("the bones that have a mass already weigh more than " + std::to_string(total) +
                     " kg; give a larger total, or distribute over all "
                     "bones");
    share = std::max(share, 0.0);
    if (receiving.empty())
        return Error(targets == MassTargets::WithoutMass
                         ? "every bone already has a mass (or is shape-only); distribute over "
                           "all bones to change them"
                         : "the skeleton has no bone to give a mass to");
    MassDistribution result;
    for (model::NodeId bone : receiving) {
        const auto found = volume.find(bone);
        if (found == volume.end() || found->second <= 0.0)
            result.withoutVolume.push_back(bone);
        else
            result.volume += found->second;
    }
    if (result.volume <= 0.0)
        return Error("none of the bones to receive mass has a shape with a volume to weigh by; "
                     "give them shapes first");
    for (model::NodeId bone : receiving)
        if (const auto found = volume.find(bone); found != volume.end() && found->second > 0.0)
            result.masses.emplace_back(bone, share * found->second / result.volume);
    return result;
}

Result<std::unique_ptr<edit::Command>> distributeMassCommand(const model::Document& document,
                                                             model::NodeId skeleton, double total,
                                                             MassTargets targets) {
    auto distribution = distributeMass(document, skeleton, total, targets);
    if (!distribution)
        return distribution.error();
    std::vector<std::unique_ptr<edit::Command>> commands;
    for (const auto& [bone, mass] : distribution->masses)
        commands.push_back(edit::setBoneMass(bone, mass));
    auto composite = std::make_unique<edit::CompositeCommand>("Distribute Mass");
    for (auto& command : commands)
        composite->appendPending(std::move(command));
    return std::unique_ptr<edit::Command>(std::move(composite));
}

} // namespace hyperrig::core::ops
