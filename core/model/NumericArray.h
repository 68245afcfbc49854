#pragma once

#include "core/model/ComponentType.h"
#include "core/model/Json.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace hyperrig::core::model {

// Data read from (or destined for) an accessor: `vectorSize` numbers per element, all held as
// doubles (exact for every supported type except 64-bit integers above 2^53, which G4MF indices
// and counts never reach), plus the component type it is stored with so a save keeps it.
// `sourceAccessor` is the file index it came from: the writer reuses that index when it is free,
// so an unedited document saves with the same accessor numbering.
struct NumericArray {
    model::ComponentType componentType = model::ComponentType::Float32;
    int vectorSize = 1;
    std::vector<double> values; // element-major: element i is values[i*vectorSize ...]
    std::optional<std::size_t> sourceAccessor;
    // The accessor's properties besides its layout (name, comment, extras, extensions), kept.
    OrderedJson accessorExtra = OrderedJson::object();

    std::size_t elementCount() const {
        return vectorSize > 0 ? values.size() / static_cast<std::size_t>(vectorSize) : 0;
    }
    friend bool operator==(const NumericArray& a, const NumericArray& b) {
        return a.componentType == b.componentType && a.vectorSize == b.vectorSize &&
               a.values == b.values && a.accessorExtra == b.accessorExtra;
    }
};

} // namespace hyperrig::core::model
