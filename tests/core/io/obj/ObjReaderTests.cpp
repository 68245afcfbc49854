#include "core/io/obj/ObjReader.h"

#include <catch2/catch.hpp>
#include <filesystem>

using hyperrig::core::io::ObjLimits;
using hyperrig::core::io::ObjMesh;
using hyperrig::core::io::parseObj;
using hyperrig::core::io::readObjFile;

namespace {

std::string errorOf(std::string_view text, const ObjLimits& limits = {}) {
    auto mesh = parseObj(text, "m.obj", limits);
    REQUIRE_FALSE(mesh);
    return mesh.error().message();
}

} // namespace

TEST_CASE("OBJ reader keeps positions, fans faces and records groups", "[obj]") {
    const char* text = "# a quad and a pentagon\n"
                       "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0 1.0\n"
                       "v 0.5 2 0 0.1 0.2 0.3\n"
                       "vt 0 0\nvn 0 0 1\ns off\n"
                       "g body\n"
                       "f 1/1 2/1 3/1 4/1\n"
                       "g joint-head\n"
                       "f -5//1 -4//1 -3//1 -1//1 4//1   # relative corners\n"
                       "g body\n"
                       "f 1 2 3\n";
    auto mesh = parseObj(text, "m.obj");
    REQUIRE(mesh);
    SECTION("positions in file order, first three numbers only") {
        REQUIRE(mesh->positions.size() == 5);
        CHECK(mesh->positions[4] == std::array<double, 3>{0.5, 2.0, 0.0});
    }
    SECTION("an n-gon becomes n - 2 triangles fanned from its first corner") {
        CHECK(mesh->faceCount == 3);
        REQUIRE(mesh->triangles.size() == 2 + 3 + 1);
        CHECK(mesh->triangles[0] == std::array<std::uint32_t, 3>{0, 1, 2});
        CHECK(mesh->triangles[1] == std::array<std::uint32_t, 3>{0, 2, 3});
        CHECK(mesh->triangles[2] == std::array<std::uint32_t, 3>{0, 1, 2});
        CHECK(mesh->triangles[3] == std::array<std::uint32_t, 3>{0, 2, 4});
        CHECK(mesh->triangles[4] == std::array<std::uint32_t, 3>{0, 4, 3});
    }
    SECTION("each group name once, triangles point at their group") {
        CHECK(mesh->groupNames == std::vector<std::string>{"body", "joint-head"});
        CHECK(mesh->triangleGroups == std::vector<std::uint32_t>{0, 0, 1, 1, 1, 0});
    }
}

TEST_CASE("OBJ faces before any group have no group", "[obj]") {
    auto mesh = parseObj("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", "m.obj");
    REQUIRE(mesh);
    CHECK(mesh->triangleGroups == std::vector<std::uint32_t>{ObjMesh::kNoGroup});
    CHECK(mesh->groupNames.empty());
}

TEST_CASE("OBJ errors name the file and line", "[obj]") {
    SECTION("a corner past the vertices read so far") {
        CHECK(errorOf("v 0 0 0\nv 1 0 0\n\nf 1 2 3\n") ==
              "m.obj:4: face corner '3' names vertex 3, but only 2 vertices are defined before "
              "this line");
    }
    SECTION("a relative corner before the first vertex") {
        CHECK(errorOf("v 0 0 0\nf -1 -2 -3\n").starts_with("m.obj:2: face corner '-2'"));
    }
    SECTION("vertex 0 does not exist in OBJ") {
        CHECK(errorOf("v 0 0 0\nf 0 1 1\n").starts_with("m.obj:2: face corner '0' does not"));
    }
    SECTION("too few numbers, not a number, not finite") {
        CHECK(errorOf("v 1 2\n") == "m.obj:1: a vertex needs x, y and z, this one has 2 numbers");
        CHECK(errorOf("\nv 1 two 3\n") ==
              "m.obj:2: vertex coordinate 'two' is not a finite number");
        CHECK(errorOf("v 1 2 1e999\n").starts_with("m.obj:1: vertex coordinate '1e999'"));
        CHECK(errorOf("v 1 2 nan\n").starts_with("m.obj:1: vertex coordinate 'nan'"));
    }
    SECTION("a face with fewer than three corners") {
        CHECK(errorOf("v 0 0 0\nv 1 0 0\nf 1 2\n") ==
              "m.obj:3: a face needs at least 3 corners, this one has 2");
    }
    SECTION("a corner with a 2 GB vertex number") {
        CHECK(errorOf("v 0 0 0\nf 1 1 2147483648\n")
                  .starts_with("m.obj:2: face corner '2147483648' names vertex 2147483648"));
        CHECK(errorOf("v 0 0 0\nf 1 1 99999999999999999999999\n")
                  .starts_with("m.obj:2: face corner '99999999999999999999999' does not"));
    }
}

TEST_CASE("OBJ limits stop hostile files before they cost memory", "[obj]") {
    ObjLimits limits;
    limits.maxVertices = 2;
    limits.maxTriangles = 1;
    limits.maxFaceCorners = 4;
    CHECK(errorOf("v 0 0 0\nv 0 0 0\nv 0 0 0\n", limits) ==
          "m.obj:3: more than 2 vertices, the most HyperRig reads");
    CHECK(errorOf("v 0 0 0\nv 0 0 0\nf 1 2 1 2 1\n", limits) ==
          "m.obj:3: a face with 5 corners; at most 4 are read");
    CHECK(errorOf("v 0 0 0\nv 0 0 0\nf 1 2 1 2\n", limits) ==
          "m.obj:3: more than 1 triangles, the most HyperRig reads");
    limits = {};
    limits.maxFileBytes = 10;
    auto big = readObjFile(std::filesystem::path(HYPERRIG_SOURCE_DIR) / ".." / "shared" / "data" /
                               "mpfb" / "3dobjs" / "base.obj",
                           limits);
    REQUIRE_FALSE(big);
    CHECK(big.error().message().find("more than the 10 bytes HyperRig reads") != std::string::npos);
}

TEST_CASE("OBJ reader reads the MakeHuman base mesh", "[obj][mpfb]") {
    auto mesh = readObjFile(std::filesystem::path(HYPERRIG_SOURCE_DIR) / ".." / "shared" / "data" /
                            "mpfb" / "3dobjs" / "base.obj");
    REQUIRE(mesh);
    // mpfb.md §11.1: 19,158 vertices, 18,486 quads, 139 face-group names.
    CHECK(mesh->positions.size() == 19158);
    CHECK(mesh->faceCount == 18486);
    CHECK(mesh->triangles.size() == 2 * 18486);
    CHECK(mesh->groupNames.size() == 139);
    CHECK(mesh->positions[0] == std::array<double, 3>{-0.3492, 7.3299, 1.4076});
    auto missing = readObjFile("/nonexistent/base.obj");
    REQUIRE_FALSE(missing);
    CHECK(missing.error().message() == "cannot open /nonexistent/base.obj: no such readable file");
}
