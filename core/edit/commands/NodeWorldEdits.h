#pragma once

#include "core/base/Result.h"
#include "core/math/AffineN.h"
#include "core/math/BasisN.h"
#include "core/math/VectorN.h"
#include "core/model/Document.h"
#include "core/model/NodeTransform.h"

#include <span>
#include <vector>

namespace hyperrig::core::edit {

// The math behind moving and turning nodes in the world (the viewport's gizmo and its modal G/R
// tools, adding bones by hand): what a node's LOCAL transform must become for a world-space
// edit, given where its parent is drawn. `parentWorld` is the parent's placement as shown (posed
// or at rest): with p_world = P·p_local + t for the parent's P, t, a node whose local transform is
// edited this way moves on screen exactly as the pointer asked, in either pose, because the pose
// applies after the local transform (L_posed = L_rest ∘ T ∘ R, core/eval/BonePoses.h).

// Plane rotations: core/math/PlaneRotation.h (planeRotation, exact at quarter turns).

// `local` with its position moved so that the node moves by `worldDelta` in the world:
//   Δp_local = P⁻¹ · Δp_world.
// Everything but the position is kept as authored (form, rotor numbers, scale). Fails when the
// parent's basis is singular (a zero scale), or for a malformed `local`.
Result<model::NodeTransform> translatedInWorld(const model::NodeTransform& local, int dimension,
                                               const math::AffineN& parentWorld,
                                               const math::VectorN& worldDelta);

// `local` turned about its own origin (a bone's head) so that its world basis becomes W · (its
// world basis), W = planeRotation(u, v, radians) in world space:
//   P · B' = W · P · B   ⇒   B' = (P⁻¹ W P) · B.
// The position stays. The result keeps `local`'s form where that form can express it (a rotor
// and scale stay a rotor and scale, see transformLike). Fails like translatedInWorld.
Result<model::NodeTransform> rotatedInWorld(const model::NodeTransform& local, int dimension,
                                            const math::AffineN& parentWorld,
                                            const math::VectorN& u, const math::VectorN& v,
                                            double radians);

// The local transform of a new bone with its head at `head` and its +Y axis along `direction`
// (both in its parent's space; direction non-zero): the smallest rotation taking +Y to the
// direction, in the plane they span (none when they agree; a half turn in XY when they are
// opposite), so a bone drawn by hand gets no roll it was not asked for. Written as a rotor in
// 2D to 4D, as a basis above.
model::NodeTransform boneTowards(int dimension, const math::VectorN& head,
                                 const math::VectorN& direction);

// Of `nodes`, the ones that move by themselves: not the root, not gone, and with no ancestor
// among `nodes` other than the root (a child moves with its parent already; moving it too would
// move it twice; the root never moves). Order kept.
std::vector<model::NodeId> topmostNodes(const model::Document& document,
                                        std::span<const model::NodeId> nodes);

} // namespace hyperrig::core::edit
