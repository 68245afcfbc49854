#include "core/eval/slice/BoneSlice.h"

#include "core/base/Contracts.h"

namespace hyperrig::core::eval {

void sliceBoneSegments(std::span<const BoneSegment> segments, const ViewHyperplane& plane,
                       std::span<BoneSegmentSlice> out) {
    HYPERRIG_EXPECTS(segments.size() == out.size());
    for (std::size_t i = 0; i < segments.size(); ++i) {
        BoneSegmentSlice result;
        result.head = plane.apply(segments[i].head.data());
        result.tail = plane.apply(segments[i].tail.data());
        const bool headNegative = result.head.distance < 0.0F;
        const bool tailNegative = result.tail.distance < 0.0F;
        result.crosses = headNegative != tailNegative;
        if (result.crosses) {
            const ViewPoint& p = headNegative ? result.tail : result.head;
            const ViewPoint& n = headNegative ? result.head : result.tail;
            const float t = p.distance / (p.distance - n.distance);
            result.crossing = {p.x + t * (n.x - p.x), p.y + t * (n.y - p.y), p.z + t * (n.z - p.z)};
        }
        out[i] = result;
    }
}

} // namespace hyperrig::core::eval
