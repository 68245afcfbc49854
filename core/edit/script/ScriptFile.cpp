#include "core/edit/script/ScriptFile.h"

#include "core/io/JsonText.h"

#include <fstream>
#include <sstream>
#include <string>

namespace hyperrig::core::edit {
Result<model::OrderedJson> parseScriptText(std::string_view text) {
    auto parsed = io::parseJsonText(text);
    if (!parsed)
        return parsed.error();
    model::OrderedJson json = std::move(*parsed);
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
