#pragma once

#include "core/base/Result.h"
#include "render/gl/GlLoader.h"
#include "render/overlay/Overlay.h"
#include "render/scene/AxesGizmo.h"
#include "render/scene/BoneLines.h"
#include "render/scene/BoneSolids.h"
#include "render/scene/ColoredTriangleBatch.h"
#include "render/scene/LineBatch.h"
#include "render/scene/SceneData.h"
#include "render/scene/SurfaceBatch.h"
#include "render/view/OrbitCamera.h"
#include "render/view/Picking.h"
#include "render/view/TransformGizmo.h"
#include "render/view/ViewportTheme.h"

#include <glad/gl.h>

#include <memory>
#include <optional>
#include <vector>

namespace hyperrig::render::view {

// The facade every host drives: the editor's QOpenGLWidget, the previewer and headless
// rendering. The host owns the GL context and the target framebuffer (in a QOpenGLWidget that is
// defaultFramebufferObject(), never 0) and calls, with its context current:
//   initialize(getProcAddress)  once per context (again after Qt recreated it),
//   draw(framebuffer, w, h)     for each frame,
//   pick(x, y, w, h)            for what is under the pointer (Picking.h),
//   releaseGl()                 before the context goes away.
// Between frames it hands over what to show (setScene, without a context) and moves the camera.
//
// A frame: the background gradient, the opaque surfaces (depth tested; flat or smooth, with their
// wireframe when the display asks for it), the ground grid (hidden behind the surfaces, so drawn
// after them), the translucent surfaces, the bone shapes' wireframes over them, the bones over
// everything (3D rigs: shaded octahedra with joint spheres, depth tested among themselves; 4D
// rigs: lines projected from the slice's 4D space, see BoneLines.h), and the axes gizmo in the
// bottom-left corner; last, when enabled, the ImGui overlay. Selected bones and mesh nodes are
// drawn in the selection colour.
class Viewport {
public:
    core::Result<void> initialize(const gl::GetProcAddress& getProcAddress);
    bool isInitialized() const { return m_resources.has_value(); }
    const gl::GlInfo& glInfo() const { return m_glInfo; }

    // Replaces the scene; uploaded to the GPU on the next draw. The grid follows its bounds.
    // Returns the scene it replaces, whose storage a host may hand to its next build
    // (SceneWorkspace::spare).
    scene::SceneData setScene(scene::SceneData scene);
    const scene::SceneData& scene() const { return m_scene; }
    const std::optional<scene::SceneBounds>& sceneBounds() const { return m_bounds; }

    OrbitCamera& camera() { return m_camera; }
    const OrbitCamera& camera() const { return m_camera; }
    // Frames everything the scene draws for a viewport of that aspect (width / height).
    void frameScene(float aspect);
    // Frames the selected bones and mesh nodes; with nothing selected (or nothing of it drawn),
    // the whole scene. What "frame selected" does.
    void frameSelection(float aspect);
    // The camera's starting angles and field of view, framing the whole scene: "reset view".
    void resetCamera(float aspect);

    // The selected nodes (bones, mesh nodes), drawn highlighted. Host state: the viewport only
    // shows it, and it survives setScene (a node no longer in the scene is simply not drawn).
    void setSelection(std::vector<core::model::NodeId> selection);
    const std::vector<core::model::NodeId>& selection() const { return m_selection; }

    // The transform gizmo on the selection (TransformGizmo.h), drawn over the bones and under
    // the overlay; nullopt draws none. Host state like the selection: it survives setScene.
    void setTransformGizmo(std::optional<TransformGizmo> gizmo) { m_transformGizmo = gizmo; }
    const std::optional<TransformGizmo>& transformGizmo() const { return m_transformGizmo; }

    void draw(GLuint targetFramebuffer, int width, int height);

    // Sends the scene given by setScene to the GPU now, if it has not been yet (draw and pick do
    // it themselves; a host timing its frames calls it to separate upload from drawing).
    void uploadScene();

