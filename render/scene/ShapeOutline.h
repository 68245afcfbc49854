#pragma once

#include "core/math/VectorN.h"
#include "core/model/Json.h"

#include <utility>
#include <vector>

namespace hyperrig::render::scene {

// A G4MF physics shape (g4mf.md §11.4, physics/shape.md) as line segments a viewport can draw
// as a wireframe, in the shape's own N-D space (its origin at the shape's centre).
//
// "general" shapes (and unknown types, which load as general) are a box of full extents `size`
// Minkowski-summed with each curve {radii, exponent}: a capsule, sphere, cylinder, rounded box.
// They are outlined by one closed ring in each of the XY, XZ and YZ planes: the boundary of the
// shape's projection onto that plane, which for these axis-aligned, mirror-symmetric bodies is
// also its cross-section through the centre. 4D shapes get the same three rings (the planes with
// W would project onto the slice as segments through the centre under an unrotated view, and
// clutter the picture; a 4D shape's extent along W shows as the hyperplane slides). A projection of
// a Minkowski sum is the sum of the projections, so a ring's point in plane direction u is
//
//   s(u) = (sign(u_a) · size_a / 2, sign(u_b) · size_b / 2) + Σ_curves support_curve(u)
//
// where a curve projects to the 2D superellipse |x/r_a|^p + |y/r_b|^p <= 1, whose support point
// for p > 1 is, with α = u_a r_a, β = u_b r_b and q = p / (p − 1),
//
//   x = r_a · sign(α) |α|^(q−1) / ‖(α, β)‖_q^(q−1),   y likewise with β, r_b.
//
// p <= 1 (an orthoplex, or a star for p < 1) is drawn as its convex hull: the support is the
// vertex with the larger |α| or |β|. The ring samples kRingSamples directions half a step off
// the axes (no sign(0)), so each flat side of the box shows as the chord between the last sample
// before an axis and the first after it: the capsule's straight sides come out exact. A curve's
// `taper` is not drawn (the untapered outline is).
//
// "ray": one segment from the origin along −Y by `length` (default 1). Shapes with no finite
// outline of their own ("plane") or that refer to mesh data ("concave", "convex", "heightmap")
// give no segments.
constexpr int kRingSamples = 32;

// Pairs of segment ends in the shape's space, dimension `dimension`.
std::vector<std::pair<core::math::VectorN, core::math::VectorN>>
shapeOutline(const core::model::OrderedJson& shape, int dimension);

} // namespace hyperrig::render::scene
