#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/RigSlice.h"
#include "core/io/g4mf/G4mfReader.h"
#include "render/scene/CornerWelding.h"
#include "render/scene/RigScene.h"
#include "render/scene/SmoothNormals.h"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <glm/gtc/constants.hpp>
#include <map>
#include <utility>

using namespace hyperrig;
using render::scene::CornerWelding;
using render::scene::SmoothNormals;

namespace {

struct IndexedMesh {
    std::vector<glm::vec3> vertices;
    std::vector<std::uint32_t> indices; // counter-clockwise seen from outside

    std::vector<glm::vec3> corners() const {
        std::vector<glm::vec3> result;
        for (const std::uint32_t index : indices)
            result.push_back(vertices[index]);
        return result;
    }
    glm::vec3 faceNormal(std::size_t triangle) const {
        const glm::vec3 a = vertices[indices[3 * triangle]];
        const glm::vec3 b = vertices[indices[3 * triangle + 1]];
        const glm::vec3 c = vertices[indices[3 * triangle + 2]];
        return glm::normalize(glm::cross(b - a, c - a));
    }
};

// The regular octahedron with vertices ±X, ±Y, ±Z: eight equal faces, four around each vertex.
// Neighbouring face normals, (±1, ±1, ±1)/√3, are arccos(1/3) = 70.5° apart.
IndexedMesh octahedron() {
    IndexedMesh mesh;
    mesh.vertices = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    const std::array<std::array<std::uint32_t, 2>, 4> ring{{{0, 4}, {4, 1}, {1, 5}, {5, 0}}};
    for (const auto& [a, b] : ring) {
        mesh.indices.insert(mesh.indices.end(), {b, a, 2}); // upper half, with +Y
        mesh.indices.insert(mesh.indices.end(), {a, b, 3}); // lower half, the other way round
    }
    return mesh;
}

// The unit cube, two triangles per face, corners shared by index.
IndexedMesh cube() {
    IndexedMesh mesh;
    for (int i = 0; i < 8; ++i)
        mesh.vertices.emplace_back(i & 1, (i >> 1) & 1, (i >> 2) & 1);
    // Each face as a quad counter-clockwise from outside, split along its first diagonal.
    const std::array<std::array<std::uint32_t, 4>, 6> faces{
        {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}}};
    for (const auto& q : faces) {
        mesh.indices.insert(mesh.indices.end(), {q[0], q[1], q[2]});
        mesh.indices.insert(mesh.indices.end(), {q[0], q[2], q[3]});
    }
    return mesh;
}

bool nearlyEqual(const glm::vec3& a, const glm::vec3& b, float tolerance = 1e-5F) {
    return glm::length(a - b) <= tolerance;
}

} // namespace

