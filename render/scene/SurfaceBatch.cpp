#include "render/scene/SurfaceBatch.h"

#include "core/base/Contracts.h"
#include "render/scene/HeatRamp.h"

#include <algorithm>
#include <cstddef>
#include <glm/gtc/type_ptr.hpp>
#include <string>

namespace hyperrig::render::scene {
namespace {

constexpr const char* kVertexShader = R"(#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in float heatValue; // "attribute" is a GLSL keyword
uniform mat4 viewProjection;
uniform mat3 viewRotation;
out vec3 cameraNormal;
out float vertexHeat;
void main() {
    cameraNormal = viewRotation * normal;
    vertexHeat = heatValue;
    gl_Position = viewProjection * vec4(position, 1.0);
}
)";

constexpr const char* kFragmentHeader = R"(#version 330 core
uniform vec3 baseColor;
uniform bool heatmap;
uniform float opacity;
uniform vec3 keyDirection;
uniform vec3 fillDirection;
uniform float keyStrength;
uniform float fillStrength;
uniform float ambient;
uniform vec3 backTint;
uniform float backTintAmount;
uniform vec3 selectionColor;
uniform float selectionTint; // 0 unless the surface is selected
in vec3 cameraNormal;
in float vertexHeat;
out vec4 fragmentColor;
)";

// Lambert with two camera-fixed lights; a back face is lit as seen from its own side.
constexpr const char* kFragmentMain = R"(
void main() {
    vec3 normal = normalize(cameraNormal);
    vec3 albedo = heatmap ? heatRamp(vertexHeat) : mix(baseColor, selectionColor, selectionTint);
    if (!gl_FrontFacing) {
        normal = -normal;
        albedo = mix(albedo, backTint, backTintAmount);
    }
    float light = ambient + keyStrength * max(dot(normal, keyDirection), 0.0) +
                  fillStrength * max(dot(normal, fillDirection), 0.0);
    fragmentColor = vec4(albedo * light, opacity);
}
)";

} // namespace

core::Result<SurfaceBatch> SurfaceBatch::create() {
    const std::string fragment = std::string(kFragmentHeader) + heatRampGlsl() + kFragmentMain;
    auto program = gl::ShaderProgram::build("surfaces", kVertexShader, fragment);
    if (!program)
        return program.error();
    SurfaceBatch batch;
    batch.m_program = std::move(*program);
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
    glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, stride,
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
        HYPERRIG_EXPECTS(input.attributes.empty() ||
                         input.attributes.size() == input.positions.size());
        m_staging.resize(input.positions.size());
        for (std::size_t corner = 0; corner < input.positions.size(); ++corner)
            m_staging[corner] = {input.positions[corner], input.normals[corner / 3],
                                 input.attributes.empty() ? 0.0F : input.attributes[corner]};

        GpuSurface& surface = m_surfaces[s];
        surface.vertexCount = static_cast<GLsizei>(m_staging.size());
        surface.baseColor = input.baseColor;
        surface.heatmap = input.heatmap;
        surface.opacity = input.opacity;
        surface.node = input.node;
        if (m_staging.empty())
            continue;
        glBindBuffer(GL_ARRAY_BUFFER, surface.vertexBuffer.name());
        const std::size_t bytes = m_staging.size() * sizeof(Vertex);
        if (bytes > surface.capacityBytes) {
            glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(bytes), m_staging.data(),
                         GL_DYNAMIC_DRAW);
            surface.capacityBytes = bytes;
        } else {
            glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), m_staging.data());
        }
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void SurfaceBatch::draw(const glm::mat4& view, const glm::mat4& projection,
                        const SurfaceStyle& style, Pass pass,
                        std::span<const core::model::NodeId> selected) {
    const bool translucent = pass == Pass::Translucent;
    auto inPass = [&](const GpuSurface& surface) {
        return surface.vertexCount > 0 && (surface.opacity < 1.0F) == translucent;
    };
    if (std::none_of(m_surfaces.begin(), m_surfaces.begin() + static_cast<std::ptrdiff_t>(m_used),
                     inPass))
        return;
    m_program.use();
    const glm::mat4 viewProjection = projection * view;
    const glm::mat3 viewRotation(view);
    glUniformMatrix4fv(m_program.uniformLocation("viewProjection"), 1, GL_FALSE,
                       glm::value_ptr(viewProjection));
    glUniformMatrix3fv(m_program.uniformLocation("viewRotation"), 1, GL_FALSE,
                       glm::value_ptr(viewRotation));
    const glm::vec3 key = glm::normalize(style.keyDirection);
    const glm::vec3 fill = glm::normalize(style.fillDirection);
    glUniform3f(m_program.uniformLocation("keyDirection"), key.x, key.y, key.z);
    glUniform3f(m_program.uniformLocation("fillDirection"), fill.x, fill.y, fill.z);
    glUniform1f(m_program.uniformLocation("keyStrength"), style.key);
    glUniform1f(m_program.uniformLocation("fillStrength"), style.fill);
    glUniform1f(m_program.uniformLocation("ambient"), style.ambient);
    glUniform3f(m_program.uniformLocation("backTint"), style.backTint.x, style.backTint.y,
                style.backTint.z);
    glUniform1f(m_program.uniformLocation("backTintAmount"), style.backTintAmount);
    glUniform3f(m_program.uniformLocation("selectionColor"), style.selectionColor.x,
                style.selectionColor.y, style.selectionColor.z);

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
    const GLint baseColor = m_program.uniformLocation("baseColor");
    const GLint heatmap = m_program.uniformLocation("heatmap");
    const GLint opacity = m_program.uniformLocation("opacity");
    const GLint selectionTint = m_program.uniformLocation("selectionTint");
    for (std::size_t s = 0; s < m_used; ++s) {
        const GpuSurface& surface = m_surfaces[s];
        if (!inPass(surface))
            continue;
        glUniform3f(baseColor, surface.baseColor.x, surface.baseColor.y, surface.baseColor.z);
        glUniform1i(heatmap, surface.heatmap ? 1 : 0);
        glUniform1f(opacity, translucent ? surface.opacity : 1.0F);
        const bool isSelected = surface.node && std::find(selected.begin(), selected.end(),
                                                          surface.node) != selected.end();
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
