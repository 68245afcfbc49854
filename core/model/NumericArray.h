#pragma once

#include "core/model/ComponentType.h"
#include "core/model/Json.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace hyperrig::core::model {

// The accessor an array was read from: its file index, and a digest of what it held then
// (io/g4mf/AccessorDigest.h). Several arrays can name one source, when meshes in the file share
// an accessor. A save writes the arrays of one source that are still equal as one accessor, at
// the source's index when one of them still holds what the source held; an array an edit changed
// gets an accessor of its own (decision 0019). Edits need not touch it: the writer compares
// content, so an edit that is undone makes an array shareable again.
struct AccessorSource {
    std::size_t index = 0;
    std::uint64_t digest = 0;
    friend bool operator==(const AccessorSource&, const AccessorSource&) = default;
};

// Data read from (or destined for) an accessor: `vectorSize` numbers per element, all held as
// doubles (exact for every supported type except 64-bit integers above 2^53, which G4MF indices
// and counts never reach), plus the component type it is stored with so a save keeps it.
// `sourceAccessor` is where it came from: the writer reuses that index when it is free, so an
// unedited document saves with the same accessor numbering and the same sharing. It is not part
// of the array's value (operator==).
struct NumericArray {
    model::ComponentType componentType = model::ComponentType::Float32;
    int vectorSize = 1;
    std::vector<double> values; // element-major: element i is values[i*vectorSize ...]
    std::optional<AccessorSource> sourceAccessor;
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
