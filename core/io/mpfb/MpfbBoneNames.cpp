#include "core/io/mpfb/MpfbBoneNames.h"

#include "core/model/NameRules.h"

namespace hyperrig::core::io {

std::string g4mfNameForMpfbBone(std::string_view mpfbName) {
    return model::allowedName(mpfbName);
}

std::string mpfbNameOfNode(std::string_view nodeName, std::string_view keptMpfbName,
                           std::string_view importedName) {
    if (!keptMpfbName.empty() && nodeName == importedName)
        return std::string(keptMpfbName);
    return std::string(nodeName);
}

} // namespace hyperrig::core::io
