#pragma once

#include "core/base/Result.h"
#include "render/gl/GlObjects.h"
#include "render/gl/ShaderProgram.h"

#include <span>

namespace hyperrig::render::scene {

// A vertex in normalised device coordinates (x, y in [-1, 1], +y up) with a linear RGBA colour.
struct ColoredVertex {
    float x = 0.0F;
    float y = 0.0F;
    float r = 0.0F;
    float g = 0.0F;
    float b = 0.0F;
    float a = 1.0F;
};

// Draws screen-space triangles with per-vertex colours, blended over what is already there: the
// viewport background, and the flat 2D pieces of gizmos and overlays. Three vertices per
// triangle; the vertex buffer is reused between draws and grows only when needed.
class ColoredTriangleBatch {
public:
    static core::Result<ColoredTriangleBatch> create();

    void draw(std::span<const ColoredVertex> triangles);

private:
    gl::ShaderProgram m_program;
    gl::VertexArray m_vertexArray;
    gl::Buffer m_vertexBuffer;
    std::size_t m_capacityBytes = 0;
};

} // namespace hyperrig::render::scene