TEST_CASE("smooth normals average the faces around a vertex within the crease angle",
          "[scene][shading]") {
    SmoothNormals smoothing;
    std::vector<glm::vec3> normals;

    SECTION("the test meshes are closed and wound outwards") {
        for (const IndexedMesh& mesh : {octahedron(), cube()}) {
            glm::vec3 centre(0.0F);
            for (const glm::vec3& v : mesh.vertices)
                centre += v / static_cast<float>(mesh.vertices.size());
            std::map<std::pair<std::uint32_t, std::uint32_t>, int> directedEdges;
            for (std::size_t t = 0; t < mesh.indices.size() / 3; ++t) {
                CHECK(glm::dot(mesh.faceNormal(t), mesh.vertices[mesh.indices[3 * t]] - centre) >
                      0.0F);
                for (std::size_t k = 0; k < 3; ++k)
                    ++directedEdges[{mesh.indices[3 * t + k], mesh.indices[3 * t + (k + 1) % 3]}];
            }
            for (const auto& [edge, count] : directedEdges) {
                CHECK(count == 1);
                CHECK(directedEdges.count({edge.second, edge.first}) == 1);
            }
        }
    }
    SECTION("without a crease, a closed octahedron's corners point from the centre") {
        // Four equal faces around each vertex, symmetric about its axis: their sum is along it.
        const IndexedMesh mesh = octahedron();
        smoothing.indexed(mesh.corners(), mesh.indices, mesh.vertices.size(), 180.0F, normals);
        REQUIRE(normals.size() == mesh.indices.size());
        for (std::size_t corner = 0; corner < normals.size(); ++corner)
            CHECK(nearlyEqual(normals[corner], mesh.vertices[mesh.indices[corner]]));
    }
    SECTION("the default crease angle keeps the octahedron's 70.5 degree edges hard") {
        const IndexedMesh mesh = octahedron();
        smoothing.indexed(mesh.corners(), mesh.indices, mesh.vertices.size(),
                          render::scene::kDefaultCreaseAngleDegrees, normals);
        for (std::size_t corner = 0; corner < normals.size(); ++corner)
            CHECK(nearlyEqual(normals[corner], mesh.faceNormal(corner / 3)));
        // Just above 70.5°, corner 0 (at +Z, of the face towards (1, 1, 1)) averages its face
        // with the two sharing an edge with it, (−1, 1, 1) and (1, −1, 1), but not (−1, −1, 1)
        // across the vertex, arccos(−1/3) = 109.5° away.
        REQUIRE(mesh.vertices[mesh.indices[0]] == glm::vec3(0, 0, 1));
        REQUIRE(nearlyEqual(mesh.faceNormal(0), glm::normalize(glm::vec3(1, 1, 1))));
        smoothing.indexed(mesh.corners(), mesh.indices, mesh.vertices.size(), 71.0F, normals);
        CHECK(nearlyEqual(normals[0], glm::normalize(glm::vec3(1, 1, 3))));
        // Above 109.5°, all four.
        smoothing.indexed(mesh.corners(), mesh.indices, mesh.vertices.size(), 110.0F, normals);
        CHECK(nearlyEqual(normals[0], glm::vec3(0, 0, 1)));
    }
    SECTION("a cube stays flat: its faces meet at 90 degrees") {
        const IndexedMesh mesh = cube();
        smoothing.indexed(mesh.corners(), mesh.indices, mesh.vertices.size(),
                          render::scene::kDefaultCreaseAngleDegrees, normals);
        REQUIRE(normals.size() == 36);
        for (std::size_t corner = 0; corner < normals.size(); ++corner)
            CHECK(normals[corner] == mesh.faceNormal(corner / 3));
    }
    SECTION("larger faces weigh more") {
        // A roof ridge along Z: a wide slope to the left, a narrow one to the right, meeting at
        // 40 degrees. The ridge corners' normal is the sum of the slopes' area vectors.
        const float wide = 3.0F;
        const float narrow = 1.0F;
        const glm::vec3 left = glm::normalize(
            glm::vec3(-std::sin(glm::radians(20.0F)), std::cos(glm::radians(20.0F)), 0.0F));
        const glm::vec3 right{-left.x, left.y, 0.0F};
        const glm::vec3 downLeft = glm::normalize(glm::vec3(-left.y, left.x, 0.0F)) * wide;
        const glm::vec3 downRight = glm::normalize(glm::vec3(right.y, -right.x, 0.0F)) * narrow;
        const glm::vec3 ridge0{0, 0, 0};
        const glm::vec3 ridge1{0, 0, -1};
        const std::vector<glm::vec3> corners{ridge0,
                                             ridge1,
                                             ridge0 + downLeft, // wide slope
                                             ridge1,
                                             ridge0,
                                             ridge0 + downRight}; // narrow slope
        const std::vector<std::uint32_t> vertices{0, 1, 2, 1, 0, 3};
        smoothing.indexed(corners, vertices, 4, 60.0F, normals);
        // Triangle areas: wide / 2 and narrow / 2 (ridge edge of length 1, perpendicular legs).
        const glm::vec3 expected = glm::normalize(wide * left + narrow * right);
        CHECK(glm::dot(left, glm::cross(corners[1] - corners[0], corners[2] - corners[0])) > 0.0F);
        CHECK(nearlyEqual(normals[0], expected));
        CHECK(nearlyEqual(normals[1], expected));
        CHECK(nearlyEqual(normals[2], left)); // alone at its vertex
        CHECK(nearlyEqual(normals[5], right));
    }
    SECTION("a zero-area triangle gets zero and does not disturb its neighbours") {
        const std::vector<glm::vec3> corners{{0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                             {0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
        smoothing.indexed(corners, std::vector<std::uint32_t>{0, 1, 2, 0, 1, 3}, 4, 180.0F,
                          normals);
        CHECK(normals[0] == glm::vec3(0, 0, 1));
        CHECK(normals[3] == glm::vec3(0.0F));
    }
}

TEST_CASE("smooth normals at crowded vertices follow the same formula", "[scene][shading]") {
    // A cone's apex shared by n triangles whose normals turn around it: at a crease angle of 50
    // degrees each apex corner takes some of its neighbours and not the far side. Rows up to 32
    // corners are summed pairwise from gathered normals, longer ones corner by corner: both must
    // give the formula's normal, computed here directly.
    for (const std::uint32_t n : {12U, 40U}) {
        CAPTURE(n);
        std::vector<glm::vec3> corners;
        std::vector<std::uint32_t> vertexOfCorner;
        const auto ringPoint = [&](std::uint32_t i) {
            const float angle =
                2.0F * glm::pi<float>() * static_cast<float>(i % n) / static_cast<float>(n);
            const float radius = i % 2 == 0 ? 1.0F : 1.5F; // uneven areas
            return glm::vec3(radius * std::cos(angle), radius * std::sin(angle), 0.0F);
        };
        for (std::uint32_t i = 0; i < n; ++i) {
            corners.insert(corners.end(), {glm::vec3(0, 0, 1), ringPoint(i), ringPoint(i + 1)});
            vertexOfCorner.insert(vertexOfCorner.end(), {0, 1 + i, 1 + (i + 1) % n});
        }
        SmoothNormals smoothing;
        std::vector<glm::vec3> normals;
        const float crease = 50.0F;
        smoothing.indexed(corners, vertexOfCorner, n + 1, crease, normals);
        REQUIRE(normals.size() == corners.size());
        const float cosCrease = std::cos(glm::radians(crease));
        const auto areaNormal = [&](std::uint32_t t) {
            return glm::cross(corners[3 * t + 1] - corners[3 * t],
                              corners[3 * t + 2] - corners[3 * t]);
        };
        for (std::uint32_t t = 0; t < n; ++t) {
            const glm::vec3 own = glm::normalize(areaNormal(t));
            glm::vec3 sum(0.0F);
            std::uint32_t joined = 0;
            for (std::uint32_t f = 0; f < n; ++f)
                if (glm::dot(glm::normalize(areaNormal(f)), own) >= cosCrease) {
                    sum += areaNormal(f);
                    ++joined;
                }
            CHECK(joined > 1);
            CHECK(joined < n);
            CHECK(nearlyEqual(normals[3 * t], glm::normalize(sum)));
            // A ring corner shares its vertex with one neighbour.
            const glm::vec3 next = glm::normalize(areaNormal((t + 1) % n));
            const glm::vec3 ringSum = glm::dot(next, own) >= cosCrease
                                          ? areaNormal(t) + areaNormal((t + 1) % n)
                                          : areaNormal(t);
            CHECK(nearlyEqual(normals[3 * t + 2], glm::normalize(ringSum)));
        }
    }
}

TEST_CASE("welding joins corners at the same point", "[scene][shading]") {
    CornerWelding welding;
    std::vector<std::uint32_t> vertexOf;

    SECTION("vertices are numbered in order of appearance") {
        const std::vector<glm::vec3> corners{{0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                             {0, 1, 0}, {1, 0, 0}, {1, 1, 0}};
        CHECK(welding.weld(corners, 0.0F, vertexOf) == 4);
        CHECK(vertexOf == std::vector<std::uint32_t>{0, 1, 2, 2, 1, 3});
    }
    SECTION("exactly: minus zero is zero, one ulp apart is apart, NaN is never joined") {
        const float nextToOne = std::nextafter(1.0F, 2.0F);
        const float nan = std::nanf("");
        const std::vector<glm::vec3> corners{{0.0F, 1.0F, 0.0F},      {-0.0F, 1.0F, -0.0F},
                                             {0.0F, nextToOne, 0.0F}, {nan, 0.0F, 0.0F},
                                             {nan, 0.0F, 0.0F},       {0.0F, 1.0F, 0.0F}};
        CHECK(welding.weld(corners, 0.0F, vertexOf) == 4);
        CHECK(vertexOf == std::vector<std::uint32_t>{0, 0, 1, 2, 3, 0});
    }
    SECTION("within a tolerance, across cell faces, and not beyond it") {
        // The cells are 64 · tolerance = 0.064 wide: −0.0005 and 0.0005 straddle the face at 0,
        // in neighbouring cells, and still join.
        const float tolerance = 0.001F;
        const std::vector<glm::vec3> corners{{0.004F, 0, 0},     {0.0041F, 0, 0},  {0.0049F, 0, 0},
                                             {0.0052F, 0, 0},    {-0.0005F, 1, 1}, {0.0005F, 1, 1},
                                             {0.0F, 1.0009F, 1}, {0.0F, 1.002F, 1}};
        CHECK(welding.weld(corners, tolerance, vertexOf) == 4);
        // 0.0049 is within 0.001 of 0.004 (the first point of its vertex); 0.0052 is not, though
        // within 0.001 of 0.0049: a corner joins a vertex's first point, not a chain of points.
        CHECK(vertexOf == std::vector<std::uint32_t>{0, 0, 0, 1, 2, 2, 2, 3});
        CHECK(render::scene::weldTolerance(corners) == std::ldexp(1.002F, -20));
    }
    SECTION("a soup smooths like the indexed mesh it was made from") {
        const IndexedMesh mesh = octahedron();
        SmoothNormals smoothing;
        std::vector<glm::vec3> indexed;
        std::vector<glm::vec3> welded;
        smoothing.indexed(mesh.corners(), mesh.indices, mesh.vertices.size(), 180.0F, indexed);
        smoothing.welded(mesh.corners(), 180.0F, welded);
        CHECK(welded == indexed);
        CHECK(welding.weld(mesh.corners(), 0.0F, vertexOf) == 6);
    }
    SECTION("a copy of a point goes where the point's first corner went") {
        // Cells 0.064 wide. p lies within tolerance of the face at x = 0 and joins v across it;
        // w, 0.0009 from p but 0.0018 from v, starts a vertex in p's cell. A copy of p stays
        // with v: equal points always share a vertex, even where a second search of p's own
        // cell would now meet w first.
        const float tolerance = 0.001F;
        const glm::vec3 v{-0.0005F, 0.032F, 0.032F};
        const glm::vec3 p{0.0004F, 0.032F, 0.032F};
        const glm::vec3 w{0.0013F, 0.032F, 0.032F};
        CHECK(welding.weld(std::vector<glm::vec3>{v, p, w, p}, tolerance, vertexOf) == 2);
        CHECK(vertexOf == std::vector<std::uint32_t>{0, 0, 1, 0});
    }
    SECTION("many distinct points, repeated across the soup, on one thread or several") {
        // 1,500 points on a grid 1 apart, each met 20 times in a scattered order, and a NaN
        // corner now and then: far more points than the corners / 6 the tables start sized for
        // (they must grow), and repeats of a point in every stretch of the soup (the pool's
        // threads each take one stretch, then look their points up in the stretches before).
        std::vector<glm::vec3> soup;
        for (std::uint32_t i = 0; i < 30'000; ++i) {
            if (i % 997 == 500) {
                soup.emplace_back(std::nanf(""), 0.0F, 0.0F);
                continue;
            }
            const std::uint32_t point = (i * 7919U + i / 1500U) % 1500U;
            soup.emplace_back(static_cast<float>(point % 10), static_cast<float>(point / 10 % 10),
                              static_cast<float>(point / 100));
        }
        // What welding means here, counted the plain way: points numbered in order of their
        // first corner, every NaN corner a vertex of its own.
        std::map<std::array<float, 3>, std::uint32_t> numbered;
        std::vector<std::uint32_t> expected;
        std::uint32_t next = 0;
        for (const glm::vec3& p : soup) {
            if (std::isnan(p.x)) {
                expected.push_back(next++);
                continue;
            }
            const auto [found, inserted] = numbered.try_emplace({p.x, p.y, p.z}, next);
            if (inserted)
                ++next;
            expected.push_back(found->second);
        }
        REQUIRE(numbered.size() == 1500);
        const float tolerance = render::scene::weldTolerance(soup);
        core::base::ThreadPool pool(3);
        for (const float used : {0.0F, tolerance}) {
            INFO("tolerance " << used);
            CHECK(welding.weld(soup, used, vertexOf) == next);
            CHECK(vertexOf == expected);
            CornerWelding parallelWelding;
            std::vector<std::uint32_t> parallelVertexOf;
            CHECK(parallelWelding.weld(soup, used, parallelVertexOf, pool) == next);
            CHECK(parallelVertexOf == expected);
        }
        // A soup of nothing but distinct points, after the tables have been sized for fewer.
        std::vector<glm::vec3> distinct;
        for (int i = 0; i < 5000; ++i)
            distinct.emplace_back(static_cast<float>(i), 0.0F, 0.0F);
        std::vector<std::uint32_t> ascending(distinct.size());
        for (std::uint32_t i = 0; i < ascending.size(); ++i)
            ascending[i] = i;
        CHECK(welding.weld(distinct, render::scene::weldTolerance(distinct), vertexOf, pool) ==
              distinct.size());
        CHECK(vertexOf == ascending);
    }
    SECTION("the table is reused: a smaller soup after a larger one welds alike") {
        std::vector<glm::vec3> many;
        for (int i = 0; i < 1000; ++i)
            many.emplace_back(static_cast<float>(i % 100), 0.0F, 0.0F);
        CHECK(welding.weld(many, 0.0F, vertexOf) == 100);
        CHECK(welding.weld(many, 0.01F, vertexOf) == 100);
        const std::vector<glm::vec3> few{{5, 0, 0}, {6, 0, 0}, {5, 0, 0}};
        CHECK(welding.weld(few, 0.0F, vertexOf) == 2);
        CHECK(vertexOf == std::vector<std::uint32_t>{0, 1, 0});
    }
}

namespace {

struct EvaluatedSample {
    core::io::ReadDocument read;
    core::eval::CompiledRig rig;
    core::eval::EvaluatedRig evaluated;
};

EvaluatedSample evaluate(core::io::ReadDocument read) {
    auto rig = core::eval::CompiledRig::compile(read.document);
    REQUIRE(rig.ok());
    EvaluatedSample result{std::move(read), std::move(*rig), {}};
    REQUIRE(core::eval::evaluateRig(result.read.document, result.rig, core::eval::Pose{},
                                    core::base::ThreadPool::shared(), result.evaluated)
                .ok());
    return result;
}

core::io::ReadDocument readSample(const char* name) {
    auto read =
        core::io::readG4mf(std::filesystem::path(HYPERRIG_SOURCE_DIR) / "assets/samples" / name);
    REQUIRE(read.ok());
    return std::move(*read);
}

// Every corner has a unit smooth normal within the crease angle of its face's flat normal: it is
// a sum of area vectors each within that angle of the face's own.
void checkSmoothNormals(const render::scene::SceneData& scene) {
    const float cosCrease = std::cos(glm::radians(render::scene::kDefaultCreaseAngleDegrees));
    for (const auto& surface : scene.surfaces) {
        REQUIRE(surface.smoothNormals.size() == surface.positions.size());
        for (std::size_t corner = 0; corner < surface.positions.size(); ++corner) {
            const glm::vec3& normal = surface.smoothNormals[corner];
            REQUIRE(glm::length(normal) == Approx(1.0F).margin(1e-4));
            REQUIRE(glm::dot(normal, surface.normals[corner / 3]) >= cosCrease - 1e-4F);
        }
    }
}

} // namespace

TEST_CASE("scenes carry smooth normals for 3D meshes and 4D slices", "[scene][shading]") {
    SECTION("a 4D slice welds into closed surfaces") {
        // The creature's meshes are closed tetrahedral boundaries, so their cuts are closed
        // surfaces: once corners at the same point are joined, every edge is walked as often
        // one way as the other (triangles collapsed by the weld walk theirs both ways).
        const auto isClosed = [](const render::scene::SurfaceInput& surface, float tolerance) {
            CornerWelding welding;
            std::vector<std::uint32_t> vertexOf;
            welding.weld(surface.positions, tolerance, vertexOf);
            std::map<std::pair<std::uint32_t, std::uint32_t>, int> walks;
            for (std::size_t t = 0; t < vertexOf.size() / 3; ++t)
                for (std::size_t k = 0; k < 3; ++k) {
                    const std::uint32_t from = vertexOf[3 * t + k];
                    const std::uint32_t to = vertexOf[3 * t + (k + 1) % 3];
                    if (from != to)
                        walks[{std::min(from, to), std::max(from, to)}] += from < to ? 1 : -1;
                }
            return std::all_of(walks.begin(), walks.end(),
                               [](const auto& walk) { return walk.second == 0; });
        };
        const EvaluatedSample creature = evaluate(readSample("creature-4d.g4tf"));
        for (const double offset : {0.0, 0.05, 0.3}) {
            for (const double xw : {0.0, 30.0}) {
                core::eval::View4D view;
                view.offset = offset;
                view.xwDegrees = xw;
                core::eval::Slicer slicer;
                core::eval::RigSlice slice;
                core::eval::sliceRig(creature.read.document, creature.rig, creature.evaluated, view,
                                     slicer, slice);
                const auto scene = render::scene::sceneFromSlice(slice, view);
                checkSmoothNormals(scene);
                for (const auto& surface : scene.surfaces) {
                    INFO("offset " << offset << ", xw " << xw << ": "
                                   << surface.positions.size() / 3 << " triangles");
                    CHECK(isClosed(surface, render::scene::weldTolerance(surface.positions)));
                    // At w = 0.05, unrotated, no vertex lies on the hyperplane: every corner is
                    // the cut of one mesh edge, computed bit for bit alike by each tetrahedron
                    // around that edge, so exact welding closes the surface too.
                    if (offset == 0.05 && xw == 0.0)
                        CHECK(isClosed(surface, 0.0F));
                }
            }
        }
    }
    SECTION("a 3D mesh, and the same mesh under a mirroring node") {
        const EvaluatedSample arm = evaluate(readSample("arm-3d.g4tf"));
        const auto plain = render::scene::sceneFromRig3D(arm.read.document, arm.rig, arm.evaluated);
        checkSmoothNormals(plain);

        core::io::ReadDocument mirroredRead = readSample("arm-3d.g4tf");
        core::model::NodeTransform& transform =
            mirroredRead.document.node(mirroredRead.document.findNode("ArmSkin")).transform;
        REQUIRE(transform.isIdentityByConstruction()); // so the world is the mirror alone
        transform.form = core::model::NodeTransform::Form::Basis;
        transform.basis = {-1, 0, 0, 0, 1, 0, 0, 0, 1};
        const EvaluatedSample mirroredArm = evaluate(std::move(mirroredRead));
        const auto mirrored = render::scene::sceneFromRig3D(mirroredArm.read.document,
                                                            mirroredArm.rig, mirroredArm.evaluated);
        checkSmoothNormals(mirrored); // the winding swap keeps smooth normals outwards too
        REQUIRE(mirrored.surfaces.size() == 1);
        const auto& a = plain.surfaces[0];
        const auto& b = mirrored.surfaces[0];
        REQUIRE(a.positions.size() == b.positions.size());
        // The mirror swaps each triangle's second and third corner; corner by corner the
        // mirrored normals are the plain ones reflected in x.
        const glm::vec3 reflect{-1, 1, 1};
        for (std::size_t t = 0; t < a.positions.size() / 3; ++t) {
            const std::array<std::size_t, 3> swapped{0, 2, 1};
            for (std::size_t k = 0; k < 3; ++k) {
                REQUIRE(
                    nearlyEqual(b.positions[3 * t + swapped[k]], reflect * a.positions[3 * t + k]));
                REQUIRE(nearlyEqual(b.smoothNormals[3 * t + swapped[k]],
                                    reflect * a.smoothNormals[3 * t + k], 1e-4F));
            }
        }
    }
}

namespace {

// Bit for bit: memcmp, so even the sign of a zero counts.
template <class T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

} // namespace

TEST_CASE("the parallel scene build is the serial one bit for bit", "[scene][shading]") {
    // A rotated view leaves creature vertices a few ulps off the hyperplane: the welding's
    // tolerance matters there. Blocks are 2048 items, so the creature's surfaces (thousands of
    // triangles) are split over the pool's four threads.
    const EvaluatedSample creature = evaluate(readSample("creature-4d.g4tf"));
    core::base::ThreadPool pool(4);
    render::scene::SceneData reused; // a spare scene from another slice, as hosts pass it back
    for (const double xw : {0.0, 30.0}) {
        core::eval::View4D view;
        view.xwDegrees = xw;
        view.offset = 0.01;
        core::eval::Slicer slicer;
        core::eval::RigSlice slice;
        core::eval::sliceRig(creature.read.document, creature.rig, creature.evaluated, view, slicer,
                             slice);
        const render::scene::SceneData serial = render::scene::sceneFromSlice(slice, view);
        render::scene::SmoothNormals smoothing;
        render::scene::sceneFromSlice(slice, view, smoothing, pool, reused);
        INFO("xw " << xw);
        REQUIRE(reused.surfaces.size() == serial.surfaces.size());
        bool splitInBlocks = false;
        for (std::size_t s = 0; s < serial.surfaces.size(); ++s) {
            const auto& a = serial.surfaces[s];
            const auto& b = reused.surfaces[s];
            if (a.positions.size() / 3 > 2048)
                splitInBlocks = true; // more than one block of triangles, and of corners
            CHECK(sameBits(a.positions, b.positions));
            CHECK(sameBits(a.normals, b.normals));
            CHECK(sameBits(a.smoothNormals, b.smoothNormals));
            CHECK(sameBits(a.attributes, b.attributes));
            CHECK(a.baseColor == b.baseColor);
            CHECK(a.opacity == b.opacity);
            CHECK(a.node == b.node);

            CornerWelding serialWelding;
            CornerWelding parallelWelding;
            std::vector<std::uint32_t> serialVertices;
            std::vector<std::uint32_t> parallelVertices;
            const float tolerance = render::scene::weldTolerance(a.positions);
            CHECK(render::scene::weldTolerance(a.positions, pool) == tolerance);
            CHECK(serialWelding.weld(a.positions, tolerance, serialVertices) ==
                  parallelWelding.weld(a.positions, tolerance, parallelVertices, pool));
            CHECK(serialVertices == parallelVertices);
        }
        CHECK(splitInBlocks);
        CHECK(reused.wMin == serial.wMin);
        CHECK(reused.wMax == serial.wMax);
        CHECK(reused.bones.size() == serial.bones.size());
        CHECK(reused.boneFadeDistance == serial.boneFadeDistance);
    }
}
