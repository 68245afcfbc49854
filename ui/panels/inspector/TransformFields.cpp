#include "ui/panels/inspector/TransformFields.h"

#include "core/base/Contracts.h"
#include "core/math/Rotor.h"

#include <algorithm>

namespace hyperrig::ui {
namespace {

using Form = core::model::NodeTransform::Form;
using Part = TransformField::Part;

std::size_t count(int dimension) {
    return static_cast<std::size_t>(dimension);
}

std::vector<double> fullPosition(const core::model::NodeTransform& transform, int dimension) {
    return transform.position.empty() ? std::vector<double>(count(dimension), 0.0)
                                      : transform.position;
}

std::vector<double> fullScale(const core::model::NodeTransform& transform, int dimension) {
    if (transform.scale.empty())
        return std::vector<double>(count(dimension), 1.0);
    if (transform.scale.size() == 1)
        return std::vector<double>(count(dimension), transform.scale.front());
    return transform.scale;
}

std::vector<double> fullRotor(const core::model::NodeTransform& transform, int dimension) {
    const std::size_t components = core::math::Rotor::componentCount(dimension);
    std::vector<double> rotor = transform.rotor;
    if (rotor.empty()) {
        rotor.assign(components, 0.0);
        rotor.front() = 1.0;
    }
    rotor.resize(components, 0.0); // a 7-number 4D rotor: xyzw = 0
    return rotor;
}

bool allEqual(const std::vector<double>& values, double to) {
    return std::all_of(values.begin(), values.end(), [to](double v) { return v == to; });
}

} // namespace

std::optional<double> fieldValue(const core::model::NodeTransform& transform, int dimension,
                                 TransformField field) {
    const auto index = static_cast<std::size_t>(field.index);
    switch (field.part) {
    case Part::Position: {
        const std::vector<double> position = fullPosition(transform, dimension);
        return index < position.size() ? std::optional(position[index]) : std::nullopt;
    }
    case Part::Rotor: {
        if (transform.form != Form::RotorScale || !core::math::Rotor::supportsDimension(dimension))
            return std::nullopt;
        const std::vector<double> rotor = fullRotor(transform, dimension);
        return index < rotor.size() ? std::optional(rotor[index]) : std::nullopt;
    }
    case Part::Scale: {
        if (transform.form != Form::RotorScale)
            return std::nullopt;
        const std::vector<double> scale = fullScale(transform, dimension);
        return index < scale.size() ? std::optional(scale[index]) : std::nullopt;
    }
    case Part::Basis:
        if (transform.form != Form::Basis || index >= transform.basis.size())
            return std::nullopt;
        return transform.basis[index];
    }
    return std::nullopt;
}

core::model::NodeTransform withFieldValue(core::model::NodeTransform transform, int dimension,
                                          TransformField field, double value) {
    HYPERRIG_EXPECTS(fieldValue(transform, dimension, field).has_value());
    const auto index = static_cast<std::size_t>(field.index);
    switch (field.part) {
    case Part::Position: {
        const bool wasAbsent = transform.position.empty();
        std::vector<double> position = fullPosition(transform, dimension);
        position[index] = value;
        transform.position =
            wasAbsent && allEqual(position, 0.0) ? std::vector<double>{} : position;
        break;
    }
    case Part::Rotor: {
        const std::size_t stored = transform.rotor.size();
        std::vector<double> rotor = fullRotor(transform, dimension);
        const std::vector<double> identity = fullRotor(core::model::NodeTransform{}, dimension);
        rotor[index] = value;
        if (stored == 0 && rotor == identity)
            rotor.clear();
        else if (stored == 7 && rotor.back() == 0.0) // keep the file's 7-number spelling
            rotor.pop_back();
        transform.rotor = std::move(rotor);
        break;
    }
    case Part::Scale: {
        const std::size_t stored = transform.scale.size();
        std::vector<double> scale = fullScale(transform, dimension);
        scale[index] = value;
        if (stored == 0 && allEqual(scale, 1.0))
            scale.clear();
        else if (stored == 1 && allEqual(scale, scale.front()))
            scale.resize(1);
        transform.scale = std::move(scale);
        break;
    }
    case Part::Basis:
        transform.basis[index] = value;
        break;
    }
    return transform;
}

std::string editName(TransformField::Part part, std::size_t nodeCount) {
    std::string name;
    switch (part) {
    case Part::Position:
        name = "Set Position";
        break;
    case Part::Rotor:
        name = "Set Rotor";
        break;
    case Part::Scale:
        name = "Set Scale";
        break;
    case Part::Basis:
        name = "Set Basis";
        break;
    }
    if (nodeCount > 1)
        name += " of " + std::to_string(nodeCount) + " Nodes";
    return name;
}

} // namespace hyperrig::ui
