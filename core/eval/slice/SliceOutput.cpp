#include "core/eval/slice/SliceOutput.h"

#include <algorithm>

namespace hyperrig::core::eval {

std::size_t SliceOutput::capacity() const {
    return m_faces.size() > kWriteSlack ? m_faces.size() - kWriteSlack : 0;
}

void SliceOutput::reserve(std::size_t triangles) {
    if (triangles <= capacity() && !m_faces.empty()) {
        return;
    }
    m_faces.resize(triangles + kWriteSlack);
    m_vertices.resize(3 * (triangles + kWriteSlack));
}

void SliceOutput::clear() {
    m_triangleCount = 0;
    m_hasAttribute = false;
}

void SliceOutput::ensureRoom(std::size_t triangles) {
    const std::size_t needed = m_triangleCount + triangles;
    if (needed <= m_faces.size()) {
        return;
    }
    // Grow geometrically; the new capacity() covers every triangle written so far.
    reserve(std::max(needed, 2 * capacity()));
}

} // namespace hyperrig::core::eval
