#include "core/model/DocumentEquality.h"

#include <sstream>

namespace hyperrig::core::model {
namespace {

class Comparer {
public:
    Comparer(const Document& a, const Document& b) : m_a(a), m_b(b) {}

    std::optional<std::string> run() {
        if (!(m_a.asset == m_b.asset))
            return "asset differs";
        if (m_a.nodes.size() != m_b.nodes.size())
            return count("nodes", m_a.nodes.size(), m_b.nodes.size());
        if (m_a.meshes.size() != m_b.meshes.size())
            return count("meshes", m_a.meshes.size(), m_b.meshes.size());
        if (m_a.shapes.size() != m_b.shapes.size())
            return count("shapes", m_a.shapes.size(), m_b.shapes.size());
        for (std::size_t i = 0; i < m_a.nodes.size(); ++i)
            if (auto difference = compareNode(i))
                return "node " + std::to_string(i) + ": " + *difference;
        for (std::size_t i = 0; i < m_a.meshes.size(); ++i)
            if (auto difference = compareMesh(i))
                return "mesh " + std::to_string(i) + ": " + *difference;
        for (std::size_t i = 0; i < m_a.shapes.size(); ++i) {
            const Shape& a = m_a.shapes.at(m_a.shapes.order()[i]);
            const Shape& b = m_b.shapes.at(m_b.shapes.order()[i]);
            if (a.name != b.name || a.value != b.value)
                return "shape " + std::to_string(i) + " differs";
        }
        return comparePreserved();
    }

private:
    static std::string count(const char* what, std::size_t a, std::size_t b) {
        return std::string(what) + ": " + std::to_string(a) + " versus " + std::to_string(b);
    }

    template <typename IdT, typename Item>
    static std::optional<std::size_t> position(const ItemStore<IdT, Item>& store, IdT id) {
        if (!id || !store.find(id))
            return std::nullopt;
        return store.positionOf(id);
    }

    std::optional<std::size_t> nodePos(const Document& d, NodeId id) const {
        return position(d.nodes, id);
    }

    std::optional<std::string> compareComponent(const Component& a, const Component& b) const {
        if (a.index() != b.index())
            return "component kind differs";
        if (const auto* boneA = std::get_if<Bone>(&a)) {
            const auto& boneB = std::get<Bone>(b);
            if (boneA->length != boneB.length || boneA->mass != boneB.mass ||
                boneA->extra != boneB.extra ||
                position(m_a.shapes, boneA->shape) != position(m_b.shapes, boneB.shape))
                return "bone differs";
        } else if (const auto* skeletonA = std::get_if<Skeleton>(&a)) {
            const auto& skeletonB = std::get<Skeleton>(b);
            if (skeletonA->joints.size() != skeletonB.joints.size())
                return "joint count differs";
            for (std::size_t j = 0; j < skeletonA->joints.size(); ++j) {
                const auto& slotA = skeletonA->joints[j];
                const auto& slotB = skeletonB.joints[j];
                if (slotA.has_value() != slotB.has_value() ||
                    (slotA && nodePos(m_a, *slotA) != nodePos(m_b, *slotB)))
                    return "joint slot " + std::to_string(j) + " differs";
            }
            if (skeletonA->writeJoints != skeletonB.writeJoints)
                return "presence of joints differs";
            if (!(skeletonA->bindPoses == skeletonB.bindPoses))
                return "bind poses differ";
            if (skeletonA->extra != skeletonB.extra)
                return "skeleton properties differ";
        } else if (const auto* meshA = std::get_if<MeshInstance>(&a)) {
            const auto& meshB = std::get<MeshInstance>(b);
            if (position(m_a.meshes, meshA->mesh) != position(m_b.meshes, meshB.mesh) ||
                meshA->extra != meshB.extra || meshA->blendAmounts != meshB.blendAmounts)
                return "mesh instance differs";
        } else if (!(a == b)) {
            return "component differs";
        }
        return std::nullopt;
    }

    std::optional<std::string> compareNode(std::size_t i) const {
        const Node& a = m_a.node(m_a.nodes.order()[i]);
        const Node& b = m_b.node(m_b.nodes.order()[i]);
        if (a.name != b.name)
            return "name differs";
        if (!(a.transform == b.transform))
            return "transform differs";
        if (a.visible != b.visible)
            return "visible differs";
        if (nodePos(m_a, a.parent) != nodePos(m_b, b.parent))
            return "parent differs";
        if (a.children.size() != b.children.size())
            return "child count differs";
        for (std::size_t c = 0; c < a.children.size(); ++c)
            if (nodePos(m_a, a.children[c]) != nodePos(m_b, b.children[c]))
                return "child " + std::to_string(c) + " differs";
        if (a.extra != b.extra)
            return "unknown properties differ";
        return compareComponent(a.component, b.component);
    }

    std::optional<std::string> compareMesh(std::size_t i) const {
        const Mesh& a = m_a.mesh(m_a.meshes.order()[i]);
        const Mesh& b = m_b.mesh(m_b.meshes.order()[i]);
        if (a.name != b.name)
            return "name differs";
        if (!(a.vertices == b.vertices))
            return "vertices differ";
        if (!(a.surfaces == b.surfaces))
            return "surfaces differ";
        if (a.skin.has_value() != b.skin.has_value() || (a.skin && !(*a.skin == *b.skin)))
            return "skin differs";
        if (a.blend != b.blend)
            return "blend shapes differ";
        if (a.extra != b.extra)
            return "unknown properties differ";
        return std::nullopt;
    }

    std::optional<std::string> comparePreserved() const {
        const PreservedData& a = m_a.preserved;
        const PreservedData& b = m_b.preserved;
        if (!(a.accessors == b.accessors))
            return std::string("preserved accessors differ");
        if (!(a.bufferViews == b.bufferViews))
            return std::string("preserved buffer views differ");
        if (a.firstBufferExtra != b.firstBufferExtra)
            return std::string("buffer properties differ");
        OrderedJson topA = a.topLevel;
        OrderedJson topB = b.topLevel;
        for (const char* resolved : {"lights", "models", "files"}) {
            topA.erase(resolved);
            topB.erase(resolved);
        }
        if (topA != topB)
            return std::string("unknown top-level members differ");
        return std::nullopt;
    }

    const Document& m_a;
    const Document& m_b;
};

} // namespace

std::optional<std::string> firstDifference(const Document& a, const Document& b) {
    return Comparer(a, b).run();
}

} // namespace hyperrig::core::model
