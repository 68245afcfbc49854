#pragma once

#include "core/model/Document.h"

#include <optional>
#include <string>

namespace hyperrig::core::model {

// Compares two documents as content, the way round-trip tests and "did this edit change
// anything" need it: ids are compared by document position (two loads of one file agree), source
// accessor hints and key order are ignored, and top-level lights/models/files arrays are compared
// through the components that resolve them (classic and current files index them differently).
// Returns nullopt when equal, else a description of the first difference found.
std::optional<std::string> firstDifference(const Document& a, const Document& b);

} // namespace hyperrig::core::model
