#pragma once

#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/model/Document.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hyperrig::test {

// Rigs for the skin operation tests, built in code (4D):
// a skeleton node with a chain of bones (each 0.5 along +Y of its parent, turned a little so
// bones are not parallel) and joints listed by bone name ("" = a slot without a bone).
struct SkeletonSpec {
    std::string name;
    std::vector<std::string> bones;
    std::vector<std::string> joints;
};

// A skinned mesh node under `parent` (a skeleton name, or "" for the root). Vertex v gets the
// influences influences[v] ({group, weight}, written in descending weight order by the caller).
struct MeshSpec {
    std::string node;
    std::string parent;
    std::vector<std::string> groupNames; // empty: the skin has no groupNames
    std::vector<std::vector<std::pair<std::uint32_t, double>>> influences;
    std::vector<double> position; // the node's position, empty for none
};

core::model::Document buildRigDocument(const std::vector<SkeletonSpec>& skeletons,
                                       const std::vector<MeshSpec>& meshes);

// Every vertex influenced by one group: vertex i by group groups[i] with weight 1, and a second
// vertex per group influenced half by it and half by the next group in the list.
std::vector<std::vector<std::pair<std::uint32_t, double>>>
influencesFor(const std::vector<std::uint32_t>& groups);

// A pose that turns every bone of every skeleton of `rig` by random angles (seeded).
core::eval::Pose randomPose(const core::eval::CompiledRig& rig, unsigned seed);

// World-space positions of the vertices each mesh node shows, deformed by a pose that turns
// every bone of the document by random angles (seeded), keyed by node name.
std::map<std::string, std::vector<double>> deformedWorld(const core::model::Document& document,
                                                         unsigned seed);

} // namespace hyperrig::test
