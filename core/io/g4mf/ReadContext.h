#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/io/g4mf/G4mfFile.h"
#include "core/model/Document.h"

#include <set>
#include <string>
#include <vector>

namespace hyperrig::core::io::detail {

using model::OrderedJson;

// State shared by the parts of the reader: the file, the document being built, the file-index
// to id maps, and which accessors the document now owns (the rest are preserved as stored).
struct ReadContext {
    const G4mfFile& file;
    model::Document& document;
    Diagnostics& diagnostics;
    std::vector<model::NodeId> nodeIds;   // by file index
    std::vector<model::MeshId> meshIds;   // by file index
    std::vector<model::ShapeId> shapeIds; // by file index
    std::set<std::size_t> ownedAccessors;
    bool sawClassicForm = false;
    bool sawCurrentForm = false;

    void warn(std::string rule, std::string pointer, std::string message) {
        diagnostics.push_back({Diagnostic::Severity::Warning, std::move(rule), std::move(pointer),
                               std::move(message)});
    }
};

inline Error errorAt(const std::string& pointer, const std::string& message) {
    return Error(pointer + ": " + message);
}

// Copies every key of `object` except `known` into a new ordered object.
OrderedJson unknownMembers(const OrderedJson& object, std::initializer_list<const char*> known);

// A JSON array of numbers as doubles.
Result<std::vector<double>> numberArray(const OrderedJson& value, const std::string& pointer);

// A non-negative integer index below `limit`.
Result<std::size_t> indexValue(const OrderedJson& value, std::size_t limit,
                               const std::string& pointer, const char* what);

// Decodes accessor `index` (JSON value at `pointer`) and marks it owned by the document.
Result<model::NumericArray> ownedAccessor(ReadContext& context, const OrderedJson& value,
                                          const std::string& pointer);

// mesh.blend and meshInstance.blendAmounts (BlendReader.cpp).
Result<model::BlendShapes> readBlend(ReadContext& context, const OrderedJson& json,
                                     const std::string& pointer);
Result<std::vector<double>> readBlendAmounts(const OrderedJson& json, const std::string& pointer);

Result<void> readNodes(ReadContext& context);
Result<void> readMeshes(ReadContext& context);

} // namespace hyperrig::core::io::detail
