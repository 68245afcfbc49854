#pragma once

#include "core/base/Result.h"
#include "core/math/AffineN.h"
#include "core/model/Document.h"

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace hyperrig::core::io::usd {

// The .usda writer's working state (UsdExport.cpp). It runs in three steps: place every prim
// (a tree of OutPrims: which node or kept JSON each writes, its name, its parent), give them
// their paths, then write each prim's content by kind (Skeleton, SkelAnimation, Mesh with its
// bindings and blend shapes, other prims), so that relationships can name final paths.

inline constexpr std::size_t kUsdNoPrim = static_cast<std::size_t>(-1);

struct OutPrim {
    std::string specifier = "def";
    std::string type; // "" for a typeless prim the import kept as such
    std::string name;
    std::string path; // set once every prim is placed
    std::size_t parent = kUsdNoPrim;
    std::vector<std::size_t> children;
    model::NodeId node;                       // the node this prim writes, if any
    const model::OrderedJson* kept = nullptr; // kept JSON of an animation or blend shape prim
    // A BlendShape prim of a mesh's model blend shape (mesh.blend): the shape's index there. Its
    // Mesh prim writes its content, because offsets follow the points into the prim's space.
    std::size_t blendShape = kUsdNoPrim;
    std::size_t blendMeshPrim = kUsdNoPrim;
    math::AffineN world = math::AffineN::identity(3); // rest world of the prim's own space
    bool nodeTransform = false;        // its parent prim is its node's parent: write node.transform
    bool synthesized = false;          // a SkelRoot the writer added (kind = "component")
    std::size_t skeleton = kUsdNoPrim; // OutSkeleton index for Skeleton prims and skinned Meshes

    model::OrderedJson metadata = model::OrderedJson::object();
    std::vector<std::string> properties; // statements, in order
    std::set<std::string> written;       // names written from model data: kept ones are skipped
};

// A skeleton in USD joint order (parents first, usdskel.md §3).
struct OutSkeleton {
    model::NodeId node;
    std::size_t prim = kUsdNoPrim;
    std::vector<model::NodeId> bones;      // per USD joint (none for the static joint)
    std::vector<std::string> tokens;       // joint paths
    std::vector<std::size_t> parents;      // joint index of the parent, kUsdNoPrim for roots
    std::vector<math::AffineN> restGlobal; // skeleton space <- joint space
    std::vector<math::AffineN> restLocal;  // parent joint space <- joint space (bone transform)
    std::unordered_map<model::NodeId, std::size_t> jointOfBone;
    std::vector<std::size_t> jointOfSlot; // per joints slot: joint, or kUsdNoPrim
    std::size_t staticJoint = kUsdNoPrim; // for vertices G4MF leaves unmoved
    std::size_t animationPrim = kUsdNoPrim;
};

struct UsdExportContext {
    const model::Document& document;
    std::vector<OutPrim> prims; // [0] is the stage (pseudo-root)
    std::vector<OutSkeleton> skeletons;
    std::unordered_map<model::NodeId, std::size_t> skeletonOfNode;
    std::unordered_map<std::string, std::size_t> primOfKeptPath; // USD path at import -> prim
    std::vector<std::string> warnings;

    explicit UsdExportContext(const model::Document& doc) : document(doc) { prims.emplace_back(); }

    std::size_t addPrim(std::string type, model::NodeId node);
    // Puts `prim` under `parent` (at the end, or at `position`), named `preferred` made unique
    // among its new siblings.
    void attach(std::size_t prim, std::size_t parent, const std::string& preferred,
                std::size_t position = kUsdNoPrim);
    bool hasChild(std::size_t parent, const std::string& name) const;
    void warnOnce(const std::string& message);
};

// extras.usd of a node or mesh, or null.
const model::OrderedJson* usdKept(const model::OrderedJson& extra);
// A member of extras.usd, or null.
const model::OrderedJson* usdKeptMember(const model::OrderedJson& extra, const char* key);
// "/A/B/C" -> "/A/B" ("" for a root prim path "/A"); nullopt for what is not an absolute path.
std::optional<std::string> usdParentPath(const std::string& path);
std::string usdLastElement(const std::string& path);

// Appends `name` to the applied schemas of `metadata` (a kept apiSchemas list op or a new
// `prepend apiSchemas`), unless it is there already.
void usdApplySchema(model::OrderedJson& metadata, const std::string& name);
// Writes a node's kept properties (extras.usd.properties of `keptOwner`) into the prim, skipping
// the names the writer has written from model data.
void usdWriteKeptProperties(OutPrim& prim, const model::OrderedJson* properties);
// The prim's xform ops: the node's own transform, or `local` computed for a prim placed away from
// its node's parent. Identity writes nothing.
Result<void> usdWriteTransform(OutPrim& prim, const model::NodeTransform* own,
                               const math::AffineN& local);

// UsdExportSkeletons.cpp
Result<void> usdCollectSkeleton(UsdExportContext& context, model::NodeId node);
void usdPlaceAnimations(UsdExportContext& context);
Result<void> usdWriteSkeleton(UsdExportContext& context, OutSkeleton& skeleton);

// UsdExportMeshes.cpp: skinned meshes are children of their skeleton node.
bool usdIsSkinnedInstance(const model::Document& document, model::NodeId node);
// Where a skinned mesh is bound in the world (its geomBindTransform): the kept one, else
// skeleton world ∘ mesh transform.
math::AffineN usdGeomBind(const UsdExportContext& context, const OutPrim& prim,
                          const math::AffineN& nodeWorld);
Result<void> usdWriteMesh(UsdExportContext& context, OutPrim& prim);

// UsdExportBlendShapes.cpp: every blend shape a mesh prim writes, placed and written in one
// place: the mesh's model blend shapes (mesh.blend, decision 0052) and the BlendShapes the import
// could not read, kept in the mesh's extras.usd.blendShapes (decision 0043). `meshToPrim` is the
// linear part of the map the mesh's points went through into the prim's space.
void usdPlaceBlendShapes(UsdExportContext& context, std::size_t meshPrim);
Result<void> usdWriteBlendShapes(UsdExportContext& context, std::size_t meshPrim,
                                 const math::BasisN& meshToPrim);

} // namespace hyperrig::core::io::usd
