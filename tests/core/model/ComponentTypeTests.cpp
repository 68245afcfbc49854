#include "core/model/ComponentType.h"

#include <rapidcheck/catch.h>

#include <array>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>

using namespace hyperrig::core::model;

namespace {

template <std::size_t N>
std::array<std::byte, N> le(const std::array<int, N>& values) {
    std::array<std::byte, N> bytes{};
    for (std::size_t i = 0; i < N; ++i)
        bytes[i] = static_cast<std::byte>(values[i]);
    return bytes;
}

double read(ComponentType type, std::initializer_list<int> values) {
    std::array<std::byte, 9> bytes{};
    std::size_t i = 1; // deliberately unaligned
    for (int v : values)
        bytes[i++] = static_cast<std::byte>(v);
    return readAsDouble(type, bytes.data() + 1);
}

std::string writeError(ComponentType type, double value) {
    std::array<std::byte, 8> bytes{};
    const auto written = writeFromDouble(type, value, bytes.data());
    REQUIRE_FALSE(written.ok());
    CHECK(bytes == std::array<std::byte, 8>{}); // nothing written on error
    return written.error().message();
}

template <typename T>
std::string errorOf(const hyperrig::core::Result<T>& result) {
    REQUIRE_FALSE(result.ok());
    return result.error().message();
}

// §8.2's float8 formula, written out independently of the implementation.
double float8Reference(int b) {
    const int e = (b >> 3) & 0xF;
    const int m = b & 7;
    const double sign = (b & 0x80) != 0 ? -1.0 : 1.0;
    if (e == 0)
        return sign * m * std::pow(2.0, -9);
    if (e == 15)
        return m == 0 ? sign * std::numeric_limits<double>::infinity()
                      : std::numeric_limits<double>::quiet_NaN();
    return sign * (1.0 + m / 8.0) * std::pow(2.0, e - 7);
}

} // namespace

TEST_CASE("component types parse from their G4MF names", "[io][componenttype]") {
    for (ComponentType type : kAllComponentTypes)
        CHECK(parseComponentType(componentTypeName(type)).value() == type);
    CHECK(parseComponentType("float32").value() == ComponentType::Float32);
    CHECK(parseComponentType("uint8").value() == ComponentType::Uint8);
    SECTION("128-bit types are refused with their own message") {
        CHECK(errorOf(parseComponentType("float128")) ==
              "unsupported component type 'float128': 128-bit types are not supported");
        CHECK(errorOf(parseComponentType("int128")) ==
              "unsupported component type 'int128': 128-bit types are not supported");
        CHECK(errorOf(parseComponentType("uint128")) ==
              "unsupported component type 'uint128': 128-bit types are not supported");
    }
    SECTION("anything else is unknown; names are case-sensitive") {
        CHECK(errorOf(parseComponentType("x")) == "unknown component type 'x'");
        CHECK(errorOf(parseComponentType("Float32")) == "unknown component type 'Float32'");
        CHECK(errorOf(parseComponentType("")) == "unknown component type ''");
        CHECK(errorOf(parseComponentType("float")) == "unknown component type 'float'");
    }
}

TEST_CASE("component types know their size and kind", "[io][componenttype]") {
    const std::pair<ComponentType, std::size_t> sizes[] = {
        {ComponentType::Int8, 1},    {ComponentType::Uint8, 1},   {ComponentType::Int16, 2},
        {ComponentType::Uint16, 2},  {ComponentType::Int32, 4},   {ComponentType::Uint32, 4},
        {ComponentType::Int64, 8},   {ComponentType::Uint64, 8},  {ComponentType::Float8, 1},
        {ComponentType::Float16, 2}, {ComponentType::Float32, 4}, {ComponentType::Float64, 8}};
    for (const auto& [type, size] : sizes)
        CHECK(componentSize(type) == size);
    for (ComponentType type : kAllComponentTypes) {
        const std::string_view name = componentTypeName(type);
        CHECK(isFloat(type) == name.starts_with("float"));
        CHECK(isUnsigned(type) == name.starts_with("uint"));
        CHECK(isSignedInteger(type) == name.starts_with("int"));
    }
}

