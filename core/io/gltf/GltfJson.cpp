#include "core/io/gltf/GltfJson.h"

#include "core/model/JsonDump.h"

#include <cmath>

namespace hyperrig::core::io::gltf {

const model::OrderedJson* member(const model::OrderedJson& object, std::string_view key) {
    if (!object.is_object())
        return nullptr;
    const auto found = object.find(std::string(key));
    return found == object.end() ? nullptr : &*found;
}

std::size_t topLevelCount(const model::OrderedJson& root, const char* key) {
    const auto* array = member(root, key);
    return array && array->is_array() ? array->size() : 0;
}

const model::OrderedJson& topLevelItem(const model::OrderedJson& root, const char* key,
                                       std::size_t index) {
    return (*member(root, key))[index];
}

Result<std::size_t> checkedIndex(const model::OrderedJson& value, const std::string& pointer,
                                 std::size_t limit, const char* what) {
    if (!value.is_number_integer() || (value.is_number_integer() && value.get<std::int64_t>() < 0))
        return Error(pointer + ": " + model::jsonText(value) + " is not a " + what + " index");
    const auto index = value.get<std::uint64_t>();
    if (index >= limit)
        return Error(pointer + ": " + what + " " + std::to_string(index) +
                     " does not exist (the file has " + std::to_string(limit) + ")");
    return static_cast<std::size_t>(index);
}

Result<std::optional<std::size_t>> optionalIndex(const model::OrderedJson& object, const char* key,
                                                 const std::string& pointer, std::size_t limit,
                                                 const char* what) {
    const auto* value = member(object, key);
    if (!value)
        return std::optional<std::size_t>{};
    auto index = checkedIndex(*value, pointer + "/" + key, limit, what);
    if (!index)
        return index.error();
    return std::optional<std::size_t>{*index};
}

Result<std::optional<std::vector<double>>> optionalNumbers(const model::OrderedJson& object,
                                                           const char* key,
                                                           const std::string& pointer,
                                                           std::size_t size) {
    const auto* value = member(object, key);
    if (!value)
        return std::optional<std::vector<double>>{};
    const std::string where = pointer + "/" + key;
    if (!value->is_array() || (size != 0 && value->size() != size))
        return Error(where + ": expected an array of " + std::to_string(size) + " numbers");
    std::vector<double> numbers;
    for (const auto& number : *value) {
        if (!number.is_number() || !std::isfinite(number.get<double>()))
            return Error(where + ": " + model::jsonText(number) + " is not a finite number");
        numbers.push_back(number.get<double>());
    }
    return std::optional<std::vector<double>>{std::move(numbers)};
}

std::optional<std::string> stringMember(const model::OrderedJson& object, const char* key) {
    const auto* value = member(object, key);
    if (!value || !value->is_string())
        return std::nullopt;
    return value->get<std::string>();
}

} // namespace hyperrig::core::io::gltf
