#include "core/io/obj/ObjReader.h"

#include "core/io/FileBytes.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <unordered_map>

namespace hyperrig::core::io {
namespace {

bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

// Splits a line on blanks, skipping runs of them.
std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && isBlank(line[i]))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && !isBlank(line[i]))
            ++i;
        if (i > start)
            out.push_back(line.substr(start, i - start));
    }
    return out;
}

class LineParser {
public:
    LineParser(std::string_view sourceName, const ObjLimits& limits, ObjMesh& mesh)
        : m_sourceName(sourceName), m_limits(limits), m_mesh(mesh) {}

    Result<void> parseLine(std::string_view line, std::size_t lineNumber) {
        m_lineNumber = lineNumber;
        if (const std::size_t hash = line.find('#'); hash != std::string_view::npos)
            line = line.substr(0, hash);
        const std::vector<std::string_view> tokens = words(line);
        if (tokens.empty())
            return {};
        if (tokens[0] == "v")
            return vertex(tokens);
        if (tokens[0] == "f")
            return face(tokens);
        if (tokens[0] == "g")
            return group(tokens);
        return {};
    }

    Error error(const std::string& what) const {
        return Error(std::string(m_sourceName) + ":" + std::to_string(m_lineNumber) + ": " + what);
    }

private:
    Result<void> vertex(const std::vector<std::string_view>& tokens) {
        if (tokens.size() < 4)
            return error("a vertex needs x, y and z, this one has " +
                         std::to_string(tokens.size() - 1) + " numbers");
        if (m_mesh.positions.size() >= m_limits.maxVertices)
            return error("more than " + std::to_string(m_limits.maxVertices) +
                         " vertices, the most HyperRig reads");
        std::array<double, 3> position{};
        for (std::size_t axis = 0; axis < 3; ++axis) {
            const std::string_view text = tokens[axis + 1];
            double value = 0.0;
            const auto [end, status] = std::from_chars(text.data(), text.data() + text.size(),
                                                       value, std::chars_format::general);
            if (status != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
                return error("vertex coordinate '" + std::string(text) +
                             "' is not a finite number");
            position[axis] = value;
        }
        m_mesh.positions.push_back(position);
        return {};
    }

    // The 0-based vertex of a corner "v", "v/vt", "v//vn" or "v/vt/vn".
    Result<std::uint32_t> corner(std::string_view text) const {
        const std::string_view index = text.substr(0, text.find('/'));
        long long value = 0;
        const auto [end, status] =
            std::from_chars(index.data(), index.data() + index.size(), value);
        if (status != std::errc() || end != index.data() + index.size() || value == 0)
            return error("face corner '" + std::string(text) +
                         "' does not start with a vertex number (1-based, or negative)");
        const auto count = static_cast<long long>(m_mesh.positions.size());
        // OBJ numbers vertices from 1; -1 is the last vertex read so far.
        const long long zeroBased = value > 0 ? value - 1 : count + value;
        if (zeroBased < 0 || zeroBased >= count)
            return error("face corner '" + std::string(text) + "' names vertex " +
                         std::to_string(value) + ", but only " + std::to_string(count) +
                         " vertices are defined before this line");
        return static_cast<std::uint32_t>(zeroBased);
    }

    Result<void> face(const std::vector<std::string_view>& tokens) {
        const std::size_t corners = tokens.size() - 1;
        if (corners < 3)
            return error("a face needs at least 3 corners, this one has " +
                         std::to_string(corners));
        if (corners > m_limits.maxFaceCorners)
            return error("a face with " + std::to_string(corners) + " corners; at most " +
                         std::to_string(m_limits.maxFaceCorners) + " are read");
        if (m_mesh.triangles.size() + (corners - 2) > m_limits.maxTriangles)
            return error("more than " + std::to_string(m_limits.maxTriangles) +
                         " triangles, the most HyperRig reads");
        std::vector<std::uint32_t> vertices;
        vertices.reserve(corners);
        for (std::size_t i = 1; i < tokens.size(); ++i) {
            auto vertex = corner(tokens[i]);
            if (!vertex)
                return vertex.error();
            vertices.push_back(*vertex);
        }
        // A fan from the first corner: exact for the convex quads of the base mesh, and it keeps
        // the corners' winding.
        for (std::size_t i = 1; i + 1 < corners; ++i) {
            m_mesh.triangles.push_back({vertices[0], vertices[i], vertices[i + 1]});
            m_mesh.triangleGroups.push_back(m_currentGroup);
        }
        ++m_mesh.faceCount;
        return {};
    }

    Result<void> group(const std::vector<std::string_view>& tokens) {
        std::string name;
        for (std::size_t i = 1; i < tokens.size(); ++i) {
            if (i > 1)
                name += ' ';
            name += tokens[i];
        }
        if (name.empty()) {
            m_currentGroup = ObjMesh::kNoGroup;
            return {};
        }
        const auto [found, inserted] =
            m_groupIndex.try_emplace(name, static_cast<std::uint32_t>(m_mesh.groupNames.size()));
        if (inserted)
            m_mesh.groupNames.push_back(name);
        m_currentGroup = found->second;
        return {};
    }

    std::string_view m_sourceName;
    const ObjLimits& m_limits;
    ObjMesh& m_mesh;
    std::size_t m_lineNumber = 0;
    std::uint32_t m_currentGroup = ObjMesh::kNoGroup;
    std::unordered_map<std::string, std::uint32_t> m_groupIndex;
};

} // namespace

Result<ObjMesh> parseObj(std::string_view text, std::string_view sourceName,
                         const ObjLimits& limits) {
    ObjMesh mesh;
    LineParser parser(sourceName, limits, mesh);
    std::size_t lineNumber = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        ++lineNumber;
        const std::string_view line = text.substr(start, end - start);
        if (auto parsed = parser.parseLine(line, lineNumber); !parsed)
            return parsed.error();
        start = end + 1;
    }
    return mesh;
}

Result<ObjMesh> readObjFile(const std::filesystem::path& path, const ObjLimits& limits) {
    auto bytes = readWholeFile(path, limits.maxFileBytes);
    if (!bytes)
        return bytes.error();
    const std::string_view text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    return parseObj(text, path.filename().string(), limits);
}

} // namespace hyperrig::core::io
