#include "render/scene/RigScene2D.h"

#include "core/base/Contracts.h"
#include "render/scene/RigScene.h"

namespace hyperrig::render::scene {
namespace {

glm::vec3 flatScenePoint(const core::math::VectorN& v) {
    return {static_cast<float>(v[0]), static_cast<float>(v[1]), 0.0F};
}

} // namespace

SceneData sceneFromRig2D(const core::model::Document& document, const core::eval::CompiledRig& rig,
                         const core::eval::EvaluatedRig& evaluated) {
    HYPERRIG_EXPECTS(document.dimension() == 2);
    SceneData scene;
    scene.dimension = 2;
    scene.is2D = true;
    std::size_t meshIndex = 0;
    for (const core::eval::EvaluatedInstance& instance : evaluated.instances) {
        if (!instance.visible)
            continue;
        const core::eval::CompiledMesh& mesh = rig.mesh(instance.mesh);
        const float* positions = instance.positions(mesh);
        const glm::vec3 color = surfaceColor(meshIndex++);
        const auto point = [&](std::size_t vertex) {
            return flatScenePoint(instance.world.applyPoint(
                core::math::VectorN{positions[2 * vertex], positions[2 * vertex + 1]}));
        };
        const auto addEdge = [&](double a, double b) {
            const auto ia = static_cast<std::size_t>(a);
            const auto ib = static_cast<std::size_t>(b);
            if (a >= 0.0 && b >= 0.0 && ia < mesh.vertexCount && ib < mesh.vertexCount)
                scene.edgeLines.push_back({point(ia), point(ib), color, instance.node});
        };
        for (std::size_t s = 0; s + 1 < mesh.simplexes.size(); s += 2)
            addEdge(mesh.simplexes[s], mesh.simplexes[s + 1]);
        // Edges listed by a surface (g4mf.md: "edges", pairs of vertex indices) are drawn too.
        for (const core::model::Surface& surface : document.mesh(instance.mesh).surfaces)
            if (surface.edges && !surface.simplexes)
                for (std::size_t e = 0; e + 1 < surface.edges->values.size(); e += 2)
                    addEdge(surface.edges->values[e], surface.edges->values[e + 1]);
    }
    for (const core::eval::CompiledSkeleton& skeleton : rig.skeletons())
        for (core::model::NodeId bone : skeleton.bones) {
            const core::math::AffineN& world = evaluated.world.at(bone);
            const double length = document.node(bone).bone()->length.value_or(0.0);
            BoneLine line;
            line.head = flatScenePoint(world.position());
            line.tail = flatScenePoint(world.applyPoint(core::math::VectorN{0.0, length}));
            line.node = bone;
            line.xAxis = flatScenePoint(world.applyVector(core::math::VectorN{1.0, 0.0}));
            line.zAxis = {0.0F, 0.0F, 1.0F};
            scene.bones.push_back(line);
        }
    return scene;
}

} // namespace hyperrig::render::scene
