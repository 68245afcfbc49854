#pragma once

#include "core/base/ThreadPool.h"
#include "core/edit/commands/MeshDataCommands.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/io/g4mf/G4mfFile.h"
#include "core/ops/influence/InfluenceTools.h"
#include "core/validate/Validator.h"
#include "tests/core/edit/DataTestSupport.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace hyperrig::test {

// Changes the fixture's document and its pristine copy alike, as if the file had been saved
// that way: tests start from hand-made skins while requireUnchanged and requireUndoRedo still
// compare with the state before the edit under test.
inline void setUp(EditFixture& f, const std::function<void(core::model::Document&)>& change) {
    change(f.document);
    change(f.pristine);
    f.pristineBytes = savedText(f.document);
}

// A skin written out by hand: CSR offsets, then groups and weights entry by entry.
struct HandSkin {
    std::vector<std::uint32_t> offsets;
    std::vector<std::uint32_t> groups;
    std::vector<double> weights;
    std::optional<std::vector<std::string>> names;
};

// Gives `mesh` the influences and names of `hand`, keeping the stored types of its skin.
inline void giveSkin(EditFixture& f, core::model::MeshId mesh, const HandSkin& hand) {
    setUp(f, [&](core::model::Document& document) {
        core::model::Skin& skin = *document.mesh(mesh).skin;
        skin.offsets = hand.offsets;
        skin.groups = hand.groups;
        skin.weights = hand.weights;
        skin.groupNames = hand.names;
    });
}

// The skin's influences equal the hand-written ones, and the skin keeps the G4MF rules.
inline void requireInfluences(const core::model::Document& document, core::model::MeshId mesh,
                              const HandSkin& expected) {
    const core::model::Skin& skin = *document.mesh(mesh).skin;
    CHECK(skin.offsets == expected.offsets);
    CHECK(skin.groups == expected.groups);
    CHECK(skin.weights == expected.weights);
    CHECK(skin.groupNames == expected.names);
    const auto valid = core::edit::checkSkin(skin, document.mesh(mesh).vertexCount());
    INFO((valid ? std::string() : valid.error().message()));
    CHECK(valid.ok());
}

// Executes a planned edit through the fixture's history.
inline void executePlan(EditFixture& f, core::ops::CommandResult plan) {
    INFO((plan ? std::string() : plan.error().message()));
    REQUIRE(plan.ok());
    REQUIRE(f.execute(std::move(*plan)).ok());
}

// The refusal message of a plan that must be refused.
inline std::string refusalOf(const core::ops::CommandResult& plan) {
    REQUIRE_FALSE(plan.ok());
    return plan.error().message();
}

// The rule ids of the errors the validator finds in a save of `document`.
inline std::vector<std::string> errorRules(const core::model::Document& document) {
    const std::string text = savedText(document);
    auto file = core::io::parseG4mfBytes(bytesOf(text), ".");
    REQUIRE(file.ok());
    std::vector<std::string> rules;
    for (const core::Diagnostic& diagnostic : core::validate::validateG4mf(*file))
        if (diagnostic.severity == core::Diagnostic::Severity::Error)
            rules.push_back(diagnostic.rule);
    return rules;
}

// Moves the node `name` from its parent to the end of the root's children: a mesh node moved
// so is no longer skinned.
inline void moveToRoot(core::model::Document& document, const std::string& name) {
    const core::model::NodeId node = nodeNamed(document, name);
    auto& siblings = document.node(document.node(node).parent).children;
    siblings.erase(std::find(siblings.begin(), siblings.end(), node));
    document.node(document.root()).children.push_back(node);
    document.node(node).parent = document.root();
}

// World-space positions of every vertex of every instance, in instance order.
inline std::vector<double> worldPositions(const core::model::Document& document,
                                          const core::eval::Pose& pose) {
    auto rig = core::eval::CompiledRig::compile(document);
    REQUIRE(rig.ok());
    core::base::ThreadPool pool(1);
    core::eval::EvaluatedRig evaluated;
    REQUIRE(core::eval::evaluateRig(document, *rig, pose, pool, evaluated).ok());
    std::vector<double> out;
    for (const auto& instance : evaluated.instances) {
        const auto& mesh = rig->mesh(instance.mesh);
        const float* positions = instance.positions(mesh);
        const auto n = static_cast<std::size_t>(mesh.dimension);
        for (std::size_t v = 0; v < mesh.vertexCount; ++v) {
            core::math::VectorN p = core::math::VectorN::zero(mesh.dimension);
            for (std::size_t a = 0; a < n; ++a)
                p[static_cast<int>(a)] = positions[v * n + a];
            const core::math::VectorN world = instance.world.applyPoint(p);
            out.insert(out.end(), world.values().begin(), world.values().end());
        }
    }
    return out;
}

// A random pose of every bone: local basis = identity plus up to ±0.4 in every entry
// (invertible, and far from the rest pose), position up to ±0.5 per axis.
inline core::eval::Pose randomPose(const core::model::Document& document, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> offset(-0.4, 0.4);
    const int n = document.dimension();
    core::eval::Pose pose;
    for (core::model::NodeId id : document.nodes.order()) {
        if (!document.node(id).isBone())
            continue;
        std::vector<double> basis(static_cast<std::size_t>(n * n));
        for (int column = 0; column < n; ++column)
            for (int row = 0; row < n; ++row)
                basis[static_cast<std::size_t>(column * n + row)] =
                    (row == column ? 1.0 : 0.0) + offset(random);
        auto made = core::math::BasisN::fromColumnMajor(n, basis);
        REQUIRE(made.ok());
        core::math::VectorN position = core::math::VectorN::zero(n);
        for (int axis = 0; axis < n; ++axis)
            position[axis] = offset(random) * 1.25;
        pose.local.emplace(id, core::math::AffineN(*made, position));
    }
    return pose;
}

// Every vertex lands where it did (float kernels: a few ulps of the positions' size).
inline void requireSamePositions(const std::vector<double>& actual,
                                 const std::vector<double>& expected) {
    REQUIRE(actual.size() == expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i)
        REQUIRE(actual[i] == Approx(expected[i]).margin(1e-5));
}

} // namespace hyperrig::test
