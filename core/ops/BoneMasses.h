#pragma once

#include "core/base/Result.h"
#include "core/edit/Command.h"
#include "core/model/Document.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::ops {

// Bone masses of a skeleton, as g4mf-skeleton.md describes them: a bone's mass in kg, 0 for a
// shape-only bone (its shape belongs to the first ancestor bone with a non-zero mass), undefined
// when the file does not say. "If some or no bones have their mass defined, the application MAY
// infer the masses of the undefined bones by distributing the remaining mass to them. If the
// shapes of bones are defined, the volume of each bone's shape is recommended to be the heuristic
// used for this distribution."

// The D-volume of a G4MF "general" shape (physics/shape.md: a box of full extents `size`
// Minkowski-summed with its curves) for the shapes HyperRig makes and most tools write: a box
// plus at most one round curve (exponent 2) whose non-zero radii are all equal, r, on the axes S.
// A box plus a ball of radius r in the coordinate subspace S has the volume
//   V = Σ_{T ⊆ S} (Π_{i ∉ T} size_i) · κ_|T| · r^|T|,   κ_k = π^(k/2) / Γ(k/2 + 1)
// (each term: the ball's k-dimensional part over the axes T swept along the box's other edges).
// So a D-ball is κ_D r^D, a D-box Π size_i, a capsule along Y of straight length h is
// h · κ_(D-1) r^(D-1) + κ_D r^D (a cylinder and a ball), a cylinder h · κ_(D-1) r^(D-1).
// Refused, with the reason: other types, several curves, another exponent, unequal radii.
Result<double> shapeVolume(const model::OrderedJson& shape, int dimension);

struct MassSummary {
    std::size_t bones = 0;
    double definedTotal = 0.0;              // kg, over the bones with a mass
    std::vector<model::NodeId> withoutMass; // undefined masses, skeleton order
    std::size_t shapeOnly = 0;              // bones with mass 0
    std::optional<double> bodyMass;         // the parent physics body's mass, when there is one
};

// Contract: `skeleton` is a skeleton node of `document`.
MassSummary summarizeMasses(const model::Document& document, model::NodeId skeleton);

enum class MassTargets { WithoutMass, AllBones };

struct MassDistribution {
    std::vector<std::pair<model::NodeId, double>> masses; // what each receiving bone gets
    std::vector<model::NodeId> withoutVolume; // bones left as they were: no shape to weigh by
    double volume = 0.0;                      // the volume the share was taken over
};

// Shares `total` kg among the skeleton's bones by shape volume. A shape-only bone (mass 0) keeps
// 0 and lends its volume to its first ancestor bone with a non-zero mass. WithoutMass: the bones
// without a mass share what is left after the defined masses (total - defined must be >= 0);
// AllBones: every bone but the shape-only ones shares the whole total. A receiving bone with no
// shape volume keeps its mass (it is listed in withoutVolume). Refused: a negative or non-finite
// total, nothing to share it among, no volume to weigh by, a shape whose volume is not computed.
Result<MassDistribution> distributeMass(const model::Document& document, model::NodeId skeleton,
                                        double total, MassTargets targets);

// The distribution as one undo step ("Distribute Mass").
Result<std::unique_ptr<edit::Command>> distributeMassCommand(const model::Document& document,
                                                             model::NodeId skeleton, double total,
                                                             MassTargets targets);

} // namespace hyperrig::core::ops
