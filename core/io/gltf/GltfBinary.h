#pragma once

#include "core/model/Json.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace hyperrig::core::io::gltf {

// The one buffer of an exported glTF and the buffer views and accessors that point into it.
// Every accessor gets its own tightly packed, 4-byte aligned buffer view (no byteStride: the
// validator wants none on IBMs, and nothing here is interleaved).
class GltfBinary {
public:
    // Appends `values` (element-major, `components` per element) stored as `componentType`
    // (5121 u8, 5123 u16, 5125 u32, 5126 float); returns the accessor index. `minMax` writes the
    // per-component bounds (POSITION and animation inputs need them); `target` is the buffer
    // view target (34962 vertex data, 34963 indices), none for other data.
    std::size_t addAccessor(const std::vector<double>& values, int componentType, const char* type,
                            int components, bool normalized, std::optional<int> target,
                            bool minMax);

    const std::vector<std::byte>& bytes() const { return m_bytes; }
    model::OrderedJson& bufferViews() { return m_views; }
    model::OrderedJson& accessors() { return m_accessors; }

private:
    std::vector<std::byte> m_bytes;
    model::OrderedJson m_views = model::OrderedJson::array();
    model::OrderedJson m_accessors = model::OrderedJson::array();
};

// A GLB container (glTF 2.0 §4.4): the JSON chunk padded with spaces, the BIN chunk (when
// `binary` is not empty) padded with zeros.
std::vector<std::byte> glbContainer(const std::string& json, const std::vector<std::byte>& binary);

} // namespace hyperrig::core::io::gltf
