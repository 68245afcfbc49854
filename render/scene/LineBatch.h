#pragma once

#include "core/base/Result.h"
#include "render/gl/GlObjects.h"
#include "render/gl/ShaderProgram.h"
#include "render/scene/LineVertex.h"

#include <glm/glm.hpp>
#include <span>

namespace hyperrig::render::scene {

// Coloured line segments and round dots of a given width in pixels, blended over what is drawn:
// bones, the ground grid, the axes gizmo. Core-profile GL has no wide lines (glLineWidth > 1 is
// an error in forward-compatible contexts and unsupported by many drivers), so a geometry shader
// turns each segment into a screen-space quad, built so that segments passing behind the eye
// (grid lines under a low camera) keep their visible part. The vertex buffer is shared by both
// draws, reused between frames and grows only when needed.
class LineBatch {
public:
    static core::Result<LineBatch> create();

    enum class Depth {
        Ignore,      // drawn over everything (bones, gizmo)
        TestNoWrite, // hidden behind surfaces, hiding nothing (grid)
    };

    // `segments`: two vertices per segment. `viewportSize`: the current glViewport in pixels.
    void drawLines(std::span<const LineVertex> segments, const glm::mat4& viewProjection,
                   const glm::vec2& viewportSize, float widthPixels, Depth depth);
    // One round dot of `sizePixels` diameter per vertex.
    void drawPoints(std::span<const LineVertex> points, const glm::mat4& viewProjection,
                    float sizePixels, Depth depth);

    std::size_t capacityBytes() const { return m_capacityBytes; }

private:
    void upload(std::span<const LineVertex> vertices);

    gl::ShaderProgram m_lineProgram;
    gl::ShaderProgram m_pointProgram;
    gl::VertexArray m_vertexArray;
    gl::Buffer m_vertexBuffer;
    std::size_t m_capacityBytes = 0;
};

} // namespace hyperrig::render::scene
