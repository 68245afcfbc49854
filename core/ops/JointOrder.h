#pragma once

#include "core/model/Document.h"

#include <cstddef>
#include <string>
#include <vector>

namespace hyperrig::core::ops {

// The two joints-order rules of the validator (core/validate/SkeletonRules.cpp, docs/validation.md
// "Joints order"), read per slot for a panel that shows each problem next to its row. A node's
// index is its place in document order, which is the index a save gives it. Empty slots and
// repeated listings are free; the FIRST listing of each bone must
//   (a) skeleton.joints.order: come after first listings of bones with lower node indices only;
//   (b) skeleton.joints.parent-order: come after the first listing of every listed ancestor bone.
// The validator reports the first violating slot of each rule with a count; this lists them all.
struct JointOrderProblem {
    std::size_t slot = 0;
    std::string rule; // the validator's rule id
    std::string message;
};
std::vector<JointOrderProblem> jointOrderProblems(const model::Document& document,
                                                  model::NodeId skeleton);

// Every bone of the skeleton (reached from it through bones) once, in document order: a joints
// list that satisfies rule (a), and rule (b) too whenever parents precede their children in
// document order, as a freshly read or authored document has them.
std::vector<model::JointSlot> jointsFromHierarchy(const model::Document& document,
                                                  model::NodeId skeleton);

} // namespace hyperrig::core::ops
