#pragma once

#include "core/model/Json.h"

#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::model {

// The top-level "asset" object plus the document-level extension lists.
struct Asset {
    int dimension = 4;
    std::optional<std::string> version;
    std::optional<std::string> generator;
    OrderedJson extra = OrderedJson::object(); // specification, thumbnail, extras, unknown keys

    std::vector<std::string> extensionsUsed;
    std::vector<std::string> extensionsRequired;
    bool writeExtensionsUsed = false; // the file had the key (possibly empty)
    bool writeExtensionsRequired = false;

    friend bool operator==(const Asset&, const Asset&) = default;
};

} // namespace hyperrig::core::model
