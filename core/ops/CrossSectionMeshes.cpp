#include "core/ops/CrossSectionMeshes.h"

#include "core/eval/RigSlice.h"
#include "core/eval/RigSliceND.h"

namespace hyperrig::core::ops {

bool isZeroAreaSliceTriangle(const eval::SliceVertex& a, const eval::SliceVertex& b,
                             const eval::SliceVertex& c) {
    const float ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z;
    const float vx = c.x - a.x, vy = c.y - a.y, vz = c.z - a.z;
    return uy * vz - uz * vy == 0.0F && uz * vx - ux * vz == 0.0F && ux * vy - uy * vx == 0.0F;
}

Result<std::vector<io::GltfStaticMesh>> crossSectionMeshes(const model::Document& document,
                                                           const eval::CompiledRig& rig,
                                                           const eval::EvaluatedRig& evaluated,
                                                           const eval::View4D& view) {
    const int dimension = document.dimension();
    if (dimension < 4 || dimension > 8)
        return Error("a cross-section cuts 4D to 8D documents; this document is " +
                     std::to_string(dimension) + "D");
    if (auto fits = eval::checkViewAxes(view, dimension); !fits)
        return fits.error();
    eval::RigSlice slice;
    if (dimension == 4) {
        eval::Slicer slicer;
        eval::sliceRig(document, rig, evaluated, view, slicer, slice);
    } else {
        eval::SimplexSlicer slicer;
        eval::sliceRigND(document, rig, evaluated, view, slicer, slice);
    }
    std::vector<io::GltfStaticMesh> meshes;
    meshes.reserve(slice.instances.size());
    for (const auto& instance : slice.instances) {
        io::GltfStaticMesh mesh{document.node(instance.node).displayName(), {}, {}};
        const auto corners = instance.triangles.vertices();
        const auto faces = instance.triangles.faces();
        for (std::size_t t = 0; t < faces.size(); ++t) {
            const auto& a = corners[3 * t];
            const auto& b = corners[3 * t + 1];
            const auto& c = corners[3 * t + 2];
            if (isZeroAreaSliceTriangle(a, b, c))
                continue;
            for (const auto* corner : {&a, &b, &c}) {
                mesh.positions.insert(mesh.positions.end(), {corner->x, corner->y, corner->z});
                mesh.normals.insert(mesh.normals.end(),
                                    {faces[t].normalX, faces[t].normalY, faces[t].normalZ});
            }
        }
        meshes.push_back(std::move(mesh));
    }
    return meshes;
}

} // namespace hyperrig::core::ops
