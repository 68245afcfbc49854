#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/io/usd/UsdaSyntax.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace hyperrig::core::io {

// Bounds that keep hostile .usda files from exhausting the stack or memory.
struct UsdLimits {
    std::size_t maxFileBytes = std::size_t{256} << 20;
    // Nesting of prims, values and composition arcs together: the parser is recursive.
    std::size_t maxDepth = 64;
    // Numbers and values in the whole layer (a huge array is refused while it is read).
    std::size_t maxValues = std::size_t{1} << 25;
    // Prims after internal references are expanded (a reference fan-out multiplies prims).
    std::size_t maxPrims = std::size_t{1} << 18;
    // Levels of a skeleton's joint hierarchy (bones nest as deep as the joint paths).
    std::size_t maxJointDepth = 1024;
};

namespace usd {

// Parses .usda text (usdskel.md §12) into the generic prim tree. Fails with
// "<source>:<line>:<column>: <what>" for malformed text, a binary crate (.usdc, "PXR-USDC"),
// a missing "#usda 1.0" header, two prims of one name in one scope, or a limit. Warns, naming
// the line and column, for what it reads but drops: properties of unknown types (OpenUSD keeps
// them as unregistered values; HyperRig has no use for them) and variant sets.
Result<Layer> parseUsdaLayer(std::string_view text, const std::string& sourceName,
                             const UsdLimits& limits, Diagnostics& warnings);

// The Diagnostic a warning at `place` gets: pointer "LINE:COLUMN", rule `rule`.
Diagnostic usdWarning(std::string rule, const TextPlace& place, std::string message);

} // namespace usd
} // namespace hyperrig::core::io
