#pragma once

#include <nlohmann/json.hpp>

namespace hyperrig::core::model {

// JSON that keeps the order of object keys as read. Everything HyperRig does not interpret
// (unknown properties, extensions, extras, camera/physics objects) is stored as OrderedJson so a
// saved file keeps it, in order.
using OrderedJson = nlohmann::ordered_json;

} // namespace hyperrig::core::model
