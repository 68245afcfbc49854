#pragma once

#include "core/base/Result.h"
#include "core/model/Json.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hyperrig::core::io::gltf {

// Small checked accessors over glTF JSON. Every error starts with the JSON pointer of the value
// at fault ("/nodes/3/children/1: node 9 does not exist (the file has 4 nodes)").

// The member `key` of `object`, or null when absent (or when `object` is not an object). A view,
// not a C string: a JSON member name may hold U+0000, and `name.c_str()` would look up only the
// part before it (an attribute "\u0000" was looked up as "" and not found).
const model::OrderedJson* member(const model::OrderedJson& object, std::string_view key);

// The number of elements of the top-level array `key` (0 when absent or not an array).
std::size_t topLevelCount(const model::OrderedJson& root, const char* key);

// The element `index` of the top-level array `key`; contract: index < topLevelCount.
const model::OrderedJson& topLevelItem(const model::OrderedJson& root, const char* key,
                                       std::size_t index);

// An index into an array of `limit` items named `what` ("node", "accessor").
Result<std::size_t> checkedIndex(const model::OrderedJson& value, const std::string& pointer,
                                 std::size_t limit, const char* what);

// The optional index member `key`.
Result<std::optional<std::size_t>> optionalIndex(const model::OrderedJson& object, const char* key,
                                                 const std::string& pointer, std::size_t limit,
                                                 const char* what);

// The optional array of exactly `size` finite numbers `key` (size 0: any length).
Result<std::optional<std::vector<double>>> optionalNumbers(const model::OrderedJson& object,
                                                           const char* key,
                                                           const std::string& pointer,
                                                           std::size_t size);

// A member as a string, or nullopt when absent or not a string.
std::optional<std::string> stringMember(const model::OrderedJson& object, const char* key);

} // namespace hyperrig::core::io::gltf
