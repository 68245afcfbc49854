#include "render/scene/GroundGrid.h"

#include <algorithm>
#include <cmath>

namespace hyperrig::render::scene {
namespace {

// The largest "nice" step (1, 2 or 5 · 10^k) at most `size`.
float niceStep(float size) {
    const float power = std::pow(10.0F, std::floor(std::log10(size)));
    for (float factor : {5.0F, 2.0F})
        if (factor * power <= size)
            return factor * power;
    return power;
}

bool isMajor(int indexFromOrigin) {
    return indexFromOrigin % 5 == 0;
}

} // namespace

GridLayout groundGridLayout(const glm::vec3& boundsMin, const glm::vec3& boundsMax) {
    const glm::vec3 low = glm::min(boundsMin, boundsMax);
    const glm::vec3 high = glm::max(boundsMin, boundsMax);
    for (int axis = 0; axis < 3; ++axis)
        if (!std::isfinite(low[axis]) || !std::isfinite(high[axis]))
            return GridLayout{}; // a unit grid around the origin: nothing sensible to fit

    // The grid spans the footprint and, for tall rigs standing on it, the height too: a figure
    // on a grid narrower than itself reads as floating.
    float span = std::max({high.x - low.x, high.z - low.z, high.y - low.y});
    // Degenerate or absurd bounds get a unit grid rather than a zero or overflowing spacing.
    if (!std::isfinite(span) || !(span > 1e-6F))
        span = 1.0F;
    GridLayout layout;
    layout.spacing = niceStep(span / 8.0F);
    layout.centreX = std::round((low.x + high.x) / 2.0F / layout.spacing) * layout.spacing;
    layout.centreZ = std::round((low.z + high.z) / 2.0F / layout.spacing) * layout.spacing;
    // Half the span plus a margin, and at least the bounds' footprint around the snapped centre.
    const float reach = std::max({span * 0.6F, high.x - layout.centreX, layout.centreX - low.x,
                                  high.z - layout.centreZ, layout.centreZ - low.z});
    // Clamped before the conversion: a float beyond int's range does not convert.
    layout.halfLines =
        static_cast<int>(std::clamp(std::ceil(reach / layout.spacing), 1.0F, 200.0F));
    return layout;
}

void groundGridLines(const GridLayout& layout, const GridStyle& style,
                     std::vector<LineVertex>& out) {
    const float extent = layout.halfExtent();
    for (int i = -layout.halfLines; i <= layout.halfLines; ++i) {
        const float offset = static_cast<float>(i) * layout.spacing;
        const float x = layout.centreX + offset;
        const float z = layout.centreZ + offset;
        // Index relative to the origin, so major lines sit on multiples of 5 · spacing.
        const int xIndex = static_cast<int>(std::lround(x / layout.spacing));
        const int zIndex = static_cast<int>(std::lround(z / layout.spacing));
        // A line of constant x runs along Z: at x = 0 it is the Z axis.
        const glm::vec4 alongZ = std::abs(x) < layout.spacing / 2.0F ? style.zAxis
                                 : isMajor(xIndex)                   ? style.majorLine
                                                                     : style.line;
        const glm::vec4 alongX = std::abs(z) < layout.spacing / 2.0F ? style.xAxis
                                 : isMajor(zIndex)                   ? style.majorLine
                                                                     : style.line;
        out.push_back({{x, 0.0F, layout.centreZ - extent}, alongZ});
        out.push_back({{x, 0.0F, layout.centreZ + extent}, alongZ});
        out.push_back({{layout.centreX - extent, 0.0F, z}, alongX});
        out.push_back({{layout.centreX + extent, 0.0F, z}, alongX});
    }
}

} // namespace hyperrig::render::scene
