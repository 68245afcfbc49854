#include "render/scene/RigScene.h"

#include "core/base/Contracts.h"
#include "core/base/ThreadPool.h"

#include <algorithm>
#include <array>

namespace hyperrig::render::scene {
namespace {

constexpr std::array<glm::vec3, 5> kSurfacePalette{{{0.74F, 0.71F, 0.66F},
                                                    {0.42F, 0.62F, 0.68F},
                                                    {0.80F, 0.62F, 0.44F},
                                                    {0.55F, 0.68F, 0.47F},
                                                    {0.60F, 0.58F, 0.78F}}};

// Over this fraction of the scene's largest extent a 4D bone fades from opaque to its faintest.
constexpr float kFadeFraction = 0.25F;

glm::vec3 toVec3(const core::math::VectorN& v) {
    return {static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2])};
}

bool hasArea(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
    return glm::cross(b - a, c - a) != glm::vec3(0.0F);
}

void ghostAroundHeatmaps(SceneData& scene) {
    const bool anyHeatmap =
        std::any_of(scene.surfaces.begin(), scene.surfaces.end(),
                    [](const SurfaceInput& surface) { return surface.heatmap; });
    if (anyHeatmap)
        for (SurfaceInput& surface : scene.surfaces)
            if (!surface.heatmap)
                surface.opacity = kContextOpacity;
}

} // namespace

glm::vec3 surfaceColor(std::size_t index) {
    return kSurfacePalette[index % kSurfacePalette.size()];
}

SceneData sceneFromSlice(const core::eval::RigSlice& slice, const core::eval::View4D& view,
                         SmoothNormals& smoothing) {
    SceneData scene;
    sceneFromSlice(slice, view, smoothing, core::base::ThreadPool::inlinePool(), scene);
    return scene;
}

void sceneFromSlice(const core::eval::RigSlice& slice, const core::eval::View4D& view,
                    SmoothNormals& smoothing, core::base::ThreadPool& pool, SceneData& scene) {
    // Keep the surfaces (their vectors' storage) and start everything else afresh.
    std::vector<SurfaceInput> surfaces = std::move(scene.surfaces);
    scene = SceneData{};
    scene.is4D = true;
    surfaces.resize(slice.instances.size());
    constexpr std::size_t kTrianglesPerBlock = 1 << 11;
    std::vector<std::size_t> keptBefore; // per block: the triangles with area before it
    for (std::size_t s = 0; s < slice.instances.size(); ++s) {
        const core::eval::RigSlice::Instance& instance = slice.instances[s];
        SurfaceInput& surface = surfaces[s];
        surface.baseColor = surfaceColor(s);
        surface.heatmap = instance.triangles.hasAttribute();
        surface.opacity = 1.0F;
        surface.node = instance.node;
        const auto corners = instance.triangles.vertices();
        const auto faces = instance.triangles.faces();
        const auto point = [&](std::size_t corner) {
            return glm::vec3{corners[corner].x, corners[corner].y, corners[corner].z};
        };
        const auto keeps = [&](std::size_t t) {
            return hasArea(point(3 * t), point(3 * t + 1), point(3 * t + 2));
        };
        const std::size_t blocks = (faces.size() + kTrianglesPerBlock - 1) / kTrianglesPerBlock;
        keptBefore.assign(blocks + 1, 0);
        pool.parallelFor(faces.size(), kTrianglesPerBlock, [&](std::size_t begin, std::size_t end) {
            std::size_t kept = 0;
            for (std::size_t t = begin; t < end; ++t)
                kept += keeps(t) ? 1U : 0U;
            keptBefore[begin / kTrianglesPerBlock + 1] = kept;
        });
        for (std::size_t b = 0; b < blocks; ++b)
            keptBefore[b + 1] += keptBefore[b];
        const std::size_t kept = keptBefore[blocks];
        surface.positions.resize(3 * kept);
        surface.normals.resize(kept);
        surface.attributes.resize(surface.heatmap ? 3 * kept : 0);
        pool.parallelFor(faces.size(), kTrianglesPerBlock, [&](std::size_t begin, std::size_t end) {
            std::size_t out = keptBefore[begin / kTrianglesPerBlock];
            for (std::size_t t = begin; t < end; ++t) {
                if (!keeps(t))
                    continue;
                for (std::size_t k = 0; k < 3; ++k)
                    surface.positions[3 * out + k] = point(3 * t + k);
                surface.normals[out] = {faces[t].normalX, faces[t].normalY, faces[t].normalZ};
                if (surface.heatmap)
                    for (std::size_t k = 0; k < 3; ++k)
                        surface.attributes[3 * out + k] = corners[3 * t + k].attribute;
                ++out;
            }
        });
        smoothing.welded(surface.positions, kDefaultCreaseAngleDegrees, surface.smoothNormals,
                         pool);
    }
    scene.surfaces = std::move(surfaces);
    for (std::size_t b = 0; b < slice.bones.size(); ++b) {
        const core::eval::BoneSegmentSlice& bone = slice.bones[b];
        scene.bones.push_back(
            {{bone.head.x, bone.head.y, bone.head.z},
             {bone.tail.x, bone.tail.y, bone.tail.z},
             bone.head.distance,
             bone.tail.distance,
             bone.crosses,
             {bone.crossing[0], bone.crossing[1], bone.crossing[2]},
             b < slice.boneNodes.size() ? slice.boneNodes[b] : core::model::NodeId{}});
    }
    // A 5D..8D slice (sliceRigND) reports an extent per extra axis; a 4D slice none.
    const int dimension =
        slice.extraAxisExtents.empty()
            ? 4
            : core::eval::kFirstExtraAxis + static_cast<int>(slice.extraAxisExtents.size());
    scene.dimension = dimension;
    // World W = (0, 0, 0, 1, ...): its view coordinates are column 3 of world -> view.
    const core::math::BasisN worldToView = view.worldToView(dimension).basis();
    scene.wAxis = {static_cast<float>(worldToView.at(0, 3)),
                   static_cast<float>(worldToView.at(1, 3)),
                   static_cast<float>(worldToView.at(2, 3))};
    scene.wMin = slice.distanceMin + static_cast<float>(view.offset);
    scene.wMax = slice.distanceMax + static_cast<float>(view.offset);
    if (slice.extraAxisExtents.empty())
        scene.extraAxisExtents = {{scene.wMin, scene.wMax}};
    else
        for (const core::eval::RigSlice::AxisExtent& extent : slice.extraAxisExtents)
            scene.extraAxisExtents.push_back({extent.min, extent.max});
    ghostAroundHeatmaps(scene);
    if (const auto bounds = sceneBounds(scene)) {
        const glm::vec3 size = bounds->max - bounds->min;
        const float largest = std::max({size.x, size.y, size.z});
        if (largest > 0.0F)
            scene.boneFadeDistance = kFadeFraction * largest;
    }
}

