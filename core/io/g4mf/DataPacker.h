#pragma once

#include "core/base/Result.h"
#include "core/model/ComponentType.h"
#include "core/model/Json.h"
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
// Every document array gets a buffer view of its own.
class DataPacker {
public:
    explicit DataPacker(const model::PreservedData& preserved);

    // Queues an array and returns a ticket for accessorIndex() after layout(). Values that do not
    // fit `type` (an edit made a group index exceed uint8, say) are stored with the next wider
    // type instead.
    std::size_t add(std::vector<double> values, int vectorSize, model::ComponentType type,
                    std::optional<std::size_t> hint,
                    model::OrderedJson accessorExtra = model::OrderedJson::object());

    // Assigns indices and encodes the data. Fails only when values cannot be stored in any type
    // (NaN in an index array, a negative group index).
    Result<void> layout();

    std::size_t accessorIndex(std::size_t ticket) const { return m_arrays[ticket].accessor; }

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
        std::optional<std::size_t> hint;
        model::OrderedJson extra;
        std::size_t accessor = 0;
        std::size_t view = 0;
    };
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
