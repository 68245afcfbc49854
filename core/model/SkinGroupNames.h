#pragma once

#include "core/model/Document.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::model {

// How a skin's groups are seen by commands, evaluation and panels (G4MF skin, "Group Names").

// The skeleton deforming the mesh: the parent of the first node (document order) that instances
// it, when that parent is a skeleton (G4MF skinning: the mesh node is a direct child). None when
// no such node exists.
NodeId boundSkeleton(const Document& document, MeshId mesh);

// Groups a skin has for naming purposes: one past the largest group its influences use, the
// groups it names, and the joints slots of the skeleton it is bound to, whichever is most.
std::size_t namedGroupCapacity(const Document& document, MeshId mesh);

// The group names of the skin, extended to `count` entries by inference where it has fewer
// (G4MF: "importers SHOULD infer group names from bone node names of skeleton joint bone nodes"):
// group i takes the name of the bone in joints slot i of the bound skeleton when that name is
// non-empty and not yet taken, else "Group<i>" (made unique with a number when even that is
// taken). Existing names are kept as they are, unique or not.
std::vector<std::string> groupNamesWithInference(const Document& document, MeshId mesh,
                                                 std::size_t count);

// One name per group of the mesh's skin: the groups its influences use or it names, whichever
// is more, named as groupNamesWithInference does. Contract: the mesh has a skin.
std::vector<std::string> skinGroupNames(const Document& document, MeshId mesh);

// Checks a new group name: non-empty and free of the characters G4MF forbids in names.
Result<void> checkGroupNameText(const std::string& name);

} // namespace hyperrig::core::model
