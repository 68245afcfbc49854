#include "render/view/Viewport.h"

#include "render/scene/AxesGizmo.h"
#include "render/scene/GroundGrid.h"
#include "render/view/SceneFraming.h"

#include <algorithm>
#include <array>

namespace hyperrig::render::view {

core::Result<void> Viewport::initialize(const gl::GetProcAddress& getProcAddress) {
    m_resources.reset();
    auto info = gl::loadGl(getProcAddress);
    if (!info)
        return info.error().withContext("viewport");
    m_glInfo = *info;
    auto background = scene::ColoredTriangleBatch::create();
    if (!background)
        return background.error().withContext("viewport");
    auto surfaces = scene::SurfaceBatch::create();
    if (!surfaces)
        return surfaces.error().withContext("viewport");
    auto boneSolids = scene::SurfaceBatch::create();
    if (!boneSolids)
        return boneSolids.error().withContext("viewport");
    auto lines = scene::LineBatch::create();
    if (!lines)
        return lines.error().withContext("viewport");
    // The picking programs are built at the first pick: a host that never picks (the previewer,
    // pictures) does not pay for compiling them before its first frame.
    m_resources.emplace(GlResources{std::move(*background), std::move(*surfaces),
                                    std::move(*boneSolids), std::move(*lines), std::nullopt});
    m_sceneUploaded = false;
    m_boneSolidsUploaded = false;
    m_getProcAddress = getProcAddress;
    if (m_overlay) {
        auto overlayReady = m_overlay->initialize(getProcAddress);
        if (!overlayReady)
            return std::move(overlayReady).withContext("viewport");
    }
    return {};
}

void Viewport::releaseGl() {
    if (m_overlay)
        m_overlay->releaseGl();
    m_resources.reset();
    m_getProcAddress = nullptr;
}

core::Result<void> Viewport::enableOverlay() {
    if (!m_overlay)
        m_overlay = std::make_unique<overlay::Overlay>();
    if (m_resources && !m_overlay->isInitialized())
        return std::move(m_overlay->initialize(m_getProcAddress)).withContext("viewport");
    return {};
}

scene::SceneData Viewport::setScene(scene::SceneData scene) {
    // A 2D document is looked at flat-on; switching to or from one takes the starting angles.
    const bool flatnessChanged = scene.is2D != m_scene.is2D;
    std::swap(m_scene, scene);
    if (flatnessChanged)
        view::applyStartingAngles(m_scene, m_camera);
    m_bounds = scene::sceneBounds(m_scene);
    m_sceneUploaded = false;
    m_boneSolidsUploaded = false;
    return scene;
}

void Viewport::setSelection(std::vector<core::model::NodeId> selection) {
    m_selection = std::move(selection);
    m_boneSolidsUploaded = false;
}

void Viewport::frameScene(float aspect) {
    view::frameScene(m_scene, aspect, m_camera);
}

void Viewport::frameSelection(float aspect) {
    if (!view::frameNodes(m_scene, m_selection, aspect, m_camera))
        frameScene(aspect);
}

void Viewport::resetCamera(float aspect) {
    view::applyStartingAngles(m_scene, m_camera);
    frameScene(aspect);
}

void Viewport::draw(GLuint targetFramebuffer, int width, int height) {
    if (!m_resources || width <= 0 || height <= 0)
        return;
    uploadScene();
    glBindFramebuffer(GL_FRAMEBUFFER, targetFramebuffer);
    glViewport(0, 0, width, height);
    glClearColor(m_theme.backgroundBottom.r, m_theme.backgroundBottom.g, m_theme.backgroundBottom.b,
                 1.0F);
    glClearDepth(1.0);
    glDepthMask(GL_TRUE);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    drawBackground();

    const float aspect = static_cast<float>(width) / static_cast<float>(height);
    const glm::mat4 view = m_camera.viewMatrix();
    const glm::mat4 projection = m_camera.projectionMatrix(aspect);
    const glm::mat4 viewProjection = projection * view;
    const glm::vec2 size{static_cast<float>(width), static_cast<float>(height)};
    scene::SurfaceDrawOptions surfaceOptions;
    surfaceOptions.shading = m_display.shading;
    if (m_display.wireframe)
        surfaceOptions.wireframe = m_theme.wireframe;
    surfaceOptions.selected = m_selection;
    m_resources->surfaces.draw(view, projection, m_theme.surfaces,
                               scene::SurfaceBatch::Pass::Opaque, surfaceOptions);
    if (m_display.grid && !m_scene.is2D)
        drawGrid(viewProjection, size);
    drawEdgeLines(viewProjection, size);
    m_resources->surfaces.draw(view, projection, m_theme.surfaces,
                               scene::SurfaceBatch::Pass::Translucent, surfaceOptions);
    if (m_display.shapes)
        drawShapes(viewProjection, size);
    if (m_display.bones) {
        if (m_scene.is4D)
            drawBones(viewProjection, size);
        else
            drawBoneSolids(view, projection, size);
    }
    drawTransformGizmo(viewProjection, size);
    drawGizmo(width, height);

    glViewport(0, 0, width, height);
    if (m_overlay)
        m_overlay->render(); // restores the GL state it changes
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDepthMask(GL_TRUE);
}

void Viewport::uploadScene() {
    if (!m_resources)
        return;
    if (!m_sceneUploaded) {
        m_resources->surfaces.upload(m_scene.surfaces);
        m_sceneUploaded = true;
    }
    if (!m_boneSolidsUploaded) {
        rebuildBoneSolids();
        m_resources->boneSolids.upload(m_boneSolids.surfaces);
        m_boneSolidsUploaded = true;
    }
}

void Viewport::rebuildBoneSolids() {
    if (m_scene.is4D) {
        m_boneSolids.surfaces.clear();
        m_boneSolids.edges.clear();
        return;
    }
    // A bone without length has no size of its own: its sphere is a small fraction of the
    // scene, visible at "frame all" without hiding its neighbours.
    constexpr float kPointFraction = 0.01F;
    float largest = 0.0F;
    if (m_bounds) {
        const glm::vec3 size = m_bounds->max - m_bounds->min;
        largest = std::max({size.x, size.y, size.z});
    }
    const float pointRadius = largest > 0.0F ? kPointFraction * largest : kPointFraction;
    scene::buildBoneSolids(m_scene.bones, m_selection, pointRadius, m_theme.boneSolids,
                           m_boneSolids);
}

std::optional<core::model::NodeId> Viewport::pick(int x, int y, int width, int height) {
    if (!m_resources || width <= 0 || height <= 0)
        return std::nullopt;
    if (!m_resources->picking) {
        auto picking = PickRenderer::create();
        if (!picking) // the same GLSL as the drawing programs, which did compile
            return std::nullopt;
        m_resources->picking = std::move(*picking);
    }
    uploadScene();
    const float aspect = static_cast<float>(width) / static_cast<float>(height);
    const glm::mat4 viewProjection = m_camera.projectionMatrix(aspect) * m_camera.viewMatrix();
    // As wide as a bone is drawn, outline included.
    const float boneWidth = m_theme.bones.lineWidth + 2.0F * m_theme.bones.outlineWidth;
    // Hidden bones are not hit: a click goes to what is drawn.
    const bool bones = m_display.bones;
    return m_resources->picking->pick(m_resources->surfaces,
                                      bones ? &m_resources->boneSolids : nullptr,
                                      bones ? std::span<const scene::BoneLine>(m_scene.bones)
                                            : std::span<const scene::BoneLine>{},
                                      viewProjection, boneWidth, x, y, width, height);
}

void Viewport::drawBackground() {
    const LinearColor& top = m_theme.backgroundTop;
    const LinearColor& bottom = m_theme.backgroundBottom;
    const scene::ColoredVertex topLeft{-1, 1, top.r, top.g, top.b, 1};
    const scene::ColoredVertex topRight{1, 1, top.r, top.g, top.b, 1};
    const scene::ColoredVertex bottomLeft{-1, -1, bottom.r, bottom.g, bottom.b, 1};
    const scene::ColoredVertex bottomRight{1, -1, bottom.r, bottom.g, bottom.b, 1};
    const std::array<scene::ColoredVertex, 6> quad{bottomLeft, bottomRight, topRight,
                                                   bottomLeft, topRight,    topLeft};
    m_resources->background.draw(quad);
}

void Viewport::drawGrid(const glm::mat4& viewProjection, const glm::vec2& size) {
    const scene::SceneBounds bounds = m_bounds.value_or(scene::SceneBounds{});
    m_scratchLines.clear();
    scene::groundGridLines(scene::groundGridLayout(bounds.min, bounds.max), m_theme.grid,
                           m_scratchLines);
    m_resources->lines.drawLines(m_scratchLines, viewProjection, size, m_theme.grid.lineWidth,
                                 scene::LineBatch::Depth::TestNoWrite);
}

void Viewport::drawTransformGizmo(const glm::mat4& viewProjection, const glm::vec2& size) {
    if (!m_transformGizmo)
        return;
    buildGizmoLines(*m_transformGizmo, m_camera, size, m_theme.gizmo, m_transformGizmoLines);
    constexpr auto over = scene::LineBatch::Depth::Ignore;
    const float width = m_theme.gizmo.lineWidth;
    m_resources->lines.drawLines(m_transformGizmoLines.segments, viewProjection, size, width, over);
    m_resources->lines.drawPoints(m_transformGizmoLines.dots, viewProjection,
                                  m_theme.gizmo.tipSize + 2.0F, over);
}

void Viewport::drawBones(const glm::mat4& viewProjection, const glm::vec2& size) {
    const scene::BoneStyle& style = m_theme.bones;
    scene::buildBoneGeometry(m_scene.bones, m_scene.is4D, m_scene.boneFadeDistance, style,
                             m_boneGeometry, m_selection);
    auto& lines = m_resources->lines;
    const auto over = scene::LineBatch::Depth::Ignore;
    const float outline = 2.0F * style.outlineWidth;
    // Outlines first, all of them, so no outline covers another bone's colour.
    scene::outlineOf(m_boneGeometry.lines, style.outlineColor, m_scratchLines);
    lines.drawLines(m_scratchLines, viewProjection, size, style.lineWidth + outline, over);
    scene::outlineOf(m_boneGeometry.joints, style.outlineColor, m_scratchLines);
    lines.drawPoints(m_scratchLines, viewProjection, style.jointSize + outline, over);
    lines.drawLines(m_boneGeometry.lines, viewProjection, size, style.lineWidth, over);
    lines.drawPoints(m_boneGeometry.joints, viewProjection, style.jointSize, over);
    scene::outlineOf(m_boneGeometry.crossings, style.outlineColor, m_scratchLines);
    lines.drawPoints(m_scratchLines, viewProjection, style.crossingSize + outline, over);
    lines.drawPoints(m_boneGeometry.crossings, viewProjection, style.crossingSize, over);
    // The selection last and wider: nothing covers it.
    const float selectedWidth = style.lineWidth + style.selectedExtraWidth;
    const float selectedJoint = style.jointSize + style.selectedExtraWidth;
    scene::outlineOf(m_boneGeometry.selectedLines, style.outlineColor, m_scratchLines);
    lines.drawLines(m_scratchLines, viewProjection, size, selectedWidth + outline, over);
    scene::outlineOf(m_boneGeometry.selectedJoints, style.outlineColor, m_scratchLines);
    lines.drawPoints(m_scratchLines, viewProjection, selectedJoint + outline, over);
    lines.drawLines(m_boneGeometry.selectedLines, viewProjection, size, selectedWidth, over);
    lines.drawPoints(m_boneGeometry.selectedJoints, viewProjection, selectedJoint, over);
}

void Viewport::drawEdgeLines(const glm::mat4& viewProjection, const glm::vec2& size) {
    if (m_scene.edgeLines.empty())
        return;
    // A 2D mesh is its outline: each edge in its mesh's colour (a selected mesh in the selection
    // colour), opaque, hidden only by the bones drawn after it.
    m_scratchLines.clear();
    for (const scene::EdgeLine& edge : m_scene.edgeLines) {
        const glm::vec4 color = scene::isAmong(edge.node, m_selection)
                                    ? m_theme.bones.selectedColor
                                    : glm::vec4{edge.color, 1.0F};
        m_scratchLines.push_back({edge.a, color});
        m_scratchLines.push_back({edge.b, color});
    }
    m_resources->lines.drawLines(m_scratchLines, viewProjection, size, kEdgeLineWidth,
                                 scene::LineBatch::Depth::Ignore);
}

void Viewport::drawShapes(const glm::mat4& viewProjection, const glm::vec2& size) {
    scene::buildShapeLines(m_scene.shapeLines, m_scene.is4D, m_scene.boneFadeDistance,
                           m_theme.bones, m_selection, m_scratchLines);
    m_resources->lines.drawLines(m_scratchLines, viewProjection, size, m_theme.bones.shapeLineWidth,
                                 scene::LineBatch::Depth::Ignore);
}

void Viewport::drawBoneSolids(const glm::mat4& view, const glm::mat4& projection,
                              const glm::vec2& size) {
    // In front of the surfaces, like Blender's "In Front" bones: the surfaces' depth is cleared,
    // so the bones hide only each other. The solids are pushed back a little (polygon offset) so
    // their own edges, drawn depth tested on the faces they bound, are not lost to z-fighting.
    glDepthMask(GL_TRUE);
    glClear(GL_DEPTH_BUFFER_BIT);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(1.0F, 1.0F);
    // Smooth: the joint spheres carry radial normals; the octahedra's faces stay flat.
    scene::SurfaceDrawOptions solidOptions;
    solidOptions.shading = scene::Shading::Smooth;
    m_resources->boneSolids.draw(view, projection, m_theme.surfaces,
                                 scene::SurfaceBatch::Pass::Opaque, solidOptions);
    glDisable(GL_POLYGON_OFFSET_FILL);
    m_resources->lines.drawLines(m_boneSolids.edges, projection * view, size,
                                 m_theme.boneSolids.edgeWidth,
                                 scene::LineBatch::Depth::TestNoWrite);
}

void Viewport::drawGizmo(int width, int height) {
    const scene::GizmoRect rect = scene::gizmoRect(width, height, m_theme.gizmo);
    if (rect.size <= 0)
        return;
    scene::buildAxesGizmo(glm::mat3(m_camera.viewMatrix()), m_scene.is4D, m_scene.wAxis,
                          m_theme.gizmo, m_gizmoAxes);
    glViewport(rect.x, rect.y, rect.size, rect.size);
    const glm::vec2 size{static_cast<float>(rect.size), static_cast<float>(rect.size)};
    const glm::mat4 identity(1.0F);
    const auto over = scene::LineBatch::Depth::Ignore;
    // Axis by axis, back to front: without depth, what is drawn last is in front.
    for (const scene::GizmoAxis& axis : m_gizmoAxes) {
        if (axis.hasLine) {
            const std::array<scene::LineVertex, 2> line{axis.centre, axis.tip};
            m_resources->lines.drawLines(line, identity, size, m_theme.gizmo.lineWidth, over);
        }
        m_resources->lines.drawPoints(std::span(&axis.tip, 1), identity,
                                      axis.hub ? m_theme.gizmo.hubSize : m_theme.gizmo.tipSize,
                                      over);
    }
}

} // namespace hyperrig::render::view
