#include "tests/core/io/usd/UsdDocumentAgreement.h"

#include <cmath>
#include <sstream>

namespace hyperrig::test {
namespace {

using core::model::Document;
using core::model::Node;
using core::model::NodeId;
using core::model::OrderedJson;

class UsdAgreement {
public:
    UsdAgreement(const Document& a, const Document& b, double tolerance, bool withExtras)
        : m_a(a), m_b(b), m_tolerance(tolerance), m_extras(withExtras) {}

    std::optional<std::string> run(NodeId rootA, NodeId rootB) {
        if (m_a.dimension() != m_b.dimension())
            return "dimension";
        if (rootA && rootB)
            node(rootA, rootB, "");
        return m_difference;
    }

private:
    bool close(double x, double y) const {
        if (std::isnan(x) || std::isnan(y))
            return std::isnan(x) && std::isnan(y);
        return std::abs(x - y) <= m_tolerance * std::max({1.0, std::abs(x), std::abs(y)});
    }

    void differ(const std::string& where, const std::string& what) {
        if (!m_difference)
            m_difference = where + ": " + what;
    }

    void numbers(const std::vector<double>& x, const std::vector<double>& y,
                 const std::string& where) {
        if (x.size() != y.size())
            return differ(where, std::to_string(x.size()) + " vs " + std::to_string(y.size()) +
                                     " numbers");
        for (std::size_t i = 0; i < x.size(); ++i)
            if (!close(x[i], y[i])) {
                std::ostringstream text;
                text.precision(17);
                text << "[" << i << "] " << x[i] << " vs " << y[i];
                return differ(where, text.str());
            }
    }

    void json(const OrderedJson& x, const OrderedJson& y, const std::string& where) {
        if (x.is_number() && y.is_number())
            return close(x.get<double>(), y.get<double>())
                       ? void()
                       : differ(where, x.dump() + " vs " + y.dump());
        if (x.is_object() && y.is_object()) {
            for (const auto& [key, value] : x.items())
                if (!y.contains(key))
                    return differ(where + "/" + key, "only in the first");
                else
                    json(value, y[key], where + "/" + key);
            for (const auto& [key, value] : y.items())
                if (!x.contains(key))
                    return differ(where + "/" + key, "only in the second");
            return;
        }
        if (x.is_array() && y.is_array()) {
            if (x.size() != y.size())
                return differ(where, "arrays of " + std::to_string(x.size()) + " and " +
                                         std::to_string(y.size()));
            for (std::size_t i = 0; i < x.size(); ++i)
                json(x[i], y[i], where + "/" + std::to_string(i));
            return;
        }
        if (x != y)
            differ(where, x.dump().substr(0, 200) + " vs " + y.dump().substr(0, 200));
    }

    std::string boneName(const Document& document, const core::model::JointSlot& slot) {
        return slot ? document.node(*slot).displayName() : "(none)";
    }

    void skin(const core::model::Skin& x, const core::model::Skin& y, const std::string& where) {
        if (x.offsets != y.offsets || x.groups != y.groups)
            return differ(where, "influence layout or groups");
        if (x.groupNames != y.groupNames)
            return differ(where, "group names");
        // HyperRig divides by the weight sum when it skins; writers may normalise.
        auto normalised = [](const core::model::Skin& s) {
            std::vector<double> weights = s.weights;
            for (std::size_t v = 0; v + 1 < s.offsets.size(); ++v) {
                double sum = 0.0;
                for (auto i = s.offsets[v]; i < s.offsets[v + 1]; ++i)
                    sum += s.weights[i];
                for (auto i = s.offsets[v]; i < s.offsets[v + 1]; ++i)
                    weights[i] = sum > 0.0 ? s.weights[i] / sum : 0.0;
            }
            return weights;
        };
        numbers(normalised(x), normalised(y), where + "/weights");
    }

    // A target's offsets as one 3-vector per vertex (zeros where it moves nothing): writers may
    // list the same offsets sparsely, densely or in another order.
    static std::vector<double> denseOffsets(const std::optional<core::model::BlendTarget>& target,
                                            std::size_t vertexCount) {
        std::vector<double> dense(vertexCount * 3, 0.0);
        if (!target)
            return dense;
        const auto width = static_cast<std::size_t>(target->offsets.vectorSize);
        for (std::size_t i = 0; i < target->entryCount(); ++i) {
            const auto v =
                target->indices ? static_cast<std::size_t>(target->indices->values[i]) : i;
            for (std::size_t c = 0; c < 3 && c < width && v < vertexCount; ++c)
                dense[v * 3 + c] += target->offsets.values[i * width + c];
        }
        return dense;
    }

    void blend(const core::model::Mesh& x, const core::model::Mesh& y, const std::string& where) {
        if (x.blend.has_value() != y.blend.has_value())
            return differ(where, "blend shapes in one only");
        if (!x.blend)
            return;
        const auto& a = *x.blend;
        const auto& b = *y.blend;
        if (a.shapes.size() != b.shapes.size())
            return differ(where, std::to_string(a.shapes.size()) + " vs " +
                                     std::to_string(b.shapes.size()) + " blend shapes");
        if (a.amounts != b.amounts)
            differ(where, "blend amounts");
        const std::size_t count = x.vertexCount();
        for (std::size_t s = 0; s < a.shapes.size(); ++s) {
            const auto& sa = a.shapes[s];
            const auto& sb = b.shapes[s];
            const std::string at = where + "/blend/" + sa.name.value_or(std::to_string(s));
            if (sa.name != sb.name)
                differ(at, "named '" + sb.name.value_or("") + "' in the second");
            numbers(denseOffsets(sa.targets.position, count),
                    denseOffsets(sb.targets.position, count), at + "/offsets");
            if (sa.inbetweens.size() != sb.inbetweens.size())
                return differ(at, "in-between count");
            for (std::size_t k = 0; k < sa.inbetweens.size(); ++k) {
                const auto& ia = sa.inbetweens[k];
                const auto& ib = sb.inbetweens[k];
                if (ia.name != ib.name || !close(ia.weight, ib.weight))
                    differ(at + "/inbetweens/" + std::to_string(k), "name or weight");
                numbers(denseOffsets(ia.targets.position, count),
                        denseOffsets(ib.targets.position, count),
                        at + "/inbetweens/" + std::to_string(k));
            }
            if (m_extras)
                json(sa.extra, sb.extra, at + "/extra");
        }
    }

