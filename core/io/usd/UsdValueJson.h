#pragma once

#include "core/io/usd/UsdaSyntax.h"
#include "core/model/Json.h"

namespace hyperrig::core::io::usd {

// .usda values as JSON, for what the document keeps without interpreting (extras.usd). Numbers
// stay numbers (inf, -inf and nan become the strings "inf", "-inf", "nan": JSON has no such
// numbers), strings and tokens strings, asset paths "@path@", prim paths "</path>", tuples and
// lists arrays (a packed list of n-tuples an array of n-arrays), dictionaries objects, None null.
model::OrderedJson usdValueJson(const Value& value);

// A property: {"type": "normal3f[]", "uniform": true?, "value": …?, "timeSamples": {"1": …}?,
// "connect": …?, "metadata": {"interpolation": "vertex", …}?}; relationships {"type": "rel",
// "listOp"?: …, "value": targets}.
model::OrderedJson usdPropertyJson(const Property& property);

// Metadata entries as an object (a list op other than explicit keeps its entry as
// {"listOp": op, "value": …}).
model::OrderedJson usdMetadataJson(const Metadata& metadata);

} // namespace hyperrig::core::io::usd
