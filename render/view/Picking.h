#pragma once

#include "core/base/Result.h"
#include "core/model/Ids.h"
#include "render/gl/GlObjects.h"
#include "render/gl/IdFramebuffer.h"
#include "render/gl/ShaderProgram.h"
#include "render/scene/SceneData.h"
#include "render/scene/SurfaceBatch.h"

#include <cstdint>
#include <glm/glm.hpp>
#include <optional>
#include <span>
#include <vector>

namespace hyperrig::render::view {

// Picking through an id buffer. The scene is drawn again, with the camera of the frame, into an
// integer framebuffer (gl::IdFramebuffer) where every fragment holds the NodeId value of the item
// it belongs to and 0 means nothing: surfaces as their mesh node, depth tested, then bones as
// their bone node, over everything as the viewport draws them: as lines `boneWidthPixels` wide
// and, for 3D rigs, their octahedra (depth tested among themselves, so the bone in front wins
// where they overlap; the lines keep a bone seen end-on or from far away pickable). Only a
// small square around the asked pixel is drawn (scissored) and read back; the id nearest to its
// centre wins, so a thin bone need not be hit exactly.

// The square read around the pick point: (2 · kPickRadius + 1) pixels on a side.
constexpr int kPickRadius = 3;

// The non-zero id of `ids` (`width` x `height`, row-major) nearest to (centreX, centreY), by
// squared pixel distance, ties to the first in row order; 0 when all are zero.
std::uint32_t nearestNonZero(std::span<const std::uint32_t> ids, int width, int height, int centreX,
                             int centreY);

// The GL row of window row `y`: window coordinates (mouse events, image rows) start at the top
// and grow downwards, GL's at the bottom and grow upwards, so row y is GL row height − 1 − y.
constexpr int glRowOfWindowRow(int y, int height) {
    return height - 1 - y;
}

class PickRenderer {
public:
    static core::Result<PickRenderer> create();

    // The item at window pixel (x, y) of a width x height viewport (origin top-left), or
    // nullopt for the background, a point outside the viewport, or a driver that refuses the id
    // framebuffer. `surfaces` must hold the scene's uploaded surfaces. Needs the context
    // current; leaves the framebuffer bindings and the viewport as it found them.
    // `boneSolids` holds the uploaded octahedral bones (empty for 4D rigs), one surface per bone;
    // null, with `bones` empty, when bones are hidden and must not be hit.
    std::optional<core::model::NodeId> pick(const scene::SurfaceBatch& surfaces,
                                            const scene::SurfaceBatch* boneSolids,
                                            std::span<const scene::BoneLine> bones,
                                            const glm::mat4& viewProjection, float boneWidthPixels,
                                            int x, int y, int width, int height);

    struct BoneVertex {
        glm::vec3 position;
        std::uint32_t id;
    };

private:
    void drawSurfaces(const scene::SurfaceBatch& surfaces, const glm::mat4& viewProjection);
    void drawBoneSolids(const scene::SurfaceBatch& boneSolids, const glm::mat4& viewProjection);
    void drawBones(std::span<const scene::BoneLine> bones, const glm::mat4& viewProjection,
                   const glm::vec2& viewportSize, float widthPixels);

    gl::ShaderProgram m_surfaceProgram;
    gl::ShaderProgram m_boneProgram;
    gl::VertexArray m_boneArray;
    gl::Buffer m_boneBuffer;
    std::size_t m_boneCapacityBytes = 0;
    std::vector<BoneVertex> m_boneVertices;
    std::optional<gl::IdFramebuffer> m_target; // the viewport's size, recreated when it changes
};

} // namespace hyperrig::render::view
