#include "render/scene/CornerWelding.h"

#include "core/base/Contracts.h"
#include "core/base/ThreadPool.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

namespace hyperrig::render::scene {
namespace {

// A cell of the grid as three whole numbers held in doubles (floor(coordinate / cell)); for
// tolerance 0 the coordinates themselves. Doubles need no range check: a cell index too large for
// ±1 to change it simply makes neighbours coincide.
using CellKey = std::array<double, 3>;

// How many corners ahead the table fill prefetches the slot a corner probes first: enough to
// cover a memory access (~100 ns) with the work of the corners between.
constexpr std::size_t kWeldPrefetchDistance = 16;

// The bits of a value with −0 turned into +0 (IEEE: −0 + +0 = +0), so the two zeros hash alike. A
// vertex on the slicing hyperplane is reached from several edges as P + 0 · (N − P), whose sign
// of zero depends on the edge.
std::uint64_t canonicalBits(double value) {
    return std::bit_cast<std::uint64_t>(value + 0.0);
}

// Three words mixed into one hash (multiplicative mixing, then the MurmurHash3 finaliser so that
// the low bits, which index the table, depend on every input bit).
std::uint64_t hashCell(const CellKey& key) {
    std::uint64_t h = canonicalBits(key[0]) * 0x9E3779B97F4A7C15ULL;
    h ^= canonicalBits(key[1]) * 0xC2B2AE3D27D4EB4FULL;
    h ^= canonicalBits(key[2]) * 0x165667B19E3779F9ULL;
    h ^= h >> 33U;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33U;
    h *= 0xC4CEB9FE1A85EC53ULL;
    h ^= h >> 33U;
    return h;
}

// floor without a libm call (x86-64's baseline has no SSE4.1 round instruction). Beyond 2^52 a
// double is a whole number already.
double wholeBelow(double value) {
    if (!(std::abs(value) < 0x1p52))
        return value;
    const auto truncated = static_cast<double>(static_cast<std::int64_t>(value));
    return truncated > value ? truncated - 1.0 : truncated;
}

bool isFinite(const glm::vec3& point) {
    return std::isfinite(point.x) && std::isfinite(point.y) && std::isfinite(point.z);
}

// Within `tolerance` on every axis; for tolerance 0, equal (−0 equal to +0).
bool within(const glm::vec3& a, const glm::vec3& b, float tolerance) {
    return std::abs(a.x - b.x) <= tolerance && std::abs(a.y - b.y) <= tolerance &&
           std::abs(a.z - b.z) <= tolerance;
}

class Grid {
public:
    explicit Grid(float tolerance)
        : m_tolerance(static_cast<double>(tolerance)), m_cell(kCellsPerTolerance * m_tolerance),
          m_perCell(m_tolerance > 0.0 ? 1.0 / m_cell : 0.0) {}

    CellKey cellOf(const glm::vec3& point) const {
        const glm::dvec3 coordinates(point);
        if (m_tolerance == 0.0)
            return {coordinates.x, coordinates.y, coordinates.z};
        return {wholeBelow(coordinates.x * m_perCell), wholeBelow(coordinates.y * m_perCell),
                wholeBelow(coordinates.z * m_perCell)};
    }
    // The cells a point's tolerance box reaches on `axis`: its own, and the neighbour on a side
    // it is within tolerance of. Returns how many (1 or 2) were written.
    int reach(const glm::vec3& point, const CellKey& cell, int axis,
              std::array<double, 2>& cells) const {
        cells[0] = cell[static_cast<std::size_t>(axis)];
        if (m_tolerance == 0.0)
            return 1;
        const auto coordinate = static_cast<double>(point[axis]);
        const double low = cells[0] * m_cell;
        if (coordinate - low <= m_tolerance) {
            cells[1] = cells[0] - 1.0;
            return 2;
        }
        if (low + m_cell - coordinate <= m_tolerance) {
            cells[1] = cells[0] + 1.0;
            return 2;
        }
        return 1;
    }

private:
    // Cells much wider than the tolerance: a point needs a neighbouring cell on an axis only
    // within tolerance of a face, 2 / 64 of the time, so nearly every corner looks in one cell.
    // Still far finer than any mesh, so a cell rarely holds more than one vertex.
    static constexpr double kCellsPerTolerance = 64.0;

