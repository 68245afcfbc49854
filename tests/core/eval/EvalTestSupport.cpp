#include "tests/core/eval/EvalTestSupport.h"

#include "tests/core/model/NodeBuilding.h"

#include <memory>

using namespace hyperrig::core;

namespace hyperrig::test {
namespace {

std::vector<double> axis(int dimension, int index, double length) {
    std::vector<double> values(static_cast<std::size_t>(dimension), 0.0);
    values[static_cast<std::size_t>(index)] = length;
    return values;
}

} // namespace

std::vector<double> quarterTurnXY(int dimension) {
    const auto n = static_cast<std::size_t>(dimension);
    std::vector<double> basis(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        basis[i * n + i] = 1.0;
    basis[0 * n + 0] = 0.0; // column X = +Y
    basis[0 * n + 1] = 1.0;
    basis[1 * n + 1] = 0.0; // column Y = -X
    basis[1 * n + 0] = -1.0;
    return basis;
}

TinyRig makeTinyRig(int dimension, std::vector<double> meshPosition) {
    TinyRig rig;
    model::Document& document = rig.document;
    document.asset.dimension = dimension;
    const model::NodeId scene = addNode(document, "Scene", {});
    rig.rig = addNode(document, "Rig", scene);
    rig.upper = addNode(document, "Upper", rig.rig);
    rig.lower = addNode(document, "Lower", rig.upper);
    rig.skinNode = addNode(document, "Skin", rig.rig);

    model::Skeleton skeleton;
    skeleton.joints = {rig.upper, rig.lower};
    skeleton.writeJoints = true;
    skeleton.extra = model::OrderedJson::object();
    document.node(rig.rig).component = skeleton;
    document.node(rig.upper).component = model::Bone{1.0, std::nullopt, {}, {}};
    document.node(rig.lower).component = model::Bone{1.0, std::nullopt, {}, {}};
    document.node(rig.lower).transform.position = axis(dimension, 1, 1.0);
    document.node(rig.skinNode).transform.position = std::move(meshPosition);

    auto mesh = std::make_unique<model::Mesh>();
    mesh->id = document.meshes.allocateId();
    mesh->name = "SkinMesh";
    mesh->vertices.vectorSize = dimension;
    const std::vector<std::vector<double>> points{axis(dimension, 1, 2.0), axis(dimension, 1, 0.5),
                                                  axis(dimension, 0, 1.0), axis(dimension, 1, 3.0),
                                                  axis(dimension, 0, 1.0)};
    for (const auto& point : points)
        mesh->vertices.values.insert(mesh->vertices.values.end(), point.begin(), point.end());
    mesh->vertices.values[4 * static_cast<std::size_t>(dimension) + 1] = 1.0; // v4 = X + Y
    model::Surface surface;
    surface.simplexes = model::NumericArray{};
    surface.simplexes->componentType = model::ComponentType::Uint32;
    surface.simplexes->vectorSize = dimension;
    for (int i = 0; i < dimension; ++i)
        surface.simplexes->values.push_back(i);
    mesh->surfaces.push_back(surface);
    model::Skin skin;
    skin.offsets = {0, 1, 3, 3, 4, 6};
    skin.groups = {1, 0, 1, 5, 0, 1};
    skin.weights = {1.0, 0.5, 0.5, 2.0, 0.0, 0.0};
    mesh->skin = skin;
    rig.mesh = mesh->id;
    document.meshes.append(std::move(mesh));
    document.node(rig.skinNode).component =
        model::MeshInstance{rig.mesh, model::OrderedJson::object(), std::nullopt};
    return rig;
}

} // namespace hyperrig::test
