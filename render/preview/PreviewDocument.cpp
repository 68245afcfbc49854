#include "render/preview/PreviewDocument.h"

#include "core/eval/PoseFile.h"
#include "core/eval/animation/SkelAnimationSample.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/io/gltf/GltfFile.h"
#include "core/io/gltf/GltfImport.h"
#include "core/io/usd/UsdImport.h"
#include "core/model/BindPose.h"
#include "render/scene/DocumentScene.h"

#include <algorithm>
#include <set>

namespace hyperrig::render::preview {

core::Result<core::eval::Pose> PreviewDocument::pose(const std::string& name) const {
    return core::eval::namedPose(name, document, rig);
}

core::Result<core::eval::Pose> PreviewDocument::animationPose(const std::string& name,
                                                              double time) const {
    auto sample = core::eval::sampleAnimation(name, time, document, rig);
    if (!sample)
        return sample.error();
    return std::move(sample->pose);
}

namespace {

// "FILE:POINTER: message" for each warning, as hyperrig-cli prints them.
std::vector<std::string> warningLines(const std::filesystem::path& path,
                                      const core::Diagnostics& warnings) {
    std::vector<std::string> lines;
    lines.reserve(warnings.size());
    for (const core::Diagnostic& warning : warnings)
        lines.push_back(path.filename().string() + ":" + warning.pointer + ": " + warning.message);
    return lines;
}

template <class Import>
core::Result<std::unique_ptr<PreviewDocument>> previewImport(const std::filesystem::path& path,
                                                             core::Result<Import> imported) {
    if (!imported)
        return imported.error(); // the importer names the file
    auto loaded = makePreviewDocument(path, std::move(imported->document));
    if (loaded)
        (*loaded)->warnings = warningLines(path, imported->warnings);
    return loaded;
}

} // namespace

core::Result<std::unique_ptr<PreviewDocument>>
loadPreviewDocument(const std::filesystem::path& path, const core::io::ReadOptions& options) {
    if (core::io::isUsdPath(path))
        return previewImport(path, core::io::readUsda(path));
    if (core::io::isGltfPath(path)) {
        core::io::GltfReadOptions gltfOptions;
        gltfOptions.allowOutsideReferences = options.allowOutsideReferences;
        return previewImport(path, core::io::readGltf(path, gltfOptions));
    }
    auto read = core::io::readG4mf(path, options);
    if (!read)
        return read.error(); // the reader names the file
    return makePreviewDocument(path, std::move(read->document));
}

core::Result<std::unique_ptr<PreviewDocument>>
makePreviewDocument(const std::filesystem::path& path, core::model::Document document) {
    const std::string name = path.filename().string();
    const int dimension = document.dimension();
    if (dimension < 2 || dimension > 8)
        return core::Error(name + ": the document is " + std::to_string(dimension) +
                           "D; the previewer shows 2D to 8D rigs");
    auto rig = core::eval::CompiledRig::compile(document);
    if (!rig)
        return rig.error().withContext(name + ": cannot be drawn");
    auto loaded = std::make_unique<PreviewDocument>(
        PreviewDocument{path, std::move(document), std::move(*rig), {}, {}, {}, {}, {}});
    loaded->summary = core::model::summarize(loaded->document);
    std::set<std::string> stored;
    for (const core::eval::CompiledSkeleton& skeleton : loaded->rig.skeletons())
        for (const core::model::BindPose& bindPose :
             loaded->document.node(skeleton.skeleton).skeleton()->bindPoses)
            stored.insert(std::string(core::model::poseTypeName(bindPose.type)));
    loaded->bindPoseNames.assign(stored.begin(), stored.end());
    loaded->groupNames = scene::skinGroupNames(loaded->document, loaded->rig);
    for (const core::eval::KeptAnimation& kept : core::eval::keptAnimations(loaded->document))
        if (std::find(loaded->animationNames.begin(), loaded->animationNames.end(), kept.name) ==
            loaded->animationNames.end())
            loaded->animationNames.push_back(kept.name);
    return loaded;
}

} // namespace hyperrig::render::preview
