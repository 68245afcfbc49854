#include "core/io/JsonText.h"

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
            out += model::OrderedJson(it.key()).dump();
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
            out += json[i].dump();
        }
        out += "]";
    } else {
        out += json.dump();
    }
}

} // namespace

std::string prettyJson(const model::OrderedJson& json) {
    std::string out;
    write(json, 0, out);
    out += "\n";
    return out;
}

} // namespace hyperrig::core::io
