#include "core/io/usd/UsdKeptText.h"

#include "core/io/usd/UsdaText.h"

#include <set>

namespace hyperrig::core::io::usd {
namespace {

// Attribute types whose values are text: quoted. (asset values keep their @…@ from the JSON.)
bool usdKeptIsTextType(const std::string& type) {
    return type == "token" || type == "string";
}

// Metadata keys whose JSON strings are bare words (identifiers), not quoted strings.
const std::set<std::string, std::less<>> kUsdBareMetadata = {"active", "instanceable", "hidden"};

// A JSON string read where no type says what it was: paths `<…>` and assets `@…@` stay bare
// (usdValueJson spelled them so), inf/nan too; anything else was a string or token.
std::string usdKeptUntypedString(const std::string& text) {
    if ((text.size() >= 2 && text.front() == '<' && text.back() == '>') ||
        (text.size() >= 2 && text.front() == '@' &&
         (text.back() == '@' || text.find("@<") != std::string::npos)))
        return text;
    return usdQuoted(text);
}

std::string usdKeptNumberText(const model::OrderedJson& value) {
    if (value.is_string())
        return value.get<std::string>(); // "inf", "-inf", "nan" as usdValueJson wrote them
    if (value.is_boolean())
        return value.get<bool>() ? "true" : "false";
    if (value.is_number_integer())
        return std::to_string(value.get<long long>());
    if (value.is_number_unsigned())
        return std::to_string(value.get<unsigned long long>());
    return usdDoubleText(value.get<double>());
}

std::string usdKeptTyped(const model::OrderedJson& value, const std::string& type, bool outerList);

std::string usdKeptUntyped(const model::OrderedJson& value, const std::string& key);

// A dictionary value: `{ type key = value … }` with types read off the JSON (usdValueJson keeps
// none): numbers double, strings string, objects dictionary, arrays of those T[].
std::string usdKeptDictionary(const model::OrderedJson& object) {
    std::string text = "{";
    for (const auto& [key, item] : object.items()) {
        std::string type = "string";
        if (item.is_object())
            type = "dictionary";
        else if (item.is_number() || item.is_boolean())
            type = item.is_boolean() ? "bool" : "double";
        else if (item.is_array())
            type = !item.empty() && item[0].is_number() ? "double[]" : "string[]";
        text += " " + type + " " + (isUsdIdentifier(key) ? key : usdQuoted(key)) + " = ";
        if (item.is_object())
            text += usdKeptDictionary(item);
        else if (item.is_array())
            text += usdKeptTyped(item, type == "double[]" ? "double" : "string", true);
        else if (item.is_string())
            text += usdQuoted(item.get<std::string>());
        else
            text += usdKeptNumberText(item);
        text += ";";
    }
    return text + " }";
}

std::string usdKeptTyped(const model::OrderedJson& value, const std::string& type, bool outerList) {
    if (value.is_null())
        return "None";
    if (value.is_array()) {
        std::string text = outerList ? "[" : "(";
        for (std::size_t i = 0; i < value.size(); ++i)
            text += (i == 0 ? "" : ", ") + usdKeptTyped(value[i], type, false);
        return text + (outerList ? "]" : ")");
    }
    if (value.is_object())
        return usdKeptDictionary(value);
    if (value.is_string()) {
        const std::string text = value.get<std::string>();
        if (usdKeptIsTextType(type))
            return usdQuoted(text);
        // Bare only what usdValueJson spells as a string in a non-text value (inf, -inf, nan,
        // paths, assets): a quoted string the file put under a numeric type was kept as written
        // and is written quoted again (found by the fuzzer: "inst]nce" in a float[] came back
        // bare and broke the text).
        if (text == "inf" || text == "-inf" || text == "nan")
            return text;
        return usdKeptUntypedString(text);
    }
    return usdKeptNumberText(value);
}

std::string usdKeptUntyped(const model::OrderedJson& value, const std::string& key) {
    if (value.is_null())
        return "None";
    if (value.is_array()) {
        std::string text = "[";
        for (std::size_t i = 0; i < value.size(); ++i) {
            // Nested arrays in metadata are tuples (layer offsets, ranges).
            const auto& item = value[i];
            if (item.is_array()) {
                text += i == 0 ? "(" : ", (";
                for (std::size_t k = 0; k < item.size(); ++k)
                    text += (k == 0 ? "" : ", ") + usdKeptUntyped(item[k], key);
                text += ")";
            } else {
                text += (i == 0 ? "" : ", ") + usdKeptUntyped(item, key);
            }
        }
        return text + "]";
    }
    if (value.is_object())
        return usdKeptDictionary(value);
    if (value.is_string()) {
        const auto& text = value.get<std::string>();
        if (kUsdBareMetadata.count(key) != 0 || text == "inf" || text == "-inf" || text == "nan")
            return text;
        return usdKeptUntypedString(text);
    }
    return usdKeptNumberText(value);
}

// ` (\n    key = value\n)` after a declaration, or nothing.
std::string usdKeptMetadataBlock(const model::OrderedJson& metadata) {
    const auto lines = usdKeptMetadataText(metadata);
    if (lines.empty())
        return "";
    std::string text = " (\n";
    for (const auto& line : lines)
        text += "    " + line + "\n";
    return text + ")";
}

} // namespace

std::string usdKeptValueText(const model::OrderedJson& value, const std::string& typeName,
                             bool array) {
    return usdKeptTyped(value, typeName, array);
}

std::vector<std::string> usdKeptMetadataText(const model::OrderedJson& metadata) {
    std::vector<std::string> lines;
    if (!metadata.is_object())
        return lines;
    for (const auto& [key, entry] : metadata.items()) {
        if (key == "comment" && entry.is_string()) {
            lines.push_back(usdQuoted(entry.get<std::string>()));
            continue;
        }
        const bool listOp = entry.is_object() && entry.size() == 2 && entry.contains("listOp") &&
                            entry.contains("value") && entry["listOp"].is_string();
        const auto& value = listOp ? entry["value"] : entry;
        lines.push_back((listOp ? entry["listOp"].get<std::string>() + " " : std::string()) + key +
                        " = " + usdKeptUntyped(value, key));
    }
    return lines;
}

std::vector<std::string> usdKeptPropertyText(const std::string& name,
                                             const model::OrderedJson& property) {
    std::vector<std::string> statements;
    if (!property.is_object() || !property.contains("type") || !property["type"].is_string())
        return statements;
    std::string type = property["type"].get<std::string>();
    const auto metadata =
        property.contains("metadata") ? usdKeptMetadataBlock(property["metadata"]) : "";
    const bool custom = property.value("custom", false);
    if (type == "rel") {
        std::string text;
        if (property.contains("listOp") && property["listOp"].is_string())
            text += property["listOp"].get<std::string>() + " ";
        text += std::string(custom ? "custom " : "") + "rel " + name;
        if (property.contains("value"))
            text += " = " + usdKeptUntyped(property["value"], "");
        statements.push_back(text + metadata);
        return statements;
    }
    const bool array = type.size() > 2 && type.compare(type.size() - 2, 2, "[]") == 0;
    const std::string base = array ? type.substr(0, type.size() - 2) : type;
    const std::string head = std::string(custom ? "custom " : "") +
                             (property.value("uniform", false) ? "uniform " : "") + type + " " +
                             name;
    const bool hasValue = property.contains("value");
    const bool hasSamples = property.contains("timeSamples") && property["timeSamples"].is_object();
    const bool hasConnect = property.contains("connect");
    if (hasValue || (!hasSamples && !hasConnect) || !metadata.empty())
        statements.push_back(
            head + (hasValue ? " = " + usdKeptTyped(property["value"], base, array) : "") +
            metadata);
    if (hasSamples) {
        std::string text = head + ".timeSamples = {\n";
        for (const auto& [time, sample] : property["timeSamples"].items())
            text += "    " + time + ": " + usdKeptTyped(sample, base, array) + ",\n";
        statements.push_back(text + "}");
    }
    if (hasConnect)
        statements.push_back(head + ".connect = " + usdKeptUntyped(property["connect"], ""));
    return statements;
}

} // namespace hyperrig::core::io::usd
