#include "render/view/Picking.h"

#include "render/scene/LineWidening.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <glm/gtc/type_ptr.hpp>
#include <limits>
#include <string>

namespace hyperrig::render::view {
namespace {

constexpr const char* kSurfaceVertexShader = R"(#version 330 core
layout(location = 0) in vec3 position;
uniform mat4 viewProjection;
void main() {
    gl_Position = viewProjection * vec4(position, 1.0);
}
)";

constexpr const char* kSurfaceFragmentShader = R"(#version 330 core
uniform uint id;
out uint fragmentId;
void main() {
    fragmentId = id;
}
)";

constexpr const char* kBoneVertexShader = R"(#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in uint id;
uniform mat4 viewProjection;
flat out uint vertexId;
void main() {
    vertexId = id;
    gl_Position = viewProjection * vec4(position, 1.0);
}
)";

// The widening of LineBatch's line shader (render/scene/LineWidening.h), without feathering:
// an id is either there or not.
constexpr const char* kBoneGeometryHeader = R"(#version 330 core
layout(lines) in;
layout(triangle_strip, max_vertices = 4) out;
uniform vec2 viewportSize;
uniform float halfWidth;
flat in uint vertexId[];
flat out uint segmentId;
)";

constexpr const char* kBoneGeometryMain = R"(
void main() {
    vec4 a = gl_in[0].gl_Position;
    vec4 b = gl_in[1].gl_Position;
    vec2 offset = segmentOffset(a, b, viewportSize, halfWidth);
    segmentId = vertexId[0]; gl_Position = vec4(a.xy - offset * a.w, a.zw); EmitVertex();
    segmentId = vertexId[0]; gl_Position = vec4(a.xy + offset * a.w, a.zw); EmitVertex();
    segmentId = vertexId[0]; gl_Position = vec4(b.xy - offset * b.w, b.zw); EmitVertex();
    segmentId = vertexId[0]; gl_Position = vec4(b.xy + offset * b.w, b.zw); EmitVertex();
    EndPrimitive();
}
)";

constexpr const char* kBoneFragmentShader = R"(#version 330 core
flat in uint segmentId;
out uint fragmentId;
void main() {
    fragmentId = segmentId;
}
)";

// Restores what the host had bound when picking started.
class SavedBindings {
public:
    SavedBindings() {
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &m_draw);
        glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &m_read);
        glGetIntegerv(GL_VIEWPORT, m_viewport.data());
        m_scissor = glIsEnabled(GL_SCISSOR_TEST);
    }
    ~SavedBindings() {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(m_draw));
        glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(m_read));
        glViewport(m_viewport[0], m_viewport[1], m_viewport[2], m_viewport[3]);
        if (m_scissor)
            glEnable(GL_SCISSOR_TEST);
        else
            glDisable(GL_SCISSOR_TEST);
    }
    SavedBindings(const SavedBindings&) = delete;
    SavedBindings& operator=(const SavedBindings&) = delete;

private:
    GLint m_draw = 0;
    GLint m_read = 0;
    std::array<GLint, 4> m_viewport{};
    GLboolean m_scissor = GL_FALSE;
};

} // namespace

std::uint32_t nearestNonZero(std::span<const std::uint32_t> ids, int width, int height, int centreX,
                             int centreY) {
    std::uint32_t best = 0;
    int bestDistance = std::numeric_limits<int>::max();
    for (int row = 0; row < height; ++row)
        for (int column = 0; column < width; ++column) {
            const std::uint32_t id =
                ids[static_cast<std::size_t>(row) * static_cast<std::size_t>(width) +
                    static_cast<std::size_t>(column)];
            const int distance =
                (column - centreX) * (column - centreX) + (row - centreY) * (row - centreY);
            if (id != 0 && distance < bestDistance) {
                best = id;
                bestDistance = distance;
            }
        }
    return best;
}

