#include "core/model/Mesh.h"

#include <algorithm>

namespace hyperrig::core::model {

std::size_t Skin::groupCount() const {
    if (groups.empty())
        return 0;
    return static_cast<std::size_t>(*std::max_element(groups.begin(), groups.end())) + 1;
}

std::size_t Mesh::simplexCount() const {
    std::size_t total = 0;
    for (const Surface& surface : surfaces)
        if (surface.simplexes)
            total += surface.simplexes->elementCount();
    return total;
}

} // namespace hyperrig::core::model
