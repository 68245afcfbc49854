#include "tests/cli/CliTestSupport.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

using hyperrig::test::cliExecutable;
using hyperrig::test::readDocumentBack;
using hyperrig::test::runProcess;
using hyperrig::test::samplePath;
using hyperrig::test::TemporaryFolder;

namespace {

struct Obj {
    std::map<std::string, std::size_t> facesPerObject;
    std::vector<std::array<double, 3>> corners;
    std::vector<std::array<double, 3>> normals;
    std::vector<std::array<std::size_t, 4>> faces; // three corners and the normal, 1-based
};

Obj readObj(const std::filesystem::path& path) {
    std::ifstream stream(path);
    REQUIRE(stream.good());
    Obj obj;
    std::string object;
    for (std::string line; std::getline(stream, line);) {
        std::istringstream words(line);
        std::string tag;
        words >> tag;
        if (tag == "o") {
            words >> object;
        } else if (tag == "v" || tag == "vn") {
            std::array<double, 3> value{};
            words >> value[0] >> value[1] >> value[2];
            (tag == "v" ? obj.corners : obj.normals).push_back(value);
        } else if (tag == "f") {
            std::array<std::size_t, 4> face{};
            for (std::size_t k = 0; k < 3; ++k) {
                std::string corner;
                words >> corner;
                face[k] = std::stoul(corner.substr(0, corner.find('/')));
                face[3] = std::stoul(corner.substr(corner.rfind('/') + 1));
            }
            obj.faces.push_back(face);
            ++obj.facesPerObject[object];
        }
    }
    return obj;
}

} // namespace

TEST_CASE("slice writes the cross-section of the 4D creature as OBJ", "[cli][slice]") {
    TemporaryFolder folder;
    const auto out = folder / "slice.obj";
    const auto result =
        runProcess(cliExecutable(), {"slice", samplePath("creature-4d.g4tf"), "-o", out.string()});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    const Obj obj = readObj(out);
    CHECK(obj.facesPerObject.count("Body") == 1);
    CHECK(obj.facesPerObject.count("Clothing") == 1);
    REQUIRE_FALSE(obj.faces.empty());
    CHECK(obj.corners.size() == 3 * obj.faces.size());
    // Every normal is a unit vector and every triangle winds counter-clockwise around it.
    std::size_t degenerate = 0;
    for (const auto& face : obj.faces) {
        const auto& a = obj.corners[face[0] - 1];
        const auto& b = obj.corners[face[1] - 1];
        const auto& c = obj.corners[face[2] - 1];
        const auto& n = obj.normals[face[3] - 1];
        REQUIRE(std::hypot(n[0], n[1], n[2]) == Approx(1.0).margin(1e-5));
        const std::array<double, 3> u{b[0] - a[0], b[1] - a[1], b[2] - a[2]};
        const std::array<double, 3> v{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        const double facing = (u[1] * v[2] - u[2] * v[1]) * n[0] +
                              (u[2] * v[0] - u[0] * v[2]) * n[1] +
                              (u[0] * v[1] - u[1] * v[0]) * n[2];
        if (a == b || b == c || a == c)
            ++degenerate;
        else if (std::abs(facing) > 1e-12) // slivers too thin to judge after 9-digit rounding
            REQUIRE(facing > 0.0);
    }
    CHECK(degenerate == 0); // zero-area triangles are left out of the file
}

TEST_CASE("slice follows the hyperplane, the rotation and the pose", "[cli][slice]") {
    TemporaryFolder folder;
    const auto base = folder / "base.obj";
    REQUIRE(
        runProcess(cliExecutable(), {"slice", samplePath("creature-4d.g4tf"), "-o", base.string()})
            .exitCode == 0);
    const auto turned = folder / "turned.obj";
    REQUIRE(runProcess(cliExecutable(), {"slice", samplePath("creature-4d.g4tf"), "--rotate",
                                         "xw=90", "-o", turned.string()})
                .exitCode == 0);
    CHECK(readObj(turned).corners != readObj(base).corners);

    const auto pose = folder / "pose.json";
    std::ofstream(pose)
        << R"({"pose": {"Spine": {"rotor": [0.9659258, 0.258819, 0, 0, 0, 0, 0]}}})";
    const auto posed = folder / "posed.obj";
    const auto result =
        runProcess(cliExecutable(), {"slice", samplePath("creature-4d.g4tf"), "--pose",
                                     pose.string(), "-o", posed.string()});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    CHECK(readObj(posed).corners != readObj(base).corners);

    const auto empty = folder / "empty.obj";
    const auto away = runProcess(cliExecutable(), {"slice", samplePath("creature-4d.g4tf"), "--w",
                                                   "100", "-o", empty.string()});
    CHECK(away.exitCode == 0);
    CHECK_THAT(away.err, Catch::Contains("cuts no tetrahedron"));
    CHECK(readObj(empty).faces.empty());
}

TEST_CASE("slice of a 3D document writes its meshes", "[cli][slice]") {
    TemporaryFolder folder;
    const auto out = folder / "arm.obj";
    REQUIRE(runProcess(cliExecutable(), {"slice", samplePath("arm-3d.g4tf"), "-o", out.string()})
                .exitCode == 0);
    CHECK_FALSE(readObj(out).faces.empty());
}

TEST_CASE("slice refuses bad options and writes nothing", "[cli][slice]") {
    TemporaryFolder folder;
    const auto out = folder / "never.obj";
    const auto rotate = runProcess(cliExecutable(), {"slice", samplePath("creature-4d.g4tf"),
                                                     "--rotate", "xy=3", "-o", out.string()});
    CHECK(rotate.exitCode == 2);
    CHECK_THAT(rotate.err, Catch::Contains("unknown plane 'xy' (use xw, yw or zw)"));
    const auto offset = runProcess(cliExecutable(), {"slice", samplePath("creature-4d.g4tf"), "--w",
                                                     "far", "-o", out.string()});
    CHECK(offset.exitCode == 2);
    const auto pose = folder / "pose.json";
    std::ofstream(pose) << "{\"pose\": {\"Nobody\": {}}}";
    const auto badPose = runProcess(cliExecutable(), {"slice", samplePath("creature-4d.g4tf"),
                                                      "--pose", pose.string(), "-o", out.string()});
    CHECK(badPose.exitCode == 2);
    CHECK_THAT(badPose.err, Catch::Contains("/pose/Nobody: there is no node named 'Nobody'"));
    CHECK_FALSE(std::filesystem::exists(out));
}