TEST_CASE("float8 decodes as godot-4d's 1-4-3 format with bias 7", "[io][componenttype]") {
    SECTION("the table of the developer notes §8.2") {
        CHECK(float8ToDouble(0x00) == 0.0);
        CHECK(float8ToDouble(0x01) == 0.001953125);
        CHECK(float8ToDouble(0x07) == 0.013671875);
        CHECK(float8ToDouble(0x08) == 0.015625);
        CHECK(float8ToDouble(0x30) == 0.5);
        CHECK(float8ToDouble(0xB0) == -0.5);
        CHECK(float8ToDouble(0x38) == 1.0);
        CHECK(float8ToDouble(0x39) == 1.125);
        CHECK(float8ToDouble(0x40) == 2.0);
        CHECK(float8ToDouble(0x77) == 240.0);
        CHECK(float8ToDouble(0x78) == std::numeric_limits<double>::infinity());
        CHECK(std::isnan(float8ToDouble(0x79)));
    }
    SECTION("not E4M3FN: 0x7E is NaN here (448 there), 0xF8 is -infinity") {
        CHECK(std::isnan(float8ToDouble(0x7E)));
        CHECK(float8ToDouble(0xF8) == -std::numeric_limits<double>::infinity());
        CHECK(std::signbit(float8ToDouble(0x80)));
    }
    SECTION("every byte matches the formula, through readAsDouble too") {
        for (int b = 0; b < 256; ++b) {
            const double expected = float8Reference(b);
            const double actual = float8ToDouble(static_cast<std::uint8_t>(b));
            const auto byte = static_cast<std::byte>(b);
            if (std::isnan(expected)) {
                CHECK(std::isnan(actual));
            } else {
                CHECK(actual == expected);
                CHECK(readAsDouble(ComponentType::Float8, &byte) == expected);
            }
        }
    }
}

TEST_CASE("float8 encodes to nearest, ties to even, and refuses overflow", "[io][componenttype]") {
    SECTION("every finite byte round trips, the sign of zero included") {
        for (int b = 0; b < 256; ++b) {
            const double value = float8ToDouble(static_cast<std::uint8_t>(b));
            if (!std::isnan(value))
                CHECK(doubleToFloat8(value).value() == b);
        }
    }
    CHECK(doubleToFloat8(1.0625).value() == 0x38); // tie between 1 and 1.125: even
    CHECK(doubleToFloat8(1.1875).value() == 0x3A); // tie between 1.125 and 1.25: even
    CHECK(doubleToFloat8(1.1).value() == 0x39);
    CHECK(doubleToFloat8(0.0009765625).value() == 0x00); // half the smallest subnormal
    CHECK(doubleToFloat8(0.0029296875).value() == 0x02); // 1.5 subnormal units: even
    CHECK(doubleToFloat8(0.0152).value() == 0x08);       // subnormal rounding up to normal
    CHECK(doubleToFloat8(1e-300).value() == 0x00);
    CHECK(doubleToFloat8(-1e-300).value() == 0x80);
    CHECK(doubleToFloat8(247.9).value() == 0x77);
    CHECK(doubleToFloat8(std::numeric_limits<double>::infinity()).value() == 0x78);
    CHECK(doubleToFloat8(-std::numeric_limits<double>::infinity()).value() == 0xF8);
    CHECK(doubleToFloat8(std::numeric_limits<double>::quiet_NaN()).value() == 0x7C);
    CHECK(errorOf(doubleToFloat8(248.0)) ==
          "value 248 overflows float8 (largest finite value 240)");
    CHECK(errorOf(doubleToFloat8(-300.0)) ==
          "value -300 overflows float8 (largest finite value 240)");
    CHECK(errorOf(doubleToFloat8(1e300)) ==
          "value 1e+300 overflows float8 (largest finite value 240)");
}

