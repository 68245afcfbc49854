#pragma once

namespace hyperrig::render::scene {

// GLSL shared by the geometry shaders that widen a segment into a screen-space quad (the line
// batch, and the picking pass that must hit what the lines cover):
//
//   vec2 segmentOffset(vec4 a, vec4 b, vec2 viewportSize, float halfWidthPixels)
//
// gives, for clip-space ends a and b, the NDC offset perpendicular to the projected segment that
// is halfWidthPixels long on screen; the quad's corners are a.xy ± offset · a.w and
// b.xy ± offset · b.w (offset · w in clip space, so the rasteriser clips them like any
// triangle). The screen direction is taken without dividing by w: d/dt of
// (a + t(b − a)).xy / (a + t(b − a)).w at t = 0 is (b.xy·a.w − a.xy·b.w) / a.w², whose direction
// needs no division, so an end level with the eye (w = 0) or behind it (w < 0) still gives the
// right line. A segment seen end-on gets an arbitrary (horizontal) direction.
constexpr const char* kSegmentOffsetGlsl = R"(
vec2 segmentOffset(vec4 a, vec4 b, vec2 viewportSize, float halfWidthPixels) {
    vec2 halfViewport = viewportSize * 0.5;
    vec2 direction = (b.xy * a.w - a.xy * b.w) * halfViewport;
    float span = length(direction);
    direction = span > 1e-12 ? direction / span : vec2(1.0, 0.0);
    return vec2(-direction.y, direction.x) * halfWidthPixels / halfViewport;
}
)";

} // namespace hyperrig::render::scene
