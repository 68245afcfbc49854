#pragma once

#include "core/model/Json.h"

#include <string>
#include <vector>

namespace hyperrig::core::io::usd {

// The inverse of UsdValueJson.h: what the import kept as JSON in extras.usd (decisions 0042,
// 0043), written back as .usda text. The JSON carries each property's type, so values are
// spelled as that type wants (tokens quoted, numbers in full, tuples in parentheses, an array
// type's outer list in brackets); metadata and dictionaries carry no types, so their spelling
// follows the key and the JSON kind (docs/interop-usd.md, "Writing").

// One property (usdPropertyJson's form) as .usda statements: the declaration with its default
// value and metadata, then `.timeSamples` and `.connect` when kept. Relationships as `rel`, with
// their list op. Each statement is one string (it may span lines).
std::vector<std::string> usdKeptPropertyText(const std::string& name,
                                             const model::OrderedJson& property);

// A metadata block's entries (usdMetadataJson's form) as `key = value` lines, list ops in front;
// "comment" as the bare string a metadata block allows.
std::vector<std::string> usdKeptMetadataText(const model::OrderedJson& metadata);

// A value of `typeName` (without "[]"; `array` for a T[] attribute) as .usda text.
std::string usdKeptValueText(const model::OrderedJson& value, const std::string& typeName,
                             bool array);

} // namespace hyperrig::core::io::usd