TEST_CASE("float16 is IEEE half precision", "[io][componenttype]") {
    SECTION("decoding") {
        CHECK(float16ToDouble(0x3C00) == 1.0);
        CHECK(float16ToDouble(0xC000) == -2.0);
        CHECK(float16ToDouble(0x3555) == 0.333251953125);
        CHECK(float16ToDouble(0x7BFF) == 65504.0);
        CHECK(float16ToDouble(0x0400) == std::ldexp(1.0, -14)); // smallest normal
        CHECK(float16ToDouble(0x0001) == std::ldexp(1.0, -24)); // smallest subnormal
        CHECK(float16ToDouble(0x03FF) == 1023 * std::ldexp(1.0, -24));
        CHECK(float16ToDouble(0x7C00) == std::numeric_limits<double>::infinity());
        CHECK(float16ToDouble(0xFC00) == -std::numeric_limits<double>::infinity());
        CHECK(std::isnan(float16ToDouble(0x7E00)));
        CHECK(std::isnan(float16ToDouble(0xFC01)));
        CHECK(float16ToDouble(0x8000) == 0.0);
        CHECK(std::signbit(float16ToDouble(0x8000)));
        CHECK(read(ComponentType::Float16, {0x00, 0x3C}) == 1.0);
    }
    SECTION("every finite pattern round trips") {
        for (int bits = 0; bits < 65536; ++bits) {
            const double value = float16ToDouble(static_cast<std::uint16_t>(bits));
            if (!std::isnan(value) && doubleToFloat16(value).value() != bits)
                FAIL("float16 pattern " << bits << " does not round trip");
        }
    }
    SECTION("encoding rounds to nearest even and refuses overflow") {
        CHECK(doubleToFloat16(1.0 / 3.0).value() == 0x3555);
        CHECK(doubleToFloat16(65519.0).value() == 0x7BFF);
        CHECK(doubleToFloat16(std::ldexp(1.0, -25)).value() == 0x0000); // tie: even
        CHECK(doubleToFloat16(3 * std::ldexp(1.0, -26)).value() == 0x0001);
        CHECK(doubleToFloat16(1.0 + std::ldexp(1.0, -11)).value() == 0x3C00); // tie: even
        CHECK(doubleToFloat16(1.0 + 3 * std::ldexp(1.0, -11)).value() == 0x3C02);
        CHECK(doubleToFloat16(-0.0).value() == 0x8000);
        CHECK(doubleToFloat16(-std::numeric_limits<double>::quiet_NaN()).value() == 0xFE00);
        CHECK(errorOf(doubleToFloat16(65520.0)) ==
              "value 65520 overflows float16 (largest finite value 65504)");
    }
}

TEST_CASE("components decode from unaligned little-endian bytes", "[io][componenttype]") {
    CHECK(read(ComponentType::Int8, {0xFF}) == -1.0);
    CHECK(read(ComponentType::Uint8, {0xFF}) == 255.0);
    CHECK(read(ComponentType::Int16, {0x00, 0x80}) == -32768.0);
    CHECK(read(ComponentType::Uint16, {0x34, 0x12}) == 0x1234);
    CHECK(read(ComponentType::Int32, {0xFE, 0xFF, 0xFF, 0xFF}) == -2.0);
    CHECK(read(ComponentType::Uint32, {0x78, 0x56, 0x34, 0x12}) == 0x12345678);
    CHECK(read(ComponentType::Int64, {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}) == -1.0);
    CHECK(read(ComponentType::Int64, {0, 0, 0, 0, 0, 0, 0, 0x80}) == -std::ldexp(1.0, 63));
    CHECK(read(ComponentType::Uint64, {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}) ==
          std::ldexp(1.0, 64));
    CHECK(read(ComponentType::Float32, {0x00, 0x00, 0xC0, 0x3F}) == 1.5);
    CHECK(read(ComponentType::Float64, {0, 0, 0, 0, 0, 0, 0xF8, 0xBF}) == -1.5);
}

