#include "core/io/gltf/GltfAccessor.h"

#include "core/io/gltf/GltfJson.h"
#include "core/model/JsonDump.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

namespace hyperrig::core::io::gltf {
namespace {

std::size_t componentBytes(int type) {
    switch (type) {
    case kByte:
    case kUnsignedByte:
        return 1;
    case kShort:
    case kUnsignedShort:
        return 2;
    case kUnsignedInt:
    case kFloat:
        return 4;
    default:
        return 0;
    }
}

int componentsOf(const std::string& type) {
    if (type == "SCALAR")
        return 1;
    if (type == "VEC2")
        return 2;
    if (type == "VEC3")
        return 3;
    if (type == "VEC4" || type == "MAT2")
        return 4;
    if (type == "MAT3")
        return 9;
    if (type == "MAT4")
        return 16;
    return 0;
}

double readComponent(int type, bool normalized, const std::byte* bytes) {
    switch (type) {
    case kByte: {
        const auto v = static_cast<std::int8_t>(bytes[0]);
        return normalized ? std::max(v / 127.0, -1.0) : v;
    }
    case kUnsignedByte: {
        const auto v = static_cast<std::uint8_t>(bytes[0]);
        return normalized ? v / 255.0 : v;
    }
    case kShort: {
        std::int16_t v;
        std::memcpy(&v, bytes, 2);
        return normalized ? std::max(v / 32767.0, -1.0) : v;
    }
    case kUnsignedShort: {
        std::uint16_t v;
        std::memcpy(&v, bytes, 2);
        return normalized ? v / 65535.0 : v;
    }
    case kUnsignedInt: {
        std::uint32_t v;
        std::memcpy(&v, bytes, 4);
        return normalized ? v / 4294967295.0 : v;
    }
    default: {
        float v;
        std::memcpy(&v, bytes, 4);
        return static_cast<double>(v);
    }
    }
}

// Where element i's column c starts, relative to the element: matrices of 1- and 2-byte
// components pad each column to 4 bytes (spec §3.6.2.4).
std::size_t columnOffset(int components, std::size_t componentSize, int column) {
    const int rows = components == 4 ? 2 : (components == 9 ? 3 : 4);
    const std::size_t columnBytes = static_cast<std::size_t>(rows) * componentSize;
    return static_cast<std::size_t>(column) * ((columnBytes + 3) / 4 * 4);
}

bool isMatrix(const std::string& type) {
    return type.rfind("MAT", 0) == 0;
}

// The bytes of `count` elements of `elementSize` bytes read from buffer view `viewIndex` at
// `byteOffset`, with the view's stride (or `elementSize` when tightly packed).
struct ViewRange {
    const std::byte* start = nullptr;
    std::size_t stride = 0;
};

Result<ViewRange> viewRange(const GltfFile& file, std::size_t viewIndex, std::uint64_t byteOffset,
                            std::uint64_t count, std::size_t elementSize, bool allowStride,
                            const std::string& pointer) {
    const std::string viewPointer = "/bufferViews/" + std::to_string(viewIndex);
    const auto& view = topLevelItem(file.json, "bufferViews", viewIndex);
    if (!view.is_object())
        return Error(viewPointer + ": not an object");
    auto buffer = checkedIndex(view.contains("buffer") ? view["buffer"] : model::OrderedJson(),
                               viewPointer + "/buffer", file.buffers.size(), "buffer");
    if (!buffer)
        return buffer.error();
    std::uint64_t viewOffset = 0;
    if (const auto* value = member(view, "byteOffset")) {
        if (!value->is_number_unsigned())
            return Error(viewPointer + "/byteOffset: not a non-negative integer");
        viewOffset = value->get<std::uint64_t>();
    }
    const auto* lengthValue = member(view, "byteLength");
    if (!lengthValue || !lengthValue->is_number_unsigned())
        return Error(viewPointer + "/byteLength: missing or not a non-negative integer");
    const std::uint64_t viewLength = lengthValue->get<std::uint64_t>();
    const auto& bytes = file.buffers[*buffer];
    if (viewOffset > bytes.size() || viewLength > bytes.size() - viewOffset)
        return Error(viewPointer + ": bytes " + std::to_string(viewOffset) + ".." +
                     std::to_string(viewOffset + viewLength) + " lie outside buffer " +
                     std::to_string(*buffer) + " (" + std::to_string(bytes.size()) + " bytes)");
    std::uint64_t stride = elementSize;
    if (const auto* value = member(view, "byteStride"); value && allowStride) {
        if (!value->is_number_unsigned() || value->get<std::uint64_t>() < elementSize ||
            value->get<std::uint64_t>() > 252)
            return Error(viewPointer + "/byteStride: " + model::jsonText(*value) +
                         " is not a stride for elements of " + std::to_string(elementSize) +
                         " bytes");
        stride = value->get<std::uint64_t>();
    }
    if (count > 0) {
        const std::uint64_t needed = byteOffset + (count - 1) * stride + elementSize;
        if (byteOffset > viewLength || needed > viewLength)
            return Error(pointer + ": " + std::to_string(count) + " elements from byte " +
                         std::to_string(byteOffset) + " need " + std::to_string(needed) +
                         " bytes, buffer view " + std::to_string(viewIndex) + " has " +
                         std::to_string(viewLength));
    }
    return ViewRange{bytes.data() + viewOffset + byteOffset, static_cast<std::size_t>(stride)};
}

std::uint64_t unsignedMember(const model::OrderedJson& object, const char* key) {
    const auto* value = member(object, key);
    return value && value->is_number_unsigned() ? value->get<std::uint64_t>() : 0;
}

} // namespace

Result<GltfAccessor> readAccessor(const GltfFile& file, std::size_t index,
                                  const GltfLimits& limits) {
    const std::string pointer = "/accessors/" + std::to_string(index);
    if (index >= topLevelCount(file.json, "accessors"))
        return Error(pointer + ": accessor " + std::to_string(index) + " does not exist");
    const auto& json = topLevelItem(file.json, "accessors", index);
    if (!json.is_object())
        return Error(pointer + ": not an object");
    GltfAccessor accessor;
    const auto* componentType = member(json, "componentType");
    if (!componentType || !componentType->is_number_integer() ||
        componentBytes(componentType->get<int>()) == 0)
        return Error(pointer + "/componentType: missing or not a glTF component type");
    accessor.componentType = componentType->get<int>();
    const auto type = stringMember(json, "type").value_or("");
    accessor.components = componentsOf(type);
    if (accessor.components == 0)
        return Error(pointer + "/type: '" + type + "' is not a glTF accessor type");
    if (const auto* normalized = member(json, "normalized"))
        accessor.normalized = normalized->is_boolean() && normalized->get<bool>();
    const auto* count = member(json, "count");
    if (!count || !count->is_number_unsigned() || count->get<std::uint64_t>() == 0)
        return Error(pointer + "/count: missing or not a positive integer");
    if (count->get<std::uint64_t>() > limits.maxElements)
        return Error(pointer + "/count: " + model::jsonText(*count) +
                     " elements are more than the " + std::to_string(limits.maxElements) +
                     " HyperRig reads");
    accessor.count = static_cast<std::size_t>(count->get<std::uint64_t>());
    const std::size_t size = componentBytes(accessor.componentType);
    const auto components = static_cast<std::size_t>(accessor.components);
    const bool matrix = isMatrix(type);
    const std::size_t elementSize = matrix ? columnOffset(accessor.components, size,
                                                          accessor.components == 4   ? 2
                                                          : accessor.components == 9 ? 3
                                                                                     : 4)
                                           : components * size;
    accessor.values.assign(accessor.count * components, 0.0);

    auto decode = [&](const ViewRange& range, std::size_t element, std::size_t target) {
        const std::byte* at = range.start + element * range.stride;
        const int rows = matrix ? (accessor.components == 4   ? 2
                                   : accessor.components == 9 ? 3
                                                              : 4)
                                : accessor.components;
        for (int c = 0; c < accessor.components; ++c) {
            const std::size_t offset = matrix ? columnOffset(accessor.components, size, c / rows) +
                                                    static_cast<std::size_t>(c % rows) * size
                                              : static_cast<std::size_t>(c) * size;
            accessor.values[target * components + static_cast<std::size_t>(c)] =
                readComponent(accessor.componentType, accessor.normalized, at + offset);
        }
    };

    const std::size_t viewCount = topLevelCount(file.json, "bufferViews");
    auto view = optionalIndex(json, "bufferView", pointer, viewCount, "buffer view");
    if (!view)
        return view.error();
    if (*view) {
        if (unsignedMember(json, "byteOffset") % size != 0)
            return Error(pointer + "/byteOffset: not a multiple of the component size");
        auto range = viewRange(file, **view, unsignedMember(json, "byteOffset"), accessor.count,
                               elementSize, true, pointer);
        if (!range)
            return range.error();
        for (std::size_t e = 0; e < accessor.count; ++e)
            decode(*range, e, e);
    }
    for (double value : accessor.values)
        if (!std::isfinite(value))
            return Error(pointer + ": holds a value that is not finite");

    if (const auto* sparse = member(json, "sparse")) {
        const std::string sparsePointer = pointer + "/sparse";
        const auto* sparseCount = member(*sparse, "count");
        if (!sparseCount || !sparseCount->is_number_unsigned() ||
            sparseCount->get<std::uint64_t>() == 0 ||
            sparseCount->get<std::uint64_t>() > accessor.count)
            return Error(sparsePointer + "/count: missing, zero or more than the accessor's " +
                         std::to_string(accessor.count) + " elements");
        const auto n = sparseCount->get<std::uint64_t>();
        const auto* indices = member(*sparse, "indices");
        const auto* values = member(*sparse, "values");
        if (!indices || !values)
            return Error(sparsePointer + ": needs both indices and values");
        const auto* indexType = member(*indices, "componentType");
        if (!indexType || !indexType->is_number_integer() ||
            (indexType->get<int>() != kUnsignedByte && indexType->get<int>() != kUnsignedShort &&
             indexType->get<int>() != kUnsignedInt))
            return Error(sparsePointer + "/indices/componentType: not an unsigned integer type");
        const std::size_t indexSize = componentBytes(indexType->get<int>());
        auto indexView = optionalIndex(*indices, "bufferView", sparsePointer + "/indices",
                                       viewCount, "buffer view");
        auto valueView = optionalIndex(*values, "bufferView", sparsePointer + "/values", viewCount,
                                       "buffer view");
        if (!indexView)
            return indexView.error();
        if (!valueView)
            return valueView.error();
        if (!*indexView || !*valueView)
            return Error(sparsePointer + ": indices and values need a bufferView");
        auto indexRange = viewRange(file, **indexView, unsignedMember(*indices, "byteOffset"), n,
                                    indexSize, false, sparsePointer + "/indices");
        if (!indexRange)
            return indexRange.error();
        auto valueRange = viewRange(file, **valueView, unsignedMember(*values, "byteOffset"), n,
                                    elementSize, false, sparsePointer + "/values");
        if (!valueRange)
            return valueRange.error();
        for (std::uint64_t i = 0; i < n; ++i) {
            const double target =
                readComponent(indexType->get<int>(), false, indexRange->start + i * indexSize);
            if (target >= static_cast<double>(accessor.count))
                return Error(sparsePointer + "/indices: element " + std::to_string(i) +
                             " substitutes element " + std::to_string(std::llround(target)) +
                             ", past the accessor's " + std::to_string(accessor.count));
            decode(*valueRange, static_cast<std::size_t>(i), static_cast<std::size_t>(target));
        }
        for (double value : accessor.values)
            if (!std::isfinite(value))
                return Error(sparsePointer + "/values: holds a value that is not finite");
    }
    return accessor;
}

} // namespace hyperrig::core::io::gltf
