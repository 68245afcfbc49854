#pragma once

#include "core/model/NodeTransform.h"

#include <optional>
#include <string>

namespace hyperrig::ui {

// One number of a node transform as the inspector shows it. The inspector always shows every
// number of a part even where the file stores fewer (an absent position is all zeros, one scale
// number is uniform, an absent rotor is the identity, a 7-number 4D rotor has xyzw = 0), and
// writes an edit back in the shape the transform was authored in wherever that shape can hold
// the new value, so editing one number does not rewrite the others (NodeTransform.h).
struct TransformField {
    enum class Part { Position, Rotor, Scale, Basis };
    Part part = Part::Position;
    int index = 0; // axis; rotor component (G4MF order); basis: column * N + row (column-major)

    friend bool operator==(const TransformField&, const TransformField&) = default;
};

// The number `field` shows for `transform` in `dimension`; nullopt when the transform's form
// has no such number (a rotor field of a basis transform).
std::optional<double> fieldValue(const core::model::NodeTransform& transform, int dimension,
                                 TransformField field);

// `transform` with `field` set to `value`. Contract: fieldValue(transform, ...) has a value.
core::model::NodeTransform withFieldValue(core::model::NodeTransform transform, int dimension,
                                          TransformField field, double value);

// The undo name of an edit of `part` on `nodeCount` nodes: "Set Position", "Set Rotor of 3 Nodes".
std::string editName(TransformField::Part part, std::size_t nodeCount);

} // namespace hyperrig::ui
