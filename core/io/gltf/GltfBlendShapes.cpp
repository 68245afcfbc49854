// glTF morph targets <-> G4MF blend shapes (docs/interop-gltf.md, "Morph targets"; decision
// 0051). POSITION offsets become the shape's position target, sparse over the vertices that
// move; the other attributes' offsets (NORMAL, TANGENT, ...) have no G4MF counterpart here
// (HyperRig keeps glTF normals as kept vertex arrays, not as a G4MF normals binding), so they
// stay with the shape in extras.gltf.attributes, dense over the mesh, for the export.
#include "core/io/gltf/GltfExporter.h"
#include "core/io/gltf/GltfImportContext.h"
#include "core/io/gltf/GltfJson.h"

namespace hyperrig::core::io::gltf {

model::BlendShapes blendFromMorphTargets(std::vector<std::map<std::string, OrderedJson>>& targets,
                                         std::size_t vertexCount, const OrderedJson* names) {
    model::BlendShapes blend;
    for (std::size_t t = 0; t < targets.size(); ++t) {
        model::BlendShape shape;
        if (names && names->is_array() && t < names->size() && (*names)[t].is_string())
            shape.name = (*names)[t].get<std::string>();
        auto& kept = targets[t];
        const auto position = kept.find("POSITION");
        if (position != kept.end() && position->second["type"] == "VEC3") {
            const auto& values = position->second["values"];
            model::BlendTarget target;
            target.indices = model::NumericArray{model::smallestUnsignedTypeFor(vertexCount),
                                                 1,
                                                 {},
                                                 std::nullopt,
                                                 OrderedJson::object()};
            target.offsets.vectorSize = 3;
            for (std::size_t v = 0; v < vertexCount && 3 * v + 2 < values.size(); ++v) {
                const double x = values[3 * v].get<double>();
                const double y = values[3 * v + 1].get<double>();
                const double z = values[3 * v + 2].get<double>();
                if (x == 0.0 && y == 0.0 && z == 0.0)
                    continue;
                target.indices->values.push_back(static_cast<double>(v));
                target.offsets.values.insert(target.offsets.values.end(), {x, y, z});
            }
            // Quantised offsets (KHR_mesh_quantization) go back in their type.
            if (position->second["componentType"] != 5126 || position->second["normalized"] == true)
                gltfExtras(shape.extra)["position"] = {
                    {"componentType", position->second["componentType"]},
                    {"normalized", position->second["normalized"]}};
            shape.targets.position = std::move(target);
            kept.erase(position);
        }
        if (!kept.empty()) {
            auto& attributes = gltfExtras(shape.extra)["attributes"];
            for (auto& [name, value] : kept)
                attributes[name] = std::move(value);
        }
        blend.shapes.push_back(std::move(shape));
    }
    return blend;
}

namespace {

std::string gltfBlendMeshLabel(const model::Mesh& mesh) {
    return "mesh '" + mesh.name.value_or("") + "'";
}

} // namespace

// Blend shapes as glTF targets, shared by every primitive. A position target is written dense
// (zeros where it has no entry), turned by a baked mesh transform (offsets are vectors); kept
// attribute offsets go back as stored. What glTF cannot hold drops the targets whole, with a
// warning: a target index past the vertices, kept offsets that no longer fit them, normal or
// tangent offsets under a baked transform. In-betweens and G4MF normal targets are not
// written (glTF interpolates linearly; its normals are not a G4MF binding): a warning each.
OrderedJson Exporter::writeBlendTargets(const model::Mesh& mesh, std::size_t vertexCount,
                                        const math::BasisN* baked) {
    const model::BlendShapes& blend = *mesh.blend;
    const auto drop = [&](const std::string& why) {
        m_encoded.warnings.push_back(gltfBlendMeshLabel(mesh) + ": " + why +
                                     "; the morph targets are dropped");
        return OrderedJson::array();
    };
    TargetArrays arrays;
    for (const model::BlendShape& shape : blend.shapes) {
        const std::string label = "blend shape '" + shape.name.value_or("") + "'";
        if (!shape.inbetweens.empty())
            m_encoded.warnings.push_back(gltfBlendMeshLabel(mesh) + ": " + label +
                                         " has in-betweens, which glTF cannot express; only "
                                         "the shape itself is exported");
        if (!shape.targets.surfaces.empty())
            m_encoded.warnings.push_back(gltfBlendMeshLabel(mesh) + ": " + label +
                                         " has G4MF surface targets (normals, texture maps); "
                                         "not exported");
        auto& written = arrays.emplace_back();
        const OrderedJson* gltf = keptGltf(shape.extra, "attributes");
        if (shape.targets.position || !gltf || !gltf->is_object() || gltf->empty()) {
            KeptVertexArray position;
            position.type = "VEC3";
            position.width = 3;
            position.componentType = 5126;
            if (const auto* type = keptGltf(shape.extra, "position"); type && type->is_object()) {
                if (const auto* c = member(*type, "componentType"); c && c->is_number_integer())
                    position.componentType = c->get<int>();
                if (const auto* n = member(*type, "normalized"); n && n->is_boolean())
                    position.normalized = n->get<bool>();
            }
            position.numbers.assign(vertexCount * 3, 0.0);
            if (const auto& target = shape.targets.position) {
                const auto width =
                    static_cast<std::size_t>(std::max(target->offsets.vectorSize, 0));
                for (std::size_t i = 0; i < target->entryCount(); ++i) {
                    const double at = target->indices ? target->indices->values[i] : double(i);
                    if (!(at >= 0.0) || at >= static_cast<double>(vertexCount) || width < 3)
                        return drop(label + " moves a vertex the mesh does not have");
                    for (std::size_t c = 0; c < 3; ++c)
                        position.numbers[static_cast<std::size_t>(at) * 3 + c] +=
                            target->offsets.values[i * width + c];
                }
            }
            if (baked)
                for (std::size_t v = 0; v < vertexCount; ++v) {
                    const auto turned =
                        *baked * math::VectorN{position.numbers[3 * v], position.numbers[3 * v + 1],
                                               position.numbers[3 * v + 2]};
                    for (std::size_t c = 0; c < 3; ++c)
                        position.numbers[3 * v + c] = turned[static_cast<int>(c)];
                }
            written.emplace_back("POSITION", std::move(position));
        }
        if (gltf && gltf->is_object())
            for (const auto& [name, data] : gltf->items()) {
                auto array = keptVertexArray(data, vertexCount);
                if (!array || (baked && (name == "NORMAL" || name == "TANGENT")))
                    return drop("morph target " + name + " offsets no longer match the vertices");
                written.emplace_back(name, std::move(*array));
            }
    }
    return writeTargetAccessors(arrays);
}

} // namespace hyperrig::core::io::gltf
