#pragma once

#include "core/base/Diagnostic.h"
#include "core/io/g4mf/G4mfFile.h"
#include "core/validate/JsonAccess.h"
#include "core/validate/Rule.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hyperrig::core::validate {

// State shared by the rule passes of one validation run: the file, the diagnostics found so far,
// and facts earlier passes established for later ones (the dimension, the parent of each node,
// which skeleton owns each bone, which accessors are safe to read). Passes run in a fixed order
// (Validator.cpp), so a later pass may rely on an earlier one's facts but never the reverse.
struct ValidationContext {
    explicit ValidationContext(const io::G4mfFile& file);

    const io::G4mfFile& file;
    const OrderedJson& root;
    Diagnostics diagnostics;

    void report(const Rule& rule, std::string pointer, std::string message);

    // asset.dimension when it is a positive integer small enough to size arrays by (AssetRules);
    // nullopt disables every "N numbers" check.
    std::optional<std::size_t> dimension;
    static constexpr std::size_t kMaxCheckedDimension = 1024;

    // A diagnostic that aggregates many offenders (vertices, joints) names this many of them as
    // examples, then gives the count.
    static constexpr std::size_t kAggregatedExamples = 5;

    // Top-level arrays. array() is nullptr when the key is absent or not an array; item() is
    // nullptr when the index is out of range or the item is not an object.
    const OrderedJson* array(std::string_view key) const;
    std::size_t count(std::string_view key) const;
    const OrderedJson* item(std::string_view key, std::size_t index) const;

    // "node 'LeftHand' (index 7)", or "node 7" for an unnamed node; the same for other arrays
    // ("mesh 'Body' (index 0)").
    std::string label(std::string_view key, std::string_view kind, std::size_t index) const;
    std::string nodeLabel(std::size_t index) const { return label("nodes", "node", index); }
    std::string meshLabel(std::size_t index) const { return label("meshes", "mesh", index); }

    // Node tree (NodeTreeRules). parent[i] is the first node found listing i as a child (later
    // claims are reported and ignored), parentSlot[i] the position in that node's children. Every
    // node has at most one parent here, so walking up always ends or loops (cycles are reported).
    std::vector<std::optional<std::size_t>> parent;
    std::vector<std::size_t> parentSlot;
    bool isChildEdge(std::size_t parentIndex, std::size_t slot, std::size_t child) const;

    // Kinds of node, by key presence: "a node is a bone if and only if the bone property is
    // defined". The oldest draft's `boneLength` (>= 0) also marks a bone.
    bool isBone(std::size_t nodeIndex) const;
    bool isSkeleton(std::size_t nodeIndex) const;

    // The skeleton node owning each bone through an unbroken chain of bones (SkeletonRules).
    std::vector<std::optional<std::size_t>> skeletonOf;

    // The skeleton's joints, one entry per slot: the bone's node index when the entry is a valid
    // node index of a bone, else -1 (absent joints: empty).
    std::vector<std::int64_t> joints(std::size_t skeletonNode) const;

    // The mesh a node instances through `mesh` or `meshInstance.mesh`, when that is a valid index,
    // with the pointer of the property ("/nodes/4/mesh" or "/nodes/4/meshInstance").
    struct MeshInstance {
        std::size_t mesh = 0;
        std::string pointer;
    };
    std::optional<MeshInstance> meshInstance(std::size_t nodeIndex) const;

    // Accessors that passed AccessorRules, read once (MeshRules, SkinRules). nullptr when the
    // accessor is invalid; an accessor that passed the rules but still fails to read is reported
    // once as accessor.schema with the loader's reason.
    std::vector<bool> accessorChecked;
    const model::NumericArray* accessorData(std::size_t accessorIndex);

private:
    std::map<std::size_t, std::optional<model::NumericArray>> m_accessorCache;
};

} // namespace hyperrig::core::validate
