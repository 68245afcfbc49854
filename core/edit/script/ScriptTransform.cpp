#include "core/edit/commands/NodeCommands.h"
#include "core/edit/script/ScriptOpFields.h"
#include "core/edit/script/ScriptOps.h"
#include "core/math/BasisDecomposition.h"

namespace hyperrig::core::edit {
namespace {

// An array of numbers or null (null removes that part of the transform).
Result<std::optional<std::vector<double>>> partOrNull(const ScriptFields& fields,
                                                      std::string_view key) {
    if (fields.isNull(key))
        return std::optional<std::vector<double>>();
    auto values = fields.numbers(key);
    if (!values)
        return Error(fieldLabel(key) + " must be an array of numbers or null");
    return std::optional<std::vector<double>>(std::move(*values));
}

Error countError(std::string_view key, std::size_t given, const std::string& needed, int n) {
    return Error(fieldLabel(key) + " needs " + needed + " numbers in a " + std::to_string(n) +
                 "D document, not " + std::to_string(given));
}

// The rotor and scale parts of a node authored with a basis, so that giving only one of them
// keeps the other: the basis split into rotation and per-axis scale.
Result<void> splitBasis(model::NodeTransform& transform, int dimension) {
    auto basis = math::BasisN::fromColumnMajor(dimension, transform.basis);
    if (!basis)
        return basis.error();
    auto split = math::decomposeBasis(*basis);
    if (!split)
        return Error("the node's basis cannot be written as a rotor and a scale (" +
                     split.error().message() + "); give both 'rotor' and 'scale', or a 'basis'");
    const auto components = split->rotor.components();
    transform.rotor.assign(components.begin(), components.end());
    const auto scale = split->scale.values();
    if (split->uniformScale)
        transform.scale.assign(1, scale[0]);
    else
        transform.scale.assign(scale.begin(), scale.end());
    transform.basis.clear();
    transform.form = model::NodeTransform::Form::RotorScale;
    return {};
}

} // namespace

// Fields given replace those parts of the node's current transform; null removes a part:
//   position            replaces (null: no position, the origin);
//   basis               the basis form (null: no basis, the identity); excludes rotor and scale;
//   rotor and/or scale  the rotor-and-scale form; a part not given is kept, taken from the
//                       current basis when the node was authored with one.
Result<std::unique_ptr<Command>> buildSetTransform(const ScriptFields& fields,
                                                   const model::Document& document) {
    auto target = nodeField(fields, document, "node");
    if (!target)
        return target.error();
    const bool hasRotorOrScale = fields.has("rotor") || fields.has("scale");
    if (!fields.has("position") && !fields.has("basis") && !hasRotorOrScale)
        return Error("give at least one of 'position', 'basis', 'rotor', 'scale'");
    if (fields.has("basis") && hasRotorOrScale)
        return Error("'basis' cannot be combined with 'rotor' or 'scale'");

    const int n = document.dimension();
    const auto size = static_cast<std::size_t>(n);
    model::NodeTransform transform = document.node(*target).transform;
    if (fields.has("position")) {
        auto position = partOrNull(fields, "position");
        if (!position)
            return position.error();
        if (*position && (*position)->size() != size)
            return countError("position", (*position)->size(), std::to_string(n), n);
        transform.position = position->value_or(std::vector<double>());
    }
    if (fields.has("basis")) {
        auto basis = partOrNull(fields, "basis");
        if (!basis)
            return basis.error();
        if (*basis && (*basis)->size() != size * size)
            return countError("basis", (*basis)->size(), std::to_string(size * size), n);
        transform.form =
            *basis ? model::NodeTransform::Form::Basis : model::NodeTransform::Form::None;
        transform.basis = basis->value_or(std::vector<double>());
        transform.rotor.clear();
        transform.scale.clear();
    }
    if (hasRotorOrScale) {
        if (transform.form == model::NodeTransform::Form::Basis &&
            !(fields.has("rotor") && fields.has("scale"))) {
            auto split = splitBasis(transform, n);
            if (!split)
                return split.error();
        }
        transform.form = model::NodeTransform::Form::RotorScale;
        transform.basis.clear();
        if (fields.has("rotor")) {
            auto rotor = partOrNull(fields, "rotor");
            if (!rotor)
                return rotor.error();
            transform.rotor = rotor->value_or(std::vector<double>());
        }
        if (fields.has("scale")) {
            auto scale = partOrNull(fields, "scale");
            if (!scale)
                return scale.error();
            if (*scale && (*scale)->size() != 1 && (*scale)->size() != size)
                return countError("scale", (*scale)->size(), "1 or " + std::to_string(n), n);
            transform.scale = scale->value_or(std::vector<double>());
        }
    }
    // Neither rotor nor scale left: the form that writes nothing, as a reader would see it.
    if (transform.form == model::NodeTransform::Form::RotorScale && transform.rotor.empty() &&
        transform.scale.empty())
        transform.form = model::NodeTransform::Form::None;
    auto valid = transform.toAffine(n);
    if (!valid)
        return valid.error();
    return setTransform(*target, std::move(transform));
}

} // namespace hyperrig::core::edit
