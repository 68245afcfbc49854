#include "tests/cli/CliTestSupport.h"
#include "tests/support/ProcessRunner.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using hyperrig::test::cliExecutable;
using hyperrig::test::runProcess;
using hyperrig::test::samplePath;
using hyperrig::test::TemporaryFolder;

namespace {

using CrossSectionPoint = std::array<float, 3>;

// The triangles of a cross-section export, read straight from the GLB container (glTF 2.0 §4.4)
// so that nothing of HyperRig's glTF code reads its own output.
struct CrossSectionGlb {
    nlohmann::json json;
    std::vector<char> bin;
    std::vector<std::string> nodeNames;
    std::vector<std::array<CrossSectionPoint, 3>> triangles; // all meshes, in node order
    std::vector<CrossSectionPoint> normals;                  // per corner, parallel
};

std::uint32_t crossSectionU32(const std::vector<char>& bytes, std::size_t at) {
    REQUIRE(at + 4 <= bytes.size());
    std::uint32_t value = 0;
    std::memcpy(&value, bytes.data() + at, 4);
    return value;
}

std::vector<CrossSectionPoint> crossSectionVec3s(const CrossSectionGlb& glb, int accessor) {
    const auto& json = glb.json["accessors"][std::size_t(accessor)];
    REQUIRE(json["componentType"] == 5126);
    REQUIRE(json["type"] == "VEC3");
    const auto& view = glb.json["bufferViews"][json["bufferView"].get<std::size_t>()];
    CHECK_FALSE(view.contains("byteStride"));
    const std::size_t offset =
        view.value("byteOffset", std::size_t{0}) + json.value("byteOffset", std::size_t{0});
    const auto count = json["count"].get<std::size_t>();
    REQUIRE(offset + 12 * count <= glb.bin.size());
    std::vector<CrossSectionPoint> points(count);
    std::memcpy(points.data(), glb.bin.data() + offset, 12 * count);
    return points;
}

CrossSectionGlb readCrossSectionGlb(const std::string& path) {
    std::ifstream stream(path, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(stream)),
                                  std::istreambuf_iterator<char>());
    REQUIRE(bytes.size() >= 20);
    REQUIRE(std::string(bytes.data(), 4) == "glTF");
    REQUIRE(crossSectionU32(bytes, 4) == 2);
    const std::uint32_t jsonLength = crossSectionU32(bytes, 12);
    REQUIRE(std::string(bytes.data() + 16, 4) == "JSON");
    CrossSectionGlb glb;
    glb.json = nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + jsonLength);
    const std::size_t binAt = 20 + jsonLength;
    const std::uint32_t binLength = crossSectionU32(bytes, binAt);
    REQUIRE(std::string(bytes.data() + binAt + 4, 4) == std::string("BIN\0", 4));
    glb.bin.assign(bytes.begin() + std::ptrdiff_t(binAt + 8),
                   bytes.begin() + std::ptrdiff_t(binAt + 8 + binLength));
    for (const auto& node : glb.json["nodes"]) {
        glb.nodeNames.push_back(node["name"]);
        const auto& mesh = glb.json["meshes"][node["mesh"].get<std::size_t>()];
        REQUIRE(mesh["primitives"].size() == 1);
        const auto& primitive = mesh["primitives"][0];
        CHECK(primitive.value("mode", 4) == 4);
        CHECK_FALSE(primitive.contains("indices"));
        const auto positions = crossSectionVec3s(glb, primitive["attributes"]["POSITION"]);
        const auto normals = crossSectionVec3s(glb, primitive["attributes"]["NORMAL"]);
        REQUIRE(positions.size() % 3 == 0);
        REQUIRE(normals.size() == positions.size());
        for (std::size_t c = 0; c < positions.size(); c += 3)
            glb.triangles.push_back({positions[c], positions[c + 1], positions[c + 2]});
        glb.normals.insert(glb.normals.end(), normals.begin(), normals.end());
    }
    return glb;
}

// What `slice` wrote: object names, face count and the bounds of its vertices.
struct CrossSectionObj {
    std::vector<std::string> objects;
    std::size_t faces = 0;
    CrossSectionPoint min{INFINITY, INFINITY, INFINITY};
    CrossSectionPoint max{-INFINITY, -INFINITY, -INFINITY};
};

CrossSectionObj readCrossSectionObj(const std::string& path) {
    std::ifstream stream(path);
    CrossSectionObj obj;
    std::string line;
    while (std::getline(stream, line)) {
        std::istringstream words(line);
        std::string tag;
        words >> tag;
        if (tag == "o") {
            std::string name;
            words >> name;
            obj.objects.push_back(name);
        } else if (tag == "f") {
            ++obj.faces;
        } else if (tag == "v") {
            for (std::size_t k = 0; k < 3; ++k) {
                float value = 0.0F;
                words >> value;
                obj.min[k] = std::min(obj.min[k], value);
                obj.max[k] = std::max(obj.max[k], value);
            }
        }
    }
    return obj;
}

