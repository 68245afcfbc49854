#pragma once

#include "core/model/Json.h"

#include <string>

namespace hyperrig::core::io {

// Pretty-prints JSON the way a person reads a G4MF file: one member per line, tab indentation
// (as godot-4d writes), and arrays holding only numbers, strings, booleans or nulls kept on one
// line, so a 4×4 basis is one line instead of sixteen. Key order is kept.
std::string prettyJson(const model::OrderedJson& json);

} // namespace hyperrig::core::io
