#pragma once

#include <string>

namespace hyperrig::render::scene {

// The GLSL of SurfaceBatch, in two variants built from the same text:
//   plain      vertex + fragment: lit surfaces, flat or smooth (uniform smoothShading);
//   wireframe  vertex + geometry + fragment: the same, with the triangle edges mixed in.
// Vertex attributes: 0 position, 1 flat normal, 2 smooth normal, 3 heat-map value.
std::string surfaceVertexShader();
// Passes each triangle through with the barycentric coordinates of its corners.
std::string surfaceWireframeGeometryShader();
std::string surfaceFragmentShader(bool wireframe);

} // namespace hyperrig::render::scene
