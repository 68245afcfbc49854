#include "core/edit/commands/DataCommandSupport.h"

namespace hyperrig::core::edit {

std::size_t jsonBytes(const model::OrderedJson& json) {
    std::size_t total = sizeof(model::OrderedJson);
    if (json.is_string())
        return total + json.get_ref<const std::string&>().capacity();
    if (json.is_object()) {
        for (auto it = json.begin(); it != json.end(); ++it)
            total += it.key().capacity() + jsonBytes(it.value());
        return total;
    }
    if (json.is_array())
        for (const auto& item : json)
            total += jsonBytes(item);
    return total;
}

} // namespace hyperrig::core::edit
