#pragma once

#include "core/base/Result.h"
#include "core/model/Json.h"

#include <filesystem>
#include <string_view>

namespace hyperrig::core::edit {

// Parses the text of a script (a JSON array of ops). Malformed JSON fails with the place,
// "line 3, column 17: malformed JSON: ...", and valid JSON that is not an array fails too.
Result<model::OrderedJson> parseScriptText(std::string_view text);

// Reads and parses a script file; errors start with the path.
Result<model::OrderedJson> loadScriptFile(const std::filesystem::path& path);

} // namespace hyperrig::core::edit
