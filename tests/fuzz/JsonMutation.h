#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hyperrig::fuzz {

// The structure-aware mutation behind the JSON fuzz targets' LLVMFuzzerCustomMutator
// (tests/fuzz/targets/JsonMutatorHooks.cpp; decision 0026). Byte mutations of a JSON document
// almost always break its syntax, so the fuzzer spends its time in the parser; these mutations
// keep the text valid JSON and change one thing a reader interprets: an index one past the end,
// a number no type holds, an object where a number belongs, a missing key, an array one item
// longer or shorter. Plain C++ with no libFuzzer symbol, so the ordinary test build tests it.
enum class JsonMutationKind {
    OutOfRangeNumber, // a value becomes -1, 2^31, 2^53 + 1, 2^64 - 1, 1e308, ...
    NearbyNumber,     // an integer moves by one or changes sign, a float is negated or scaled
    OtherType,        // a value becomes one of another JSON type (null, true, "", [], {}, ...)
    DeleteMember,     // an object loses a key
    DuplicateItem,    // an array item appears twice
    DropItem,         // an array loses an item
    SwapValues,       // two keys of one object exchange their values
    RenameKey,        // a key takes the name of another key of the document, or an odd one
    OddString,        // a string becomes NUL, control or non-ASCII bytes, a path out, a data uri
    CopyValue,        // a value becomes a copy of another value of the document
};
inline constexpr int kJsonMutationKinds = 10;

std::string_view nameOfJsonMutation(JsonMutationKind kind);

struct JsonMutation {
    std::string text; // compact JSON, different from the input
    JsonMutationKind kind;
};

// One random structural mutation of `input`, chosen by `seed` alone (the same seed gives the
// same result). std::nullopt when `input` is not JSON, or nests deeper than the mutation walks:
// the caller falls back to byte mutation.
std::optional<JsonMutation> mutateJson(std::string_view input, std::uint64_t seed);

// `first` with one of its values replaced by a value of `second` (libFuzzer's cross-over of two
// corpus inputs, done on the tree). std::nullopt when either is not JSON.
std::optional<std::string> crossOverJson(std::string_view first, std::string_view second,
                                         std::uint64_t seed);

} // namespace hyperrig::fuzz
