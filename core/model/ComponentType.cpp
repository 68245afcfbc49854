#include "core/model/ComponentType.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

namespace hyperrig::core::model {

namespace {

struct TypeInfo {
    ComponentType type;
    std::string_view name;
    std::size_t size;
};

// Indexed by the enum's value.
constexpr std::array<TypeInfo, 12> kTypes{{
    {ComponentType::Int8, "int8", 1},
    {ComponentType::Uint8, "uint8", 1},
    {ComponentType::Int16, "int16", 2},
    {ComponentType::Uint16, "uint16", 2},
    {ComponentType::Int32, "int32", 4},
    {ComponentType::Uint32, "uint32", 4},
    {ComponentType::Int64, "int64", 8},
    {ComponentType::Uint64, "uint64", 8},
    {ComponentType::Float8, "float8", 1},
    {ComponentType::Float16, "float16", 2},
    {ComponentType::Float32, "float32", 4},
    {ComponentType::Float64, "float64", 8},
}};

const TypeInfo& info(ComponentType type) {
    const auto index = static_cast<std::size_t>(type);
    HYPERRIG_EXPECTS(index < kTypes.size());
    return kTypes[index];
}

std::string formatDouble(double value) {
    char text[32];
    const auto [end, ec] = std::to_chars(text, text + sizeof text, value);
    HYPERRIG_ASSERT(ec == std::errc());
    return std::string(text, end);
}

std::uint64_t loadLittleEndian(const std::byte* bytes, std::size_t size) {
    std::uint64_t value = 0;
    for (std::size_t i = size; i-- > 0;)
        value = (value << 8) | std::to_integer<std::uint64_t>(bytes[i]);
    return value;
}

void storeLittleEndian(std::uint64_t value, std::byte* bytes, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i)
        bytes[i] = static_cast<std::byte>((value >> (8 * i)) & 0xFFu);
}

// Two's complement sign extension of the low `size` bytes, without shifting into the sign bit.
std::int64_t signExtend(std::uint64_t raw, std::size_t size) {
    if (size == 8)
        return std::bit_cast<std::int64_t>(raw);
    const std::uint64_t signBit = std::uint64_t{1} << (8 * size - 1);
    const std::uint64_t magnitudeMask = signBit - 1;
    if ((raw & signBit) == 0)
        return static_cast<std::int64_t>(raw);
    // raw - 2^(8·size), computed as -(2^(8·size) - raw) where the subtraction is exact.
    return -static_cast<std::int64_t>(signBit - (raw & magnitudeMask));
}

// An IEEE-style minifloat: `exponentBits` exponent bits with bias 2^(exponentBits-1) - 1,
// `mantissaBits` mantissa bits, all-ones exponent for infinity/NaN. float8 (1-4-3, bias 7) and
// float16 (1-5-10, bias 15) are both of this shape.
struct Minifloat {
    int exponentBits;
    int mantissaBits;
    std::string_view name;

    int bias() const { return (1 << (exponentBits - 1)) - 1; }
    std::uint32_t exponentMask() const { return (1u << exponentBits) - 1; }
    std::uint32_t signBit() const {
        return 1u << static_cast<unsigned>(exponentBits + mantissaBits);
    }

    double decode(std::uint32_t bits) const {
        const std::uint32_t mantissaMask = (1u << mantissaBits) - 1;
        const std::uint32_t mantissa = bits & mantissaMask;
        const std::uint32_t exponent = (bits >> mantissaBits) & exponentMask();
        double magnitude = 0.0;
        if (exponent == exponentMask())
            magnitude = mantissa == 0 ? std::numeric_limits<double>::infinity()
                                      : std::numeric_limits<double>::quiet_NaN();
        else if (exponent == 0)
            magnitude = std::ldexp(static_cast<double>(mantissa), 1 - bias() - mantissaBits);
        else
            magnitude = std::ldexp(static_cast<double>(mantissa | (1u << mantissaBits)),
                                   static_cast<int>(exponent) - bias() - mantissaBits);
        return (bits & signBit()) != 0 ? -magnitude : magnitude;
    }

