#pragma once

#include "core/base/Result.h"
#include "core/io/gltf/GltfFile.h"

#include <cstddef>
#include <vector>

namespace hyperrig::core::io::gltf {

// glTF component types (the GL enums of the spec).
enum GltfComponent : int {
    kByte = 5120,
    kUnsignedByte = 5121,
    kShort = 5122,
    kUnsignedShort = 5123,
    kUnsignedInt = 5125,
    kFloat = 5126,
};

// An accessor decoded to doubles, element-major: `components` numbers per element (1 SCALAR,
// 2..4 VECn, 4/9/16 MATn in column-major order). Normalised integers are dequantised as the spec
// says (c / 255, c / 65535, max(c / 127, -1), ...); other integers keep their value. A sparse
// accessor has its substitutions applied; one without a buffer view starts as zeros.
struct GltfAccessor {
    int componentType = kFloat;
    bool normalized = false;
    int components = 1;
    std::size_t count = 0;
    std::vector<double> values;

    double at(std::size_t element, int component) const {
        return values[element * static_cast<std::size_t>(components) +
                      static_cast<std::size_t>(component)];
    }
};

// Decodes accessor `index`. Fails with "/accessors/<i>...: <what>" for an unknown type or
// component type, a buffer view or buffer that does not exist, data that does not lie inside its
// buffer view and buffer, a stride smaller than an element, sparse indices out of range, or more
// than limits.maxElements elements (checked before anything is allocated).
Result<GltfAccessor> readAccessor(const GltfFile& file, std::size_t index,
                                  const GltfLimits& limits);

} // namespace hyperrig::core::io::gltf
