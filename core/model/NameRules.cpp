#include "core/model/NameRules.h"

#include <array>
#include <cstdio>

namespace hyperrig::core::model {

std::string firstForbiddenNameCharacter(std::string_view name) {
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto byte = static_cast<unsigned char>(name[i]);
        unsigned codePoint = 0x110000;
        if (byte < 0x20 || byte == 0x7F)
            codePoint = byte;
        else if (byte == 0xC2 && i + 1 < name.size() &&
                 static_cast<unsigned char>(name[i + 1]) >= 0x80 &&
                 static_cast<unsigned char>(name[i + 1]) <= 0x9F)
            codePoint = static_cast<unsigned char>(name[i + 1]);
        if (codePoint != 0x110000) {
            std::array<char, 16> text{};
            std::snprintf(text.data(), text.size(), "U+%04X", codePoint);
            return std::string(text.data()) + " (a control character)";
        }
        if (kForbiddenNamePunctuation.find(name[i]) != std::string_view::npos)
            return "'" + std::string(1, name[i]) + "'";
    }
    return {};
}

Result<void> checkNewName(const Document& document, std::string_view name, NodeId exceptNode,
                          MeshId exceptMesh, ShapeId exceptShape) {
    if (name.empty())
        return {};
    const std::string forbidden = firstForbiddenNameCharacter(name);
    if (!forbidden.empty())
        return Error("the name '" + std::string(name) + "' contains " + forbidden +
                     ", which G4MF forbids in names");
    if (document.nameInUse(name, exceptNode, exceptMesh, exceptShape))
        return Error("the name '" + std::string(name) +
                     "' is already used; names are unique across the whole file");
    return {};
}

std::string allowedName(std::string_view name) {
    std::string allowed;
    allowed.reserve(name.size());
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto byte = static_cast<unsigned char>(name[i]);
        const bool c1Control = byte == 0xC2 && i + 1 < name.size() &&
                               static_cast<unsigned char>(name[i + 1]) >= 0x80 &&
                               static_cast<unsigned char>(name[i + 1]) <= 0x9F;
        if (c1Control) {
            allowed += '_';
            ++i;
        } else if (byte < 0x20 || byte == 0x7F ||
                   kForbiddenNamePunctuation.find(name[i]) != std::string_view::npos) {
            allowed += '_';
        } else {
            allowed += name[i];
        }
    }
    return allowed;
}

std::string uniqueName(const Document& document, std::string_view base) {
    if (!document.nameInUse(base))
        return std::string(base);
    for (int suffix = 2;; ++suffix) {
        std::string candidate = std::string(base) + std::to_string(suffix);
        if (!document.nameInUse(candidate))
            return candidate;
    }
}

} // namespace hyperrig::core::model
