#include "core/model/NewDocument.h"

#include "core/base/Contracts.h"
#include "core/base/Version.h"
#include "core/math/Dimension.h"

#include <memory>
#include <string>

namespace hyperrig::core::model {

Document newDocument(int dimension) {
    HYPERRIG_EXPECTS(math::isSupportedDimension(dimension));
    Document document;
    document.asset.dimension = dimension;
    document.asset.generator = std::string(kProductName) + " " + kVersion;
    auto root = std::make_unique<Node>();
    root->id = document.nodes.allocateId();
    root->name = "Scene";
    document.nodes.append(std::move(root));
    return document;
}

} // namespace hyperrig::core::model
