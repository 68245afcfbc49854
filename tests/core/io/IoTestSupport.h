#pragma once

#include "tests/support/ByteText.h"

#include <rapidcheck.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hyperrig::test {

inline std::vector<std::byte> bytesOf(const std::vector<std::uint8_t>& values) {
    std::vector<std::byte> bytes;
    for (std::uint8_t v : values)
        bytes.push_back(static_cast<std::byte>(v));
    return bytes;
}

// Random bytes for properties: RapidCheck shrinks the vector of uint8_t, we hand out std::byte.
inline rc::Gen<std::vector<std::byte>> genBytes() {
    return rc::gen::map(rc::gen::arbitrary<std::vector<std::uint8_t>>(),
                        [](const std::vector<std::uint8_t>& values) { return bytesOf(values); });
}

} // namespace hyperrig::test
