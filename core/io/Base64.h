#pragma once

#include "core/base/Result.h"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hyperrig::core::io {

// Standard base64 (RFC 4648 §4: A-Z a-z 0-9 + /) as used by G4MF data URIs. Encoding always
// writes '=' padding.
std::string encodeBase64(std::span<const std::byte> bytes);

// Decodes standard base64.
// - Strict on characters: whitespace, line breaks and the URL-safe alphabet ('-', '_') are
//   errors naming the character and its offset ("invalid base64 character '-' at offset 12").
// - Tolerant of missing '=' padding: "QQ", "QQ=" and "QQ==" all decode to "A". Padding beyond
//   what the final group needs, or '=' followed by data, is an error with its offset.
// - Rejects impossible lengths: a final group of a single character carries only 6 bits.
// - Unused low bits of the final group are ignored (RFC 4648 §3.5 lets decoders reject them;
//   every encoder we know writes zeros, and refusing a file over them helps nobody).
// The empty string decodes to no bytes.
Result<std::vector<std::byte>> decodeBase64(std::string_view text);

// Decodes a base64 data URI of the two media types glTF-family loaders write for buffers:
// "data:application/octet-stream;base64,..." (G4MF, godot-4d) and
// "data:application/gltf-buffer;base64,...". The scheme, media type and "base64" token are
// matched case-insensitively (RFC 2397); media type parameters before ";base64" are ignored.
// Errors: not a data URI, another media type (named in the message), no ";base64" marker
// (percent-encoded data URIs are not supported), or bad base64, whose offset counts from the
// start of the URI.
Result<std::vector<std::byte>> parseDataUri(std::string_view uri);

// "data:application/octet-stream;base64," followed by the padded base64 of `bytes`.
std::string makeDataUri(std::span<const std::byte> bytes);

} // namespace hyperrig::core::io
