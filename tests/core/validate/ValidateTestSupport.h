#pragma once

#include "core/base/Diagnostic.h"
#include "core/io/Base64.h"
#include "core/io/g4mf/G4mfFile.h"
#include "core/model/ComponentType.h"
#include "core/model/Json.h"
#include "core/validate/Validator.h"

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace hyperrig::test {

inline std::filesystem::path validateFixtures() {
    return std::filesystem::path(HYPERRIG_SOURCE_DIR) / "tests" / "fixtures" / "validate";
}

inline std::vector<std::byte> bytesOfText(std::string_view text) {
    std::vector<std::byte> bytes(text.size());
    std::transform(text.begin(), text.end(), bytes.begin(),
                   [](char c) { return static_cast<std::byte>(c); });
    return bytes;
}

// Parses G4MF text from memory (buffers must be data URIs) and validates it. A file the loader
// refuses fails the calling test through Result's contract.
inline core::Diagnostics validateText(std::string_view text) {
    auto file = core::io::parseG4mfBytes(bytesOfText(text), {});
    return core::validate::validateG4mf(file.value());
}

inline std::vector<const core::Diagnostic*> withRule(const core::Diagnostics& diagnostics,
                                                     std::string_view rule) {
    std::vector<const core::Diagnostic*> found;
    for (const core::Diagnostic& diagnostic : diagnostics)
        if (diagnostic.rule == rule)
            found.push_back(&diagnostic);
    return found;
}

inline std::string listDiagnostics(const core::Diagnostics& diagnostics) {
    std::string text;
    for (const core::Diagnostic& d : diagnostics)
        text += std::string(core::severityName(d.severity)) + " " + d.rule + " " + d.pointer +
                ": " + d.message + "\n";
    return text.empty() ? "(no diagnostics)" : text;
}

// Builds the data part of a test document: each add() appends one accessor with its own buffer
// view (4-byte aligned) to a single data-URI buffer.
class AccessorBuilder {
public:
    std::size_t add(core::model::ComponentType type, const std::vector<double>& values,
                    int vectorSize = 1) {
        while (m_bytes.size() % 4 != 0)
            m_bytes.push_back(std::byte{0});
        const std::size_t start = m_bytes.size();
        const std::size_t size = core::model::componentSize(type);
        for (double value : values) {
            m_bytes.resize(m_bytes.size() + size);
            (void)core::model::writeFromDouble(type, value, m_bytes.data() + m_bytes.size() - size);
        }
        m_views.push_back(
            {{"buffer", 0}, {"byteOffset", start}, {"byteLength", m_bytes.size() - start}});
        core::model::OrderedJson accessor = {
            {"bufferView", m_views.size() - 1},
            {"componentType", std::string(core::model::componentTypeName(type))}};
        if (vectorSize != 1)
            accessor["vectorSize"] = vectorSize;
        m_accessors.push_back(accessor);
        return m_accessors.size() - 1;
    }

    // Puts accessors, bufferViews and buffers into `document`.
    void apply(core::model::OrderedJson& document) const {
        document["accessors"] = m_accessors;
        document["bufferViews"] = m_views;
        document["buffers"] = core::model::OrderedJson::array(
            {{{"byteLength", m_bytes.size()}, {"uri", core::io::makeDataUri(m_bytes)}}});
    }

private:
    std::vector<std::byte> m_bytes;
    core::model::OrderedJson m_accessors = core::model::OrderedJson::array();
    core::model::OrderedJson m_views = core::model::OrderedJson::array();
};

// Validates a document built in memory the way a file would be: dumped and parsed again, so
// integers are stored as the parser stores them.
inline core::Diagnostics validateJson(const core::model::OrderedJson& document) {
    return validateText(document.dump());
}

} // namespace hyperrig::test
