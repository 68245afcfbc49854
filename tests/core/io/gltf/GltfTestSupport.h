#pragma once

// Shared by the glTF tests: fixture paths, and an independent reference for glTF skinning that
// reads files with tinygltf and evaluates glTF's own formula with GLM, sharing no code with
// core/io/gltf's decoding or with HyperRig's evaluation.

#include "core/io/g4mf/G4mfFile.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/io/gltf/GltfImport.h"
#include "core/io/gltf/TinyGltf.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace hyperrig::test {

inline std::filesystem::path gltfFixturePath(const std::string& name) {
    return std::filesystem::path(HYPERRIG_SOURCE_DIR) / "tests" / "fixtures" / "gltf" / name;
}

// glTF fixture `name` -> document -> .g4tf bytes -> document: what a user's round trip through
// G4MF does.
inline core::model::Document gltfThroughG4mf(const std::string& name) {
    auto imported = core::io::readGltf(gltfFixturePath(name));
    REQUIRE(imported);
    auto encoded = core::io::encodeG4mf(imported->document, core::io::G4mfContainer::Text, {});
    REQUIRE(encoded);
    auto file = core::io::parseG4mfBytes(encoded->file, "");
    REQUIRE(file);
    auto read = core::io::readDocument(*file);
    REQUIRE(read);
    return std::move(read->document);
}

inline bool gltfIgnoreImage(tinygltf::Image*, const int, std::string*, std::string*, int, int,
                            const unsigned char*, int, void*) {
    return true;
}

// A glTF file as tinygltf reads it.
inline tinygltf::Model gltfReferenceModel(const std::vector<std::byte>& bytes, bool binary) {
    tinygltf::TinyGLTF loader;
    loader.SetImageLoader(&gltfIgnoreImage, nullptr);
    tinygltf::Model model;
    std::string err, warn;
    const bool ok =
        binary ? loader.LoadBinaryFromMemory(&model, &err, &warn,
                                             reinterpret_cast<const unsigned char*>(bytes.data()),
                                             static_cast<unsigned int>(bytes.size()))
               : loader.LoadASCIIFromString(&model, &err, &warn,
                                            reinterpret_cast<const char*>(bytes.data()),
                                            static_cast<unsigned int>(bytes.size()), "");
    if (!ok)
        throw std::runtime_error("tinygltf: " + err);
    return model;
}

inline tinygltf::Model gltfReferenceModel(const std::filesystem::path& path) {
    tinygltf::TinyGLTF loader;
    loader.SetImageLoader(&gltfIgnoreImage, nullptr);
    tinygltf::Model model;
    std::string err, warn;
    if (!loader.LoadASCIIFromFile(&model, &err, &warn, path.string()))
        throw std::runtime_error("tinygltf: " + err);
    return model;
}

// Accessor values as doubles (normalised integers dequantised), element-major; sparse
// substitutions applied.
inline std::vector<double> gltfReferenceValues(const tinygltf::Model& model, int index) {
    const auto& accessor = model.accessors.at(static_cast<std::size_t>(index));
    const int width = tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(accessor.type));
    const int size =
        tinygltf::GetComponentSizeInBytes(static_cast<std::uint32_t>(accessor.componentType));
    auto read = [&](const unsigned char* at, int type) {
        switch (type) {
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
            return accessor.normalized ? at[0] / 255.0 : double(at[0]);
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
            std::uint16_t v;
            std::memcpy(&v, at, 2);
            return accessor.normalized ? v / 65535.0 : double(v);
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
            std::uint32_t v;
            std::memcpy(&v, at, 4);
            return double(v);
        }
        default: {
            float v;
            std::memcpy(&v, at, 4);
            return double(v);
        }
        }
    };
    std::vector<double> values(accessor.count * static_cast<std::size_t>(width), 0.0);
    if (accessor.bufferView >= 0) {
        const auto& view = model.bufferViews[static_cast<std::size_t>(accessor.bufferView)];
        const int stride = accessor.ByteStride(view);
        const unsigned char* base =
            model.buffers[static_cast<std::size_t>(view.buffer)].data.data() + view.byteOffset +
            accessor.byteOffset;
        for (std::size_t e = 0; e < accessor.count; ++e)
            for (int c = 0; c < width; ++c)
                values[e * std::size_t(width) + std::size_t(c)] = read(
                    base + e * std::size_t(stride) + std::size_t(c * size), accessor.componentType);
    }
    if (accessor.sparse.isSparse) {
        const auto& sparse = accessor.sparse;
        const auto& iv = model.bufferViews[std::size_t(sparse.indices.bufferView)];
        const auto& vv = model.bufferViews[std::size_t(sparse.values.bufferView)];
        const unsigned char* ib = model.buffers[std::size_t(iv.buffer)].data.data() +
                                  iv.byteOffset + std::size_t(sparse.indices.byteOffset);
        const unsigned char* vb = model.buffers[std::size_t(vv.buffer)].data.data() +
                                  vv.byteOffset + std::size_t(sparse.values.byteOffset);
        const int indexSize =
            tinygltf::GetComponentSizeInBytes(std::uint32_t(sparse.indices.componentType));
        for (int i = 0; i < sparse.count; ++i) {
            std::uint32_t target = 0;
            std::memcpy(&target, ib + i * indexSize, std::size_t(indexSize));
            for (int c = 0; c < width; ++c)
                values[target * std::size_t(width) + std::size_t(c)] =
                    read(vb + std::size_t((i * width + c) * size), accessor.componentType);
        }
    }
    return values;
}

