#include "core/math/BasisN.h"
#include "core/math/Dimension.h"
#include "core/math/NumberFormat.h"
#include "core/math/Rotor.h"
#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"

#include <algorithm>
#include <cmath>

namespace hyperrig::core::validate {

namespace {

using math::formatNumber;

// Rotors beyond this distance from the rotor manifold are probably not what the author meant
// (hand-edited numbers, a quaternion pasted in the wrong order); within it they are rounding.
constexpr double kRotorTolerance = 1e-3;
// |det B| <= this · Π|column_i| counts as "squashes space": a relative measure, so a tiny but
// regular scale passes and a rounding-level determinant of large columns does not.
constexpr double kDegenerateTolerance = 1e-9;

std::uint64_t binomial(std::uint64_t n, std::uint64_t k) {
    if (k > n)
        return 0;
    std::uint64_t result = 1;
    for (std::uint64_t i = 1; i <= k; ++i)
        result = result * (n - k + i) / i;
    return result;
}

// Legal rotor lengths in N dimensions (node spec, Rotor): scalar + bivector is required, and each
// further even grade (4-vector, 6-vector, …) may be appended as a whole. 2D: 2; 3D: 4; 4D: 7 or
// 8; 5D: 11 or 16; 6D: 16, 31 or 32.
std::vector<std::uint64_t> rotorLengths(std::uint64_t dimension) {
    std::vector<std::uint64_t> lengths;
    std::uint64_t total = 1 + binomial(dimension, 2);
    lengths.push_back(total);
    for (std::uint64_t grade = 4; grade <= dimension; grade += 2) {
        total += binomial(dimension, grade);
        lengths.push_back(total);
    }
    return lengths;
}

std::string joinLengths(const std::vector<std::uint64_t>& lengths) {
    std::string text;
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        if (i > 0)
            text += i + 1 == lengths.size() ? " or " : ", ";
        text += std::to_string(lengths[i]);
    }
    return text;
}

// Reads a transform array: reports a non-array, a non-number item or a non-finite number
// (node.schema). nullopt when unusable.
std::optional<std::vector<double>> readNumbers(ValidationContext& context, std::size_t nodeIndex,
                                               const OrderedJson& value, const std::string& key) {
    const std::string pointer = "/nodes/" + std::to_string(nodeIndex) + "/" + key;
    if (!value.is_array()) {
        context.report(rules::kNodeSchema, pointer,
                       context.nodeLabel(nodeIndex) + ": " + key +
                           " must be an array of numbers, not " + describe(value));
        return std::nullopt;
    }
    std::vector<double> numbers;
    numbers.reserve(value.size());
    bool ok = true;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const auto number = asNumber(value[i]);
        if (!number) {
            context.report(rules::kNodeSchema, appendPointer(pointer, i),
                           context.nodeLabel(nodeIndex) + ": " + key + " item " +
                               std::to_string(i) + " must be a number, not " + describe(value[i]));
            ok = false;
        } else if (!std::isfinite(*number)) {
            // Only in memory: the text parser refuses overflowing literals such as 1e999.
            context.report(rules::kNodeSchema, appendPointer(pointer, i),
                           context.nodeLabel(nodeIndex) + ": " + key + " item " +
                               std::to_string(i) + " is not a finite number");
            ok = false;
        } else {
            numbers.push_back(*number);
        }
    }
    if (!ok)
        return std::nullopt;
    return numbers;
}

void checkRotor(ValidationContext& context, std::size_t nodeIndex,
                const std::vector<double>& rotor) {
    const std::string pointer = "/nodes/" + std::to_string(nodeIndex) + "/rotor";
    const std::string node = context.nodeLabel(nodeIndex);
    const std::size_t dimension = *context.dimension;
    if (dimension <= 16) {
        const auto lengths = rotorLengths(dimension);
        if (std::find(lengths.begin(), lengths.end(), rotor.size()) == lengths.end()) {
            context.report(rules::kNodeRotorSize, pointer,
                           node + ": rotor has " + std::to_string(rotor.size()) + " numbers; a " +
                               std::to_string(dimension) + "D rotor has " + joinLengths(lengths) +
                               " (scalar, bivector, then optional higher even grades)");
            return;
        }
    }
    if (math::Rotor::supportsDimension(static_cast<int>(dimension))) {
        auto parsed = math::Rotor::fromComponents(static_cast<int>(dimension), rotor);
        if (!parsed)
            return; // length already reported
        if (auto normalized = parsed->normalized(); !normalized) {
            context.report(
                rules::kNodeRotorInvalid, pointer,
                node + ": rotor cannot be read as a rotation: " + normalized.error().message());
            return;
        }
        if (!parsed->isValid(kRotorTolerance)) {
            const std::span<const double> c = parsed->components();
            double sumOfSquares = 0.0;
            for (double value : c)
                sumOfSquares += value * value;
            std::string problems;
            if (std::abs(sumOfSquares - 1.0) > kRotorTolerance)
                problems = "its length² is " + formatNumber(sumOfSquares) + ", not 1";
            if (dimension == 4) {
                // Half the grade-4 part of R·R̃ (g4mf.md §4.4), zero for every 4D rotor.
                const double condition = c[0] * c[7] - c[1] * c[6] + c[2] * c[5] - c[4] * c[3];
                if (std::abs(condition) > kRotorTolerance)
                    problems += (problems.empty() ? "" : ", and ") +
                                std::string("s·xyzw − xy·zw + xz·yw − xw·yz is ") +
                                formatNumber(condition) + ", not 0";
            }
            context.report(rules::kNodeRotorNotNormalized, pointer,
                           node + ": rotor is not normalised (" + problems +
                               "); readers normalise it, which may not give the rotation meant");
        }
        return;
    }
    // Above 4D only the component count is checked: HyperRig's rotor math covers 2D to 4D
    // (core/math/Rotor.h), so 5D+ validity conditions are out of its scope (see the issue note).
    double sumOfSquares = 0.0;
    for (double c : rotor)
        sumOfSquares += c * c;
    if (sumOfSquares == 0.0 || !std::isfinite(sumOfSquares))
        context.report(rules::kNodeRotorInvalid, pointer,
                       node + ": rotor has zero length, so it describes no rotation");
    else if (std::abs(sumOfSquares - 1.0) > kRotorTolerance)
        context.report(rules::kNodeRotorNotNormalized, pointer,
                       node + ": rotor is not normalised (length² " + formatNumber(sumOfSquares) +
                           ")");
}