    void node(NodeId ia, NodeId ib, const std::string& parentWhere) {
        const Node& a = m_a.node(ia);
        const Node& b = m_b.node(ib);
        const std::string where = parentWhere + "/" + a.displayName();
        if (a.name != b.name)
            return differ(where, "named '" + b.displayName() + "' in the second");
        if (a.component.index() != b.component.index())
            return differ(where, "component kind");
        if (a.isVisible() != b.isVisible())
            return differ(where, "visibility");
        auto ta = a.transform.toAffine(m_a.dimension());
        auto tb = b.transform.toAffine(m_b.dimension());
        if (!ta || !tb)
            return differ(where, "transform does not evaluate");
        std::vector<double> xa(ta->basis().columnMajor().begin(), ta->basis().columnMajor().end());
        std::vector<double> xb(tb->basis().columnMajor().begin(), tb->basis().columnMajor().end());
        for (int i = 0; i < m_a.dimension(); ++i) {
            xa.push_back(ta->position()[i]);
            xb.push_back(tb->position()[i]);
        }
        numbers(xa, xb, where + "/transform");
        if (const auto* bone = a.bone()) {
            const auto* other = b.bone();
            if (bone->length.has_value() != other->length.has_value() ||
                (bone->length && !close(*bone->length, *other->length)))
                differ(where, "bone length");
            if (bone->mass != other->mass || bone->shape != other->shape)
                differ(where, "bone mass or shape");
        }
        if (const auto* skeleton = a.skeleton()) {
            const auto* other = b.skeleton();
            if (skeleton->joints.size() != other->joints.size())
                return differ(where, "joints slot count");
            for (std::size_t k = 0; k < skeleton->joints.size(); ++k)
                if (boneName(m_a, skeleton->joints[k]) != boneName(m_b, other->joints[k]))
                    differ(where + "/joints/" + std::to_string(k), "different bone");
            if (skeleton->bindPoses.size() != other->bindPoses.size())
                return differ(where, "bind pose count");
            for (std::size_t p = 0; p < skeleton->bindPoses.size(); ++p) {
                const auto& pa = skeleton->bindPoses[p];
                const auto& pb = other->bindPoses[p];
                if (pa.type != pb.type || pa.joints.size() != pb.joints.size())
                    return differ(where, "bind pose " + std::to_string(p));
                for (std::size_t k = 0; k < pa.joints.size(); ++k) {
                    numbers(pa.joints[k].position, pb.joints[k].position, where + "/pose");
                    numbers(pa.joints[k].basis, pb.joints[k].basis, where + "/pose");
                }
            }
        }
        if (const auto* instance = a.meshInstance()) {
            const auto& ma = m_a.mesh(instance->mesh);
            const auto& mb = m_b.mesh(b.meshInstance()->mesh);
            const std::string at = where + " (mesh " + (ma.name ? *ma.name : "") + ")";
            if (ma.name != mb.name)
                differ(at, "mesh name");
            numbers(ma.vertices.values, mb.vertices.values, at + "/vertices");
            if (ma.surfaces.size() != mb.surfaces.size())
                return differ(at, "surface count");
            for (std::size_t s = 0; s < ma.surfaces.size(); ++s)
                if (ma.surfaces[s].simplexes.has_value() != mb.surfaces[s].simplexes.has_value() ||
                    (ma.surfaces[s].simplexes &&
                     ma.surfaces[s].simplexes->values != mb.surfaces[s].simplexes->values))
                    differ(at, "simplexes of surface " + std::to_string(s));
            if (ma.skin.has_value() != mb.skin.has_value())
                return differ(at, "skinned in one only");
            if (ma.skin)
                skin(*ma.skin, *mb.skin, at + "/skin");
            blend(ma, mb, at);
            if (m_extras)
                json(ma.extra, mb.extra, at + "/extra");
        }
        if (m_extras)
            json(a.extra, b.extra, where + "/extra");
        if (a.children.size() != b.children.size())
            return differ(where, std::to_string(a.children.size()) + " vs " +
                                     std::to_string(b.children.size()) + " children");
        for (std::size_t c = 0; c < a.children.size() && !m_difference; ++c)
            node(a.children[c], b.children[c], where);
    }

    const Document& m_a;
    const Document& m_b;
    double m_tolerance;
    bool m_extras;
    std::optional<std::string> m_difference;
};

} // namespace

std::optional<std::string> usdFirstDisagreement(const core::model::Document& a,
                                                const core::model::Document& b, double tolerance,
                                                bool withExtras) {
    return UsdAgreement(a, b, tolerance, withExtras).run(a.root(), b.root());
}

std::optional<std::string> usdFirstDisagreement(const core::model::Document& a,
                                                core::model::NodeId rootA,
                                                const core::model::Document& b,
                                                core::model::NodeId rootB, double tolerance,
                                                bool withExtras) {
    return UsdAgreement(a, b, tolerance, withExtras).run(rootA, rootB);
}

} // namespace hyperrig::test
