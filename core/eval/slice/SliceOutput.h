#pragma once

#include "core/eval/slice/SliceTypes.h"

#include <cstddef>
#include <span>
#include <vector>

namespace hyperrig::core::eval {

class Slicer;

// The triangle soup of one slice, reused from frame to frame: a slice that produces at most
// capacity() triangles writes into the storage it already has (no allocation); a larger one grows
// it geometrically. Triangle i has corners vertices()[3i .. 3i+2], wound counter-clockwise seen
// from the side faces()[i]'s normal points to (docs/decisions/0009).
class SliceOutput {
public:
    SliceOutput() = default;

    std::size_t triangleCount() const { return m_triangleCount; }
    // 3 · triangleCount() corners, view space.
    std::span<const SliceVertex> vertices() const {
        return {m_vertices.data(), 3 * m_triangleCount};
    }
    // triangleCount() flat unit normals with their source tetrahedra.
    std::span<const SliceFace> faces() const { return {m_faces.data(), m_triangleCount}; }
    // Whether SliceVertex::attribute carries an interpolated per-vertex attribute (else 0).
    bool hasAttribute() const { return m_hasAttribute; }

    // Triangles a slice can produce without reallocating.
    std::size_t capacity() const;
    void reserve(std::size_t triangles);
    // Forgets the triangles, keeps the storage.
    void clear();

private:
    friend class Slicer;
    friend class SimplexSlicer;

    // The slicer hands kernels blocks of up to kTetBlock tetrahedra with room for two triangles
    // per tetrahedron (a kernel writes both triangles of a cut tetrahedron before it advances by
    // the real count). This much storage past capacity() keeps those writes in bounds while
    // capacity() stays the number of triangles a slice may actually produce.
    static constexpr std::size_t kTetBlock = 1024;
    static constexpr std::size_t kWriteSlack = 2 * kTetBlock;

    // Makes room for `triangles` more triangles past triangleCount() (at least).
    void ensureRoom(std::size_t triangles);
    SliceVertex* vertexCursor() { return m_vertices.data() + 3 * m_triangleCount; }
    SliceFace* faceCursor() { return m_faces.data() + m_triangleCount; }

    std::vector<SliceVertex> m_vertices;
    std::vector<SliceFace> m_faces;
    std::size_t m_triangleCount = 0;
    bool m_hasAttribute = false;
};

} // namespace hyperrig::core::eval
