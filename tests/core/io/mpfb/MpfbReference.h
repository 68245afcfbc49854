#pragma once

// An evaluator of MPFB bone placement written for the tests straight from the formulas of
// ../shared/docs/formats/mpfb.md (§4, §5, §6, §10), sharing no code with core/io/mpfb: its own
// OBJ and JSON reading, its own vector math and frame construction. The importer is checked
// against it.

#include "MpfbTestData.h"

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace hyperrig::test::mpfb_reference {

struct V3 {
    double x = 0, y = 0, z = 0;
};
inline V3 operator+(V3 a, V3 b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline V3 operator-(V3 a, V3 b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline V3 operator*(V3 a, double s) {
    return {a.x * s, a.y * s, a.z * s};
}
inline double dot(V3 a, V3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline V3 cross(V3 a, V3 b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline double norm(V3 a) {
    return std::sqrt(dot(a, a));
}
inline V3 unit(V3 a) {
    return a * (1.0 / norm(a));
}

struct Mesh {
    std::vector<V3> vertices; // Blender space: 0.1 · (x, -z, y)_OBJ
    std::map<std::string, V3> cubes;
};

inline const Mesh& mesh() {
    static const Mesh built = [] {
        Mesh m;
        std::istringstream obj(readTextFile(mpfbData("3dobjs/base.obj")));
        std::string line;
        while (std::getline(obj, line)) {
            if (line.rfind("v ", 0) != 0)
                continue;
            std::istringstream numbers(line.substr(2));
            double x, y, z;
            numbers >> x >> y >> z;
            m.vertices.push_back({0.1 * x, -0.1 * z, 0.1 * y});
        }
        const auto groups = nlohmann::json::parse(
            readTextFile(mpfbData("mesh_metadata/basemesh_vertex_groups.json")));
        for (auto it = groups.begin(); it != groups.end(); ++it) {
            if (it.key().find("joint") == std::string::npos)
                continue;
            V3 sum;
            int count = 0;
            for (const auto& range : it.value())
                for (int v = range[0].get<int>(); v <= range[1].get<int>(); ++v, ++count)
                    sum = sum + m.vertices[static_cast<std::size_t>(v)];
            m.cubes[it.key()] = sum * (1.0 / count);
        }
        return m;
    }();
    return built;
}

inline V3 vec(const nlohmann::json& j) {
    return {j[0].get<double>(), j[1].get<double>(), j[2].get<double>()};
}

// §4.2 and the offset/fallback rules.
inline V3 endPosition(const nlohmann::json& end, double relativeScale) {
    const Mesh& m = mesh();
    const std::string strategy = end["strategy"];
    const auto at = [&](const nlohmann::json& i) {
        return m.vertices.at(i.get<std::size_t>());
    };
    V3 p;
    if (strategy == "CUBE" && m.cubes.count(end["cube_name"]))
        p = m.cubes.at(end["cube_name"]);
    else if (strategy == "VERTEX")
        p = at(end["vertex_index"]);
    else if (strategy == "MEAN") {
        for (const auto& i : end["vertex_indices"])
            p = p + at(i);
        p = p * (1.0 / static_cast<double>(end["vertex_indices"].size()));
    } else if (strategy == "XYZ") {
        const auto& i = end["vertex_indices"];
        p = {at(i[0]).x, at(i[1]).y, at(i[2]).z};
    } else
        return vec(end["default_position"]);
    if (end.contains("offset"))
        p = p + vec(end["offset"]) * relativeScale;
    return p;
}

// §6.1: the frame of a bone along y with roll 0, as columns X0, Z0.
inline std::pair<V3, V3> zeroRoll(V3 y) {
    double theta = 1 + y.y;
    const double s = y.x * y.x + y.z * y.z;
    if (theta > 6.1e-3 || s > 2.5e-4 * 2.5e-4) {
        if (theta <= 6.1e-3)
            theta = s / 2 + s * s / 8;
        return {{1 - y.x * y.x / theta, -y.x, -y.x * y.z / theta},
                {-y.x * y.z / theta, -y.z, 1 - y.z * y.z / theta}};
    }
    return {{-1, 0, 0}, {0, 0, 1}};
}

struct Bone {
    V3 head, tail;
    double roll = 0;
};

// Every bone of a rig file: §4 ends, §5 connect snap, §6.2 roll strategies (two passes).
inline std::map<std::string, Bone> placeRig(const nlohmann::json& file) {
    const bool wrapped = file.contains("bones");
    const nlohmann::json& bones = wrapped ? file["bones"] : file;
    double relativeScale = 1;
    if (wrapped && file.contains("scale_factor") && file["scale_factor"].get<double>() != 0)
        relativeScale = static_cast<double>(0.1f) / file["scale_factor"].get<double>();
    std::map<std::string, Bone> placed;
    for (auto it = bones.begin(); it != bones.end(); ++it)
        placed[it.key()] = {endPosition(it.value()["head"], relativeScale),
                            endPosition(it.value()["tail"], relativeScale),
                            it.value()["roll"].get<double>()};
    for (auto it = bones.begin(); it != bones.end(); ++it)
        if (it.value()["use_connect"].get<bool>() && it.value()["parent"] != "")
            placed[it.key()].head = placed[it.value()["parent"].get<std::string>()].tail;
    for (auto it = bones.begin(); it != bones.end(); ++it) {
        const std::string strategy = it.value().value("roll_strategy", "");
        Bone& b = placed[it.key()];
        const V3 y = unit(b.tail - b.head);
        const auto [x0, z0] = zeroRoll(y);
        V3 target;
        if (strategy == "ALIGN_Z_WORLD_Z")
            target = V3{0, 0, 1} - y * y.z; // world Z with its component along the bone removed
        else if (strategy == "ALIGN_X_WORLD_X")
            target = cross(V3{1, 0, 0}, y);
        else
            continue;
        b.roll = norm(target) == 0 ? 0 : std::atan2(dot(target, x0), dot(target, z0));
    }
    return placed;
}

} // namespace hyperrig::test::mpfb_reference
