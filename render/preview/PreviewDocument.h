#pragma once

#include "core/base/Result.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/io/g4mf/G4mfFile.h"
#include "core/model/Document.h"
#include "core/model/DocumentSummary.h"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace hyperrig::render::preview {

// A rig file as the previewer shows it: the document read (G4MF .g4tf/.g4b) or imported (UsdSkel
// .usda, glTF .gltf/.glb) through core/io, its compiled rig, and what the overlay lists of it.
// Read-only: nothing here writes a file or runs an edit command.
struct PreviewDocument {
    std::filesystem::path path;
    core::model::Document document;
    core::eval::CompiledRig rig;
    core::model::DocumentSummary summary;
    // The stored bind poses of every skeleton by type name ("APose", "TPose"), sorted and without
    // repeats: the pose combo's entries after "rest" (the editor's overlay lists them alike).
    std::vector<std::string> bindPoseNames;
    // The skin groups a heat-map can show (render/scene/DocumentScene.h, skinGroupNames).
    std::vector<std::string> groupNames;
    // The names of the UsdSkel animations the document keeps (core::eval::keptAnimations), in
    // document order and without repeats: the pose combo's entries after the bind poses.
    std::vector<std::string> animationNames;
    // What an import reported and the user should know ("FILE:POINTER: message"), in the
    // importer's order; empty for G4MF, whose reader refuses what it cannot keep.
    std::vector<std::string> warnings;

    // "rest" or a bind pose's type name, as core::eval::namedPose takes it.
    core::Result<core::eval::Pose> pose(const std::string& name) const;
    // The animation `name` at time code `time` (core::eval::sampleAnimation's pose, carrying the
    // blend amounts its blendShapeWeights give the bound meshes: decision 0059).
    core::Result<core::eval::Pose> animationPose(const std::string& name, double time) const;
};

// The previewer's view of `document`, shown under the name `path` (read already, e.g. a USD
// import or a test's document): loadPreviewDocument's checks and lists without reading a file.
core::Result<std::unique_ptr<PreviewDocument>>
makePreviewDocument(const std::filesystem::path& path, core::model::Document document);

// Reads `path` by its extension (.usda and .gltf/.glb imported as hyperrig-cli and the editor
// import them, anything else read as G4MF) and compiles its rig. Fails, with the file's name in
// front of the reader's or the rig's message (which names the JSON pointer, item or line), when
// the file cannot be read, holds a document of a dimension outside 2..8 or a rig that cannot be
// evaluated. A file whose buffers lead outside its folder is refused unless `options` allow it
// (decision 0020; glTF buffers alike).
core::Result<std::unique_ptr<PreviewDocument>>
loadPreviewDocument(const std::filesystem::path& path, const core::io::ReadOptions& options = {});

} // namespace hyperrig::render::preview