inline glm::dmat4 gltfReferenceLocal(const tinygltf::Node& node) {
    if (node.matrix.size() == 16)
        return glm::make_mat4(node.matrix.data());
    glm::dmat4 m(1.0);
    if (node.translation.size() == 3)
        m = glm::translate(
            m, glm::dvec3(node.translation[0], node.translation[1], node.translation[2]));
    if (node.rotation.size() == 4)
        m *= glm::mat4_cast(glm::normalize(
            glm::dquat(node.rotation[3], node.rotation[0], node.rotation[1], node.rotation[2])));
    if (node.scale.size() == 3)
        m = glm::scale(m, glm::dvec3(node.scale[0], node.scale[1], node.scale[2]));
    return m;
}

// Skinned positions of the mesh on node `meshNode` by glTF's formula
//   p' = sum_i w_i * G(joint_i) * IBM_i * p,   G = global node transforms,
// where node n's local transform is followed by extra rotation `turns[n]` (L' = L * R).
inline std::vector<glm::dvec3> gltfReferenceSkinning(const tinygltf::Model& model, int meshNode,
                                                     const std::map<int, glm::dquat>& turns = {}) {
    std::vector<int> parent(model.nodes.size(), -1);
    for (std::size_t i = 0; i < model.nodes.size(); ++i)
        for (int child : model.nodes[i].children)
            parent[std::size_t(child)] = int(i);
    std::map<int, glm::dmat4> global;
    auto globalOf = [&](auto&& self, int n) -> glm::dmat4 {
        if (auto it = global.find(n); it != global.end())
            return it->second;
        glm::dmat4 local = gltfReferenceLocal(model.nodes[std::size_t(n)]);
        if (auto turn = turns.find(n); turn != turns.end())
            local *= glm::mat4_cast(turn->second);
        const glm::dmat4 g =
            parent[std::size_t(n)] < 0 ? local : self(self, parent[std::size_t(n)]) * local;
        global[n] = g;
        return g;
    };
    const auto& node = model.nodes[std::size_t(meshNode)];
    const auto& skin = model.skins[std::size_t(node.skin)];
    std::vector<glm::dmat4> jointMatrix;
    const auto ibm = skin.inverseBindMatrices >= 0
                         ? gltfReferenceValues(model, skin.inverseBindMatrices)
                         : std::vector<double>();
    for (std::size_t k = 0; k < skin.joints.size(); ++k) {
        glm::dmat4 inverseBind(1.0);
        if (!ibm.empty())
            inverseBind = glm::make_mat4(ibm.data() + 16 * k);
        jointMatrix.push_back(globalOf(globalOf, skin.joints[k]) * inverseBind);
    }
    std::vector<glm::dvec3> result;
    for (const auto& primitive : model.meshes[std::size_t(node.mesh)].primitives) {
        const auto positions = gltfReferenceValues(model, primitive.attributes.at("POSITION"));
        std::vector<glm::dvec4> skinned(positions.size() / 3, glm::dvec4(0.0));
        for (int set = 0; primitive.attributes.count("JOINTS_" + std::to_string(set)); ++set) {
            const auto joints = gltfReferenceValues(
                model, primitive.attributes.at("JOINTS_" + std::to_string(set)));
            const auto weights = gltfReferenceValues(
                model, primitive.attributes.at("WEIGHTS_" + std::to_string(set)));
            for (std::size_t v = 0; v < skinned.size(); ++v) {
                const glm::dvec4 p(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2],
                                   1.0);
                for (std::size_t c = 0; c < 4; ++c)
                    if (weights[4 * v + c] > 0)
                        skinned[v] +=
                            weights[4 * v + c] * (jointMatrix[std::size_t(joints[4 * v + c])] * p);
            }
        }
        for (const auto& p : skinned)
            result.emplace_back(p);
    }
    return result;
}

} // namespace hyperrig::test
