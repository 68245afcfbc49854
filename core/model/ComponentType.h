#pragma once

#include "core/base/Result.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace hyperrig::core::model {

// The component types of G4MF accessors up to 64 bits (spec data.md; developer notes §8.2).
// 128-bit types are refused by parseComponentType, as godot-4d does. All components are
// little-endian; integers are two's complement.
enum class ComponentType : std::uint8_t {
    Int8,
    Uint8,
    Int16,
    Uint16,
    Int32,
    Uint32,
    Int64,
    Uint64,
    Float8,
    Float16,
    Float32,
    Float64,
};

inline constexpr std::array<ComponentType, 12> kAllComponentTypes{
    ComponentType::Int8,   ComponentType::Uint8,   ComponentType::Int16,   ComponentType::Uint16,
    ComponentType::Int32,  ComponentType::Uint32,  ComponentType::Int64,   ComponentType::Uint64,
    ComponentType::Float8, ComponentType::Float16, ComponentType::Float32, ComponentType::Float64};

// The G4MF string ("int8" … "uint64", "float8" … "float64"), matched exactly (case-sensitive).
// "int128", "uint128" and "float128" fail with
// "unsupported component type 'float128': 128-bit types are not supported"; any other string
// with "unknown component type 'x'".
Result<ComponentType> parseComponentType(std::string_view name);

// The G4MF string of `type`, the inverse of parseComponentType.
std::string_view componentTypeName(ComponentType type);

// Bytes per component: 1, 2, 4 or 8.
std::size_t componentSize(ComponentType type);

bool isFloat(ComponentType type);
bool isUnsigned(ComponentType type);      // Uint8 … Uint64 only; floats are signed.
bool isSignedInteger(ComponentType type); // Int8 … Int64 only.

// G4MF float8 (godot-4d's Math4D::float8_to_double): 1 sign, 4 exponent bits with bias 7,
// 3 mantissa bits, IEEE-style. Exponent 0 is subnormal (m · 2^-9), exponent 15 is infinity
// (m == 0) or NaN. Largest finite value 240. This is NOT the OCP "E4M3FN" format, whose
// largest value is 448 and which has no infinities.
double float8ToDouble(std::uint8_t bits);
// IEEE 754 binary16, subnormals, infinities and NaN included.
double float16ToDouble(std::uint16_t bits);

// The nearest float8 / float16, ties to even (godot-4d rounds ties away from zero; the two
// differ only on exact ties, and both decode the same way). Infinities keep their sign, NaN
// becomes a quiet NaN with the sign kept (0x7C / 0x7E00 for a positive NaN), values too small
// become (signed) subnormals or zero. A finite value that rounds beyond the largest finite one
// (240 / 65504) is an error rather than a silent infinity: "value 300 overflows float8 (largest
// finite value 240)".
Result<std::uint8_t> doubleToFloat8(double value);
Result<std::uint16_t> doubleToFloat16(double value);

// Decodes one little-endian component at `bytes`, which must point to componentSize(type)
// readable bytes (no alignment needed). 64-bit integers beyond 2^53 round to the nearest double.
double readAsDouble(ComponentType type, const std::byte* bytes);

// Decodes one component as an exact integer, for indices and counts. Float components are
// accepted when they hold an integer exactly (godot-4d's exporter may store integer data as a
// float type when that is strictly smaller). Errors: a negative value (readAsUint64), a value
// beyond the 64-bit range, a non-integer or non-finite float.
Result<std::uint64_t> readAsUint64(ComponentType type, const std::byte* bytes);
Result<std::int64_t> readAsInt64(ComponentType type, const std::byte* bytes);

// Encodes `value` as one little-endian component at `bytes` (componentSize(type) writable
// bytes). Float types round to nearest; a finite value that would overflow to infinity is an
// error (see doubleToFloat8). Integer types need an exact integer within the type's range:
// "value 1.5 is not an integer, cannot store it as uint16",
// "value 300 is out of range for uint8 (0 to 255)". Nothing is written on error.
Result<void> writeFromDouble(ComponentType type, double value, std::byte* bytes);

// The smallest of Uint8, Uint16, Uint32, Uint64 that holds every value in 0..maxValue: what
// HyperRig writes for indices (developer notes §8.2, "Writing").
ComponentType smallestUnsignedTypeFor(std::uint64_t maxValue);

} // namespace hyperrig::core::model