TEST_CASE("components decode as exact integers for indices", "[io][componenttype]") {
    const auto maxU64 = le<8>({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF});
    const auto minI64 = le<8>({0, 0, 0, 0, 0, 0, 0, 0x80});
    const auto minusOne8 = le<1>({0xFF});
    SECTION("unsigned") {
        CHECK(readAsUint64(ComponentType::Uint64, maxU64.data()).value() ==
              std::numeric_limits<std::uint64_t>::max());
        CHECK(readAsUint64(ComponentType::Uint8, minusOne8.data()).value() == 255);
        CHECK(errorOf(readAsUint64(ComponentType::Int8, minusOne8.data())) ==
              "value -1 is negative");
        CHECK(errorOf(readAsUint64(ComponentType::Int64, minI64.data())) ==
              "value -9223372036854775808 is negative");
    }
    SECTION("signed") {
        CHECK(readAsInt64(ComponentType::Int64, minI64.data()).value() ==
              std::numeric_limits<std::int64_t>::min());
        CHECK(readAsInt64(ComponentType::Int8, minusOne8.data()).value() == -1);
        CHECK(errorOf(readAsInt64(ComponentType::Uint64, maxU64.data())) ==
              "value 18446744073709551615 does not fit in int64");
    }
    SECTION("floats holding integers are accepted, others refused") {
        const auto three = le<4>({0x00, 0x00, 0x40, 0x40});       // float32 3.0
        const auto twoAndAHalf = le<4>({0x00, 0x00, 0x20, 0x40}); // float32 2.5
        const auto minusTwo = le<1>({0xC0});                      // float8 -2.0
        const auto infinity = le<2>({0x00, 0x7C});                // float16 +inf
        const auto huge = le<8>({0, 0, 0, 0, 0, 0, 0xF0, 0x43});  // float64 2^64
        CHECK(readAsUint64(ComponentType::Float32, three.data()).value() == 3);
        CHECK(readAsInt64(ComponentType::Float8, minusTwo.data()).value() == -2);
        CHECK(errorOf(readAsUint64(ComponentType::Float32, twoAndAHalf.data())) ==
              "value 2.5 is not an integer");
        CHECK(errorOf(readAsInt64(ComponentType::Float16, infinity.data())) ==
              "value inf is not an integer");
        CHECK(errorOf(readAsUint64(ComponentType::Float8, minusTwo.data())) ==
              "value -2 is negative");
        CHECK(errorOf(readAsUint64(ComponentType::Float64, huge.data())) ==
              "value 18446744073709551616 does not fit in 64 bits");
        CHECK(errorOf(readAsInt64(ComponentType::Float64, huge.data())) ==
              "value 18446744073709551616 does not fit in int64");
    }
}

