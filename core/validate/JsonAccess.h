#pragma once

#include "core/model/Json.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// Reading JSON of unknown shape without exceptions: every helper answers "absent" instead of
// throwing when the value has another type. nlohmann's get<>() converts floats to integers (UB
// when out of range) and throws on type mismatch, so the rules never call it directly.
namespace hyperrig::core::validate {

using model::OrderedJson;

// The member `key` of `object`, or nullptr when `object` is not an object or lacks the key.
const OrderedJson* member(const OrderedJson& object, std::string_view key);

// A non-negative JSON integer (signed or unsigned storage). Floats, even 3.0, are not indices:
// the loader and reader take integer tokens only, and the validator must not accept more.
std::optional<std::uint64_t> asIndex(const OrderedJson& value);

// Any JSON integer that fits in int64 (for "-1 is allowed here" checks).
std::optional<std::int64_t> asInteger(const OrderedJson& value);

// Any JSON number as a double (integers beyond 2^53 round).
std::optional<double> asNumber(const OrderedJson& value);

// True when `value` is an array whose items are all numbers.
bool isNumberArray(const OrderedJson& value);

// A short rendering of a value for messages: `3`, `-1`, `"Hip"`, `2.5`, `an object`, `an array
// of 4 items`; long strings are cut. Never throws, even on strings that are not UTF-8.
std::string describe(const OrderedJson& value);

// "1 mesh", "3 meshes": counts in messages.
std::string countOf(std::size_t count, std::string_view one, std::string_view many);

// `'Name'` when the item has a non-empty string name, else "".
std::string quotedName(const OrderedJson& item);

} // namespace hyperrig::core::validate
