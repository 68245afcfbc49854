#include "render/scene/SurfaceBatch.h"

#include "core/base/Contracts.h"
#include "render/scene/SurfaceShaders.h"

#include <algorithm>
#include <cstddef>
#include <glm/gtc/type_ptr.hpp>

namespace hyperrig::render::scene {

core::Result<SurfaceBatch> SurfaceBatch::create() {
    auto program =
        gl::ShaderProgram::build("surfaces", surfaceVertexShader(), surfaceFragmentShader(false));
    if (!program)
        return program.error();
    auto wireframeProgram =
        gl::ShaderProgram::build("wireframe surfaces", surfaceVertexShader(),
                                 surfaceFragmentShader(true), surfaceWireframeGeometryShader());
    if (!wireframeProgram)
        return wireframeProgram.error();
    SurfaceBatch batch;
    batch.m_program = std::move(*program);
    batch.m_wireframeProgram = std::move(*wireframeProgram);
    return batch;
}

SurfaceBatch::GpuSurface SurfaceBatch::makeSurface() const {
    GpuSurface surface;
    surface.vertexArray = gl::VertexArray::create();
    surface.vertexBuffer = gl::Buffer::create();
    glBindVertexArray(surface.vertexArray.name());
    glBindBuffer(GL_ARRAY_BUFFER, surface.vertexBuffer.name());
    constexpr auto stride = static_cast<GLsizei>(sizeof(Vertex));
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offsetof(Vertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offsetof(Vertex, normal)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offsetof(Vertex, smoothNormal)));
    glEnableVertexAttribArray(3);
    glVertexAttribPointer(3, 1, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offsetof(Vertex, attribute)));
    glBindVertexArray(0);
    return surface;
}