TEST_CASE("components encode from doubles with range checks", "[io][componenttype]") {
    SECTION("little-endian bytes") {
        std::array<std::byte, 8> bytes{};
        REQUIRE(writeFromDouble(ComponentType::Uint32, 0x12345678, bytes.data()).ok());
        CHECK(bytes[0] == std::byte{0x78});
        CHECK(bytes[3] == std::byte{0x12});
        REQUIRE(writeFromDouble(ComponentType::Int16, -2.0, bytes.data()).ok());
        CHECK(bytes[0] == std::byte{0xFE});
        CHECK(bytes[1] == std::byte{0xFF});
        REQUIRE(writeFromDouble(ComponentType::Float32, 1.5, bytes.data()).ok());
        CHECK(bytes[2] == std::byte{0xC0});
        CHECK(bytes[3] == std::byte{0x3F});
        REQUIRE(writeFromDouble(ComponentType::Float8, 0.5, bytes.data()).ok());
        CHECK(bytes[0] == std::byte{0x30});
        REQUIRE(writeFromDouble(ComponentType::Float16, 1.0, bytes.data()).ok());
        CHECK(bytes[0] == std::byte{0x00});
        CHECK(bytes[1] == std::byte{0x3C});
    }
    SECTION("integer range errors name the range") {
        CHECK(writeError(ComponentType::Uint8, 256) ==
              "value 256 is out of range for uint8 (0 to 255)");
        CHECK(writeError(ComponentType::Int8, -129) ==
              "value -129 is out of range for int8 (-128 to 127)");
        CHECK(writeError(ComponentType::Uint16, -1) ==
              "value -1 is out of range for uint16 (0 to 65535)");
        CHECK(writeError(ComponentType::Int32, 2147483648.0) ==
              "value 2147483648 is out of range for int32 (-2147483648 to 2147483647)");
        CHECK(writeError(ComponentType::Uint64, std::ldexp(1.0, 64)) ==
              "value 18446744073709551616 is out of range for uint64 (0 to "
              "18446744073709551615)");
        CHECK(writeError(ComponentType::Int64, std::ldexp(1.0, 63)) ==
              "value 9223372036854775808 is out of range for int64 (-9223372036854775808 to "
              "9223372036854775807)");
    }
    SECTION("non-integers are refused for integer types") {
        CHECK(writeError(ComponentType::Uint16, 1.5) ==
              "value 1.5 is not an integer, cannot store it as uint16");
        CHECK(writeError(ComponentType::Int32, std::numeric_limits<double>::quiet_NaN()) ==
              "value nan is not an integer, cannot store it as int32");
        CHECK(writeError(ComponentType::Uint8, std::numeric_limits<double>::infinity()) ==
              "value inf is not an integer, cannot store it as uint8");
    }
    SECTION("range limits themselves fit") {
        std::array<std::byte, 8> bytes{};
        CHECK(writeFromDouble(ComponentType::Int8, -128, bytes.data()).ok());
        CHECK(readAsDouble(ComponentType::Int8, bytes.data()) == -128);
        CHECK(writeFromDouble(ComponentType::Int64, -std::ldexp(1.0, 63), bytes.data()).ok());
        CHECK(readAsInt64(ComponentType::Int64, bytes.data()).value() ==
              std::numeric_limits<std::int64_t>::min());
        CHECK(
            writeFromDouble(ComponentType::Uint64, std::ldexp(1.0, 64) - 2048, bytes.data()).ok());
        CHECK(readAsUint64(ComponentType::Uint64, bytes.data()).value() ==
              std::numeric_limits<std::uint64_t>::max() - 2047);
        CHECK(writeFromDouble(ComponentType::Uint8, -0.0, bytes.data()).ok());
    }
    SECTION("float32 overflow is an error, not an infinity") {
        constexpr double floatMax = std::numeric_limits<float>::max();
        CHECK(writeError(ComponentType::Float32, 1e39) ==
              "value 1e+39 overflows float32 (largest finite value 3.4028234663852886e+38)");
        std::array<std::byte, 4> bytes{};
        // Beyond FLT_MAX but closer to it than to the overflow threshold: rounds to FLT_MAX.
        REQUIRE(writeFromDouble(ComponentType::Float32, floatMax * (1 + 1e-9), bytes.data()).ok());
        CHECK(readAsDouble(ComponentType::Float32, bytes.data()) == floatMax);
        REQUIRE(writeFromDouble(ComponentType::Float32, -std::numeric_limits<double>::infinity(),
                                bytes.data())
                    .ok());
        CHECK(readAsDouble(ComponentType::Float32, bytes.data()) ==
              -std::numeric_limits<double>::infinity());
    }
}

