#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/io/g4mf/G4mfReader.h"
#include "render/scene/BoneLines.h"
#include "render/scene/BoneShapes.h"
#include "render/scene/ShapeOutline.h"
#include "render/view/Viewport.h"
#include "tests/render/ViewportTestSupport.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>

using namespace hyperrig;
using core::math::VectorN;
using core::model::NodeId;
using core::model::OrderedJson;

namespace {

double distanceToSegment(const VectorN& p, const VectorN& a, const VectorN& b) {
    const VectorN ab = b - a;
    double t = 0.0;
    double length2 = 0.0;
    for (int i = 0; i < p.dimension(); ++i) {
        t += (p[i] - a[i]) * ab[i];
        length2 += ab[i] * ab[i];
    }
    t = length2 > 0.0 ? std::clamp(t / length2, 0.0, 1.0) : 0.0;
    const VectorN nearest = a + ab * t;
    double d2 = 0.0;
    for (int i = 0; i < p.dimension(); ++i)
        d2 += (p[i] - nearest[i]) * (p[i] - nearest[i]);
    return std::sqrt(d2);
}

// The points of the segments lying in the plane of axes (a, b) (zero elsewhere).
std::vector<VectorN> ringPoints(const std::vector<std::pair<VectorN, VectorN>>& segments, int a,
                                int b) {
    std::vector<VectorN> points;
    for (const auto& [from, to] : segments)
        for (const VectorN* p : {&from, &to}) {
            bool inPlane = true;
            for (int i = 0; i < p->dimension(); ++i)
                inPlane = inPlane && (i == a || i == b || (*p)[i] == 0.0);
            if (inPlane && ((*p)[a] != 0.0 || (*p)[b] != 0.0))
                points.push_back(*p);
        }
    return points;
}

} // namespace

TEST_CASE("shape outlines are the rings of general shapes in the XY, XZ and YZ planes",
          "[scene][shapes]") {
    SECTION("a capsule along Y: every ring point is its radius from the axis segment") {
        const OrderedJson capsule = OrderedJson::parse(
            R"({"type": "general", "size": [0, 0.6, 0], "curves": [{"radii": [0.1, 0.1, 0.1]}]})");
        const auto segments = render::scene::shapeOutline(capsule, 3);
        CHECK(segments.size() == 3 * render::scene::kRingSamples);
        const VectorN bottom{0, -0.3, 0};
        const VectorN top{0, 0.3, 0};
        for (const auto& [from, to] : segments) {
            CHECK(distanceToSegment(from, bottom, top) == Approx(0.1).margin(1e-12));
            CHECK(distanceToSegment(to, bottom, top) == Approx(0.1).margin(1e-12));
        }
        // The XY ring reaches the ends of the capsule (0.3 + 0.1) within a sample's sagitta.
        double highest = 0.0;
        for (const VectorN& p : ringPoints(segments, 0, 1))
            highest = std::max(highest, p[1]);
        CHECK(highest > 0.399);
        CHECK(highest <= 0.4);
    }
    SECTION("a box without curves is its rectangles: four corners, four sides each") {
        const OrderedJson box = OrderedJson::parse(R"({"size": [2, 4, 6]})");
        const auto segments = render::scene::shapeOutline(box, 3);
        CHECK(segments.size() == 12);
        for (const VectorN& p : ringPoints(segments, 0, 1)) {
            CHECK(std::abs(p[0]) == 1.0);
            CHECK(std::abs(p[1]) == 2.0);
        }
    }
    SECTION("a superellipse with exponent 4 keeps |x/r|^4 + |y/r|^4 = 1") {
        const OrderedJson rounded =
            OrderedJson::parse(R"({"curves": [{"radii": [0.5, 0.25, 1.0], "exponent": 4}]})");
        const auto segments = render::scene::shapeOutline(rounded, 3);
        for (const VectorN& p : ringPoints(segments, 0, 1))
            CHECK(std::pow(p[0] / 0.5, 4.0) + std::pow(p[1] / 0.25, 4.0) ==
                  Approx(1.0).margin(1e-9));
    }
    SECTION("exponent 1 draws the orthoplex's vertices") {
        const OrderedJson orthoplex =
            OrderedJson::parse(R"({"curves": [{"radii": [1, 2, 3], "exponent": 1}]})");
        const auto points = ringPoints(render::scene::shapeOutline(orthoplex, 3), 0, 1);
        for (const VectorN& p : points)
            CHECK(
                ((std::abs(p[0]) == 1.0 && p[1] == 0.0) || (p[0] == 0.0 && std::abs(p[1]) == 2.0)));
    }
    SECTION("4D shapes get the same three rings, at w = 0") {
        const OrderedJson sphere =
            OrderedJson::parse(R"({"curves": [{"radii": [0.2, 0.2, 0.2, 0.2]}]})");
        const auto segments = render::scene::shapeOutline(sphere, 4);
        CHECK(segments.size() == 3 * render::scene::kRingSamples);
        for (const auto& [from, to] : segments) {
            CHECK(from[3] == 0.0);
            CHECK(std::sqrt(from[0] * from[0] + from[1] * from[1] + from[2] * from[2]) ==
                  Approx(0.2).margin(1e-12));
        }
    }
    SECTION("a ray is one segment down −Y; planes and mesh shapes draw nothing") {
        const auto ray =
            render::scene::shapeOutline(OrderedJson::parse(R"({"type": "ray", "length": 2.5})"), 3);
        REQUIRE(ray.size() == 1);
        CHECK(ray[0].second == VectorN{0, -2.5, 0});
        CHECK(render::scene::shapeOutline(OrderedJson::parse(R"({"type": "plane"})"), 3).empty());
        CHECK(render::scene::shapeOutline(OrderedJson::parse(R"({"type": "convex", "mesh": 0})"), 3)
                  .empty());
    }
}