    // The node drawn at window pixel (x, y) of a width x height viewport, with (0, 0) the
    // top-left pixel as mouse events count (GL counts rows from the bottom: Picking.h flips
    // them): a bone's node for a bone line (bones are drawn over the surfaces, and a few
    // pixels off the line still hit it), else the mesh node of the nearest surface; nullopt for
    // the background. Draws into its own id framebuffer; the host's bindings and viewport are
    // left as they were. Needs the context current.
    std::optional<core::model::NodeId> pick(int x, int y, int width, int height);

    // Destroys every GL object (the overlay's too); the context must still be current.
    void releaseGl();

    // The optional ImGui overlay (render/overlay/Overlay.h), drawn last over each frame. Enabling
    // it creates it and, when the viewport is initialised already, initialises its GL side (the
    // context must then be current); later initialize()/releaseGl() calls include it. Each
    // frame the host calls overlay()->newFrame(input) and build(state) before draw(); a frame
    // without them draws no overlay. overlay() is null until enabled.
    core::Result<void> enableOverlay();
    overlay::Overlay* overlay() { return m_overlay.get(); }
    const overlay::Overlay* overlay() const { return m_overlay.get(); }

    // How the surfaces are drawn and what is drawn besides them (the overlay's display
    // toggles). Hidden bones are not picked either.
    struct Display {
        bool bones = true;
        bool grid = true;
        bool shapes = true; // bone shapes as wireframes
        // The triangle edges over the surfaces (the theme's wireframe style).
        bool wireframe = false;
        // Smooth by default: a rigger judges a deformation (a joint bending, skin folding or
        // pinching) by how the shading flows across the mesh, which flat facets break up into
        // noise, the more so on a 4D slice whose facets come from the tetrahedra, not from the
        // modeller. The crease angle (SmoothNormals.h) keeps box-like parts and hard edges flat.
        scene::Shading shading = scene::Shading::Smooth;
    };
    const Display& display() const { return m_display; }
    void setDisplay(const Display& display) { m_display = display; }

    const ViewportTheme& theme() const { return m_theme; }
    void setTheme(const ViewportTheme& theme) {
        m_theme = theme;
        m_boneSolidsUploaded = false; // their colours and proportions come from the theme
    }

private:
    struct GlResources {
        scene::ColoredTriangleBatch background;
        scene::SurfaceBatch surfaces;
        scene::SurfaceBatch boneSolids; // 3D rigs' octahedral bones, one surface per bone
        scene::LineBatch lines;
        std::optional<PickRenderer> picking; // built by the first pick()
    };

    void drawBackground();
    void drawGrid(const glm::mat4& viewProjection, const glm::vec2& size);
    void drawBones(const glm::mat4& viewProjection, const glm::vec2& size);
    void drawShapes(const glm::mat4& viewProjection, const glm::vec2& size);
    void drawEdgeLines(const glm::mat4& viewProjection, const glm::vec2& size);
    static constexpr float kEdgeLineWidth = 2.5F; // pixels, 2D meshes' edges
    void drawBoneSolids(const glm::mat4& view, const glm::mat4& projection, const glm::vec2& size);
    // Rebuilds the 3D bone solids after a scene or selection change (their colours follow it).
    void rebuildBoneSolids();
    void drawGizmo(int width, int height);
    void drawTransformGizmo(const glm::mat4& viewProjection, const glm::vec2& size);

    gl::GlInfo m_glInfo;
    gl::GetProcAddress m_getProcAddress; // of the current context, for enableOverlay
    std::optional<GlResources> m_resources;
    std::unique_ptr<overlay::Overlay> m_overlay;
    ViewportTheme m_theme;
    Display m_display;
    OrbitCamera m_camera;
    scene::SceneData m_scene;
    std::optional<scene::SceneBounds> m_bounds;
    bool m_sceneUploaded = false;
    std::vector<core::model::NodeId> m_selection;
    scene::BoneSolids m_boneSolids;
    bool m_boneSolidsUploaded = false;
    scene::BoneGeometry m_boneGeometry; // rebuilt each frame, storage kept
    std::vector<scene::LineVertex> m_scratchLines;
    std::vector<scene::GizmoAxis> m_gizmoAxes;
    std::optional<TransformGizmo> m_transformGizmo;
    GizmoLines m_transformGizmoLines; // rebuilt each frame, storage kept
};

} // namespace hyperrig::render::view
