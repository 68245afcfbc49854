#pragma once

#include "core/base/Result.h"
#include "core/model/ComponentType.h"
#include "core/model/Json.h"
#include "core/model/NumericArray.h"
#include "core/model/PreservedData.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace hyperrig::core::io::detail {

// Lays out the accessors, buffer views and the single buffer of a save.
//
// Preserved accessors and buffer views (data only uninterpreted JSON refers to) are written at
// their original indices with their original bytes. Document arrays go back to the accessor index
// they were read from when it is free ("hint"); the others fill the remaining holes, then append.
// So an unedited document saves with identical numbering, and edits never move preserved data.
//
// Arrays read from one accessor (meshes sharing their vertices) that are still equal in values,
// type, vector size and properties are written once, as one accessor with one view (decision
// 0019). When they differ, the ones still equal to what the source held keep its index and the
// edited ones are placed like new data. Arrays from different accessors, or from none, never
// share, however equal. Every accessor written gets a buffer view of its own.
class DataPacker {
public:
    explicit DataPacker(const model::PreservedData& preserved);

    // Queues an array and returns a ticket for accessorIndex() after layout(). Values that do not
    // fit `type` (an edit made a group index exceed uint8, say) are stored with the next wider
    // type instead.
    std::size_t add(std::vector<double> values, int vectorSize, model::ComponentType type,
                    std::optional<model::AccessorSource> source,
                    model::OrderedJson accessorExtra = model::OrderedJson::object());

    // Assigns indices and encodes the data. Fails only when values cannot be stored in any type
    // (NaN in an index array, a negative group index).
    Result<void> layout();

    std::size_t accessorIndex(std::size_t ticket) const;

    // After layout(): the JSON arrays and the buffer bytes (each view aligned to 16 bytes).
    model::OrderedJson accessorsJson() const;
    model::OrderedJson bufferViewsJson() const;
    const std::vector<std::byte>& bufferBytes() const { return m_buffer; }
    bool empty() const { return m_accessorCount == 0 && m_viewCount == 0; }

private:
    struct Array {
        std::vector<double> values;
        int vectorSize = 1;
        model::ComponentType type = model::ComponentType::Float32;
        std::optional<model::AccessorSource> source;
        model::OrderedJson extra;
        bool hint = false;                     // whether it asks for source->index
        std::optional<std::size_t> sharedWith; // the array whose accessor it is written as
        std::size_t accessor = 0;
        std::size_t view = 0;
    };

    // Finds the arrays of one source that are equal, and which of them keeps the source's index.
    void shareEqualArrays();

    struct ViewPlacement {
        std::size_t offset = 0;
        std::size_t length = 0;
    };

    const model::PreservedData& m_preserved;
    std::vector<Array> m_arrays;
    std::vector<ViewPlacement> m_views; // by view index
    std::vector<std::byte> m_buffer;
    std::size_t m_accessorCount = 0;
    std::size_t m_viewCount = 0;
};

} // namespace hyperrig::core::io::detail
