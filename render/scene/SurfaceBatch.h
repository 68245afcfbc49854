#pragma once

#include "core/base/Result.h"
#include "render/gl/GlObjects.h"
#include "render/gl/ShaderProgram.h"
#include "render/scene/SceneData.h"

#include <glm/glm.hpp>
#include <optional>
#include <span>
#include <vector>

namespace hyperrig::render::scene {

// Lighting of the surfaces. The lights are fixed to the camera (directions in camera space, +z
// toward the viewer), so every side the user orbits to is lit the same way: a key light from
// the upper left, a weaker fill from the right, and ambient so faces turned away stay readable.
// Back faces (the inside of a mesh seen through a cut or a hole, or a mesh that faces inwards)
// are lit from their own side and tinted, so they read as "inside" at a glance.
struct SurfaceStyle {
    glm::vec3 keyDirection{-0.45F, 0.60F, 0.66F};
    glm::vec3 fillDirection{0.70F, -0.10F, 0.70F};
    float key = 0.62F;
    float fill = 0.28F;
    float ambient = 0.34F;
    glm::vec3 backTint{0.42F, 0.24F, 0.48F};
    float backTintAmount = 0.55F;
    // A selected mesh node's surface is mixed this much toward the selection colour (the bones'
    // selection colour, so "selected" reads the same everywhere). Heat-maps are left as they
    // are: their colours are measurements.
    glm::vec3 selectionColor{0.36F, 0.68F, 1.0F};
    float selectionTint = 0.35F;
};

// Which normals light the surfaces: one per triangle (facets show, as the geometry is) or one
// per corner (SurfaceInput::smoothNormals: curved surfaces look curved, hard edges stay hard).
enum class Shading { Flat, Smooth };

// The triangle edges drawn over the surfaces: lines of constant width in pixels, antialiased,
// mixed into the surface colour at `opacity` (on a see-through surface the edges are as
// see-through as it is). Dark and partly transparent, so dense meshes stay readable and the
// surface colours (heat-maps) still show through the lines.
struct WireframeStyle {
    glm::vec3 color{0.035F, 0.04F, 0.05F};
    float opacity = 0.7F;
    float width = 1.0F; // pixels, across the edge
};

// How one pass is drawn: the shading, the wireframe when one is wanted, the selection.
struct SurfaceDrawOptions {
    Shading shading = Shading::Flat;
    std::optional<WireframeStyle> wireframe;
    // Surfaces whose node is in here get the style's selection tint.
    std::span<const core::model::NodeId> selected;
};

// The lit triangle soups of a scene, one vertex array per surface. upload() reuses each
// surface's buffer (mapped and written in place, glBufferSubData from a staging copy where
// mapping fails) and reallocates (glBufferData) only when a surface outgrows it, then with a
// quarter to spare, so a viewport re-uploading a slice every frame does not churn
// GPU memory. Culling is off
// (slices of open meshes show their insides). Opaque surfaces draw with depth testing and
// writing; translucent ones (opacity < 1: context shown around a highlight) in a later pass,
// blended, depth tested but not written.
class SurfaceBatch {
public:
    static core::Result<SurfaceBatch> create();

    // Contract per surface: positions.size() is a multiple of 3, normals has one entry per
    // triangle, smoothNormals and attributes are empty or have one entry per corner (a surface
    // without smooth normals is drawn flat in smooth shading too).
    void upload(std::span<const SurfaceInput> surfaces);
    enum class Pass { Opaque, Translucent };
    // The wireframe is drawn by the same fragments as the surface (a geometry shader hands them
    // their barycentric coordinates; SurfaceShaders.cpp), so it needs no depth offset, cannot
    // fight with its surface, and shows exactly where the surface does.
    void draw(const glm::mat4& view, const glm::mat4& projection, const SurfaceStyle& style,
              Pass pass = Pass::Opaque, const SurfaceDrawOptions& options = {});

    std::size_t surfaceCount() const { return m_used; }
    // For passes with their own program (picking): the node of surface `index`, and its
    // triangles drawn with whatever program is in use (position at attribute location 0).
    core::model::NodeId node(std::size_t index) const { return m_surfaces.at(index).node; }
    void drawTriangles(std::size_t index) const;
    // Bytes allocated for surface `index`'s vertices (tests check that buffers are reused).
    std::size_t capacityBytes(std::size_t index) const {
        return m_surfaces.at(index).capacityBytes;
    }

    // Interleaved per-corner data as uploaded.
    struct Vertex {
        glm::vec3 position;
        glm::vec3 normal;       // the triangle's
        glm::vec3 smoothNormal; // the corner's, or the triangle's without smooth normals
        float attribute;
    };

private:
    struct GpuSurface {
        gl::VertexArray vertexArray;
        gl::Buffer vertexBuffer;
        std::size_t capacityBytes = 0;
        GLsizei vertexCount = 0;
        glm::vec3 baseColor{0.6F};
        bool heatmap = false;
        float opacity = 1.0F;
        core::model::NodeId node;
    };

    GpuSurface makeSurface() const;

    gl::ShaderProgram m_program;
    gl::ShaderProgram m_wireframeProgram; // with the geometry stage, used only when asked for
    std::vector<GpuSurface> m_surfaces;   // the first m_used are current, the rest kept for reuse
    std::size_t m_used = 0;
    std::vector<Vertex> m_staging;
};

} // namespace hyperrig::render::scene
