#include "core/io/gltf/GltfStaticMeshes.h"
#include "tests/core/io/gltf/GltfTestSupport.h"

#include <catch2/catch.hpp>

using hyperrig::core::io::encodeStaticMeshesGltf;
using hyperrig::core::io::GltfStaticMesh;
using hyperrig::test::gltfReferenceModel;
using hyperrig::test::gltfReferenceValues;

namespace {

// One triangle in the z = 0 plane, normal +z, and a mesh the slice did not cut.
std::vector<GltfStaticMesh> staticMeshesSample() {
    return {{"Cut", {0, 0, 0, 2, 0, 0, 0, 3, 0}, {0, 0, 1, 0, 0, 1, 0, 0, 1}}, {"Missed", {}, {}}};
}

} // namespace

TEST_CASE("static glTF meshes: one named node per mesh with triangles, POSITION and NORMAL",
          "[gltf][slice]") {
    for (const bool binary : {false, true}) {
        INFO((binary ? "glb" : "gltf"));
        const auto encoded = encodeStaticMeshesGltf(staticMeshesSample(), binary);
        REQUIRE(encoded.ok());
        const auto model = gltfReferenceModel(encoded->file, binary);
        REQUIRE(model.nodes.size() == 1);
        CHECK(model.nodes[0].name == "Cut");
        REQUIRE(model.meshes.size() == 1);
        CHECK(model.meshes[0].name == "Cut");
        CHECK(model.skins.empty());
        REQUIRE(model.scenes.size() == 1);
        CHECK(model.scenes[0].nodes == std::vector<int>{0});
        const auto& primitive = model.meshes[0].primitives.at(0);
        CHECK(primitive.mode == TINYGLTF_MODE_TRIANGLES);
        CHECK(primitive.indices == -1);
        const int position = primitive.attributes.at("POSITION");
        CHECK(gltfReferenceValues(model, position) ==
              std::vector<double>{0, 0, 0, 2, 0, 0, 0, 3, 0});
        CHECK(model.accessors[std::size_t(position)].minValues == std::vector<double>{0, 0, 0});
        CHECK(model.accessors[std::size_t(position)].maxValues == std::vector<double>{2, 3, 0});
        CHECK(gltfReferenceValues(model, primitive.attributes.at("NORMAL")) ==
              std::vector<double>{0, 0, 1, 0, 0, 1, 0, 0, 1});
    }
}

TEST_CASE("static glTF meshes refuse arrays that are not whole triangles, naming the mesh",
          "[gltf][slice]") {
    auto meshes = staticMeshesSample();
    meshes[0].normals.pop_back();
    const auto encoded = encodeStaticMeshesGltf(meshes, true);
    REQUIRE_FALSE(encoded.ok());
    CHECK_THAT(encoded.error().message(), Catch::Contains("mesh 'Cut'"));
    meshes = staticMeshesSample();
    meshes[0].positions.resize(6);
    meshes[0].normals.resize(6);
    REQUIRE_FALSE(encodeStaticMeshesGltf(meshes, false).ok());
}

TEST_CASE("static glTF meshes: a cut that meets nothing is a scene without nodes",
          "[gltf][slice]") {
    const auto encoded = encodeStaticMeshesGltf({{"Missed", {}, {}}}, false);
    REQUIRE(encoded.ok());
    const auto model = gltfReferenceModel(encoded->file, false);
    CHECK(model.nodes.empty());
    CHECK(model.meshes.empty());
    REQUIRE(model.scenes.size() == 1);
    // glTF's schema wants at least one entry in a scene's node list, so the list is left out.
    const std::string text(reinterpret_cast<const char*>(encoded->file.data()),
                           encoded->file.size());
    CHECK(text.find("\"nodes\"") == std::string::npos);
}
