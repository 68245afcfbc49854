#pragma once

#include "render/scene/AxesGizmo.h"
#include "render/scene/BoneLines.h"
#include "render/scene/BoneSolids.h"
#include "render/scene/GroundGrid.h"
#include "render/scene/SurfaceBatch.h"

namespace hyperrig::render::view {

struct LinearColor {
    float r = 0.0F;
    float g = 0.0F;
    float b = 0.0F;
    float a = 1.0F;
};

// Colours of the viewport, shared by the editor and headless rendering so a thumbnail looks like
// the editor. A dark neutral gradient keeps bones, the selection and weight heat-maps readable.
struct ViewportTheme {
    LinearColor backgroundTop{0.180F, 0.192F, 0.212F};
    LinearColor backgroundBottom{0.082F, 0.086F, 0.098F};
    scene::SurfaceStyle surfaces;
    scene::WireframeStyle wireframe;
    scene::BoneStyle bones;           // 4D rigs' bone lines
    scene::BoneSolidStyle boneSolids; // 3D rigs' octahedral bones
    scene::GridStyle grid;
    scene::GizmoStyle gizmo;
};

} // namespace hyperrig::render::view
