#pragma once

#include "core/model/BindPose.h"
#include "core/model/Ids.h"
#include "core/model/Json.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hyperrig::core::model {

// G4MF node components: a node is at most one of these (node spec, "Component Properties").
// Each keeps the unknown properties of its JSON object in `extra`, in order.

struct Bone {
    std::optional<double> length; // metres along local +Y; absent = undefined (never write -1)
    std::optional<double> mass;   // kilograms; 0 = shape-only bone
    ShapeId shape;                // none when !shape; requires length
    OrderedJson extra;
    friend bool operator==(const Bone&, const Bone&) = default;
};

// A joints slot: a bone, or none (-1 in the file: "not transformed").
using JointSlot = std::optional<NodeId>;

struct Skeleton {
    std::vector<JointSlot> joints; // repeats allowed (merged joints)
    bool writeJoints = false;      // the file had "joints" (possibly empty)
    std::vector<BindPose> bindPoses;
    OrderedJson extra; // unknown properties and extensions other than our bind-pose extension
    friend bool operator==(const Skeleton&, const Skeleton&) = default;
};

// A mesh on a node: classic `"mesh": n`, or current `"meshInstance": {mesh, materials?,
// blendAmounts?}`; `extra` holds the instance object's other properties (current form).
// blendAmounts, when present, override the mesh's blend amounts for this instance (g4mf.md §10).
struct MeshInstance {
    MeshId mesh;
    OrderedJson extra = OrderedJson::object();
    std::optional<std::vector<double>> blendAmounts;
    friend bool operator==(const MeshInstance&, const MeshInstance&) = default;
};

// A light, with its properties inline whichever revision the file used (classic files index a
// top-level `lights` array; the reader resolves it, the writer rebuilds it).
struct LightComponent {
    OrderedJson light = OrderedJson::object();
    friend bool operator==(const LightComponent&, const LightComponent&) = default;
};

// A model instance: the referenced file entry (classic `models[n]`, current `files[n]`) resolved
// inline, plus the instance object's other properties (current form: overrides).
struct ModelComponent {
    OrderedJson file = OrderedJson::object();
    OrderedJson instance = OrderedJson::object();
    friend bool operator==(const ModelComponent&, const ModelComponent&) = default;
};

// camera and physics: kept as ordered JSON under their property name.
struct OpaqueComponent {
    std::string property; // "camera" or "physics"
    OrderedJson value;
    friend bool operator==(const OpaqueComponent&, const OpaqueComponent&) = default;
};

using Component = std::variant<std::monostate, Bone, Skeleton, MeshInstance, LightComponent,
                               ModelComponent, OpaqueComponent>;

} // namespace hyperrig::core::model
