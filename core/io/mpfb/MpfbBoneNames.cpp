#include "core/io/mpfb/MpfbBoneNames.h"

#include "core/model/NameRules.h"

namespace hyperrig::core::io {

std::string g4mfNameForMpfbBone(std::string_view mpfbName) {
    std::string name;
    name.reserve(mpfbName.size());
    for (std::size_t i = 0; i < mpfbName.size(); ++i) {
        const auto byte = static_cast<unsigned char>(mpfbName[i]);
        const bool c1Control = byte == 0xC2 && i + 1 < mpfbName.size() &&
                               static_cast<unsigned char>(mpfbName[i + 1]) >= 0x80 &&
                               static_cast<unsigned char>(mpfbName[i + 1]) <= 0x9F;
        if (c1Control) {
            name += '_';
            ++i;
        } else if (byte < 0x20 || byte == 0x7F ||
                   model::kForbiddenNamePunctuation.find(mpfbName[i]) != std::string_view::npos) {
            name += '_';
        } else {
            name += mpfbName[i];
        }
    }
    return name;
}

std::string mpfbNameOfNode(std::string_view nodeName, std::string_view keptMpfbName,
                           std::string_view importedName) {
    if (!keptMpfbName.empty() && nodeName == importedName)
        return std::string(keptMpfbName);
    return std::string(nodeName);
}

} // namespace hyperrig::core::io
