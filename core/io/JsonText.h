#pragma once

#include "core/base/Result.h"
#include "core/model/Json.h"

#include <string>
#include <string_view>

namespace hyperrig::core::io {

// Pretty-prints JSON the way a person reads a G4MF file: one member per line, tab indentation
// (as godot-4d writes), and arrays holding only numbers, strings, booleans or nulls kept on one
// line, so a 4×4 basis is one line instead of sixteen. Key order is kept.
std::string prettyJson(const model::OrderedJson& json);

// Parses UTF-8 JSON text, keeping key order. Every failure is an Error that says where:
// "line 3, column 13: malformed JSON: ..." (also for a byte order mark and for number literals
// beyond double's range), or nesting deeper than `maxDepth` (everything that walks the result
// recurses, so absurd nesting is refused up front).
Result<model::OrderedJson> parseJsonText(std::string_view text, std::size_t maxDepth = 256);

} // namespace hyperrig::core::io
