#pragma once

#include "core/model/Json.h"

#include <string>

namespace hyperrig::core::model {

// The JSON text of `json` (compact, or indented by `indent` spaces). Never throws: a string that
// is not valid UTF-8 (which parsed text cannot hold, but JSON built or edited in memory can) has
// its bad bytes written as U+FFFD, where nlohmann's dump() would throw type_error 316 out of a
// validator, a writer or an error message.
template <typename Json>
std::string jsonText(const Json& json, int indent = -1) {
    return json.dump(indent, ' ', false, Json::error_handler_t::replace);
}

} // namespace hyperrig::core::model
