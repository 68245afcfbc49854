#include "core/io/Base64.h"

#include <array>
#include <cstdint>

namespace hyperrig::core::io {

namespace {

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::string_view kOctetStreamPrefix = "data:application/octet-stream;base64,";

constexpr std::int8_t kInvalid = -1;

constexpr std::array<std::int8_t, 256> makeDecodeTable() {
    std::array<std::int8_t, 256> table{};
    table.fill(kInvalid);
    for (std::size_t i = 0; i < kAlphabet.size(); ++i)
        table[static_cast<unsigned char>(kAlphabet[i])] = static_cast<std::int8_t>(i);
    return table;
}

constexpr std::array<std::int8_t, 256> kDecodeTable = makeDecodeTable();

std::int8_t sextet(char c) {
    return kDecodeTable[static_cast<unsigned char>(c)];
}

// Control characters and non-ASCII bytes are shown as hex so the message stays one readable line.
std::string describeCharacter(char c) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F)
        return std::string("character '") + c + "'";
    constexpr std::string_view hex = "0123456789ABCDEF";
    return std::string("byte 0x") + hex[byte >> 4] + hex[byte & 0xF];
}

// `offsetBase` shifts the offsets in messages, so that errors inside a data URI count from the
// start of the URI the user sees.
Result<std::vector<std::byte>> decodeBase64At(std::string_view text, std::size_t offsetBase) {
    std::size_t dataEnd = text.find('=');
    if (dataEnd == std::string_view::npos)
        dataEnd = text.size();
    for (std::size_t i = 0; i < dataEnd; ++i) {
        if (sextet(text[i]) == kInvalid)
            return Error("invalid base64 " + describeCharacter(text[i]) + " at offset " +
                         std::to_string(offsetBase + i));
    }
    for (std::size_t i = dataEnd; i < text.size(); ++i) {
        if (text[i] == '=')
            continue;
        if (sextet(text[i]) != kInvalid)
            return Error("base64 data after padding '=' at offset " +
                         std::to_string(offsetBase + i));
        return Error("invalid base64 " + describeCharacter(text[i]) + " at offset " +
                     std::to_string(offsetBase + i));
    }

    const std::size_t remainder = dataEnd % 4;
    if (remainder == 1)
        return Error("impossible base64 length: the final group at offset " +
                     std::to_string(offsetBase + dataEnd - 1) +
                     " has a single character, which encodes no whole byte");
    const std::size_t paddingNeeded = remainder == 0 ? 0 : 4 - remainder;
    if (text.size() - dataEnd > paddingNeeded)
        return Error("unexpected padding '=' at offset " +
                     std::to_string(offsetBase + dataEnd + paddingNeeded));

    std::vector<std::byte> bytes;
    bytes.reserve(dataEnd / 4 * 3 + 2);
    std::uint32_t accumulator = 0;
    int bits = 0;
    for (std::size_t i = 0; i < dataEnd; ++i) {
        accumulator = (accumulator << 6) | static_cast<std::uint32_t>(sextet(text[i]));
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            bytes.push_back(static_cast<std::byte>((accumulator >> bits) & 0xFFu));
        }
    }
    return bytes;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        auto lower = [](char c) {
            return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
        };
        if (lower(a[i]) != lower(b[i]))
            return false;
    }
    return true;
}

} // namespace

std::string encodeBase64(std::span<const std::byte> bytes) {
    std::string text;
    text.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const std::uint32_t group = std::to_integer<std::uint32_t>(bytes[i]) << 16 |
                                    std::to_integer<std::uint32_t>(bytes[i + 1]) << 8 |
                                    std::to_integer<std::uint32_t>(bytes[i + 2]);
        text += kAlphabet[group >> 18];
        text += kAlphabet[(group >> 12) & 0x3F];
        text += kAlphabet[(group >> 6) & 0x3F];
        text += kAlphabet[group & 0x3F];
    }
    const std::size_t left = bytes.size() - i;
    if (left > 0) {
        std::uint32_t group = std::to_integer<std::uint32_t>(bytes[i]) << 16;
        if (left == 2)
            group |= std::to_integer<std::uint32_t>(bytes[i + 1]) << 8;
        text += kAlphabet[group >> 18];
        text += kAlphabet[(group >> 12) & 0x3F];
        text += left == 2 ? kAlphabet[(group >> 6) & 0x3F] : '=';
        text += '=';
    }
    return text;
}

Result<std::vector<std::byte>> decodeBase64(std::string_view text) {
    return decodeBase64At(text, 0);
}

Result<std::vector<std::byte>> parseDataUri(std::string_view uri) {
    constexpr std::string_view scheme = "data:";
    if (uri.size() < scheme.size() || !equalsIgnoringCase(uri.substr(0, scheme.size()), scheme))
        return Error("not a data URI: it does not start with 'data:'");
    const std::size_t comma = uri.find(',');
    if (comma == std::string_view::npos)
        return Error("malformed data URI: no ',' separates the header from the data");

    const std::string_view header = uri.substr(scheme.size(), comma - scheme.size());
    const std::string_view mediaType = header.substr(0, header.find(';'));
    if (!equalsIgnoringCase(mediaType, "application/octet-stream") &&
        !equalsIgnoringCase(mediaType, "application/gltf-buffer"))
        return Error("unsupported data URI media type '" + std::string(mediaType) +
                     "': buffers must be application/octet-stream or application/gltf-buffer");

    const std::size_t lastSemicolon = header.rfind(';');
    if (lastSemicolon == std::string_view::npos ||
        !equalsIgnoringCase(header.substr(lastSemicolon + 1), "base64"))
        return Error("data URI is not base64-encoded (';base64' missing before ',')");

    return decodeBase64At(uri.substr(comma + 1), comma + 1);
}

std::string makeDataUri(std::span<const std::byte> bytes) {
    return std::string(kOctetStreamPrefix) + encodeBase64(bytes);
}

} // namespace hyperrig::core::io
