#include "core/io/mpfb/PythonJson.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace hyperrig::core::io {
namespace {

using model::OrderedJson;

void appendHex4(std::string& out, unsigned value) {
    char buffer[8];
    std::snprintf(buffer, sizeof(buffer), "\\u%04x", value & 0xFFFFu);
    out += buffer;
}

// Decodes one UTF-8 sequence at `i` (advancing it); invalid bytes come back as U+FFFD, as
// Python would never have produced them (nlohmann rejects invalid UTF-8 when parsing).
unsigned nextCodePoint(std::string_view text, std::size_t& i) {
    const auto byte = [&](std::size_t k) {
        return static_cast<unsigned char>(text[k]);
    };
    const unsigned lead = byte(i);
    std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 6 ? 2 : (lead >> 4) == 14 ? 3 : 4;
    if (i + length > text.size()) {
        ++i;
        return 0xFFFD;
    }
    unsigned codePoint = length == 1   ? lead
                         : length == 2 ? lead & 0x1F
                         : length == 3 ? lead & 0x0F
                                       : lead & 0x07;
    for (std::size_t k = 1; k < length; ++k)
        codePoint = (codePoint << 6) | (byte(i + k) & 0x3F);
    i += length;
    return codePoint;
}

// json.dumps(ensure_ascii=True): escapes " \ and control characters, and writes everything
// beyond ASCII as \uXXXX in UTF-16.
void appendString(std::string& out, std::string_view text) {
    out += '"';
    for (std::size_t i = 0; i < text.size();) {
        const unsigned c = nextCodePoint(text, i);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        default:
            if (c < 0x20 || c > 0x7E) {
                if (c >= 0x10000) {
                    const unsigned v = c - 0x10000;
                    appendHex4(out, 0xD800 + (v >> 10));
                    appendHex4(out, 0xDC00 + (v & 0x3FF));
                } else {
                    appendHex4(out, c);
                }
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
}

void write(const OrderedJson& json, std::size_t depth, bool sortKeys, std::string& out) {
    const std::string inner((depth + 1) * 4, ' ');
    const std::string closing(depth * 4, ' ');
    if (json.is_object()) {
        if (json.empty()) {
            out += "{}";
            return;
        }
        std::vector<OrderedJson::const_iterator> members;
        for (auto it = json.cbegin(); it != json.cend(); ++it)
            members.push_back(it);
        // Python sorts str keys by code point, which is the byte order of their UTF-8.
        if (sortKeys)
            std::stable_sort(members.begin(), members.end(),
                             [](const auto& a, const auto& b) { return a.key() < b.key(); });
        out += "{\n";
        for (std::size_t i = 0; i < members.size(); ++i) {
            out += inner;
            appendString(out, members[i].key());
            out += ": ";
            write(members[i].value(), depth + 1, sortKeys, out);
            out += i + 1 < members.size() ? ",\n" : "\n";
        }
        out += closing + "}";
    } else if (json.is_array()) {
        if (json.empty()) {
            out += "[]";
            return;
        }
        out += "[\n";
        for (std::size_t i = 0; i < json.size(); ++i) {
            out += inner;
            write(json[i], depth + 1, sortKeys, out);
            out += i + 1 < json.size() ? ",\n" : "\n";
        }
        out += closing + "]";
    } else if (json.is_string()) {
        appendString(out, json.get_ref<const std::string&>());
    } else if (json.is_number_float()) {
        out += pythonFloatRepr(json.get<double>());
    } else if (json.is_number_unsigned()) {
        out += std::to_string(json.get<std::uint64_t>());
    } else if (json.is_number_integer()) {
        out += std::to_string(json.get<std::int64_t>());
    } else if (json.is_boolean()) {
        out += json.get<bool>() ? "true" : "false";
    } else {
        out += "null";
    }
}

} // namespace

std::string pythonFloatRepr(double value) {
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value > 0 ? "Infinity" : "-Infinity";
    if (value == 0.0)
        return std::signbit(value) ? "-0.0" : "0.0";
    // Shortest round-trip digits in the form "-d.ddde-XX"; the layout is Python's, not C++'s.
    char buffer[64];
    const auto result =
        std::to_chars(buffer, buffer + sizeof(buffer), value, std::chars_format::scientific);
    const std::string_view scientific(buffer, static_cast<std::size_t>(result.ptr - buffer));
    const std::size_t e = scientific.find('e');
    const bool negative = scientific.front() == '-';
    std::string digits;
    for (char c : scientific.substr(negative ? 1 : 0, e - (negative ? 1 : 0)))
        if (c != '.')
            digits += c;
    const int exponent = std::atoi(std::string(scientific.substr(e + 1)).c_str());

    std::string out = negative ? "-" : "";
    if (exponent >= -4 && exponent < 16) {
        if (exponent < 0) {
            out += "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
        } else {
            const auto integerDigits = static_cast<std::size_t>(exponent + 1);
            if (digits.size() <= integerDigits)
                out += digits + std::string(integerDigits - digits.size(), '0') + ".0";
            else
                out += digits.substr(0, integerDigits) + "." + digits.substr(integerDigits);
        }
        return out;
    }
    out += digits.substr(0, 1);
    if (digits.size() > 1)
        out += "." + digits.substr(1);
    char exponentText[16];
    std::snprintf(exponentText, sizeof(exponentText), "e%c%02d", exponent < 0 ? '-' : '+',
                  std::abs(exponent));
    return out + exponentText;
}

double roundLikeMpfb(double value) {
    if (!std::isfinite(value))
        return value;
    // to_chars with a precision rounds the exact binary value correctly (ties to even), which is
    // what Python's round(x, 5) does before reading the decimal back.
    char buffer[400];
    const auto written =
        std::to_chars(buffer, buffer + sizeof(buffer), value, std::chars_format::fixed, 5);
    double rounded = value;
    std::from_chars(buffer, written.ptr, rounded);
    return rounded + 0.0; // -0.0 + 0.0 is +0.0
}

std::string pythonJsonDump(const model::OrderedJson& json, bool sortKeys) {
    std::string out;
    write(json, 0, sortKeys, out);
    return out;
}

} // namespace hyperrig::core::io
