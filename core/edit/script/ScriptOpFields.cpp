#include "core/edit/script/ScriptOpFields.h"

#include "core/edit/script/ScriptAddress.h"

namespace hyperrig::core::edit {

Result<model::NodeId> nodeField(const ScriptFields& fields, const model::Document& document,
                                std::string_view key) {
    return resolveNode(document, fields.at(key), fieldLabel(key));
}

Result<model::JointSlot> nodeOrNullField(const ScriptFields& fields,
                                         const model::Document& document, std::string_view key) {
    return resolveNodeOrNull(document, fields.at(key), fieldLabel(key));
}

Result<model::MeshId> meshField(const ScriptFields& fields, const model::Document& document,
                                std::string_view key) {
    return resolveMesh(document, fields.at(key), fieldLabel(key));
}

Result<model::ShapeId> shapeField(const ScriptFields& fields, const model::Document& document,
                                  std::string_view key) {
    return resolveShape(document, fields.at(key), fieldLabel(key));
}

} // namespace hyperrig::core::edit