void checkBasisRegular(ValidationContext& context, std::size_t nodeIndex,
                       const std::vector<double>& basis) {
    const auto dimension = static_cast<int>(*context.dimension);
    if (!math::isSupportedDimension(dimension))
        return;
    auto matrix = math::BasisN::fromColumnMajor(dimension, basis);
    if (!matrix)
        return;
    double columnProduct = 1.0;
    for (int column = 0; column < dimension; ++column) {
        double lengthSquared = 0.0;
        for (int row = 0; row < dimension; ++row)
            lengthSquared += matrix->at(row, column) * matrix->at(row, column);
        columnProduct *= std::sqrt(lengthSquared);
    }
    const double determinant = matrix->determinant();
    if (columnProduct == 0.0 || std::abs(determinant) <= kDegenerateTolerance * columnProduct)
        context.report(
            rules::kNodeBasisDegenerate, "/nodes/" + std::to_string(nodeIndex) + "/basis",
            context.nodeLabel(nodeIndex) + ": basis has determinant " + formatNumber(determinant) +
                ", so it squashes space flat and cannot be inverted (bone and skinning "
                "math needs inverses)");
}

void checkNodeTransform(ValidationContext& context, std::size_t nodeIndex,
                        const OrderedJson& node) {
    const std::string nodePointer = "/nodes/" + std::to_string(nodeIndex);
    const std::string label = context.nodeLabel(nodeIndex);
    const auto dimension = context.dimension;
    const auto sizeText = [](std::size_t n) {
        return std::to_string(n);
    };

    if (const OrderedJson* value = member(node, "position")) {
        const auto position = readNumbers(context, nodeIndex, *value, "position");
        if (position && dimension && position->size() != *dimension)
            context.report(rules::kNodePositionSize, nodePointer + "/position",
                           label + ": position has " + sizeText(position->size()) +
                               " numbers, but the file is " + sizeText(*dimension) +
                               "-dimensional, so it needs " + sizeText(*dimension));
    }
    const OrderedJson* basisValue = member(node, "basis");
    if (basisValue) {
        const auto basis = readNumbers(context, nodeIndex, *basisValue, "basis");
        if (basis && dimension) {
            const std::size_t expected = *dimension * *dimension;
            if (basis->size() != expected)
                context.report(rules::kNodeBasisSize, nodePointer + "/basis",
                               label + ": basis has " + sizeText(basis->size()) + " numbers; a " +
                                   sizeText(*dimension) + "D basis is " + sizeText(*dimension) +
                                   "×" + sizeText(*dimension) + " = " + sizeText(expected) +
                                   " numbers, column-major");
            else
                checkBasisRegular(context, nodeIndex, *basis);
        }
    }
    if (const OrderedJson* value = member(node, "rotor")) {
        if (basisValue)
            context.report(rules::kNodeBasisWithRotor, nodePointer + "/rotor",
                           label + " has both basis and rotor; basis already holds the rotation, "
                                   "so a node has one or the other");
        const auto rotor = readNumbers(context, nodeIndex, *value, "rotor");
        if (rotor && dimension)
            checkRotor(context, nodeIndex, *rotor);
    }
    if (const OrderedJson* value = member(node, "scale")) {
        if (basisValue)
            context.report(rules::kNodeBasisWithScale, nodePointer + "/scale",
                           label + " has both basis and scale; basis already holds the scale, "
                                   "so a node has one or the other");
        const auto scale = readNumbers(context, nodeIndex, *value, "scale");
        if (!scale)
            return;
        if (dimension && scale->size() != 1 && scale->size() != *dimension)
            context.report(rules::kNodeScaleSize, nodePointer + "/scale",
                           label + ": scale has " + sizeText(scale->size()) +
                               " numbers; it needs 1 (uniform) or " + sizeText(*dimension));
        // Negative scale is banned because which axes to negate is arbitrary in N-D; a mirror
        // is written as a basis with negative determinant (node spec, Scale).
        for (std::size_t i = 0; i < scale->size(); ++i)
            if (!((*scale)[i] > 0.0))
                context.report(rules::kNodeScaleNotPositive,
                               nodePointer + "/scale/" + std::to_string(i),
                               label + ": scale item " + std::to_string(i) + " is " +
                                   formatNumber((*scale)[i]) +
                                   "; scale must be positive (write a mirror as a basis with "
                                   "negative determinant)");
    }
}

} // namespace

void checkTransforms(ValidationContext& context) {
    const OrderedJson* nodes = context.array("nodes");
    if (!nodes)
        return;
    for (std::size_t i = 0; i < nodes->size(); ++i)
        if ((*nodes)[i].is_object())
            checkNodeTransform(context, i, (*nodes)[i]);
}

} // namespace hyperrig::core::validate
