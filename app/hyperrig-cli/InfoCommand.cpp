#include "app/hyperrig-cli/AnyDocumentFile.h"
#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "app/hyperrig-cli/GltfConvert.h"
#include "app/hyperrig-cli/UsdConvert.h"
#include "core/eval/animation/SkelAnimationSample.h"
#include "core/model/DocumentSummary.h"
#include "core/model/JsonDump.h"

#include <nlohmann/json.hpp>

namespace hyperrig::cli {
namespace {

// The names of the animations kept on `skeleton` (UsdSkel SkelAnimations, decision 0042).
std::vector<std::string> animationsOf(const std::vector<core::eval::KeptAnimation>& animations,
                                      core::model::NodeId skeleton) {
    std::vector<std::string> names;
    for (const auto& animation : animations)
        if (animation.skeleton == skeleton)
            names.push_back(animation.name);
    return names;
}

nlohmann::ordered_json summaryJson(const core::model::DocumentSummary& summary,
                                   const std::vector<core::eval::KeptAnimation>& animations,
                                   const core::io::ReadDocument& read, bool gltf, bool usd) {
    nlohmann::ordered_json json;
    json["dimension"] = summary.dimension;
    const bool binary = read.container == core::io::G4mfContainer::Binary;
    if (usd) {
        json["container"] = "usda";
    } else if (gltf) {
        json["container"] = binary ? "glb" : "gltf";
    } else {
        json["container"] = binary ? "g4b" : "g4tf";
        json["schema"] = read.schema == core::io::G4mfSchema::Current ? "current" : "classic";
    }
    json["nodes"] = summary.nodes;
    json["skeletons"] = summary.skeletons;
    json["bones"] = summary.bones;
    json["meshes"] = summary.meshes;
    json["skins"] = summary.skins;
    json["groups"] = summary.groups;
    json["influences"] = summary.influences;
    json["vertices"] = summary.vertices;
    json["simplexes"] = summary.simplexes;
    json["blendShapes"] = summary.blendShapes;
    nlohmann::ordered_json skeletons = nlohmann::ordered_json::array();
    for (const auto& skeleton : summary.skeletonDetails) {
        nlohmann::ordered_json entry;
        entry["name"] = skeleton.name;
        entry["bones"] = skeleton.bones;
        entry["jointSlots"] = skeleton.jointSlots;
        entry["bindPoses"] = skeleton.bindPoses;
        entry["skinnedMeshes"] = skeleton.skinnedMeshes;
        entry["animations"] = animationsOf(animations, skeleton.node);
        skeletons.push_back(std::move(entry));
    }
    json["skeletonDetails"] = std::move(skeletons);
    return json;
}

std::string joined(const std::vector<std::string>& items) {
    if (items.empty())
        return "none";
    std::string text;
    for (const std::string& item : items)
        text += (text.empty() ? "" : ", ") + item;
    return text;
}

int runInfo(const ParsedOptions& options, CliContext& context) {
    const std::string& path = options.positionals()[0];
    const bool gltf = core::io::isGltfPath(path);
    const bool usd = core::io::isUsdPath(path);
    const auto read = readAnyDocumentFile(path, options, context);
    if (!read)
        return kExitUnreadable;
    const auto summary = core::model::summarize(read->document);
    const auto animations = core::eval::keptAnimations(read->document);
    if (options.flag("json")) {
        std::fprintf(
            context.out, "%s\n",
            core::model::jsonText(summaryJson(summary, animations, *read, gltf, usd), 2).c_str());
        return kExitSuccess;
    }
    if (usd)
        std::fprintf(context.out, "%s: UsdSkel (text .usda), read as a %dD document\n",
                     path.c_str(), summary.dimension);
    else if (gltf)
        std::fprintf(context.out, "%s: glTF 2.0 (%s), read as a %dD document\n", path.c_str(),
                     read->container == core::io::G4mfContainer::Binary ? "binary .glb"
                                                                        : "text .gltf",
                     summary.dimension);
    else
        std::fprintf(
            context.out, "%s: %dD G4MF (%s, %s node properties)\n", path.c_str(), summary.dimension,
            read->container == core::io::G4mfContainer::Binary ? "binary .g4b" : "text .g4tf",
            read->schema == core::io::G4mfSchema::Current ? "current" : "classic");
    std::fprintf(context.out,
                 "  nodes       %zu\n  skeletons   %zu\n  bones       %zu\n  meshes      %zu\n"
                 "  skins       %zu\n  groups      %zu\n  influences  %zu\n  vertices    %zu\n"
                 "  simplexes   %zu\n",
                 summary.nodes, summary.skeletons, summary.bones, summary.meshes, summary.skins,
                 summary.groups, summary.influences, summary.vertices, summary.simplexes);
    if (summary.blendShapes > 0)
        std::fprintf(context.out, "  blend shapes %zu\n", summary.blendShapes);
    for (const auto& skeleton : summary.skeletonDetails) {
        std::fprintf(context.out,
                     "  skeleton %s: %zu bones, %zu joint slots, bind poses: %s, skinned "
                     "meshes: %s",
                     skeleton.name.c_str(), skeleton.bones, skeleton.jointSlots,
                     joined(skeleton.bindPoses).c_str(), joined(skeleton.skinnedMeshes).c_str());
        const auto names = animationsOf(animations, skeleton.node);
        if (!names.empty())
            std::fprintf(context.out, ", animations: %s", joined(names).c_str());
        std::fprintf(context.out, "\n");
    }
    return kExitSuccess;
}

} // namespace

CliCommand infoCommand() {
    return {"info", "info FILE [--json]",
            "counts (G4MF, or a .gltf/.glb/.usda as imported) of nodes, skeletons, bones, meshes, "
            "skins, groups, influences, simplexes and blend shapes; each skeleton's bind poses, "
            "skinned meshes and animations",
            OptionSpec{{"json"}, {}, 1, 1}, &runInfo};
}

} // namespace hyperrig::cli
