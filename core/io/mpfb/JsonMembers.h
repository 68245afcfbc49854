#pragma once

#include "core/model/Json.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace hyperrig::core::io {

// Members of JSON read from files (rigs, extras a user may have edited), where a wrong type must
// give the fallback instead of an exception: nlohmann's value() throws on a type mismatch.

inline std::string stringMember(const model::OrderedJson& object, std::string_view key,
                                std::string fallback = {}) {
    if (!object.is_object())
        return fallback;
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? found->get<std::string>() : fallback;
}

inline bool boolMember(const model::OrderedJson& object, std::string_view key, bool fallback) {
    if (!object.is_object())
        return fallback;
    const auto found = object.find(key);
    return found != object.end() && found->is_boolean() ? found->get<bool>() : fallback;
}

inline std::int64_t integerMember(const model::OrderedJson& object, std::string_view key,
                                  std::int64_t fallback) {
    if (!object.is_object())
        return fallback;
    const auto found = object.find(key);
    return found != object.end() && found->is_number_integer() ? found->get<std::int64_t>()
                                                               : fallback;
}

// The member when it is an object, else an empty object.
inline model::OrderedJson objectMember(const model::OrderedJson& object, std::string_view key) {
    if (object.is_object())
        if (const auto found = object.find(key); found != object.end() && found->is_object())
            return *found;
    return model::OrderedJson::object();
}

} // namespace hyperrig::core::io
