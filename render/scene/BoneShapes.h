#pragma once

#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/View4D.h"
#include "core/model/Document.h"
#include "render/scene/SceneData.h"

#include <unordered_map>
#include <utility>
#include <vector>

namespace hyperrig::render::scene {

// Shape outlines (ShapeOutline.h) in shape space, kept between scene builds: a shape's outline is
// computed again only when its JSON or the dimension changed, so re-slicing every frame costs
// only the transforms.
class ShapeOutlineCache {
public:
    using Segments = std::vector<std::pair<core::math::VectorN, core::math::VectorN>>;
    const Segments& outline(core::model::ShapeId id, const core::model::OrderedJson& shape,
                            int dimension);

private:
    struct Entry {
        core::model::OrderedJson shape;
        int dimension = 0;
        Segments segments;
    };
    std::unordered_map<core::model::ShapeId, Entry> m_entries;
};

// Appends the wireframe of every bone shape (a bone with `shape` and `length`; g4mf.md §11.4) to
// scene.shapeLines: the outline of ShapeOutline.h, centred L/2 along the bone's +Y, in the bone's
// own axes, carried by the bone's evaluated world transform (so it follows the pose), then, for
// 4D rigs, into the view: xyz drawn, w − offset kept as the distance. A bone whose shape index
// does not resolve, or without a length, draws none (the validator reports both).
void appendBoneShapes(const core::model::Document& document, const core::eval::CompiledRig& rig,
                      const core::eval::EvaluatedRig& evaluated, const core::eval::View4D& view,
                      ShapeOutlineCache& outlines, SceneData& scene);

} // namespace hyperrig::render::scene
