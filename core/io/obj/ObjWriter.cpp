#include "core/io/obj/ObjWriter.h"

#include "core/base/AtomicFile.h"

#include <cctype>
#include <charconv>

namespace hyperrig::core::io {
namespace {

void appendNumber(std::string& out, float value) {
    char buffer[32];
    const auto [end, error] =
        std::to_chars(buffer, buffer + sizeof(buffer), value, std::chars_format::general, 9);
    out.append(buffer, error == std::errc() ? end : buffer);
}

void appendVector(std::string& out, const char* tag, const std::array<float, 3>& v) {
    out += tag;
    for (float value : v) {
        out += ' ';
        appendNumber(out, value);
    }
    out += '\n';
}

} // namespace

std::string objText(const std::vector<std::string>& comments,
                    const std::vector<ObjObject>& objects) {
    std::string out;
    for (const std::string& comment : comments)
        out += "# " + comment + "\n";
    std::size_t cornerBase = 1;
    std::size_t normalBase = 1;
    for (const ObjObject& object : objects) {
        std::string name = object.name.empty() ? "unnamed" : object.name;
        for (char& c : name)
            if (std::isspace(static_cast<unsigned char>(c)))
                c = '_';
        out += "o " + name + "\n";
        for (const auto& corner : object.corners)
            appendVector(out, "v", corner);
        for (const auto& normal : object.normals)
            appendVector(out, "vn", normal);
        for (std::size_t t = 0; t < object.normals.size(); ++t) {
            const std::string n = std::to_string(normalBase + t);
            out += "f";
            for (std::size_t k = 0; k < 3; ++k)
                out += " " + std::to_string(cornerBase + 3 * t + k) + "//" + n;
            out += '\n';
        }
        cornerBase += object.corners.size();
        normalBase += object.normals.size();
    }
    return out;
}

Result<void> writeObj(const std::filesystem::path& path, const std::vector<std::string>& comments,
                      const std::vector<ObjObject>& objects) {
    const std::string text = objText(comments, objects);
    auto written = writeFileAtomically(path, std::as_bytes(std::span(text.data(), text.size())));
    if (!written)
        return written.error().withContext(path.string());
    return {};
}

} // namespace hyperrig::core::io