SceneData sceneFromSlice(const core::eval::RigSlice& slice, const core::eval::View4D& view) {
    SmoothNormals smoothing;
    return sceneFromSlice(slice, view, smoothing);
}

SceneData sceneFromRig3D(const core::model::Document& document, const core::eval::CompiledRig& rig,
                         const core::eval::EvaluatedRig& evaluated,
                         const MeshAttributes& attributes, SmoothNormals& smoothing) {
    HYPERRIG_EXPECTS(document.dimension() == 3);
    SceneData scene;
    std::vector<std::uint32_t> vertexOfCorner; // the mesh index of each corner drawn
    for (const auto& instance : evaluated.instances) {
        const core::eval::CompiledMesh& mesh = rig.mesh(instance.mesh);
        if (!instance.visible || mesh.simplexes.empty())
            continue;
        const auto found = attributes.find(instance.mesh);
        const std::vector<float>* values = found == attributes.end() ? nullptr : &found->second;
        SurfaceInput surface;
        surface.baseColor = surfaceColor(scene.surfaces.size());
        surface.heatmap = values != nullptr;
        surface.node = instance.node;
        const float* positions = instance.positions(mesh);
        const bool flip = instance.world.basis().determinant() < 0.0;
        vertexOfCorner.clear();
        for (std::size_t t = 0; t + 2 < mesh.simplexes.size(); t += 3) {
            std::array<std::uint32_t, 3> index{mesh.simplexes[t], mesh.simplexes[t + 1],
                                               mesh.simplexes[t + 2]};
            // A mirroring node turns counter-clockwise into clockwise: swap to keep the outside
            // the front.
            if (flip)
                std::swap(index[1], index[2]);
            std::array<glm::vec3, 3> corners;
            for (std::size_t k = 0; k < 3; ++k) {
                const float* p = positions + 3 * index[k];
                corners[k] =
                    toVec3(instance.world.applyPoint(core::math::VectorN{p[0], p[1], p[2]}));
            }
            const glm::vec3 normal = glm::cross(corners[1] - corners[0], corners[2] - corners[0]);
            if (normal == glm::vec3(0.0F))
                continue;
            surface.positions.insert(surface.positions.end(), corners.begin(), corners.end());
            surface.normals.push_back(glm::normalize(normal));
            vertexOfCorner.insert(vertexOfCorner.end(), index.begin(), index.end());
            if (values)
                for (std::uint32_t vertex : index)
                    surface.attributes.push_back(vertex < values->size() ? (*values)[vertex]
                                                                         : 0.0F);
        }
        // From the swapped indices, so a mirrored node's smooth normals face outwards too.
        smoothing.indexed(surface.positions, vertexOfCorner, mesh.vertexCount,
                          kDefaultCreaseAngleDegrees, surface.smoothNormals);
        scene.surfaces.push_back(std::move(surface));
    }
    ghostAroundHeatmaps(scene);
    for (const core::eval::CompiledSkeleton& skeleton : rig.skeletons())
        for (core::model::NodeId bone : skeleton.bones) {
            const core::math::AffineN& world = evaluated.world.at(bone);
            const double length = document.node(bone).bone()->length.value_or(0.0);
            core::math::VectorN tip = core::math::VectorN::zero(3);
            tip[1] = length;
            BoneLine line;
            line.head = toVec3(world.position());
            line.tail = toVec3(world.applyPoint(tip));
            line.node = bone;
            line.xAxis = toVec3(world.applyVector(core::math::VectorN{1.0, 0.0, 0.0}));
            line.zAxis = toVec3(world.applyVector(core::math::VectorN{0.0, 0.0, 1.0}));
            scene.bones.push_back(line);
        }
    return scene;
}

SceneData sceneFromRig3D(const core::model::Document& document, const core::eval::CompiledRig& rig,
                         const core::eval::EvaluatedRig& evaluated,
                         const MeshAttributes& attributes) {
    SmoothNormals smoothing;
    return sceneFromRig3D(document, rig, evaluated, attributes, smoothing);
}

} // namespace hyperrig::render::scene
