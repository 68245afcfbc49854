#include "render/scene/SurfaceShaders.h"

#include "render/scene/HeatRamp.h"

namespace hyperrig::render::scene {
namespace {

constexpr const char* kVersion = "#version 330 core\n";

// Both normals are uploaded and a uniform picks one, so switching between flat and smooth
// shading costs no upload. Normals turn with the view's rotation only (the view is rigid).
constexpr const char* kShadedSurfaceVertexShader = R"(
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 flatNormal;
layout(location = 2) in vec3 smoothNormal;
layout(location = 3) in float heatValue; // "attribute" is a GLSL keyword
uniform mat4 viewProjection;
uniform mat3 viewRotation;
uniform bool smoothShading;
out SurfaceVertex {
    vec3 cameraNormal;
    float heat;
} vertexOut;
void main() {
    vertexOut.cameraNormal = viewRotation * (smoothShading ? smoothNormal : flatNormal);
    vertexOut.heat = heatValue;
    gl_Position = viewProjection * vec4(position, 1.0);
}
)";

// Corner k gets the barycentric coordinate e_k. Interpolated without perspective correction,
// each coordinate is an affine function of the window position, zero along the edge opposite its
// corner: the fragment shader turns it into a distance in pixels.
constexpr const char* kWireframeGeometryShader = R"(
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in SurfaceVertex {
    vec3 cameraNormal;
    float heat;
} cornerIn[];
out SurfaceVertex {
    vec3 cameraNormal;
    float heat;
} vertexOut;
noperspective out vec3 edgeCoordinates;
void main() {
    for (int k = 0; k < 3; ++k) {
        vertexOut.cameraNormal = cornerIn[k].cameraNormal;
        vertexOut.heat = cornerIn[k].heat;
        edgeCoordinates = vec3(k == 0, k == 1, k == 2);
        gl_Position = gl_in[k].gl_Position;
        EmitVertex();
    }
    EndPrimitive();
}
)";

constexpr const char* kFragmentHeader = R"(
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
in SurfaceVertex {
    vec3 cameraNormal;
    float heat;
} surface;
out vec4 fragmentColor;
)";

// The distance d (pixels) from the fragment to the nearest edge of its triangle: a barycentric
// coordinate b is affine in window coordinates, so its gradient g = (dFdx b, dFdy b) is constant
// over the triangle and b / |g| is the exact distance to the line b = 0 (fwidth, |dx| + |dy|,
// would overestimate |g| up to √2 and thin diagonal edges). Each triangle draws the half of the
// line on its side: coverage is the overlap of the pixel, as a unit box across the edge, with
// [0, halfWidth], i.e. clamp(halfWidth + 0.5 − d, 0, 1); the two triangles sharing an edge
// together draw its full width, antialiased, whatever the distance or angle.
constexpr const char* kEdgeCoverage = R"(
uniform vec3 wireframeColor;
uniform float wireframeOpacity;
uniform float wireframeHalfWidth;
noperspective in vec3 edgeCoordinates;
float edgeCoverage() {
    vec3 gradient = vec3(length(vec2(dFdx(edgeCoordinates.x), dFdy(edgeCoordinates.x))),
                         length(vec2(dFdx(edgeCoordinates.y), dFdy(edgeCoordinates.y))),
                         length(vec2(dFdx(edgeCoordinates.z), dFdy(edgeCoordinates.z))));
    vec3 pixels = edgeCoordinates / max(gradient, vec3(1e-12));
    float nearest = min(pixels.x, min(pixels.y, pixels.z));
    return clamp(wireframeHalfWidth + 0.5 - nearest, 0.0, 1.0);
}
)";

// Lambert with two camera-fixed lights; a back face is lit as seen from its own side. The edge
// colour is mixed into the lit colour, so the wireframe is hidden where its surface is, and on a
// translucent surface it is as see-through as the surface.
constexpr const char* kFragmentMain = R"(
void main() {
#ifdef WIREFRAME
    // Derivatives first, in uniform control flow.
    float edge = wireframeOpacity * edgeCoverage();
#endif
    vec3 normal = normalize(surface.cameraNormal);
    vec3 albedo = heatmap ? heatRamp(surface.heat) : mix(baseColor, selectionColor, selectionTint);
    if (!gl_FrontFacing) {
        normal = -normal;
        albedo = mix(albedo, backTint, backTintAmount);
    }
    float light = ambient + keyStrength * max(dot(normal, keyDirection), 0.0) +
                  fillStrength * max(dot(normal, fillDirection), 0.0);
    vec3 color = albedo * light;
#ifdef WIREFRAME
    color = mix(color, wireframeColor, edge);
#endif
    fragmentColor = vec4(color, opacity);
}
)";

} // namespace

std::string surfaceVertexShader() {
    return std::string(kVersion) + kShadedSurfaceVertexShader;
}

std::string surfaceWireframeGeometryShader() {
    return std::string(kVersion) + kWireframeGeometryShader;
}

std::string surfaceFragmentShader(bool wireframe) {
    std::string source = kVersion;
    if (wireframe)
        source += std::string("#define WIREFRAME\n") + kEdgeCoverage;
    return source + kFragmentHeader + heatRampGlsl() + kFragmentMain;
}

} // namespace hyperrig::render::scene
