#include "app/hyperrig-cli/AnyDocumentFile.h"

#include "app/hyperrig-cli/DocumentFiles.h"
#include "app/hyperrig-cli/GltfConvert.h"
#include "app/hyperrig-cli/UsdConvert.h"
#include "core/io/gltf/GltfFile.h"
#include "core/io/usd/UsdImport.h"

#include <utility>

namespace hyperrig::cli {

namespace {

bool endsWithGlb(const std::string& path) {
    return path.size() >= 4 && (path.compare(path.size() - 4, 4, ".glb") == 0 ||
                                path.compare(path.size() - 4, 4, ".GLB") == 0);
}

} // namespace

std::optional<core::io::ReadDocument>
readAnyDocumentFile(const std::string& path, const ParsedOptions& options, CliContext& context) {
    std::optional<core::io::ReadDocument> read;
    if (core::io::isUsdPath(path)) {
        auto imported = importUsdFile(path, context);
        if (!imported)
            return std::nullopt;
        read.emplace();
        read->document = std::move(imported->document);
    } else if (core::io::isGltfPath(path)) {
        auto imported = importGltfFile(path, options, context);
        if (!imported)
            return std::nullopt;
        read.emplace();
        read->document = std::move(imported->document);
        if (endsWithGlb(path))
            read->container = core::io::G4mfContainer::Binary;
    } else {
        read = readDocumentFile(path, options, context);
    }
    return read;
}

} // namespace hyperrig::cli
