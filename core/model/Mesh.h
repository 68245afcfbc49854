#pragma once

#include "core/model/BlendShapes.h"
#include "core/model/ComponentType.h"
#include "core/model/Ids.h"
#include "core/model/Json.h"
#include "core/model/NumericArray.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::model {

// One surface of a mesh. Simplexes (tetrahedra in 4D, triangles in 3D) and edges are decoded;
// everything else (geometry, seams, polytopeSimplexes, material, normals and textureMap bindings,
// extensions) stays as stored in `extra`, and the accessors it names keep their file indices.
struct Surface {
    std::optional<NumericArray> simplexes; // vectorSize = dimension
    std::optional<NumericArray> edges;     // vectorSize = 2
    OrderedJson extra = OrderedJson::object();
    friend bool operator==(const Surface&, const Surface&) = default;
};

// Skin influences in CSR form by vertex: the influences of vertex v are the entries
// [offsets[v], offsets[v + 1]) of `groups` and `weights`, in stored order (G4MF requires
// descending weights within a vertex; the validator reports when they are not).
// offsets.size() == vertex count + 1.
struct Skin {
    std::optional<std::vector<std::string>> groupNames;
    std::vector<std::uint32_t> offsets;
    std::vector<std::uint32_t> groups;
    std::vector<double> weights;

    // How the three parallel accessors were stored, so a save keeps types, indices and sharing
    // (NumericArray::sourceAccessor).
    model::ComponentType vertexIndexType = model::ComponentType::Uint32;
    model::ComponentType groupIndexType = model::ComponentType::Uint32;
    model::ComponentType weightType = model::ComponentType::Float32;
    std::optional<AccessorSource> sourceVertices;
    std::optional<AccessorSource> sourceGroups;
    std::optional<AccessorSource> sourceWeights;
    // Properties of the three accessors besides their layout (vertices, groups, weights).
    std::array<OrderedJson, 3> accessorExtra{OrderedJson::object(), OrderedJson::object(),
                                             OrderedJson::object()};
    OrderedJson extra = OrderedJson::object();

    std::size_t influenceCount() const { return groups.size(); }
    std::size_t vertexCount() const { return offsets.empty() ? 0 : offsets.size() - 1; }
    // Number of groups referenced: 1 + the largest group index, or 0.
    std::size_t groupCount() const;

    friend bool operator==(const Skin& a, const Skin& b) {
        return a.groupNames == b.groupNames && a.offsets == b.offsets && a.groups == b.groups &&
               a.weights == b.weights && a.vertexIndexType == b.vertexIndexType &&
               a.groupIndexType == b.groupIndexType && a.weightType == b.weightType &&
               a.accessorExtra == b.accessorExtra && a.extra == b.extra;
    }
};

// What one pass over a skin's offsets and weights finds (edit::checkSkin's fast path): vertices
// whose offsets go backwards or past the weights, weights that are not finite numbers, and
// weights greater than the weight before them in the same vertex (influences are stored by
// descending weight; equal neighbours are allowed).
struct SkinWeightOrder {
    std::size_t backwardVertices = 0;
    std::size_t notFinite = 0;
    std::size_t rising = 0;

    SkinWeightOrder& operator+=(const SkinWeightOrder& other) {
        backwardVertices += other.backwardVertices;
        notFinite += other.notFinite;
        rising += other.rising;
        return *this;
    }
};
// Requires offsets.size() >= 1. Reads each offset and each weight once, vertex by vertex, with no
// branch per weight (the faults are counted, not tested): it runs over 10M influences on every
// merge and parent (issue 19).
SkinWeightOrder skinWeightOrder(const Skin& skin);
// The same for vertices [beginVertex, endVertex) (endVertex <= vertexCount()): the sum over a
// split of the vertices equals the whole, so callers can spread the pass over threads.
SkinWeightOrder skinWeightOrder(const Skin& skin, std::size_t beginVertex, std::size_t endVertex);

struct Mesh {
    MeshId id;
    std::optional<std::string> name;
    NumericArray vertices; // vectorSize = dimension, usually float32
    std::vector<Surface> surfaces;
    std::optional<Skin> skin;
    std::optional<BlendShapes> blend;          // mesh.blend (g4mf.md §10)
    OrderedJson extra = OrderedJson::object(); // unknown properties, as stored

    std::size_t vertexCount() const { return vertices.elementCount(); }
    std::size_t simplexCount() const;
};

// Physics shapes (top-level `shapes`), kept as their JSON object; the name is lifted out because
// names are file-unique across all items.
struct Shape {
    ShapeId id;
    std::optional<std::string> name;
    OrderedJson value = OrderedJson::object(); // without "name"
};

} // namespace hyperrig::core::model
