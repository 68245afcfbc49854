#include "render/scene/ColoredTriangleBatch.h"

#include <cstddef>

namespace hyperrig::render::scene {
namespace {

constexpr const char* kColoredTriangleVertexShader = R"(#version 330 core
layout(location = 0) in vec2 position;
layout(location = 1) in vec4 color;
out vec4 vertexColor;
void main() {
    vertexColor = color;
    gl_Position = vec4(position, 0.0, 1.0);
}
)";

constexpr const char* kColoredTriangleFragmentShader = R"(#version 330 core
in vec4 vertexColor;
out vec4 fragmentColor;
void main() { fragmentColor = vertexColor; }
)";

} // namespace

core::Result<ColoredTriangleBatch> ColoredTriangleBatch::create() {
    auto program = gl::ShaderProgram::build("colored triangles", kColoredTriangleVertexShader,
                                            kColoredTriangleFragmentShader);
    if (!program)
        return program.error();
    ColoredTriangleBatch batch;
    batch.m_program = std::move(*program);
    batch.m_vertexArray = gl::VertexArray::create();
    batch.m_vertexBuffer = gl::Buffer::create();

    glBindVertexArray(batch.m_vertexArray.name());
    glBindBuffer(GL_ARRAY_BUFFER, batch.m_vertexBuffer.name());
    constexpr auto stride = static_cast<GLsizei>(sizeof(ColoredVertex));
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offsetof(ColoredVertex, x)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offsetof(ColoredVertex, r)));
    glBindVertexArray(0);
    return batch;
}

void ColoredTriangleBatch::draw(std::span<const ColoredVertex> triangles) {
    if (triangles.empty())
        return;
    glBindVertexArray(m_vertexArray.name());
    glBindBuffer(GL_ARRAY_BUFFER, m_vertexBuffer.name());
    const std::size_t bytes = triangles.size_bytes();
    if (bytes > m_capacityBytes) {
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(bytes), triangles.data(),
                     GL_STREAM_DRAW);
        m_capacityBytes = bytes;
    } else {
        glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), triangles.data());
    }
    m_program.use();
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(triangles.size()));
    glBindVertexArray(0);
}

} // namespace hyperrig::render::scene
