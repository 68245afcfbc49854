#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/io/usd/UsdaParser.h"
#include "core/io/usd/UsdaSyntax.h"

#include <string>
#include <string_view>

namespace hyperrig::core::io::usd {

// A layer after the composition a single text file can carry (usdskel.md §12.3, §12.5 item 12):
// internal references (`references = </Other/Prim>`) are expanded in place, the referencing
// prim's own opinions winning, absolute targets into the referenced prim remapped to the new
// place; overs then merge like any other opinion. Everything composition needs another file or
// a choice for is reported instead of dropped silently: external references, payloads and
// sublayers (warnings: not read), inherits and specializes (warnings: not applied), variant
// selections (warnings). A reference cycle or a prim count over UsdLimits::maxPrims fails with
// the place of the reference.
struct Stage {
    std::string sourceName;
    Metadata layerMetadata;
    std::vector<Prim> prims;
};

Result<Stage> composeStage(const Layer& layer, const UsdLimits& limits, Diagnostics& warnings);

// The prim at absolute `path` ("/A/B"), or none.
const Prim* findPrim(const Stage& stage, std::string_view path);
const Prim* findPrim(const std::vector<Prim>& roots, std::string_view path);

// A relationship target or reference resolved against the prim that owns it: "/A/B" stays,
// "C" and "./C" are children, "../C" siblings; "" when it climbs above the root or is empty.
// A property part (".prop") is kept.
std::string resolvePrimPath(const std::string& ownerPath, const std::string& target);

// The applied API schemas of a prim (the `apiSchemas` list op folded in order).
std::vector<std::string> appliedSchemas(const Prim& prim);
bool hasAppliedSchema(const Prim& prim, const std::string& schema);
// `active = false` in the prim's metadata.
bool isInactive(const Prim& prim);

} // namespace hyperrig::core::io::usd
