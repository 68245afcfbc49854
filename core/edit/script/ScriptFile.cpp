#include "core/edit/script/ScriptFile.h"

#include <fstream>
#include <sstream>
#include <string>

namespace hyperrig::core::edit {
namespace {

// "line L, column C" of a byte offset (both 1-based; columns count bytes).
std::string lineAndColumn(std::string_view text, std::size_t offset) {
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

} // namespace

Result<model::OrderedJson> parseScriptText(std::string_view text) {
    model::OrderedJson json;
    try {
        json = model::OrderedJson::parse(text.begin(), text.end());
    } catch (const model::OrderedJson::parse_error& error) {
        // nlohmann's byte position is 1-based and points just past the offending character.
        const std::size_t offset = error.byte > 0 ? error.byte - 1 : 0;
        const std::string what = error.what();
        const std::size_t detail = what.find("parse error");
        return Error(lineAndColumn(text, offset) + ": malformed JSON: " +
                     (detail == std::string::npos ? what : what.substr(detail)));
    }
    if (!json.is_array())
        return Error("a script is a JSON array of ops, not " + std::string(json.type_name()));
    return json;
}

Result<model::OrderedJson> loadScriptFile(const std::filesystem::path& path) {
    std::ifstream stream(path, std::ios::binary);
    if (!stream)
        return Error(path.string() + ": cannot open the script");
    std::ostringstream text;
    text << stream.rdbuf();
    if (stream.bad())
        return Error(path.string() + ": cannot read the script");
    auto parsed = parseScriptText(text.str());
    if (!parsed)
        return std::move(parsed).withContext(path.string());
    return parsed;
}

} // namespace hyperrig::core::edit
