#pragma once

#include "core/model/Json.h"

#include <string>

namespace hyperrig::core::io {

// JSON text exactly as Python's `json.dump(obj, f, indent=4, sort_keys=True)` writes it, which is
// how MPFB saves rigs and weights (mpfb.md §8): every member and element on its own line with
// 4-space indentation, `{}`/`[]` for empty containers, ", " never used, ": " between key and
// value, non-ASCII as \uXXXX (surrogate pairs above U+FFFF), no trailing newline. With
// `sortKeys` false the keys keep their stored order (what `sort_keys=False` writes).
//
// Numbers: integers as integers; doubles as Python's repr(float) (pythonFloatRepr). Doubles that
// are not finite are written as Python would (NaN, Infinity), which is not JSON: callers keep them
// out.
std::string pythonJsonDump(const model::OrderedJson& json, bool sortKeys = true);

// Python's repr(float): the shortest digits that read back as the same double, positional when
// the decimal exponent is in [-4, 16) and always with a fraction ("0.0", "1.0", "0.0001"),
// scientific otherwise with at least two exponent digits ("1e-05", "1.5e+16"); "-0.0" kept.
std::string pythonFloatRepr(double value);

// Python's `round(value, 5) + 0`: the double nearest to the decimal rounding (half to even) of
// the exact binary value to 5 places, with -0.0 made 0.0 (mpfb.md §7.3).
double roundLikeMpfb(double value);

} // namespace hyperrig::core::io
