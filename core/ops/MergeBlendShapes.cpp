#include "core/ops/MergeBlendShapes.h"

#include "core/ops/SkinDataTypes.h"

#include <algorithm>

namespace hyperrig::core::ops {
namespace {

// The weights of a shape's in-betweens, sorted: two shapes combine only when these agree.
std::vector<double> mergeInbetweenWeights(const model::BlendShape& shape) {
    std::vector<double> weights;
    for (const auto& inbetween : shape.inbetweens)
        weights.push_back(inbetween.weight);
    std::sort(weights.begin(), weights.end());
    return weights;
}

bool mergeIsIdentity(const math::BasisN& basis) {
    return basis == math::BasisN::identity(basis.dimension());
}

// `targets` of a later mesh, renumbered into the merged mesh.
Result<model::BlendTargets> mergeMovedTargets(const model::BlendTargets& targets,
                                              const BlendMergeInput& input,
                                              std::size_t mergedVertexCount) {
    model::BlendTargets moved = targets;
    if (auto& position = moved.position) {
        const int n = input.toMerged.dimension();
        const auto width = static_cast<std::size_t>(std::max(position->offsets.vectorSize, 0));
        if (!mergeIsIdentity(input.toMerged)) {
            if (width != static_cast<std::size_t>(n))
                return Error("a blend shape's offsets are not " + std::to_string(n) + "-vectors");
            for (std::size_t i = 0; i + width <= position->offsets.values.size(); i += width) {
                auto offset = math::VectorN::fromSpan(
                    std::span<const double>(position->offsets.values.data() + i, width));
                const math::VectorN turned = input.toMerged * *offset;
                std::copy(turned.values().begin(), turned.values().end(),
                          position->offsets.values.begin() + static_cast<std::ptrdiff_t>(i));
            }
            position->offsets.sourceAccessor.reset();
        }
        if (!position->indices) {
            // Dense: one offset per vertex of its own mesh; merged, it needs its indices.
            model::NumericArray indices;
            indices.componentType = model::ComponentType::Uint32;
            for (std::size_t v = 0; v < position->offsets.elementCount(); ++v)
                indices.values.push_back(static_cast<double>(v));
            position->indices = std::move(indices);
        }
        for (double& index : position->indices->values)
            index += static_cast<double>(input.vertexOffset);
        position->indices->componentType =
            widenedIndexType(position->indices->componentType, mergedVertexCount);
        position->indices->sourceAccessor.reset();
    }
    for (auto& surface : moved.surfaces) {
        if (surface.normal && !mergeIsIdentity(input.toMerged))
            return Error("a blend shape has normal targets and the mesh node's transform turns "
                         "or scales it relative to the first; HyperRig cannot turn normal "
                         "offsets yet");
        surface.surface += input.surfaceOffset;
    }
    return moved;
}

void mergeAppendTargets(model::BlendTargets& into, model::BlendTargets&& from,
                        std::size_t mergedVertexCount) {
    if (from.position) {
        if (!into.position) {
            into.position = std::move(from.position);
        } else {
            auto& a = *into.position;
            const auto& b = *from.position;
            if (!a.indices) { // the first mesh's dense target: its vertices come first
                model::NumericArray indices;
                indices.componentType = b.indices->componentType;
                for (std::size_t v = 0; v < a.offsets.elementCount(); ++v)
                    indices.values.push_back(static_cast<double>(v));
                a.indices = std::move(indices);
            }
            a.indices->values.insert(a.indices->values.end(), b.indices->values.begin(),
                                     b.indices->values.end());
            a.indices->componentType =
                widenedIndexType(a.indices->componentType, mergedVertexCount);
            a.indices->sourceAccessor.reset();
            a.offsets.values.insert(a.offsets.values.end(), b.offsets.values.begin(),
                                    b.offsets.values.end());
            a.offsets.sourceAccessor.reset();
        }
    }
    for (auto& surface : from.surfaces)
        into.surfaces.push_back(std::move(surface));
}

bool mergeNameTaken(const model::BlendShapes& blend, const std::string& name) {
    return std::any_of(blend.shapes.begin(), blend.shapes.end(),
                       [&](const model::BlendShape& s) { return s.name == name; });
}

} // namespace

Result<BlendMergeResult> mergeBlendShapes(const std::vector<BlendMergeInput>& inputs,
                                          std::size_t mergedVertexCount) {
    BlendMergeResult result;
    const bool anyBlend = std::any_of(inputs.begin(), inputs.end(), [](const auto& input) {
        return input.mesh->blend.has_value();
    });
    const bool anyInstance = std::any_of(inputs.begin(), inputs.end(), [](const auto& input) {
        return input.instanceAmounts.has_value();
    });
    if (!anyBlend || inputs.empty())
        return result; // instance amounts without shapes stay as they are (the validator's)
    result.changed = true;
    model::BlendShapes merged;
    std::vector<double> amounts;         // per merged shape, from the mesh amounts
    std::vector<double> instanceAmounts; // per merged shape, what each instance shows
    bool anyMeshAmounts = false;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const BlendMergeInput& input = inputs[i];
        if (!input.mesh->blend)
            continue;
        const model::BlendShapes& blend = *input.mesh->blend;
        anyMeshAmounts |= blend.amounts.has_value();
        if (i == 0)
            merged.extra = blend.extra;
        for (std::size_t s = 0; s < blend.shapes.size(); ++s) {
            const model::BlendShape& shape = blend.shapes[s];
            const std::string label =
                "blend shape '" + shape.name.value_or("") + "' of node '" + input.nodeName + "'";
            const double meshAmount = model::blendAmountOf(blend, std::nullopt, s);
            const double shown = model::blendAmountOf(blend, input.instanceAmounts, s);
            if (i == 0) {
                merged.shapes.push_back(shape);
                amounts.push_back(meshAmount);
                instanceAmounts.push_back(shown);
                continue;
            }
            auto moved = mergeMovedTargets(shape.targets, input, mergedVertexCount);
            if (!moved)
                return moved.error().withContext(label);
            std::vector<model::BlendInbetween> inbetweens = shape.inbetweens;
            for (auto& inbetween : inbetweens) {
                auto movedInbetween =
                    mergeMovedTargets(inbetween.targets, input, mergedVertexCount);
                if (!movedInbetween)
                    return movedInbetween.error().withContext(label);
                inbetween.targets = std::move(*movedInbetween);
            }
            auto same = shape.name ? std::find_if(merged.shapes.begin(), merged.shapes.end(),
                                                  [&](const model::BlendShape& other) {
                                                      return other.name == shape.name;
                                                  })
                                   : merged.shapes.end();
            if (same != merged.shapes.end() &&
                mergeInbetweenWeights(*same) == mergeInbetweenWeights(shape)) {
                mergeAppendTargets(same->targets, std::move(*moved), mergedVertexCount);
                for (auto& inbetween : inbetweens) {
                    auto at = std::find_if(same->inbetweens.begin(), same->inbetweens.end(),
                                           [&](const model::BlendInbetween& other) {
                                               return other.weight == inbetween.weight;
                                           });
                    mergeAppendTargets(at->targets, std::move(inbetween.targets),
                                       mergedVertexCount);
                }
                continue;
            }
            model::BlendShape appended = shape;
            appended.targets = std::move(*moved);
            appended.inbetweens = std::move(inbetweens);
            if (shape.name && same != merged.shapes.end()) {
                std::string name = input.nodeName + *shape.name;
                for (int k = 2; mergeNameTaken(merged, name); ++k)
                    name = input.nodeName + *shape.name + std::to_string(k);
                appended.name = name;
            }
            merged.shapes.push_back(std::move(appended));
            amounts.push_back(meshAmount);
            instanceAmounts.push_back(shown);
        }
    }
    if (anyMeshAmounts)
        merged.amounts = amounts;
    result.blend = std::move(merged);
    if (anyInstance)
        result.instanceAmounts = instanceAmounts;
    return result;
}

} // namespace hyperrig::core::ops
