#include "render/scene/LineBatch.h"

#include "render/scene/LineWidening.h"

#include <cstddef>
#include <glm/gtc/type_ptr.hpp>
#include <string>

namespace hyperrig::render::scene {
namespace {

constexpr const char* kLineVertexShader = R"(#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec4 color;
uniform mat4 viewProjection;
uniform float pointSize;
out vec4 vertexColor;
void main() {
    vertexColor = color;
    gl_Position = viewProjection * vec4(position, 1.0);
    gl_PointSize = pointSize;
}
)";

// Widens each segment to a quad of 2·halfWidth pixels plus one pixel of feathering on each
// side (LineWidening.h); `across` runs from -1 to 1 over the quad.
constexpr const char* kLineGeometryHeader = R"(#version 330 core
layout(lines) in;
layout(triangle_strip, max_vertices = 4) out;
uniform vec2 viewportSize;
uniform float halfWidth;
in vec4 vertexColor[];
out vec4 fragmentColorIn;
out float across;
)";

constexpr const char* kLineGeometryMain = R"(
void main() {
    vec4 a = gl_in[0].gl_Position;
    vec4 b = gl_in[1].gl_Position;
    vec2 offset = segmentOffset(a, b, viewportSize, halfWidth + 1.0);
    fragmentColorIn = vertexColor[0]; across = -1.0;
    gl_Position = vec4(a.xy - offset * a.w, a.zw); EmitVertex();
    fragmentColorIn = vertexColor[0]; across = 1.0;
    gl_Position = vec4(a.xy + offset * a.w, a.zw); EmitVertex();
    fragmentColorIn = vertexColor[1]; across = -1.0;
    gl_Position = vec4(b.xy - offset * b.w, b.zw); EmitVertex();
    fragmentColorIn = vertexColor[1]; across = 1.0;
    gl_Position = vec4(b.xy + offset * b.w, b.zw); EmitVertex();
    EndPrimitive();
}
)";

constexpr const char* kLineFragmentShader = R"(#version 330 core
uniform float halfWidth;
in vec4 fragmentColorIn;
in float across;
out vec4 fragmentColor;
void main() {
    // Distance from the centre line in pixels; full coverage up to halfWidth, fading to zero one
    // pixel beyond: antialiased edges without multisampling.
    float pixels = abs(across) * (halfWidth + 1.0);
    float coverage = clamp(halfWidth + 0.5 - pixels, 0.0, 1.0);
    fragmentColor = vec4(fragmentColorIn.rgb, fragmentColorIn.a * coverage);
}
)";

constexpr const char* kPointFragmentShader = R"(#version 330 core
uniform float pointSize;
in vec4 vertexColor;
out vec4 fragmentColor;
void main() {
    // gl_PointCoord spans the square sprite, one pixel wider than the dot: keep the disc,
    // feathered over that pixel.
    float pixels = length(gl_PointCoord - vec2(0.5)) * pointSize;
    float coverage = clamp(pointSize * 0.5 - pixels, 0.0, 1.0);
    if (coverage <= 0.0)
        discard;
    fragmentColor = vec4(vertexColor.rgb, vertexColor.a * coverage);
}
)";

void setDepth(LineBatch::Depth depth) {
    if (depth == LineBatch::Depth::Ignore) {
        glDisable(GL_DEPTH_TEST);
    } else {
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_LEQUAL);
    }
    glDepthMask(GL_FALSE);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    // Colour blends by alpha; destination alpha stays opaque (a PNG of the framebuffer must not
    // turn translucent where a faint line was drawn).
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
}

} // namespace

core::Result<LineBatch> LineBatch::create() {
    const std::string geometry =
        std::string(kLineGeometryHeader) + kSegmentOffsetGlsl + kLineGeometryMain;
    auto lineProgram =
        gl::ShaderProgram::build("lines", kLineVertexShader, kLineFragmentShader, geometry);
    if (!lineProgram)
        return lineProgram.error();
    auto pointProgram = gl::ShaderProgram::build("points", kLineVertexShader, kPointFragmentShader);
    if (!pointProgram)
        return pointProgram.error();
    LineBatch batch;
    batch.m_lineProgram = std::move(*lineProgram);
    batch.m_pointProgram = std::move(*pointProgram);
    batch.m_vertexArray = gl::VertexArray::create();
    batch.m_vertexBuffer = gl::Buffer::create();

    glBindVertexArray(batch.m_vertexArray.name());
    glBindBuffer(GL_ARRAY_BUFFER, batch.m_vertexBuffer.name());
    constexpr auto stride = static_cast<GLsizei>(sizeof(LineVertex));
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offsetof(LineVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offsetof(LineVertex, color)));
    glBindVertexArray(0);
    return batch;
}

void LineBatch::upload(std::span<const LineVertex> vertices) {
    glBindVertexArray(m_vertexArray.name());
    glBindBuffer(GL_ARRAY_BUFFER, m_vertexBuffer.name());
    const std::size_t bytes = vertices.size_bytes();
    if (bytes > m_capacityBytes) {
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(bytes), vertices.data(),
                     GL_STREAM_DRAW);
        m_capacityBytes = bytes;
    } else {
        glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), vertices.data());
    }
}

void LineBatch::drawLines(std::span<const LineVertex> segments, const glm::mat4& viewProjection,
                          const glm::vec2& viewportSize, float widthPixels, Depth depth) {
    if (segments.size() < 2)
        return;
    upload(segments);
    m_lineProgram.use();
    glUniformMatrix4fv(m_lineProgram.uniformLocation("viewProjection"), 1, GL_FALSE,
                       glm::value_ptr(viewProjection));
    glUniform2f(m_lineProgram.uniformLocation("viewportSize"), viewportSize.x, viewportSize.y);
    glUniform1f(m_lineProgram.uniformLocation("halfWidth"), widthPixels / 2.0F);
    glUniform1f(m_lineProgram.uniformLocation("pointSize"), 1.0F);
    setDepth(depth);
    glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(segments.size() / 2 * 2));
    glBindVertexArray(0);
}

void LineBatch::drawPoints(std::span<const LineVertex> points, const glm::mat4& viewProjection,
                           float sizePixels, Depth depth) {
    if (points.empty())
        return;
    upload(points);
    m_pointProgram.use();
    glUniformMatrix4fv(m_pointProgram.uniformLocation("viewProjection"), 1, GL_FALSE,
                       glm::value_ptr(viewProjection));
    // One pixel more than asked for: the feathered rim.
    glUniform1f(m_pointProgram.uniformLocation("pointSize"), sizePixels + 1.0F);
    setDepth(depth);
    glEnable(GL_PROGRAM_POINT_SIZE);
    glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(points.size()));
    glDisable(GL_PROGRAM_POINT_SIZE);
    glBindVertexArray(0);
}

} // namespace hyperrig::render::scene
