#include "core/io/JsonText.h"

#include "core/base/TextPosition.h"
#include "core/model/JsonDump.h"

namespace hyperrig::core::io {
namespace {

bool isFlatArray(const model::OrderedJson& json) {
    if (!json.is_array())
        return false;
    for (const auto& item : json)
        if (item.is_structured())
            return false;
    return true;
}

void write(const model::OrderedJson& json, std::size_t depth, std::string& out) {
    const std::string indent(depth, '\t');
    const std::string inner(depth + 1, '\t');
    if (json.is_object() && !json.empty()) {
        out += "{\n";
        bool first = true;
        for (auto it = json.begin(); it != json.end(); ++it) {
            if (!first)
                out += ",\n";
            first = false;
            out += inner;
            out += model::jsonText(model::OrderedJson(it.key()));
            out += ": ";
            write(it.value(), depth + 1, out);
        }
        out += "\n" + indent + "}";
    } else if (json.is_array() && !json.empty() && !isFlatArray(json)) {
        out += "[\n";
        for (std::size_t i = 0; i < json.size(); ++i) {
            if (i > 0)
                out += ",\n";
            out += inner;
            write(json[i], depth + 1, out);
        }
        out += "\n" + indent + "]";
    } else if (json.is_array()) {
        out += "[";
        for (std::size_t i = 0; i < json.size(); ++i) {
            if (i > 0)
                out += ", ";
            out += model::jsonText(json[i]);
        }
        out += "]";
    } else {
        out += model::jsonText(json);
    }
}

struct TooDeep {};

// "line L, column C" of a byte offset in `text` (both 1-based; columns count bytes).
std::string lineAndColumn(std::string_view text, std::size_t offset) {
    const TextPosition position = textPositionAt(text, offset);
    return "line " + std::to_string(position.line) + ", column " + std::to_string(position.column);
}

} // namespace

Result<model::OrderedJson> parseJsonText(std::string_view text, std::size_t maxDepth) {
    using model::OrderedJson;
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
        static_cast<unsigned char>(text[1]) == 0xBB && static_cast<unsigned char>(text[2]) == 0xBF)
        return Error("line 1, column 1: the text starts with a byte order mark; JSON here is "
                     "UTF-8 without one");
    const OrderedJson::parser_callback_t depthGuard =
        [maxDepth](int depth, OrderedJson::parse_event_t, OrderedJson&) {
            if (static_cast<std::size_t>(depth) > maxDepth)
                throw TooDeep{};
            return true;
        };
    try {
        return OrderedJson::parse(text.begin(), text.end(), depthGuard);
    } catch (const OrderedJson::parse_error& error) {
        // nlohmann's byte position is 1-based and points just past the offending character.
        const std::size_t offset = error.byte > 0 ? error.byte - 1 : 0;
        const std::string what = error.what();
        const std::size_t detail = what.find("parse error");
        return Error(lineAndColumn(text, offset) + ": malformed JSON: " +
                     (detail == std::string::npos ? what : what.substr(detail)));
    } catch (const OrderedJson::exception& error) {
        // out_of_range.406: a number literal beyond double's range ("1e999").
        const std::string what = error.what();
        const std::size_t detail = what.find("] ");
        return Error("malformed JSON: " +
                     (detail == std::string::npos ? what : what.substr(detail + 2)));
    } catch (const TooDeep&) {
        return Error("JSON nesting deeper than " + std::to_string(maxDepth) + " levels");
    }
}

std::string prettyJson(const model::OrderedJson& json) {
    std::string out;
    write(json, 0, out);
    out += "\n";
    return out;
}

} // namespace hyperrig::core::io
