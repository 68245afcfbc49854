#include "core/ops/DimensionLift.h"

#include <cmath>
#include <memory>

namespace hyperrig::core::ops {
namespace {

using model::Document;
using model::NodeTransform;

// |w| at most this counts as zero when dropping W: well below any authored offset, well above
// the rounding of a rotor round trip.
constexpr double kZeroW = 1e-12;

Document copyOf(const Document& source) {
    Document copy;
    copy.asset = source.asset;
    copy.preserved = source.preserved;
    for (model::NodeId id : source.nodes.order())
        copy.nodes.append(std::make_unique<model::Node>(source.node(id)));
    for (model::MeshId id : source.meshes.order())
        copy.meshes.append(std::make_unique<model::Mesh>(source.mesh(id)));
    for (model::ShapeId id : source.shapes.order())
        copy.shapes.append(std::make_unique<model::Shape>(*source.shapes.find(id)));
    return copy;
}

std::string nodeLabel(const model::Node& node) {
    return "node '" + node.displayName() + "'";
}

// A 3x3 column-major basis as the upper-left block of a 4x4 one with W -> W.
std::vector<double> paddedBasis(const std::vector<double>& basis) {
    std::vector<double> padded(16, 0.0);
    for (int column = 0; column < 3; ++column)
        for (int row = 0; row < 3; ++row)
            padded[static_cast<std::size_t>(column * 4 + row)] =
                basis[static_cast<std::size_t>(column * 3 + row)];
    padded[15] = 1.0;
    return padded;
}

Result<void> liftPositionAndBasis(std::vector<double>& position, std::vector<double>& basis,
                                  bool hasBasis) {
    if (!position.empty()) {
        if (position.size() != 3)
            return Error("position has " + std::to_string(position.size()) + " numbers, not 3");
        position.resize(4, 0.0); // W = 0
    }
    if (hasBasis) {
        if (basis.size() != 9)
            return Error("basis has " + std::to_string(basis.size()) + " numbers, not 9");
        basis = paddedBasis(basis);
    }
    return {};
}

Result<void> liftTransform(NodeTransform& transform) {
    if (auto lifted = liftPositionAndBasis(transform.position, transform.basis,
                                           transform.form == NodeTransform::Form::Basis);
        !lifted)
        return lifted;
    if (transform.form != NodeTransform::Form::RotorScale)
        return {};
    if (!transform.rotor.empty()) {
        if (transform.rotor.size() != 4)
            return Error("rotor has " + std::to_string(transform.rotor.size()) + " numbers, not 4");
        transform.rotor.resize(8, 0.0); // xw, yw, zw, xyzw = 0: no turn leaves the W = 0 space
    }
    if (transform.scale.size() == 3)
        transform.scale.resize(4, 1.0); // W keeps its length
    return {};
}

Result<void> dropPositionAndBasis(std::vector<double>& position, std::vector<double>& basis,
                                  bool hasBasis) {
    if (!position.empty()) {
        if (position.size() != 4 || std::abs(position[3]) > kZeroW)
            return Error("its position has a W component");
        position.pop_back();
    }
    if (hasBasis) {
        if (basis.size() != 16)
            return Error("its basis is not 4x4");
        // Column-major: W row entries sit at column*4 + 3, W column entries at 12 + row.
        for (int i = 0; i < 3; ++i)
            if (std::abs(basis[static_cast<std::size_t>(i * 4 + 3)]) > kZeroW ||
                std::abs(basis[static_cast<std::size_t>(12 + i)]) > kZeroW)
                return Error("its basis mixes W with X, Y or Z");
        std::vector<double> dropped;
        for (int column = 0; column < 3; ++column)
            for (int row = 0; row < 3; ++row)
                dropped.push_back(basis[static_cast<std::size_t>(column * 4 + row)]);
        basis = std::move(dropped);
    }
    return {};
}

Result<void> dropTransform(NodeTransform& transform) {
    if (auto dropped = dropPositionAndBasis(transform.position, transform.basis,
                                            transform.form == NodeTransform::Form::Basis);
        !dropped)
        return dropped;
    if (transform.form != NodeTransform::Form::RotorScale)
        return {};
    if (!transform.rotor.empty()) {
        if (transform.rotor.size() < 7)
            return Error("its rotor is not a 4D rotor");
        for (std::size_t i = 4; i < transform.rotor.size(); ++i)
            if (std::abs(transform.rotor[i]) > kZeroW)
                return Error("its rotor turns in a W plane");
        transform.rotor.resize(4);
    }
    if (transform.scale.size() == 4)
        transform.scale.pop_back();
    return {};
}

template <typename Change>
Result<void> changeBindPoses(model::Node& node, Change change) {
    if (model::Skeleton* skeleton = node.skeleton())
        for (model::BindPose& pose : skeleton->bindPoses)
            for (model::JointPose& joint : pose.joints)
                if (auto changed = change(joint.position, joint.basis, !joint.basis.empty());
                    !changed)
                    return changed.error().withContext(nodeLabel(node) + ": bind pose");
    return {};
}

// Tetrahedra of the prism over triangle (a, b, c) between layer 0 (index v) and layer 1
// (v + n): three tetrahedra that share faces, filling the prism exactly.
void appendPrism(std::vector<double>& out, double a, double b, double c, double n) {
    const double tets[3][4] = {{a, b, c, a + n}, {b, c, a + n, b + n}, {c, a + n, b + n, c + n}};
    for (const auto& tet : tets)
        out.insert(out.end(), tet, tet + 4);
}

Result<void> liftMesh(model::Mesh& mesh, const LiftOptions& options) {
    const std::string label = "mesh '" + (mesh.name ? *mesh.name : std::string()) + "'";
    if (mesh.blend)
        return Error(label + " has blend shapes, whose 3D offsets the lift cannot pad");
    bool hasTriangles = false;
    for (const model::Surface& surface : mesh.surfaces) {
        if (!surface.extra.empty())
            return Error(label + " has surface data kept as read (normals, texture maps, "
                                 "polytopes) that the lift cannot pad");
        hasTriangles |= surface.simplexes && surface.simplexes->elementCount() > 0;
    }
    const bool slab = hasTriangles;
    if (slab && !(options.thickness && *options.thickness > 0.0))
        return Error(label + " is made of triangles; 4D surfaces are tetrahedra, so give a "
                             "thickness (the triangles become a thin slab)");
    const std::size_t n = mesh.vertexCount();
    const double halfThickness = slab ? *options.thickness / 2.0 : 0.0;
    std::vector<double> vertices;
    for (int layer = 0; layer < (slab ? 2 : 1); ++layer)
        for (std::size_t v = 0; v < n; ++v) {
            for (int axis = 0; axis < 3; ++axis)
                vertices.push_back(mesh.vertices.values[v * 3 + static_cast<std::size_t>(axis)]);
            vertices.push_back(slab ? (layer == 0 ? -halfThickness : halfThickness) : 0.0);
        }
    mesh.vertices.values = std::move(vertices);
    mesh.vertices.vectorSize = 4;
    mesh.vertices.sourceAccessor.reset();
    const bool wideIndices = 2 * n > 0xFFFF;
    for (model::Surface& surface : mesh.surfaces) {
        if (!surface.simplexes)
            continue;
        std::vector<double> tetrahedra;
        const auto& triangles = surface.simplexes->values;
        for (std::size_t t = 0; t + 2 < triangles.size(); t += 3)
            appendPrism(tetrahedra, triangles[t], triangles[t + 1], triangles[t + 2],
                        static_cast<double>(n));
        surface.simplexes->values = std::move(tetrahedra);
        surface.simplexes->vectorSize = 4;
        surface.simplexes->sourceAccessor.reset();
        if (wideIndices)
            surface.simplexes->componentType = model::ComponentType::Uint32;
    }
    if (mesh.skin && slab) {
        model::Skin& skin = *mesh.skin;
        if (skin.offsets.size() != n + 1)
            return Error(label + ": its skin does not cover its vertices");
        // Layer 1 copies layer 0's influences: both faces of the slab deform alike.
        const std::size_t influences = skin.groups.size();
        for (std::size_t v = 0; v < n; ++v) {
            for (std::uint32_t i = skin.offsets[v]; i < skin.offsets[v + 1]; ++i) {
                skin.groups.push_back(skin.groups[i]);
                skin.weights.push_back(skin.weights[i]);
            }
            skin.offsets.push_back(static_cast<std::uint32_t>(influences) + skin.offsets[v + 1]);
        }
        if (wideIndices)
            skin.vertexIndexType = model::ComponentType::Uint32;
        skin.sourceVertices.reset();
        skin.sourceGroups.reset();
        skin.sourceWeights.reset();
    }
    return {};
}

Result<void> refuseUnpaddable(const Document& document) {
    if (!document.preserved.accessors.empty())
        return Error("the document keeps accessors HyperRig does not interpret; their vectors "
                     "cannot be padded");
    if (!document.shapes.empty())
        return Error("the document has physics shapes, whose sizes are per dimension");
    return {};
}

} // namespace

Result<model::Document> liftTo4D(const model::Document& document, const LiftOptions& options) {
    if (document.dimension() != 3)
        return Error("lifting embeds a 3D document into 4D; this one is " +
                     std::to_string(document.dimension()) + "D");
    if (auto refused = refuseUnpaddable(document); !refused)
        return refused.error();
    Document lifted = copyOf(document);
    lifted.asset.dimension = 4;
    for (model::NodeId id : lifted.nodes.order()) {
        model::Node& node = lifted.node(id);
        if (auto done = liftTransform(node.transform); !done)
            return done.error().withContext(nodeLabel(node));
        if (auto done = changeBindPoses(node, liftPositionAndBasis); !done)
            return done.error();
    }
    for (model::MeshId id : lifted.meshes.order())
        if (auto done = liftMesh(lifted.mesh(id), options); !done)
            return done.error();
    return lifted;
}

Result<model::Document> dropTo3D(const model::Document& document) {
    if (document.dimension() != 4)
        return Error("dropping W turns a 4D document into 3D; this one is " +
                     std::to_string(document.dimension()) + "D");
    if (!document.meshes.empty())
        return Error("the document has meshes; tetrahedra have no 3D counterpart, so only rigs "
                     "are dropped to 3D");
    if (auto refused = refuseUnpaddable(document); !refused)
        return refused.error();
    Document dropped = copyOf(document);
    dropped.asset.dimension = 3;
    for (model::NodeId id : dropped.nodes.order()) {
        model::Node& node = dropped.node(id);
        if (auto done = dropTransform(node.transform); !done)
            return done.error().withContext(nodeLabel(node));
        if (auto done = changeBindPoses(node, dropPositionAndBasis); !done)
            return done.error();
    }
    return dropped;
}

} // namespace hyperrig::core::ops
