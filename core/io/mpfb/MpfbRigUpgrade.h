#pragma once

#include "core/model/Json.h"

#include <vector>

namespace hyperrig::core::io {

// Upgrades a version-100 rig to version 110 in place (mpfb.md §3): Blender's 32 bone layers
// become named bone collections. `header` is the file's object without "bones" (for a bare file,
// {is_subrig, version: 100}); `bones` are the bone objects, in file order.
//
// Layer names come from the header's Rigify UI when it has one (duplicate and "(…)" names get
// the stem of a neighbour, as Rigify resolves them; layers 28..31 are Root, DEF, MCH, ORG), else
// layer 0 is "Bones" and layer i is "Layer i+1". Each bone's `layers` becomes `collections`
// (sorted by name); Rigify parameters `<x>_layers` become `<x>_coll_refs` (by ascending layer),
// after the legacy defaults for types that used to imply them. The header gets `collections`
// (every layer used, ascending) and version 110.
void upgradeMpfbRigTo110(model::OrderedJson& header, const std::vector<model::OrderedJson*>& bones);

} // namespace hyperrig::core::io
