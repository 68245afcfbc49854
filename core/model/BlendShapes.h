#pragma once

#include "core/model/Json.h"
#include "core/model/NumericArray.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::model {

// G4MF blend shapes (g4mf.md §10, newest form):
//   mesh.blend = {shapes: [{name?, position?: target, surfaces?: [{surface, normal?: target,
//                 textureMap?: target}]}], amounts?: [number]}
//   target     = {indices: unsigned accessor, offsets: accessor}
// `indices` address the mesh vertices (position targets) or the values of that surface's
// binding (normal targets); offset i moves the value indices[i]. A target without indices is
// read as dense (offset i moves value i); HyperRig writes what it read.
//
// Every object keeps its unknown members in `extra`, in order (textureMap targets too: HyperRig
// does not interpret texture maps, so their accessors stay preserved by index).

struct BlendTarget {
    std::optional<NumericArray> indices; // unsigned integers, vectorSize 1
    NumericArray offsets;                // vectorSize = dimension for positions and normals
    OrderedJson extra = OrderedJson::object();

    // How many offsets the target applies: the shorter of indices and offset elements.
    std::size_t entryCount() const;
    friend bool operator==(const BlendTarget&, const BlendTarget&) = default;
};

struct BlendSurfaceTargets {
    std::size_t surface = 0; // index into Mesh::surfaces
    std::optional<BlendTarget> normal;
    OrderedJson extra = OrderedJson::object(); // textureMap and unknown members, as stored
    friend bool operator==(const BlendSurfaceTargets&, const BlendSurfaceTargets&) = default;
};

// The targets of one shape or in-between: what it moves.
struct BlendTargets {
    std::optional<BlendTarget> position;
    std::vector<BlendSurfaceTargets> surfaces;
    friend bool operator==(const BlendTargets&, const BlendTargets&) = default;
};

// An in-between shape: the full offsets at `weight` (≠ 0, ≠ 1), as UsdSkel defines them. G4MF
// has none; HyperRig keeps them in its extension HYPERRIG_blend_inbetweens on the shape
// (docs/extensions/HYPERRIG_blend_inbetweens.md, decision 0052).
struct BlendInbetween {
    std::optional<std::string> name;
    double weight = 0.5;
    BlendTargets targets;
    OrderedJson extra = OrderedJson::object();
    friend bool operator==(const BlendInbetween&, const BlendInbetween&) = default;
};

struct BlendShape {
    std::optional<std::string> name;
    BlendTargets targets;                      // the shape at amount 1
    std::vector<BlendInbetween> inbetweens;    // in stored order
    OrderedJson extra = OrderedJson::object(); // unknown members; extensions other than ours
    friend bool operator==(const BlendShape&, const BlendShape&) = default;
};

struct BlendShapes {
    std::vector<BlendShape> shapes;
    std::optional<std::vector<double>> amounts; // per shape; missing entries are 0
    OrderedJson extra = OrderedJson::object();
    friend bool operator==(const BlendShapes&, const BlendShapes&) = default;
};

// The amount of shape `shape` an instance shows: the instance's blendAmounts override the
// mesh's amounts (g4mf.md §10); a missing list or entry is 0.
double blendAmountOf(const BlendShapes& blend, const std::optional<std::vector<double>>& instance,
                     std::size_t shape);

// True when some shape has a non-zero amount for this instance, i.e. evaluating it moves
// something (an exact test: the common case, all amounts 0, must cost nothing).
bool hasActiveBlend(const BlendShapes& blend, const std::optional<std::vector<double>>& instance);

} // namespace hyperrig::core::model
