#pragma once

#include "core/base/Result.h"
#include "core/edit/Command.h"
#include "core/edit/script/ScriptFields.h"
#include "core/model/Document.h"

#include <memory>
#include <string_view>
#include <utility>

namespace hyperrig::core::edit {

// What the op builders (ScriptNodeOps.cpp, ScriptDataOps.cpp, ScriptTransform.cpp) share: fields
// that address document items (ScriptAddress.h, with the field named in messages), and building a
// command from fields read in order.

Result<model::NodeId> nodeField(const ScriptFields& fields, const model::Document& document,
                                std::string_view key);
// null -> no node (a joints slot without a bone).
Result<model::JointSlot> nodeOrNullField(const ScriptFields& fields,
                                         const model::Document& document, std::string_view key);
Result<model::MeshId> meshField(const ScriptFields& fields, const model::Document& document,
                                std::string_view key);
Result<model::ShapeId> shapeField(const ScriptFields& fields, const model::Document& document,
                                  std::string_view key);

// `factory(values...)` when every field was read, else the error of the first field (in argument
// order) that was not: an op reports the first of its fields that is wrong. Every argument is
// read before the call, so one field's reading cannot depend on another's value; reading
// changes nothing, so reading a field after a failed one is harmless.
template <typename Factory, typename... Values>
Result<std::unique_ptr<Command>> commandFromFields(Factory factory, Result<Values>... fields) {
    const Error* failed = nullptr;
    ((failed = failed || fields.ok() ? failed : &fields.error()), ...);
    if (failed)
        return *failed;
    return factory(std::move(*fields)...);
}

} // namespace hyperrig::core::edit
