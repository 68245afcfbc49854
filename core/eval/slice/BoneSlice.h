#pragma once

#include "core/eval/slice/SliceTypes.h"
#include "core/eval/slice/ViewHyperplane.h"

#include <array>
#include <span>

namespace hyperrig::core::eval {

// A bone as a 4D world-space segment from its head to its tail.
struct BoneSegment {
    std::array<float, 4> head;
    std::array<float, 4> tail;
};

// A bone against the slicing hyperplane, for the viewport's bone overlay (drawn elsewhere).
struct BoneSegmentSlice {
    ViewPoint head; // view xyz and distance = view w − offset
    ViewPoint tail;
    // The hyperplane separates head and tail under the mesh slicer's sign rule (distance >= 0 is
    // the positive side), so a bone and a mesh edge with the same end points agree.
    bool crosses = false;
    // Where it crosses (view xyz), lerped from the positive end like a mesh edge point; zero
    // when !crosses.
    std::array<float, 3> crossing{};
};

// One result per segment, computed with the same float transform as the mesh slice.
// Contract: segments.size() == out.size().
void sliceBoneSegments(std::span<const BoneSegment> segments, const ViewHyperplane& plane,
                       std::span<BoneSegmentSlice> out);

} // namespace hyperrig::core::eval