core::Result<PickRenderer> PickRenderer::create() {
    auto surfaceProgram =
        gl::ShaderProgram::build("pick surfaces", kSurfaceVertexShader, kSurfaceFragmentShader);
    if (!surfaceProgram)
        return surfaceProgram.error();
    const std::string boneGeometry =
        std::string(kBoneGeometryHeader) + scene::kSegmentOffsetGlsl + kBoneGeometryMain;
    auto boneProgram = gl::ShaderProgram::build("pick bones", kBoneVertexShader,
                                                kBoneFragmentShader, boneGeometry);
    if (!boneProgram)
        return boneProgram.error();
    PickRenderer renderer;
    renderer.m_surfaceProgram = std::move(*surfaceProgram);
    renderer.m_boneProgram = std::move(*boneProgram);
    renderer.m_boneArray = gl::VertexArray::create();
    renderer.m_boneBuffer = gl::Buffer::create();
    glBindVertexArray(renderer.m_boneArray.name());
    glBindBuffer(GL_ARRAY_BUFFER, renderer.m_boneBuffer.name());
    constexpr auto stride = static_cast<GLsizei>(sizeof(BoneVertex));
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offsetof(BoneVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribIPointer(1, 1, GL_UNSIGNED_INT, stride,
                           reinterpret_cast<const void*>(offsetof(BoneVertex, id)));
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return renderer;
}

std::optional<core::model::NodeId>
PickRenderer::pick(const scene::SurfaceBatch& surfaces, const scene::SurfaceBatch* boneSolids,
                   std::span<const scene::BoneLine> bones, const glm::mat4& viewProjection,
                   float boneWidthPixels, int x, int y, int width, int height) {
    if (width <= 0 || height <= 0 || x < 0 || y < 0 || x >= width || y >= height)
        return std::nullopt;
    const SavedBindings saved;
    if (!m_target || m_target->width() != width || m_target->height() != height) {
        m_target.reset();
        auto created = gl::IdFramebuffer::create(width, height);
        if (!created)
            return std::nullopt;
        m_target = std::move(*created);
    }
    // The square around the pick point, clipped to the viewport, in GL pixels.
    const int glY = glRowOfWindowRow(y, height);
    const int x0 = std::max(x - kPickRadius, 0);
    const int y0 = std::max(glY - kPickRadius, 0);
    const int x1 = std::min(x + kPickRadius + 1, width);
    const int y1 = std::min(glY + kPickRadius + 1, height);

    m_target->bind();
    glEnable(GL_SCISSOR_TEST);
    glScissor(x0, y0, x1 - x0, y1 - y0);
    const std::array<GLuint, 4> nothing{0, 0, 0, 0};
    glClearBufferuiv(GL_COLOR, 0, nothing.data());
    glDepthMask(GL_TRUE);
    glClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0F, 0);
    glDisable(GL_BLEND);
    glDisable(GL_CULL_FACE);
    drawSurfaces(surfaces, viewProjection);
    drawBones(bones, viewProjection, {static_cast<float>(width), static_cast<float>(height)},
              boneWidthPixels);
    if (boneSolids)
        drawBoneSolids(*boneSolids, viewProjection);
    const std::vector<std::uint32_t> ids = m_target->readIds(x0, y0, x1 - x0, y1 - y0);
    glDisable(GL_DEPTH_TEST);
    const std::uint32_t id = nearestNonZero(ids, x1 - x0, y1 - y0, x - x0, glY - y0);
    if (id == 0)
        return std::nullopt;
    return core::model::NodeId{id};
}

void PickRenderer::drawSurfaces(const scene::SurfaceBatch& surfaces,
                                const glm::mat4& viewProjection) {
    // Every surface, ghosts included, depth tested and written: the nearest surface under the
    // pointer is what the user points at, whether drawn opaque or see-through.
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    m_surfaceProgram.use();
    glUniformMatrix4fv(m_surfaceProgram.uniformLocation("viewProjection"), 1, GL_FALSE,
                       glm::value_ptr(viewProjection));
    const GLint idLocation = m_surfaceProgram.uniformLocation("id");
    for (std::size_t s = 0; s < surfaces.surfaceCount(); ++s) {
        glUniform1ui(idLocation, surfaces.node(s).value);
        surfaces.drawTriangles(s);
    }
}

void PickRenderer::drawBoneSolids(const scene::SurfaceBatch& boneSolids,
                                  const glm::mat4& viewProjection) {
    if (boneSolids.surfaceCount() == 0)
        return;
    // In front of the surfaces, as drawn: the surfaces' depth is cleared (within the scissor).
    glDepthMask(GL_TRUE);
    glClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0F, 0);
    drawSurfaces(boneSolids, viewProjection);
}

void PickRenderer::drawBones(std::span<const scene::BoneLine> bones,
                             const glm::mat4& viewProjection, const glm::vec2& viewportSize,
                             float widthPixels) {
    m_boneVertices.clear();
    for (const scene::BoneLine& bone : bones) {
        m_boneVertices.push_back({bone.head, bone.node.value});
        m_boneVertices.push_back({bone.tail, bone.node.value});
    }
    if (m_boneVertices.empty())
        return;
    glBindVertexArray(m_boneArray.name());
    glBindBuffer(GL_ARRAY_BUFFER, m_boneBuffer.name());
    const std::size_t bytes = m_boneVertices.size() * sizeof(BoneVertex);
    if (bytes > m_boneCapacityBytes) {
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(bytes), m_boneVertices.data(),
                     GL_STREAM_DRAW);
        m_boneCapacityBytes = bytes;
    } else {
        glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), m_boneVertices.data());
    }
    // Over everything, as the viewport draws bones: a bone inside a mesh stays pickable.
    glDisable(GL_DEPTH_TEST);
    m_boneProgram.use();
    glUniformMatrix4fv(m_boneProgram.uniformLocation("viewProjection"), 1, GL_FALSE,
                       glm::value_ptr(viewProjection));
    glUniform2f(m_boneProgram.uniformLocation("viewportSize"), viewportSize.x, viewportSize.y);
    glUniform1f(m_boneProgram.uniformLocation("halfWidth"), widthPixels / 2.0F);
    glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(m_boneVertices.size()));
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

} // namespace hyperrig::render::view