    double m_tolerance;
    double m_cell;
    double m_perCell;
};

} // namespace

core::base::ThreadPool& inlineThreadPool() {
    static core::base::ThreadPool pool(1);
    return pool;
}

float weldTolerance(std::span<const glm::vec3> corners) {
    return weldTolerance(corners, inlineThreadPool());
}

float weldTolerance(std::span<const glm::vec3> corners, core::base::ThreadPool& pool) {
    if (corners.empty())
        return 0.0F;
    // Per block of corners its box, then the boxes joined: min and max are exact, so the result
    // is the same whatever the blocks. glm::min/max keep the first operand when the other is NaN,
    // as the serial scan from corners.front() did: a NaN coordinate never enters the box, unless
    // it is the first corner's, whose NaN stays and makes the tolerance 0.
    constexpr std::size_t kGrain = 1 << 16;
    const std::size_t blocks = (corners.size() + kGrain - 1) / kGrain;
    std::vector<std::array<glm::vec3, 2>> boxes(blocks);
    pool.parallelFor(corners.size(), kGrain, [&](std::size_t begin, std::size_t end) {
        glm::vec3 low = corners.front();
        glm::vec3 high = corners.front();
        for (std::size_t corner = begin; corner < end; ++corner) {
            low = glm::min(low, corners[corner]);
            high = glm::max(high, corners[corner]);
        }
        boxes[begin / kGrain] = {low, high};
    });
    glm::vec3 low = corners.front();
    glm::vec3 high = corners.front();
    for (const auto& box : boxes) {
        low = glm::min(low, box[0]);
        high = glm::max(high, box[1]);
    }
    const glm::vec3 size = high - low;
    const float largest = std::max({size.x, size.y, size.z});
    return std::isfinite(largest) ? std::ldexp(largest, -20) : 0.0F;
}

std::size_t CornerWelding::weld(std::span<const glm::vec3> corners, float tolerance,
                                std::vector<std::uint32_t>& vertexOfCorner) {
    return weld(corners, tolerance, vertexOfCorner, inlineThreadPool());
}

std::size_t CornerWelding::weld(std::span<const glm::vec3> corners, float tolerance,
                                std::vector<std::uint32_t>& vertexOfCorner,
                                core::base::ThreadPool& pool) {
    HYPERRIG_EXPECTS(corners.size() < std::numeric_limits<std::uint32_t>::max());
    HYPERRIG_EXPECTS(tolerance >= 0.0F && std::isfinite(tolerance));
    vertexOfCorner.resize(corners.size());
    // At most half full keeps linear probes short (about 1.5 slots per successful lookup).
    const std::size_t slotCount = std::bit_ceil(std::max<std::size_t>(2 * corners.size(), 16));
    if (m_slots.size() < slotCount)
        m_slots.resize(slotCount);
    // A table kept from a larger soup is used only up to slotCount: clearing stays O(corners).
    std::fill(m_slots.begin(), m_slots.begin() + static_cast<std::ptrdiff_t>(slotCount), Slot{});
    const std::size_t mask = slotCount - 1;
    const Grid grid(tolerance);

    // Each corner's own cell and its hash, on the pool: the part of a lookup that needs no table.
    m_cells.resize(corners.size());
    m_hashes.resize(corners.size());
    pool.parallelFor(corners.size(), 1 << 12, [&](std::size_t begin, std::size_t end) {
        for (std::size_t corner = begin; corner < end; ++corner)
            if (isFinite(corners[corner])) {
                m_cells[corner] = grid.cellOf(corners[corner]);
                m_hashes[corner] = hashCell(m_cells[corner]);
            }
    });

    // The vertex of the first corner within tolerance of `point` stored under `cell` (whose hash
    // is `hash`), if any. A slot holds that first corner's point and vertex, so a probe reads
    // nothing but the table (its cell is recomputed from the point, as it was computed before).
    const auto findIn = [&](const CellKey& cell, std::uint64_t hash,
                            const glm::vec3& point) -> std::int64_t {
        for (std::size_t slot = hash & mask; m_slots[slot].vertexPlusOne != 0;
             slot = (slot + 1) & mask) {
            const Slot& entry = m_slots[slot];
            if (grid.cellOf(entry.point) == cell && within(entry.point, point, tolerance))
                return entry.vertexPlusOne - 1;
        }
        return -1;
    };

    std::uint32_t vertexCount = 0;
    for (std::size_t corner = 0; corner < corners.size(); ++corner) {
        // The table is far larger than the caches at a million tetrahedra (16 bytes a slot, two
        // slots a corner) and each probe lands at a random slot: ask for the slot a corner a few
        // steps ahead will probe first, so its cache miss overlaps this corner's work. Only a
        // hint: the result does not depend on it (a non-finite corner's stale hash is harmless).
        if (corner + kWeldPrefetchDistance < corners.size())
            __builtin_prefetch(&m_slots[m_hashes[corner + kWeldPrefetchDistance] & mask]);
        const glm::vec3& point = corners[corner];
        if (!isFinite(point)) { // never joined: a vertex of its own, not in the table
            vertexOfCorner[corner] = vertexCount++;
            continue;
        }
        const CellKey& own = m_cells[corner];
        // The own cell first (its hash is known), then the neighbours the tolerance box reaches.
        std::int64_t found = findIn(own, m_hashes[corner], point);
        if (found < 0) {
            std::array<std::array<double, 2>, 3> reached{};
            std::array<int, 3> reachCount{};
            for (int axis = 0; axis < 3; ++axis)
                reachCount[static_cast<std::size_t>(axis)] =
                    grid.reach(point, own, axis, reached[static_cast<std::size_t>(axis)]);
            for (int i = 0; i < reachCount[0] && found < 0; ++i)
                for (int j = 0; j < reachCount[1] && found < 0; ++j)
                    for (int k = 0; k < reachCount[2] && found < 0; ++k) {
                        if (i + j + k == 0)
                            continue; // the own cell, searched above
                        const CellKey cell{reached[0][static_cast<std::size_t>(i)],
                                           reached[1][static_cast<std::size_t>(j)],
                                           reached[2][static_cast<std::size_t>(k)]};
                        found = findIn(cell, hashCell(cell), point);
                    }
        }
        if (found >= 0) {
            vertexOfCorner[corner] = static_cast<std::uint32_t>(found);
            continue;
        }
        std::size_t slot = m_hashes[corner] & mask;
        while (m_slots[slot].vertexPlusOne != 0)
            slot = (slot + 1) & mask;
        m_slots[slot] = {point, vertexCount + 1};
        vertexOfCorner[corner] = vertexCount++;
    }
    return vertexCount;
}

} // namespace hyperrig::render::scene