TEST_CASE("component writes and reads round trip", "[io][componenttype][property]") {
    rc::prop("integers in range survive every integer type", [] {
        const auto type =
            *rc::gen::element(ComponentType::Int8, ComponentType::Uint8, ComponentType::Int16,
                              ComponentType::Uint16, ComponentType::Int32, ComponentType::Uint32);
        const auto value = static_cast<double>(*rc::gen::inRange<std::int64_t>(
            isUnsigned(type) ? 0 : -(std::int64_t{1} << (componentSize(type) * 8 - 1)),
            std::int64_t{1} << (componentSize(type) * 8 - (isUnsigned(type) ? 0 : 1))));
        std::array<std::byte, 8> bytes{};
        RC_ASSERT(writeFromDouble(type, value, bytes.data()).ok());
        RC_ASSERT(readAsDouble(type, bytes.data()) == value);
    });
    rc::prop("64-bit integers survive exactly", [] {
        const auto value = *rc::gen::arbitrary<std::int64_t>();
        std::array<std::byte, 8> bytes{};
        std::memcpy(bytes.data(), &value, sizeof value); // the test host is little-endian
        RC_ASSERT(readAsInt64(ComponentType::Int64, bytes.data()).value() == value);
        RC_ASSERT(readAsUint64(ComponentType::Uint64, bytes.data()).value() ==
                  std::bit_cast<std::uint64_t>(value));
    });
    rc::prop("float32 and float64 survive exactly", [] {
        const auto single = *rc::gen::arbitrary<float>();
        const auto dbl = *rc::gen::arbitrary<double>();
        std::array<std::byte, 8> bytes{};
        RC_ASSERT(writeFromDouble(ComponentType::Float32, static_cast<double>(single), bytes.data())
                      .ok());
        const double back = readAsDouble(ComponentType::Float32, bytes.data());
        RC_ASSERT(
            (back == static_cast<double>(single) || (std::isnan(back) && std::isnan(single))));
        RC_ASSERT(writeFromDouble(ComponentType::Float64, dbl, bytes.data()).ok());
        const double back64 = readAsDouble(ComponentType::Float64, bytes.data());
        RC_ASSERT((back64 == dbl || (std::isnan(back64) && std::isnan(dbl))));
    });
    rc::prop("float16 writes round to the nearest half", [] {
        const double value =
            *rc::gen::map(rc::gen::inRange(-65504000, 65504001), [](int v) { return v / 1000.0; });
        std::array<std::byte, 2> bytes{};
        RC_ASSERT(writeFromDouble(ComponentType::Float16, value, bytes.data()).ok());
        const double back = readAsDouble(ComponentType::Float16, bytes.data());
        // At most half an ulp of the value's binade [2^(e-1), 2^e), whose ulp is 2^(e-11);
        // subnormals share the ulp of the smallest normal binade (e = -13).
        int exponent = 0;
        std::frexp(value, &exponent);
        RC_ASSERT(std::fabs(back - value) <= std::ldexp(1.0, std::max(exponent, -13) - 12));
    });
}

TEST_CASE("the smallest unsigned type holds the largest index", "[io][componenttype]") {
    CHECK(smallestUnsignedTypeFor(0) == ComponentType::Uint8);
    CHECK(smallestUnsignedTypeFor(255) == ComponentType::Uint8);
    CHECK(smallestUnsignedTypeFor(256) == ComponentType::Uint16);
    CHECK(smallestUnsignedTypeFor(65535) == ComponentType::Uint16);
    CHECK(smallestUnsignedTypeFor(65536) == ComponentType::Uint32);
    CHECK(smallestUnsignedTypeFor(0xFFFFFFFFu) == ComponentType::Uint32);
    CHECK(smallestUnsignedTypeFor(0x100000000u) == ComponentType::Uint64);
    CHECK(smallestUnsignedTypeFor(std::numeric_limits<std::uint64_t>::max()) ==
          ComponentType::Uint64);
}
