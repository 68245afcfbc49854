#include "core/eval/GroupWeights.h"

#include "core/model/ItemLabels.h"
#include "core/model/SkinGroupNames.h"

#include <algorithm>

namespace hyperrig::core::eval {

Result<std::vector<float>> groupWeightPerVertex(const model::Document& document, model::MeshId mesh,
                                                const std::string& groupName) {
    const model::Mesh& item = document.mesh(mesh);
    if (!item.skin)
        return Error("mesh " + model::describeMesh(document, mesh) + " has no skin");
    const model::Skin& skin = *item.skin;
    const std::vector<std::string> names = model::skinGroupNames(document, mesh);
    const auto found = std::find(names.begin(), names.end(), groupName);
    if (found == names.end())
        return Error("mesh " + model::describeMesh(document, mesh) + " has no group named '" +
                     groupName + "'");
    const auto group = static_cast<std::uint32_t>(found - names.begin());
    std::vector<float> weights(item.vertexCount(), 0.0F);
    for (std::size_t v = 0; v < skin.vertexCount(); ++v) {
        double sum = 0.0;
        double share = 0.0;
        for (std::size_t e = skin.offsets[v]; e < skin.offsets[v + 1]; ++e) {
            sum += skin.weights[e];
            if (skin.groups[e] == group)
                share += skin.weights[e];
        }
        if (sum > 0.0)
            weights[v] = static_cast<float>(share / sum);
    }
    return weights;
}

} // namespace hyperrig::core::eval
