#include "core/edit/commands/NodeWorldTransform.h"

#include "core/edit/commands/NodeCommandSupport.h"

#include <vector>

namespace hyperrig::core::edit {

Result<math::AffineN> worldTransform(const model::Document& document, model::NodeId node) {
    std::vector<model::NodeId> chain; // the node first, up to the top of its tree
    // Bounded by the node count, so a corrupt parent cycle cannot loop forever.
    for (const model::Node* current = document.nodes.find(node);
         current && chain.size() <= document.nodes.size();
         current = document.nodes.find(current->parent))
        chain.push_back(current->id);
    math::AffineN world = math::AffineN::identity(document.dimension());
    for (auto id = chain.rbegin(); id != chain.rend(); ++id) {
        auto local = document.node(*id).transform.toAffine(document.dimension());
        if (!local)
            return std::move(local).withContext(nodeLabel(document, *id));
        world = math::AffineN::compose(world, *local);
    }
    return world;
}

} // namespace hyperrig::core::edit
