#include "core/io/gltf/GltfBinary.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace hyperrig::core::io::gltf {
namespace {

void appendUint32(std::vector<std::byte>& bytes, std::uint32_t value) {
    for (int i = 0; i < 4; ++i)
        bytes.push_back(static_cast<std::byte>((value >> (8 * i)) & 0xFFu));
}

template <typename T>
void appendValue(std::vector<std::byte>& bytes, T value) {
    std::byte raw[sizeof(T)];
    std::memcpy(raw, &value, sizeof(T));
    bytes.insert(bytes.end(), raw, raw + sizeof(T));
}

} // namespace

std::size_t GltfBinary::addAccessor(const std::vector<double>& values, int componentType,
                                    const char* type, int components, bool normalized,
                                    std::optional<int> target, bool minMax) {
    while (m_bytes.size() % 4 != 0)
        m_bytes.push_back(std::byte{0});
    const std::size_t start = m_bytes.size();
    for (double value : values) {
        switch (componentType) {
        case 5121:
            appendValue(m_bytes, static_cast<std::uint8_t>(std::llround(value)));
            break;
        case 5123:
            appendValue(m_bytes, static_cast<std::uint16_t>(std::llround(value)));
            break;
        case 5125:
            appendValue(m_bytes, static_cast<std::uint32_t>(std::llround(value)));
            break;
        default:
            appendValue(m_bytes, static_cast<float>(value));
            break;
        }
    }
    model::OrderedJson view = {
        {"buffer", 0}, {"byteOffset", start}, {"byteLength", m_bytes.size() - start}};
    if (target)
        view["target"] = *target;
    m_views.push_back(std::move(view));
    const auto width = static_cast<std::size_t>(components);
    model::OrderedJson accessor = {{"bufferView", m_views.size() - 1},
                                   {"componentType", componentType}};
    if (normalized)
        accessor["normalized"] = true;
    accessor["count"] = values.size() / width;
    accessor["type"] = type;
    if (minMax && !values.empty()) {
        std::vector<double> low(width, std::numeric_limits<double>::max());
        std::vector<double> high(width, std::numeric_limits<double>::lowest());
        for (std::size_t i = 0; i < values.size(); ++i) {
            // The bounds of what is stored (float32), as the validator compares them.
            const double stored = componentType == 5126
                                      ? static_cast<double>(static_cast<float>(values[i]))
                                      : values[i];
            low[i % width] = std::min(low[i % width], stored);
            high[i % width] = std::max(high[i % width], stored);
        }
        accessor["min"] = low;
        accessor["max"] = high;
    }
    m_accessors.push_back(std::move(accessor));
    return m_accessors.size() - 1;
}

std::vector<std::byte> glbContainer(const std::string& json, const std::vector<std::byte>& binary) {
    std::string text = json;
    while (text.size() % 4 != 0)
        text += ' ';
    std::vector<std::byte> bin = binary;
    while (bin.size() % 4 != 0)
        bin.push_back(std::byte{0});
    const std::size_t total = 12 + 8 + text.size() + (bin.empty() ? 0 : 8 + bin.size());
    std::vector<std::byte> out;
    out.reserve(total);
    appendUint32(out, 0x46546C67);
    appendUint32(out, 2);
    appendUint32(out, static_cast<std::uint32_t>(total));
    appendUint32(out, static_cast<std::uint32_t>(text.size()));
    appendUint32(out, 0x4E4F534A);
    for (char c : text)
        out.push_back(static_cast<std::byte>(c));
    if (!bin.empty()) {
        appendUint32(out, static_cast<std::uint32_t>(bin.size()));
        appendUint32(out, 0x004E4942);
        out.insert(out.end(), bin.begin(), bin.end());
    }
    return out;
}

} // namespace hyperrig::core::io::gltf