    Result<std::uint32_t> encode(double value) const {
        const std::uint32_t sign = std::signbit(value) ? signBit() : 0u;
        const std::uint32_t infinity = exponentMask() << mantissaBits;
        if (std::isnan(value))
            return sign | infinity | (1u << (mantissaBits - 1));
        if (std::isinf(value))
            return sign | infinity;
        const double magnitude = std::fabs(value);
        if (magnitude == 0.0)
            return sign;

        // The spacing of representable values around `magnitude`: 2^(E - mantissaBits) for a
        // normal number with exponent E, fixed at the smallest normal exponent for subnormals.
        // Dividing by a power of two is exact, so rounding the quotient rounds the value.
        int frexpExponent = 0;
        std::frexp(magnitude, &frexpExponent);
        const int minNormalExponent = 1 - bias();
        const int exponent = std::max(frexpExponent - 1, minNormalExponent);
        const double scaled = std::ldexp(magnitude, mantissaBits - exponent);
        double units = std::floor(scaled);
        const double fraction = scaled - units;
        if (fraction > 0.5 || (fraction == 0.5 && std::fmod(units, 2.0) != 0.0))
            units += 1.0;

        // units < 2^(mantissaBits+1) after rounding; a carry to exactly 2^(mantissaBits+1)
        // moves to the next binade. Subnormals that round up to 2^mantissaBits become the
        // smallest normal number through the same bit pattern.
        auto significand = static_cast<std::uint32_t>(units);
        int biasedExponent = exponent + bias();
        if (frexpExponent - 1 < minNormalExponent) {
            biasedExponent = 0;
        } else {
            significand -= 1u << mantissaBits;
        }
        std::uint32_t bits =
            (static_cast<std::uint32_t>(biasedExponent) << mantissaBits) + significand;
        if (bits >= infinity) {
            const double largest = decode(infinity - 1);
            return Error("value " + formatDouble(value) + " overflows " + std::string(name) +
                         " (largest finite value " + formatDouble(largest) + ")");
        }
        return sign | bits;
    }
};

constexpr Minifloat kFloat8{4, 3, "float8"};
constexpr Minifloat kFloat16{5, 10, "float16"};

struct IntegerRange {
    double min;
    double maxExclusive; // 2^bits or 2^(bits-1): exact doubles, unlike the largest values.
    std::string minText;
    std::string maxText;
};

IntegerRange integerRange(ComponentType type) {
    const auto bits = static_cast<int>(componentSize(type) * 8);
    if (isUnsigned(type)) {
        const std::uint64_t max =
            bits == 64 ? std::numeric_limits<std::uint64_t>::max() : (std::uint64_t{1} << bits) - 1;
        return {0.0, std::ldexp(1.0, bits), "0", std::to_string(max)};
    }
    const std::int64_t max =
        bits == 64 ? std::numeric_limits<std::int64_t>::max() : (std::int64_t{1} << (bits - 1)) - 1;
    return {-std::ldexp(1.0, bits - 1), std::ldexp(1.0, bits - 1), std::to_string(-max - 1),
            std::to_string(max)};
}

Error notAnInteger(double value) {
    return Error("value " + formatDouble(value) + " is not an integer");
}

} // namespace

Result<ComponentType> parseComponentType(std::string_view name) {
    for (const TypeInfo& type : kTypes) {
        if (type.name == name)
            return type.type;
    }
    if (name == "int128" || name == "uint128" || name == "float128")
        return Error("unsupported component type '" + std::string(name) +
                     "': 128-bit types are not supported");
    return Error("unknown component type '" + std::string(name) + "'");
}

std::string_view componentTypeName(ComponentType type) {
    return info(type).name;
}

std::size_t componentSize(ComponentType type) {
    return info(type).size;
}

bool isFloat(ComponentType type) {
    return type == ComponentType::Float8 || type == ComponentType::Float16 ||
           type == ComponentType::Float32 || type == ComponentType::Float64;
}

bool isUnsigned(ComponentType type) {
    return type == ComponentType::Uint8 || type == ComponentType::Uint16 ||
           type == ComponentType::Uint32 || type == ComponentType::Uint64;
}

bool isSignedInteger(ComponentType type) {
    return !isFloat(type) && !isUnsigned(type);
}

double float8ToDouble(std::uint8_t bits) {
    return kFloat8.decode(bits);
}

double float16ToDouble(std::uint16_t bits) {
    return kFloat16.decode(bits);
}

Result<std::uint8_t> doubleToFloat8(double value) {
    Result<std::uint32_t> bits = kFloat8.encode(value);
    if (!bits)
        return bits.error();
    return static_cast<std::uint8_t>(*bits);
}

Result<std::uint16_t> doubleToFloat16(double value) {
    Result<std::uint32_t> bits = kFloat16.encode(value);
    if (!bits)
        return bits.error();
    return static_cast<std::uint16_t>(*bits);
}

double readAsDouble(ComponentType type, const std::byte* bytes) {
    HYPERRIG_EXPECTS(bytes != nullptr);
    const std::size_t size = componentSize(type);
    const std::uint64_t raw = loadLittleEndian(bytes, size);
    switch (type) {
    case ComponentType::Float8:
        return float8ToDouble(static_cast<std::uint8_t>(raw));
    case ComponentType::Float16:
        return float16ToDouble(static_cast<std::uint16_t>(raw));
    case ComponentType::Float32:
        return static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(raw)));
    case ComponentType::Float64:
        return std::bit_cast<double>(raw);
    default:
        break;
    }
    if (isUnsigned(type))
        return static_cast<double>(raw);
    return static_cast<double>(signExtend(raw, size));
}

