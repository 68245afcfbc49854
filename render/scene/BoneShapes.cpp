#include "render/scene/BoneShapes.h"

#include "render/scene/ShapeOutline.h"

namespace hyperrig::render::scene {

const ShapeOutlineCache::Segments& ShapeOutlineCache::outline(core::model::ShapeId id,
                                                              const core::model::OrderedJson& shape,
                                                              int dimension) {
    Entry& entry = m_entries[id];
    if (entry.dimension != dimension || entry.shape != shape) {
        entry.shape = shape;
        entry.dimension = dimension;
        entry.segments = shapeOutline(shape, dimension);
    }
    return entry.segments;
}

void appendBoneShapes(const core::model::Document& document, const core::eval::CompiledRig& rig,
                      const core::eval::EvaluatedRig& evaluated, const core::eval::View4D& view,
                      ShapeOutlineCache& outlines, SceneData& scene) {
    const int dimension = document.dimension();
    if (dimension != 3 && dimension != 4)
        return;
    const bool is4D = dimension == 4;
    const core::math::AffineN worldToView =
        is4D ? view.worldToView() : core::math::AffineN::identity(dimension);
    for (const core::eval::CompiledSkeleton& skeleton : rig.skeletons())
        for (core::model::NodeId bone : skeleton.bones) {
            const core::model::Bone& data = *document.node(bone).bone();
            const core::model::Shape* shape =
                data.shape ? document.shapes.find(data.shape) : nullptr;
            if (!shape || !data.length)
                continue;
            const auto& outline = outlines.outline(data.shape, shape->value, dimension);
            if (outline.empty())
                continue;
            // Shape space -> drawn space: view ∘ bone world ∘ (translate L/2 along +Y).
            core::math::VectorN centre = core::math::VectorN::zero(dimension);
            centre[1] = 0.5 * *data.length;
            const core::math::AffineN boneToView =
                core::math::AffineN::compose(worldToView, evaluated.world.at(bone));
            auto drawn = [&](const core::math::VectorN& local, float& distance) {
                const core::math::VectorN p = boneToView.applyPoint(local + centre);
                distance = is4D ? static_cast<float>(p[3] - view.offset) : 0.0F;
                return glm::vec3{static_cast<float>(p[0]), static_cast<float>(p[1]),
                                 static_cast<float>(p[2])};
            };
            for (const auto& [from, to] : outline) {
                ShapeLine line;
                line.a = drawn(from, line.aDistance);
                line.b = drawn(to, line.bDistance);
                line.bone = bone;
                scene.shapeLines.push_back(line);
            }
        }
}

} // namespace hyperrig::render::scene
