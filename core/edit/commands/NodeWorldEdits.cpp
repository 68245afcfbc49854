#include "core/edit/commands/NodeWorldEdits.h"

#include "core/edit/commands/NodeTransformConversion.h"
#include "core/math/PlaneRotation.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hyperrig::core::edit {
Result<model::NodeTransform> translatedInWorld(const model::NodeTransform& local, int dimension,
                                               const math::AffineN& parentWorld,
                                               const math::VectorN& worldDelta) {
    auto placement = local.toAffine(dimension);
    if (!placement)
        return placement.error();
    auto toParent = parentWorld.basis().inverse();
    if (!toParent)
        return Error("the parent's transform cannot be inverted (a zero scale): " +
                     toParent.error().message());
    const math::VectorN position = placement->position() + (*toParent) * worldDelta;
    model::NodeTransform moved = local;
    moved.position.assign(position.values().begin(), position.values().end());
    return moved;
}

Result<model::NodeTransform> rotatedInWorld(const model::NodeTransform& local, int dimension,
                                            const math::AffineN& parentWorld,
                                            const math::VectorN& u, const math::VectorN& v,
                                            double radians) {
    auto placement = local.toAffine(dimension);
    if (!placement)
        return placement.error();
    const math::BasisN& parentBasis = parentWorld.basis();
    auto toParent = parentBasis.inverse();
    if (!toParent)
        return Error("the parent's transform cannot be inverted (a zero scale): " +
                     toParent.error().message());
    const math::BasisN turnInParent =
        (*toParent) * math::planeRotation(u, v, radians) * parentBasis;
    math::AffineN turned = *placement;
    turned.setBasis(turnInParent * placement->basis());
    model::NodeTransform result = transformLike(turned, local.form);
    // transformLike omits a zero position; a node that had one written keeps it written.
    if (result.position.empty() && !local.position.empty())
        result.position = local.position;
    return result;
}

model::NodeTransform boneTowards(int dimension, const math::VectorN& head,
                                 const math::VectorN& direction) {
    const math::VectorN yAxis = math::VectorN::axis(dimension, 1);
    math::BasisN basis = math::BasisN::identity(dimension);
    if (auto unit = direction.normalized()) {
        const double along = std::clamp(unit->dot(yAxis), -1.0, 1.0);
        const math::VectorN across = *unit - yAxis * along;
        if (auto acrossUnit = across.normalized(); acrossUnit && across.length() > 1e-12)
            basis = math::planeRotation(yAxis, *acrossUnit, std::acos(along));
        else if (along < 0.0) // straight down: a half turn in XY (any plane through Y would do)
            basis = math::planeRotation(yAxis, math::VectorN::axis(dimension, 0), std::numbers::pi);
    }
    return transformLike(math::AffineN(basis, head), model::NodeTransform::Form::RotorScale);
}

std::vector<model::NodeId> topmostNodes(const model::Document& document,
                                        std::span<const model::NodeId> nodes) {
    std::vector<model::NodeId> topmost;
    for (model::NodeId node : nodes) {
        const model::Node* found = document.nodes.find(node);
        if (!found || !found->parent)
            continue; // gone, or the root (which has no transform)
        bool ancestorListed = false;
        std::size_t steps = 0; // bounded, so a corrupt parent cycle cannot loop forever
        // The root never moves, so a selected root (Select All) hides no node below it.
        for (const model::Node* up = document.nodes.find(found->parent);
             up && up->parent && !ancestorListed && steps <= document.nodes.size();
             up = document.nodes.find(up->parent), ++steps)
            ancestorListed = std::find(nodes.begin(), nodes.end(), up->id) != nodes.end();
        if (!ancestorListed && std::find(topmost.begin(), topmost.end(), node) == topmost.end())
            topmost.push_back(node);
    }
    return topmost;
}

} // namespace hyperrig::core::edit
