#include "core/io/g4mf/AccessorDigest.h"

#include "core/model/JsonDump.h"

#include <bit>
#include <functional>
#include <string>

namespace hyperrig::core::io::detail {
namespace {

// splitmix64's finaliser: every input bit affects every output bit.
std::uint64_t scramble(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 31;
    return x;
}

// Chained, so the order of the words matters.
std::uint64_t combine(std::uint64_t digest, std::uint64_t word) {
    return scramble(digest ^ (word + 0x9E3779B97F4A7C15ull));
}

} // namespace

std::uint64_t accessorDigest(model::ComponentType type, int vectorSize,
                             std::span<const double> values, const model::OrderedJson& extra) {
    std::uint64_t digest = combine(0, static_cast<std::uint64_t>(type));
    digest = combine(digest, static_cast<std::uint64_t>(vectorSize));
    digest = combine(digest, values.size());
    for (double value : values)
        digest = combine(digest, std::bit_cast<std::uint64_t>(value));
    if (!extra.empty())
        digest = combine(digest, std::hash<std::string>{}(model::jsonText(extra)));
    return digest;
}

} // namespace hyperrig::core::io::detail
