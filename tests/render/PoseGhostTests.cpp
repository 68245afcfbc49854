#include "render/scene/PoseGhost.h"

#include <catch2/catch.hpp>

using namespace hyperrig::render::scene;

TEST_CASE("a pose ghost adds see-through, unpickable copies of the surfaces", "[render][ghost]") {
    SceneData scene;
    scene.surfaces.push_back({{glm::vec3(0.0F), glm::vec3(1, 0, 0), glm::vec3(0, 1, 0)},
                              {glm::vec3(0, 0, 1)},
                              {glm::vec3(0, 0, 1), glm::vec3(0, 0.6F, 0.8F), glm::vec3(0, 0, 1)},
                              {},
                              glm::vec3(0.6F),
                              false,
                              1.0F,
                              hyperrig::core::model::NodeId{7}});
    SceneData ghost = scene;
    ghost.surfaces[0].heatmap = true;
    ghost.surfaces[0].attributes = {0.5F, 0.5F, 0.5F};
    ghost.surfaces.push_back({}); // an empty surface (a mesh the hyperplane misses) adds nothing
    ghost.bones.push_back({});

    addPoseGhost(scene, ghost);
    REQUIRE(scene.surfaces.size() == 2);
    const SurfaceInput& added = scene.surfaces[1];
    CHECK(added.positions == scene.surfaces[0].positions);
    CHECK(added.smoothNormals == scene.surfaces[0].smoothNormals); // shaded like the posed rig
    CHECK(added.baseColor == kGhostColor);
    CHECK(added.opacity == kGhostOpacity);
    CHECK_FALSE(added.heatmap);
    CHECK(added.attributes.empty());
    CHECK_FALSE(added.node);    // picking looks through ghosts
    CHECK(scene.bones.empty()); // the ghost's bones are not drawn
}
