#include "tests/core/ops/OpsTestSupport.h"

#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/math/Rotor.h"
#include "tests/core/model/NodeBuilding.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <random>

using namespace hyperrig::core;

namespace hyperrig::test {
namespace {

constexpr int kDimension = 4;

} // namespace

std::vector<std::vector<std::pair<std::uint32_t, double>>>
influencesFor(const std::vector<std::uint32_t>& groups) {
    std::vector<std::vector<std::pair<std::uint32_t, double>>> result;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        result.push_back({{groups[i], 1.0}});
        const std::uint32_t next = groups[(i + 1) % groups.size()];
        if (next != groups[i])
            result.push_back({{groups[i], 0.6}, {next, 0.4}});
    }
    return result;
}

model::Document buildRigDocument(const std::vector<SkeletonSpec>& skeletons,
                                 const std::vector<MeshSpec>& meshes) {
    model::Document document;
    document.asset.dimension = kDimension;
    const model::NodeId scene = addNode(document, "Scene", {});
    for (const SkeletonSpec& spec : skeletons) {
        const model::NodeId skeleton = addNode(document, spec.name, scene);
        model::NodeId parent = skeleton;
        for (std::size_t i = 0; i < spec.bones.size(); ++i) {
            const model::NodeId bone = addNode(document, spec.bones[i], parent);
            model::Node& node = document.node(bone);
            node.component = model::Bone{0.5, std::nullopt, {}, {}};
            node.transform.position = {0.0, parent == skeleton ? 0.0 : 0.5, 0.0,
                                       0.01 * static_cast<double>(i)};
            node.transform.form = model::NodeTransform::Form::RotorScale;
            const auto rotor = *math::Rotor::fromPlaneAngle(
                kDimension, 0, 1 + static_cast<int>(i % 3), 0.1 + 0.05 * static_cast<double>(i));
            node.transform.rotor.assign(rotor.components().begin(), rotor.components().end());
            parent = bone;
        }
        model::Skeleton component;
        component.writeJoints = true;
        component.extra = model::OrderedJson::object();
        for (const std::string& joint : spec.joints)
            component.joints.push_back(joint.empty() ? model::JointSlot{}
                                                     : model::JointSlot(document.findNode(joint)));
        document.node(skeleton).component = component;
    }
    for (const MeshSpec& spec : meshes) {
        const model::NodeId parent = spec.parent.empty() ? scene : document.findNode(spec.parent);
        REQUIRE(parent);
        const model::NodeId node = addNode(document, spec.node, parent);
        document.node(node).transform.position = spec.position;
        auto mesh = std::make_unique<model::Mesh>();
        mesh->id = document.meshes.allocateId();
        mesh->name = spec.node + "Mesh";
        mesh->vertices.vectorSize = kDimension;
        model::Skin skin;
        skin.offsets.push_back(0);
        for (std::size_t v = 0; v < spec.influences.size(); ++v) {
            const double t = static_cast<double>(v);
            for (double value : {0.3 * std::sin(t), 0.2 * t, 0.3 * std::cos(t), 0.05 * t})
                mesh->vertices.values.push_back(value);
            for (const auto& [group, weight] : spec.influences[v]) {
                skin.groups.push_back(group);
                skin.weights.push_back(weight);
            }
            skin.offsets.push_back(static_cast<std::uint32_t>(skin.groups.size()));
        }
        if (!spec.groupNames.empty())
            skin.groupNames = spec.groupNames;
        mesh->skin = skin;
        model::Surface surface;
        surface.simplexes = model::NumericArray{};
        surface.simplexes->componentType = model::ComponentType::Uint8;
        surface.simplexes->vectorSize = kDimension;
        for (std::size_t v = 0; v + 3 < spec.influences.size(); v += 4)
            for (std::size_t k = 0; k < 4; ++k)
                surface.simplexes->values.push_back(static_cast<double>(v + k));
        mesh->surfaces.push_back(surface);
        document.node(node).component =
            model::MeshInstance{mesh->id, model::OrderedJson::object(), std::nullopt};
        document.meshes.append(std::move(mesh));
    }
    return document;
}

eval::Pose randomPose(const eval::CompiledRig& rig, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> angle(-1.2, 1.2);
    eval::Pose pose;
    for (const auto& skeleton : rig.skeletons())
        for (std::size_t b = 0; b < skeleton.bones.size(); ++b) {
            const auto turn =
                *math::Rotor::fromPlaneAngle(kDimension, static_cast<int>(b % 3), 3, angle(random));
            const math::AffineN& rest = skeleton.restLocal[b];
            pose.local.insert_or_assign(
                skeleton.bones[b], math::AffineN(rest.basis() * turn.toBasis(), rest.position()));
        }
    return pose;
}

std::map<std::string, std::vector<double>> deformedWorld(const model::Document& document,
                                                         unsigned seed) {
    auto rig = eval::CompiledRig::compile(document);
    INFO((rig.ok() ? std::string() : rig.error().message()));
    REQUIRE(rig.ok());
    const eval::Pose pose = randomPose(*rig, seed);
    base::ThreadPool pool(1);
    eval::EvaluatedRig evaluated;
    REQUIRE(eval::evaluateRig(document, *rig, pose, pool, evaluated).ok());
    std::map<std::string, std::vector<double>> result;
    for (const auto& instance : evaluated.instances) {
        const auto& mesh = rig->mesh(instance.mesh);
        const float* positions = instance.positions(mesh);
        std::vector<double>& out = result[document.node(instance.node).displayName()];
        for (std::size_t v = 0; v < mesh.vertexCount; ++v) {
            math::VectorN p = math::VectorN::zero(kDimension);
            for (int a = 0; a < kDimension; ++a)
                p[a] = positions[v * kDimension + static_cast<std::size_t>(a)];
            const math::VectorN world = instance.world.applyPoint(p);
            out.insert(out.end(), world.values().begin(), world.values().end());
        }
    }
    return result;
}

} // namespace hyperrig::test
