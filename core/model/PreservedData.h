#pragma once

#include "core/model/Json.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::model {

// Data HyperRig does not interpret but must save unchanged (architecture: "Fidelity").
//
// - Top-level members other than the ones the model owns (asset, nodes, meshes, shapes, lights,
//   models, files, accessors, bufferViews, buffers, extensionsUsed/Required) are kept as JSON,
//   and `topLevelOrder` remembers where every top-level key stood.
// - An accessor that no interpreted property references (a surface normal binding, blend
//   shapes, an unknown extension) keeps its file index, its JSON (minus "bufferView") and its
//   bytes. So does a buffer view referenced only by such JSON (a model file, an image): its
//   bytes are carried and it is written at the same index.
struct PreservedAccessor {
    std::size_t index = 0;
    OrderedJson json;                // without "bufferView"; any JSON type, kept as stored
    std::optional<std::size_t> view; // the preserved buffer view it reads from
    friend bool operator==(const PreservedAccessor&, const PreservedAccessor&) = default;
};

struct PreservedBufferView {
    std::size_t index = 0;
    OrderedJson json;             // without "buffer", "byteOffset", "byteLength"
    std::vector<std::byte> bytes; // exactly byteLength bytes
    friend bool operator==(const PreservedBufferView&, const PreservedBufferView&) = default;
};

struct PreservedData {
    std::vector<std::string> topLevelOrder;
    OrderedJson topLevel = OrderedJson::object(); // uninterpreted top-level members
    std::vector<PreservedAccessor> accessors;
    std::vector<PreservedBufferView> bufferViews;
    // Properties of buffer 0 other than uri/chunk/byteLength/encoding (rare, but kept).
    OrderedJson firstBufferExtra = OrderedJson::object();

    friend bool operator==(const PreservedData&, const PreservedData&) = default;
};

} // namespace hyperrig::core::model
