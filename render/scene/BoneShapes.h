#pragma once

#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/View4D.h"
#include "core/model/Document.h"
#include "render/scene/SceneData.h"

namespace hyperrig::render::scene {

// Appends the wireframe of every bone shape (a bone with `shape` and `length`; g4mf.md §11.4) to
// scene.shapeLines: the outline of ShapeOutline.h, centred L/2 along the bone's +Y, in the bone's
// own axes, carried by the bone's evaluated world transform (so it follows the pose), then, for
// 4D rigs, into the view: xyz drawn, w − offset kept as the distance. A bone whose shape index
// does not resolve, or without a length, draws none (the validator reports both).
void appendBoneShapes(const core::model::Document& document, const core::eval::CompiledRig& rig,
                      const core::eval::EvaluatedRig& evaluated, const core::eval::View4D& view,
                      SceneData& scene);

} // namespace hyperrig::render::scene
