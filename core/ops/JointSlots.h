#pragma once

#include "core/base/Result.h"
#include "core/edit/CompositeCommand.h"
#include "core/model/Document.h"

#include <vector>

namespace hyperrig::core::ops {

// Appends joints slots to `skeleton` as pending steps of `into`: one insertJoint per slot, then,
// for every stored bind pose, the entry of the new slot: where that pose puts the slot's bone in
// skeleton space (a bone in no slot follows its posed parent with its rest local transform, as
// eval::poseFromBindPose defines), identity for a slot without a bone. A repeated bone thus gets
// the same entry as its first slot, which the validator requires.
Result<void> appendJointSlots(const model::Document& document, model::NodeId skeleton,
                              const std::vector<model::JointSlot>& slots,
                              edit::CompositeCommand& into);

} // namespace hyperrig::core::ops