void SurfaceBatch::upload(std::span<const SurfaceInput> surfaces) {
    while (m_surfaces.size() < surfaces.size())
        m_surfaces.push_back(makeSurface());
    m_used = surfaces.size();
    for (std::size_t s = 0; s < surfaces.size(); ++s) {
        const SurfaceInput& input = surfaces[s];
        HYPERRIG_EXPECTS(input.positions.size() % 3 == 0);
        HYPERRIG_EXPECTS(input.normals.size() == input.positions.size() / 3);
        HYPERRIG_EXPECTS(input.smoothNormals.empty() ||
                         input.smoothNormals.size() == input.positions.size());
        HYPERRIG_EXPECTS(input.attributes.empty() ||
                         input.attributes.size() == input.positions.size());
        const std::size_t cornerCount = input.positions.size();
        // The interleaved vertices of corners [begin, end) written to `out` (corner `begin` first).
        const auto interleave = [&](std::size_t begin, std::size_t end, Vertex* out) {
            for (std::size_t corner = begin; corner < end; ++corner) {
                const glm::vec3& flat = input.normals[corner / 3];
                out[corner - begin] = {input.positions[corner], flat,
                                       input.smoothNormals.empty() ? flat
                                                                   : input.smoothNormals[corner],
                                       input.attributes.empty() ? 0.0F : input.attributes[corner]};
            }
        };

        GpuSurface& surface = m_surfaces[s];
        surface.vertexCount = static_cast<GLsizei>(cornerCount);
        surface.baseColor = input.baseColor;
        surface.heatmap = input.heatmap;
        surface.opacity = input.opacity;
        surface.node = input.node;
        if (cornerCount == 0)
            continue;
        glBindBuffer(GL_ARRAY_BUFFER, surface.vertexBuffer.name());
        const std::size_t bytes = cornerCount * sizeof(Vertex);
        if (bytes > surface.capacityBytes) {
            // A quarter more than asked: a slice that grows by a few triangles from one frame to
            // the next (a pose turning, the W offset moving) reallocates once, not every frame.
            const std::size_t capacity = bytes + bytes / 4;
            glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity), nullptr,
                         GL_DYNAMIC_DRAW);
            surface.capacityBytes = capacity;
        }
        // Straight into the buffer: mapped for writing with the old contents of the range
        // invalidated (the driver still waits for, or works around, draws reading it), so the
        // vertices are written once instead of into a staging copy that GL copies again. Not on
        // the thread pool: the GUI thread uploads while a slow scene build may hold the pool
        // (decision 0055), and it must not wait for that build.
        auto* mapped = static_cast<Vertex*>(
            glMapBufferRange(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes),
                             GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT));
        if (mapped) {
            interleave(0, cornerCount, mapped);
            // GL_FALSE: the store was lost while mapped (a display mode change): write it again.
            if (glUnmapBuffer(GL_ARRAY_BUFFER) == GL_TRUE)
                continue;
        }
        m_staging.resize(cornerCount);
        interleave(0, cornerCount, m_staging.data());
        glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), m_staging.data());
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void SurfaceBatch::draw(const glm::mat4& view, const glm::mat4& projection,
                        const SurfaceStyle& style, Pass pass, const SurfaceDrawOptions& options) {
    const bool translucent = pass == Pass::Translucent;
    auto inPass = [&](const GpuSurface& surface) {
        return surface.vertexCount > 0 && (surface.opacity < 1.0F) == translucent;
    };
    if (std::none_of(m_surfaces.begin(), m_surfaces.begin() + static_cast<std::ptrdiff_t>(m_used),
                     inPass))
        return;
    const gl::ShaderProgram& program = options.wireframe ? m_wireframeProgram : m_program;
    program.use();
    const glm::mat4 viewProjection = projection * view;
    const glm::mat3 viewRotation(view);
    glUniformMatrix4fv(program.uniformLocation("viewProjection"), 1, GL_FALSE,
                       glm::value_ptr(viewProjection));
    glUniformMatrix3fv(program.uniformLocation("viewRotation"), 1, GL_FALSE,
                       glm::value_ptr(viewRotation));
    glUniform1i(program.uniformLocation("smoothShading"),
                options.shading == Shading::Smooth ? 1 : 0);
    const glm::vec3 key = glm::normalize(style.keyDirection);
    const glm::vec3 fill = glm::normalize(style.fillDirection);
    glUniform3f(program.uniformLocation("keyDirection"), key.x, key.y, key.z);
    glUniform3f(program.uniformLocation("fillDirection"), fill.x, fill.y, fill.z);
    glUniform1f(program.uniformLocation("keyStrength"), style.key);
    glUniform1f(program.uniformLocation("fillStrength"), style.fill);
    glUniform1f(program.uniformLocation("ambient"), style.ambient);
    glUniform3f(program.uniformLocation("backTint"), style.backTint.x, style.backTint.y,
                style.backTint.z);
    glUniform1f(program.uniformLocation("backTintAmount"), style.backTintAmount);
    glUniform3f(program.uniformLocation("selectionColor"), style.selectionColor.x,
                style.selectionColor.y, style.selectionColor.z);
    if (const auto& wireframe = options.wireframe) {
        glUniform3f(program.uniformLocation("wireframeColor"), wireframe->color.x,
                    wireframe->color.y, wireframe->color.z);
        glUniform1f(program.uniformLocation("wireframeOpacity"), wireframe->opacity);
        glUniform1f(program.uniformLocation("wireframeHalfWidth"), 0.5F * wireframe->width);
    }

    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDisable(GL_CULL_FACE);
    if (translucent) {
        // Unsorted: at ghost opacities the order of overlapping faces hardly shows. Depth is
        // tested (opaque surfaces hide ghosts) but not written (ghosts hide nothing).
        glDepthMask(GL_FALSE);
        glEnable(GL_BLEND);
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
    } else {
        glDepthMask(GL_TRUE);
        glDisable(GL_BLEND);
    }
    const GLint baseColor = program.uniformLocation("baseColor");
    const GLint heatmap = program.uniformLocation("heatmap");
    const GLint opacity = program.uniformLocation("opacity");
    const GLint selectionTint = program.uniformLocation("selectionTint");
    for (std::size_t s = 0; s < m_used; ++s) {
        const GpuSurface& surface = m_surfaces[s];
        if (!inPass(surface))
            continue;
        glUniform3f(baseColor, surface.baseColor.x, surface.baseColor.y, surface.baseColor.z);
        glUniform1i(heatmap, surface.heatmap ? 1 : 0);
        glUniform1f(opacity, translucent ? surface.opacity : 1.0F);
        const bool isSelected = isAmong(surface.node, options.selected);
        glUniform1f(selectionTint, isSelected ? style.selectionTint : 0.0F);
        glBindVertexArray(surface.vertexArray.name());
        glDrawArrays(GL_TRIANGLES, 0, surface.vertexCount);
    }
    glBindVertexArray(0);
    glDepthMask(GL_TRUE);
}

void SurfaceBatch::drawTriangles(std::size_t index) const {
    const GpuSurface& surface = m_surfaces.at(index);
    if (index >= m_used || surface.vertexCount == 0)
        return;
    glBindVertexArray(surface.vertexArray.name());
    glDrawArrays(GL_TRIANGLES, 0, surface.vertexCount);
    glBindVertexArray(0);
}

} // namespace hyperrig::render::scene
