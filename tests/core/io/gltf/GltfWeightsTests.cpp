#include "core/io/gltf/GltfWeights.h"

#include <catch2/catch.hpp>

using hyperrig::core::io::gltf::gltfVertexWeights;
using hyperrig::core::io::gltf::JointWeight;
using hyperrig::core::io::gltf::WeightFormat;

TEST_CASE("glTF weights are merged, sorted, normalised and quantised exactly", "[gltf]") {
    SECTION("duplicates add up, zeros go, largest first, divided by the sum") {
        const auto out =
            gltfVertexWeights({{3, 1.0}, {1, 0.0}, {2, 2.0}, {3, 1.0}}, WeightFormat::Float);
        REQUIRE(out.size() == 2);
        CHECK(out[0].joint == 2);
        CHECK(out[1].joint == 3);
        CHECK(out[0].weight == Approx(0.5));
        CHECK(out[1].weight == Approx(0.5));
    }
    SECTION("float32 weights sum to 1 in float32") {
        const auto out = gltfVertexWeights({{0, 0.1}, {1, 0.2}, {2, 0.3}, {3, 0.4}, {4, 0.7}},
                                           WeightFormat::Float);
        float sum = 0.0f;
        for (const auto& w : out)
            sum += static_cast<float>(w.weight);
        CHECK(sum == 1.0f);
    }
    SECTION("largest remainder: thirds in unorm8 are 85 each, exactly 255") {
        const auto out = gltfVertexWeights({{0, 1.0}, {1, 1.0}, {2, 1.0}}, WeightFormat::Unorm8);
        REQUIRE(out.size() == 3);
        for (const auto& w : out)
            CHECK(w.weight == 85.0);
    }
    SECTION("largest remainder gives the missing unit to the largest fraction") {
        // 0.5/0.3/0.2 of 255 = 127.5, 76.5, 51: floors sum to 254; the tie between 127.5 and
        // 76.5 goes to the heavier weight.
        const auto out = gltfVertexWeights({{0, 0.5}, {1, 0.3}, {2, 0.2}}, WeightFormat::Unorm8);
        REQUIRE(out.size() == 3);
        CHECK(out[0].weight == 128.0);
        CHECK(out[1].weight == 76.0);
        CHECK(out[2].weight == 51.0);
    }
    SECTION("unorm16 sums exactly to 65535, a weight too small for one unit is dropped") {
        const auto out = gltfVertexWeights({{0, 1.0}, {1, 1e-9}, {2, 0.5}}, WeightFormat::Unorm16);
        double sum = 0.0;
        for (const auto& w : out)
            sum += w.weight;
        CHECK(sum == 65535.0);
        CHECK(out.size() == 2);
    }
    SECTION("no influences stay none") {
        CHECK(gltfVertexWeights({{0, 0.0}}, WeightFormat::Unorm16).empty());
    }
}
