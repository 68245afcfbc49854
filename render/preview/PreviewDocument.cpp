#include "render/preview/PreviewDocument.h"

#include "core/eval/PoseFile.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/model/BindPose.h"
#include "render/scene/DocumentScene.h"

#include <set>

namespace hyperrig::render::preview {

core::Result<core::eval::Pose> PreviewDocument::pose(const std::string& name) const {
    return core::eval::namedPose(name, document, rig);
}

core::Result<std::unique_ptr<PreviewDocument>>
loadPreviewDocument(const std::filesystem::path& path, const core::io::ReadOptions& options) {
    const std::string name = path.filename().string();
    auto read = core::io::readG4mf(path, options);
    if (!read)
        return read.error(); // the reader names the file
    const int dimension = read->document.dimension();
    if (dimension < 2 || dimension > 8)
        return core::Error(name + ": the document is " + std::to_string(dimension) +
                           "D; the previewer shows 2D to 8D rigs");
    auto rig = core::eval::CompiledRig::compile(read->document);
    if (!rig)
        return rig.error().withContext(name + ": cannot be drawn");
    auto loaded = std::make_unique<PreviewDocument>(
        PreviewDocument{path, std::move(read->document), std::move(*rig), {}, {}, {}});
    loaded->summary = core::model::summarize(loaded->document);
    std::set<std::string> stored;
    for (const core::eval::CompiledSkeleton& skeleton : loaded->rig.skeletons())
        for (const core::model::BindPose& bindPose :
             loaded->document.node(skeleton.skeleton).skeleton()->bindPoses)
            stored.insert(std::string(core::model::poseTypeName(bindPose.type)));
    loaded->bindPoseNames.assign(stored.begin(), stored.end());
    loaded->groupNames = scene::skinGroupNames(loaded->document, loaded->rig);
    return loaded;
}

} // namespace hyperrig::render::preview