TEST_CASE("bone shapes sit halfway along their bones and follow the view", "[scene][shapes]") {
    auto read = core::io::readG4mf(std::filesystem::path(HYPERRIG_SOURCE_DIR) /
                                   "assets/samples/creature-4d.g4tf");
    REQUIRE(read.ok());
    const core::model::Document& document = read->document;
    auto rig = core::eval::CompiledRig::compile(document);
    REQUIRE(rig.ok());
    core::base::ThreadPool pool(1);
    core::eval::EvaluatedRig evaluated;
    REQUIRE(core::eval::evaluateRig(document, *rig, {}, pool, evaluated).ok());
    core::eval::View4D view;
    view.offset = 0.2;
    render::scene::SceneData scene;
    render::scene::ShapeOutlineCache outlines;
    render::scene::appendBoneShapes(document, *rig, evaluated, view, outlines, scene);
    REQUIRE_FALSE(scene.shapeLines.empty());

    const NodeId spine = document.findNode("Spine");
    REQUIRE(spine);
    const double length = *document.node(spine).bone()->length;
    const core::math::AffineN& world = evaluated.world.at(spine);
    VectorN half = VectorN::zero(4);
    half[1] = 0.5 * length;
    const VectorN centre = world.applyPoint(half);
    // The centre of the ring points (symmetric rings) is the shape's centre; w − offset is their
    // distance (no view rotation: view space is world space).
    glm::dvec3 sum(0.0);
    std::size_t count = 0;
    for (const auto& line : scene.shapeLines)
        if (line.bone == spine) {
            sum += glm::dvec3(line.a);
            ++count;
            CHECK(line.aDistance == Approx(centre[3] - 0.2).margin(1e-5));
        }
    REQUIRE(count == 3 * render::scene::kRingSamples);

    // Built again with the cache warm: the same lines.
    render::scene::SceneData again;
    render::scene::appendBoneShapes(document, *rig, evaluated, view, outlines, again);
    REQUIRE(again.shapeLines.size() == scene.shapeLines.size());
    CHECK(again.shapeLines.front().a == scene.shapeLines.front().a);

    const glm::dvec3 mean = sum / static_cast<double>(count);
    CHECK(mean.x == Approx(centre[0]).margin(1e-5));
    CHECK(mean.y == Approx(centre[1]).margin(1e-5));
    CHECK(mean.z == Approx(centre[2]).margin(1e-5));

    // An edited shape is outlined again: a larger radius moves its ring points out.
    const core::model::ShapeId spineShape = document.node(spine).bone()->shape;
    read->document.shapes.find(spineShape)->value["curves"][0]["radii"] = {0.2, 0.2, 0.2, 0.2};
    render::scene::SceneData grown;
    render::scene::appendBoneShapes(document, *rig, evaluated, view, outlines, grown);
    float before = 0.0F;
    float after = 0.0F;
    for (std::size_t i = 0; i < scene.shapeLines.size(); ++i)
        if (scene.shapeLines[i].bone == spine) {
            before = std::max(before, glm::length(scene.shapeLines[i].a - glm::vec3(mean)));
            after = std::max(after, glm::length(grown.shapeLines[i].a - glm::vec3(mean)));
        }
    CHECK(after > before + 0.05F);
}

TEST_CASE("shape lines fade along W and take the selection colour", "[scene][shapes]") {
    const render::scene::BoneStyle style;
    std::vector<render::scene::ShapeLine> lines(2);
    lines[0].bone = NodeId{1};
    lines[1].bone = NodeId{2};
    lines[1].aDistance = lines[1].bDistance = 10.0F;
    std::vector<render::scene::LineVertex> out;
    render::scene::buildShapeLines(lines, true, 0.5F, style, {}, out);
    REQUIRE(out.size() == 4);
    CHECK(out[0].color == style.shapeColor);
    CHECK(out[2].color.w == Approx(style.shapeColor.w * style.minAlpha));
    const std::vector<NodeId> selected{NodeId{2}};
    render::scene::buildShapeLines(lines, true, 0.5F, style, selected, out);
    CHECK(out[2].color.x == style.selectedColor.x);
    CHECK(out[2].color.w == style.shapeColor.w); // not faded: selected
}

TEST_CASE("the viewport draws shape wireframes unless hidden", "[gl][viewport][shapes]") {
    hyperrig::test::OffscreenViewport fixture(160, 120);
    fixture.lookFromFront(3.0F);
    render::view::Viewport& viewport = fixture.viewport;
    render::scene::SceneData scene;
    // A vertical line at x = 0.5, the only thing drawn.
    render::scene::ShapeLine line;
    line.a = {0.5F, -0.5F, 0.0F};
    line.b = {0.5F, 0.5F, 0.0F};
    scene.shapeLines.push_back(line);
    viewport.setScene(scene);
    viewport.setDisplay({true, false, true});
    // Right of centre, where the line projects (the axes gizmo, bottom-left, has a green Y).
    auto greenish = [](const render::gl::RgbaImage& image) {
        int count = 0;
        for (int y = 20; y < 100; ++y)
            for (int x = 90; x < 140; ++x) {
                const auto p = image.at(x, y);
                count += p.g > p.r + 40 && p.g > p.b + 20;
            }
        return count;
    };
    CHECK(greenish(fixture.draw()) > 20);
    viewport.setDisplay({true, false, false});
    CHECK(greenish(fixture.draw()) == 0);
}