Result<std::uint64_t> readAsUint64(ComponentType type, const std::byte* bytes) {
    HYPERRIG_EXPECTS(bytes != nullptr);
    const std::size_t size = componentSize(type);
    if (isUnsigned(type))
        return loadLittleEndian(bytes, size);
    if (isSignedInteger(type)) {
        const std::int64_t value = signExtend(loadLittleEndian(bytes, size), size);
        if (value < 0)
            return Error("value " + std::to_string(value) + " is negative");
        return static_cast<std::uint64_t>(value);
    }
    const double value = readAsDouble(type, bytes);
    if (!std::isfinite(value) || std::trunc(value) != value)
        return notAnInteger(value);
    if (value < 0.0)
        return Error("value " + formatDouble(value) + " is negative");
    if (value >= std::ldexp(1.0, 64))
        return Error("value " + formatDouble(value) + " does not fit in 64 bits");
    return static_cast<std::uint64_t>(value);
}

Result<std::int64_t> readAsInt64(ComponentType type, const std::byte* bytes) {
    HYPERRIG_EXPECTS(bytes != nullptr);
    const std::size_t size = componentSize(type);
    if (isSignedInteger(type))
        return signExtend(loadLittleEndian(bytes, size), size);
    if (isUnsigned(type)) {
        const std::uint64_t value = loadLittleEndian(bytes, size);
        if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return Error("value " + std::to_string(value) + " does not fit in int64");
        return static_cast<std::int64_t>(value);
    }
    const double value = readAsDouble(type, bytes);
    if (!std::isfinite(value) || std::trunc(value) != value)
        return notAnInteger(value);
    if (value < -std::ldexp(1.0, 63) || value >= std::ldexp(1.0, 63))
        return Error("value " + formatDouble(value) + " does not fit in int64");
    return static_cast<std::int64_t>(value);
}

Result<void> writeFromDouble(ComponentType type, double value, std::byte* bytes) {
    HYPERRIG_EXPECTS(bytes != nullptr);
    const std::size_t size = componentSize(type);
    switch (type) {
    case ComponentType::Float8: {
        Result<std::uint8_t> bits = doubleToFloat8(value);
        if (!bits)
            return bits.error();
        storeLittleEndian(*bits, bytes, size);
        return {};
    }
    case ComponentType::Float16: {
        Result<std::uint16_t> bits = doubleToFloat16(value);
        if (!bits)
            return bits.error();
        storeLittleEndian(*bits, bytes, size);
        return {};
    }
    case ComponentType::Float32: {
        // A double between FLT_MAX and FLT_MAX + half an ulp rounds to FLT_MAX; converting it
        // directly is undefined behaviour, so those are clamped, and beyond is an overflow.
        constexpr double largest = static_cast<double>(std::numeric_limits<float>::max());
        const double overflowFrom = std::ldexp(1.0, 128) - std::ldexp(1.0, 103);
        float narrowed = 0.0f;
        if (std::isnan(value) || std::isinf(value) || std::fabs(value) <= largest)
            narrowed = static_cast<float>(value);
        else if (std::fabs(value) < overflowFrom)
            narrowed = value > 0.0 ? std::numeric_limits<float>::max()
                                   : -std::numeric_limits<float>::max();
        else
            return Error("value " + formatDouble(value) +
                         " overflows float32 (largest finite value " + formatDouble(largest) + ")");
        storeLittleEndian(std::bit_cast<std::uint32_t>(narrowed), bytes, size);
        return {};
    }
    case ComponentType::Float64:
        storeLittleEndian(std::bit_cast<std::uint64_t>(value), bytes, size);
        return {};
    default:
        break;
    }

    if (!std::isfinite(value) || std::trunc(value) != value)
        return Error("value " + formatDouble(value) + " is not an integer, cannot store it as " +
                     std::string(componentTypeName(type)));
    const IntegerRange range = integerRange(type);
    if (value < range.min || value >= range.maxExclusive)
        return Error("value " + formatDouble(value) + " is out of range for " +
                     std::string(componentTypeName(type)) + " (" + range.minText + " to " +
                     range.maxText + ")");
    // In range, so the conversion is exact; negative values go through int64 and wrap to their
    // two's complement bit pattern on the way to uint64 (well defined for unsigned types).
    const std::uint64_t raw = isUnsigned(type)
                                  ? static_cast<std::uint64_t>(value)
                                  : static_cast<std::uint64_t>(static_cast<std::int64_t>(value));
    storeLittleEndian(raw, bytes, size);
    return {};
}

ComponentType smallestUnsignedTypeFor(std::uint64_t maxValue) {
    if (maxValue <= std::numeric_limits<std::uint8_t>::max())
        return ComponentType::Uint8;
    if (maxValue <= std::numeric_limits<std::uint16_t>::max())
        return ComponentType::Uint16;
    if (maxValue <= std::numeric_limits<std::uint32_t>::max())
        return ComponentType::Uint32;
    return ComponentType::Uint64;
}

} // namespace hyperrig::core::model
