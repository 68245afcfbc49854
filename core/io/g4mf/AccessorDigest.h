#pragma once

#include "core/model/ComponentType.h"
#include "core/model/Json.h"

#include <cstdint>
#include <span>

namespace hyperrig::core::io::detail {

// A 64-bit digest of what an accessor holds as the document sees it: component type, vector
// size, the values' bit patterns (so 0 and -0, or two NaNs, differ exactly when their encodings
// do) and the accessor's other properties. The reader records it with every array it decodes,
// the writer computes it for arrays that came from the same accessor, to tell the ones still
// equal to the source from the edited ones (decision 0019). Equal digests are confirmed by a
// full comparison before arrays share an accessor; a collision could only pick which of two
// copies keeps the source's index, never write one array's data for another.
std::uint64_t accessorDigest(model::ComponentType type, int vectorSize,
                             std::span<const double> values, const model::OrderedJson& extra);

} // namespace hyperrig::core::io::detail
