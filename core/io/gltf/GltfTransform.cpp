#include "core/io/gltf/GltfTransform.h"

#include "core/io/gltf/GltfJson.h"
#include "core/math/BasisDecomposition.h"
#include "core/math/Rotor.h"

#include <cmath>

namespace hyperrig::core::io::gltf {

std::array<double, 16> matrixOf(const math::AffineN& affine) {
    std::array<double, 16> m{};
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r)
            m[static_cast<std::size_t>(c * 4 + r)] = affine.basis().at(r, c);
    for (int r = 0; r < 3; ++r)
        m[static_cast<std::size_t>(12 + r)] = affine.position()[r];
    m[15] = 1.0;
    return m;
}

Result<math::AffineN> affineOfMatrix(const std::array<double, 16>& m) {
    if (std::abs(m[3]) > 1e-6 || std::abs(m[7]) > 1e-6 || std::abs(m[11]) > 1e-6 ||
        std::abs(m[15] - 1.0) > 1e-6)
        return Error("the matrix's last row is not (0, 0, 0, 1): it is not an affine map");
    const std::array<double, 9> basis{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]};
    auto b = math::BasisN::fromColumnMajor(3, basis);
    if (!b)
        return b.error();
    return math::AffineN(*b, math::VectorN{m[12], m[13], m[14]});
}

Result<model::NodeTransform> transformFromGltfNode(const model::OrderedJson& node,
                                                   const std::string& pointer) {
    model::NodeTransform transform;
    auto matrix = optionalNumbers(node, "matrix", pointer, 16);
    auto translation = optionalNumbers(node, "translation", pointer, 3);
    auto rotation = optionalNumbers(node, "rotation", pointer, 4);
    auto scale = optionalNumbers(node, "scale", pointer, 3);
    for (const auto* part : {&matrix, &translation, &rotation, &scale})
        if (!*part)
            return part->error();
    if (*matrix) {
        std::array<double, 16> m{};
        std::copy((*matrix)->begin(), (*matrix)->end(), m.begin());
        auto affine = affineOfMatrix(m);
        if (!affine)
            return affine.error().withContext(pointer + "/matrix");
        transform.form = model::NodeTransform::Form::Basis;
        const auto basis = affine->basis().columnMajor();
        transform.basis.assign(basis.begin(), basis.end());
        bool moved = false;
        for (int i = 0; i < 3; ++i)
            moved = moved || affine->position()[i] != 0.0;
        if (moved)
            transform.position = {m[12], m[13], m[14]};
        return transform;
    }
    if (*translation)
        transform.position = **translation;
    std::vector<double> rotor;
    if (*rotation) {
        const auto& q = **rotation; // (x, y, z, w)
        if (q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 0)
            return Error(pointer + "/rotation: the zero quaternion is not a rotation");
        rotor = {q[3], q[2], -q[1], q[0]};
    }
    if (*scale) {
        const auto& s = **scale;
        if (s[0] <= 0 || s[1] <= 0 || s[2] <= 0) {
            // Mirroring or a collapsed axis: G4MF has no negative scale, so write the basis.
            auto r =
                rotor.empty() ? math::Rotor::identity(3) : math::Rotor::fromComponents(3, rotor);
            if (!r)
                return r.error();
            auto unit = r->normalized();
            if (!unit)
                return unit.error().withContext(pointer + "/rotation");
            const auto basis = unit->toBasis() * math::BasisN::fromDiagonal({s[0], s[1], s[2]});
            transform.form = model::NodeTransform::Form::Basis;
            transform.basis.assign(basis.columnMajor().begin(), basis.columnMajor().end());
            return transform;
        }
        transform.scale = s;
    }
    if (!rotor.empty() || !transform.scale.empty()) {
        transform.form = model::NodeTransform::Form::RotorScale;
        transform.rotor = rotor;
    }
    return transform;
}

model::NodeTransform transformFromAffine(const math::AffineN& affine) {
    model::NodeTransform transform;
    const auto position = affine.position().values();
    transform.position.assign(position.begin(), position.end());
    auto split = math::decomposeBasis(affine.basis(), 1e-7);
    if (split) {
        transform.form = model::NodeTransform::Form::RotorScale;
        const auto rotor = split->rotor.components();
        transform.rotor.assign(rotor.begin(), rotor.end());
        const auto scale = split->scale.values();
        bool unit = true;
        for (double s : scale)
            unit = unit && std::abs(s - 1.0) <= 1e-7;
        if (!unit)
            transform.scale.assign(scale.begin(), scale.end());
    } else {
        transform.form = model::NodeTransform::Form::Basis;
        const auto basis = affine.basis().columnMajor();
        transform.basis.assign(basis.begin(), basis.end());
    }
    return transform;
}

Result<void> writeGltfTransform(const model::NodeTransform& transform, model::OrderedJson& node) {
    auto affine = transform.toAffine(3);
    if (!affine)
        return affine.error();
    using Form = model::NodeTransform::Form;
    if (transform.form == Form::Basis) {
        const auto m = matrixOf(*affine);
        node["matrix"] = std::vector<double>(m.begin(), m.end());
        return {};
    }
    if (!transform.position.empty())
        node["translation"] = transform.position;
    if (transform.form == Form::None)
        return {};
    if (!transform.rotor.empty()) {
        auto rotor = math::Rotor::fromComponents(3, transform.rotor);
        if (!rotor)
            return rotor.error();
        auto unit = rotor->normalized();
        if (!unit)
            return unit.error();
        const auto r = unit->components(); // [s, xy, xz, yz] -> (x, y, z, w) = (yz, -xz, xy, s)
        node["rotation"] = std::vector<double>{r[3], -r[2], r[1], r[0]};
    }
    if (transform.scale.size() == 1)
        node["scale"] = std::vector<double>(3, transform.scale[0]);
    else if (!transform.scale.empty())
        node["scale"] = transform.scale;
    return {};
}

} // namespace hyperrig::core::io::gltf