CrossSectionPoint crossSectionCross(const std::array<CrossSectionPoint, 3>& t) {
    const CrossSectionPoint u{t[1][0] - t[0][0], t[1][1] - t[0][1], t[1][2] - t[0][2]};
    const CrossSectionPoint v{t[2][0] - t[0][0], t[2][1] - t[0][1], t[2][2] - t[0][2]};
    return {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
}

// Exports the cross-section of `sample` and slices it to OBJ with the same view options, and
// checks that the two agree and that the glTF holds sound static triangles.
void checkCrossSectionAgainstSlice(const char* sample, const std::vector<std::string>& view) {
    TemporaryFolder folder;
    const auto glb = (folder / "cut.glb").string();
    const auto obj = (folder / "cut.obj").string();
    std::vector<std::string> convert{"convert", samplePath(sample), glb, "--cross-section"};
    convert.insert(convert.end(), view.begin(), view.end());
    std::vector<std::string> slice{"slice", samplePath(sample), "-o", obj};
    slice.insert(slice.end(), view.begin(), view.end());
    const auto converted = runProcess(cliExecutable(), convert);
    INFO(converted.err);
    REQUIRE(converted.exitCode == 0);
    const auto sliced = runProcess(cliExecutable(), slice);
    INFO(sliced.err);
    REQUIRE(sliced.exitCode == 0);

    const auto expected = readCrossSectionObj(obj);
    const auto actual = readCrossSectionGlb(glb);
    REQUIRE(expected.faces > 0);
    CHECK(actual.triangles.size() == expected.faces);
    CHECK(actual.nodeNames == expected.objects);
    CHECK_FALSE(actual.json.contains("skins"));
    CHECK(actual.json["scenes"][0]["nodes"].size() == actual.nodeNames.size());
    CrossSectionPoint min{INFINITY, INFINITY, INFINITY};
    CrossSectionPoint max{-INFINITY, -INFINITY, -INFINITY};
    for (std::size_t t = 0; t < actual.triangles.size(); ++t) {
        for (const auto& corner : actual.triangles[t])
            for (std::size_t k = 0; k < 3; ++k) {
                min[k] = std::min(min[k], corner[k]);
                max[k] = std::max(max[k], corner[k]);
            }
        const auto cross = crossSectionCross(actual.triangles[t]);
        const auto& normal = actual.normals[3 * t];
        const double area = std::hypot(double(cross[0]), double(cross[1]), double(cross[2]));
        INFO("triangle " << t);
        CHECK(area > 0.0);
        // Counter-clockwise seen from the side the normal points to (decision 0009).
        CHECK(double(cross[0] * normal[0] + cross[1] * normal[1] + cross[2] * normal[2]) > 0.0);
        for (std::size_t c = 0; c < 3; ++c) {
            const auto& n = actual.normals[3 * t + c];
            CHECK(std::hypot(double(n[0]), double(n[1]), double(n[2])) == Approx(1.0).margin(1e-5));
        }
    }
    for (std::size_t k = 0; k < 3; ++k) {
        INFO("axis " << k);
        CHECK(min[k] == Approx(expected.min[k]).margin(1e-6));
        CHECK(max[k] == Approx(expected.max[k]).margin(1e-6));
    }
}

} // namespace

TEST_CASE("convert --cross-section writes the 4D creature's slice as the slice command cuts it",
          "[cli][gltf][slice]") {
    checkCrossSectionAgainstSlice("creature-4d.g4tf", {"--w", "0"});
    checkCrossSectionAgainstSlice("creature-4d.g4tf", {"--w", "0.1", "--rotate", "xw=20"});
}

TEST_CASE("convert --cross-section cuts a 5D document at its --slice offsets",
          "[cli][gltf][slice]") {
    checkCrossSectionAgainstSlice("limb-5d.g4tf", {"--slice", "v=0.2"});
}

TEST_CASE("convert of a 4D document to glTF without --cross-section names the flag",
          "[cli][gltf][slice]") {
    TemporaryFolder folder;
    const auto out = (folder / "x.glb").string();
    const auto result =
        runProcess(cliExecutable(), {"convert", samplePath("creature-4d.g4tf"), out});
    CHECK(result.exitCode == 1);
    CHECK_THAT(result.err,
               Catch::Contains("this document is 4D") && Catch::Contains("--cross-section"));
    CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("convert --cross-section refuses bad options and documents, naming the part",
          "[cli][gltf][slice]") {
    TemporaryFolder folder;
    const auto out = (folder / "x.glb").string();
    const auto creature = samplePath("creature-4d.g4tf");
    struct Refusal {
        std::vector<std::string> arguments;
        int exitCode;
        std::string message;
    };
    const std::vector<Refusal> refusals{
        {{"convert", creature, out, "--cross-section", "--w", "abc"}, 2, "--w needs a number"},
        {{"convert", creature, out, "--cross-section", "--slice", "v=0.2"}, 2, "axis v"},
        {{"convert", creature, out, "--cross-section", "--rotate", "xw=many"}, 2, "--rotate"},
        {{"convert", creature, out, "--cross-section", "--pose-name", "Nope"}, 1, "'Nope'"},
        {{"convert", creature, out, "--cross-section", "--weights", "unorm8"}, 2, "--weights"},
        {{"convert", creature, out, "--cross-section", "--zstd"}, 2, "--zstd does not apply"},
        {{"convert", creature, out, "--w", "0.1"}, 2, "add --cross-section"},
        {{"convert", creature, (folder / "x.g4tf").string(), "--cross-section"},
         2,
         ".gltf, .glb or .usda"},
        {{"convert", samplePath("arm-3d.g4tf"), out, "--cross-section"}, 1, "is 3D"},
        {{"convert", samplePath("arm-2d.g4tf"), out, "--cross-section"}, 1, "is 2D"},
    };
    for (const auto& refusal : refusals) {
        const auto result = runProcess(cliExecutable(), refusal.arguments);
        INFO(refusal.arguments.back() << ": " << result.err);
        CHECK(result.exitCode == refusal.exitCode);
        CHECK_THAT(result.err, Catch::Contains(refusal.message));
        CHECK_FALSE(std::filesystem::exists(out));
    }
}
