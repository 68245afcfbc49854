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
// A point's coordinates as bits (pointBits).
using PointBits = std::array<std::uint32_t, 3>;

// The bits of a value with −0 turned into +0 (IEEE: −0 + +0 = +0), so the two zeros hash alike. A
// vertex on the slicing hyperplane is reached from several edges as P + 0 · (N − P), whose sign
// of zero depends on the edge.
std::uint64_t canonicalBits(double value) {
    return std::bit_cast<std::uint64_t>(value + 0.0);
}

// Three words mixed into one hash: multiplicative mixing, then the MurmurHash3 finaliser so that
// the low bits, which index the table, depend on every input bit.
std::uint64_t mixWords(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    std::uint64_t h = a * 0x9E3779B97F4A7C15ULL;
    h ^= b * 0xC2B2AE3D27D4EB4FULL;
    h ^= c * 0x165667B19E3779F9ULL;
    h ^= h >> 33U;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33U;
    h *= 0xC4CEB9FE1A85EC53ULL;
    h ^= h >> 33U;
    return h;
}

std::uint64_t hashCell(const CellKey& key) {
    return mixWords(canonicalBits(key[0]), canonicalBits(key[1]), canonicalBits(key[2]));
}

// A point's coordinates as bits, −0 as +0: equal bits, equal points (NaN aside: never compared).
PointBits pointBits(const glm::vec3& point) {
    return {std::bit_cast<std::uint32_t>(point.x + 0.0F),
            std::bit_cast<std::uint32_t>(point.y + 0.0F),
            std::bit_cast<std::uint32_t>(point.z + 0.0F)};
}

// Word by word: std::array's == calls memcmp here.
bool sameBits(const PointBits& a, const PointBits& b) {
    return ((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2])) == 0;
}

std::uint64_t hashBits(const PointBits& bits) {
    return mixWords(bits[0], bits[1], bits[2]);
}

// How many corners ahead a table scan prefetches the slot a corner probes first: enough to
// cover a memory access (~100 ns) with the work of the corners between.
constexpr std::size_t kPrefetchDistance = 16;

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

float weldTolerance(std::span<const glm::vec3> corners) {
    return weldTolerance(corners, core::base::ThreadPool::inlinePool());
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

// Room for `entries` at most half full, every slot empty.
template <class Entry>
void CornerWelding::resetTable(ProbeTable<Entry>& table, std::size_t entries) {
    const std::size_t slotCount = std::bit_ceil(std::max<std::size_t>(2 * entries, 16));
    if (table.entries.size() < slotCount)
        table.entries.resize(slotCount);
    // A table kept from a larger soup is used only up to slotCount: clearing stays O(slotCount).
    std::fill(table.entries.begin(), table.entries.begin() + static_cast<std::ptrdiff_t>(slotCount),
              Entry{});
    table.mask = slotCount - 1;
}

template <class Entry>
void CornerWelding::insert(ProbeTable<Entry>& table, std::uint64_t hash, const Entry& entry) {
    std::size_t slot = hash & table.mask;
    while (!table.entries[slot].empty())
        slot = (slot + 1) & table.mask;
    table.entries[slot] = entry;
}

std::size_t CornerWelding::weld(std::span<const glm::vec3> corners, float tolerance,
                                std::vector<std::uint32_t>& vertexOfCorner) {
    return weld(corners, tolerance, vertexOfCorner, core::base::ThreadPool::inlinePool());
}

std::size_t CornerWelding::weld(std::span<const glm::vec3> corners, float tolerance,
                                std::vector<std::uint32_t>& vertexOfCorner,
                                core::base::ThreadPool& pool) {
    HYPERRIG_EXPECTS(corners.size() < std::numeric_limits<std::uint32_t>::max());
    HYPERRIG_EXPECTS(tolerance >= 0.0F && std::isfinite(tolerance));
    vertexOfCorner.resize(corners.size());
    // The tables hold a slot per distinct point, not per corner: a closed triangle surface has
    // about one vertex per six corners (Euler: V ≈ F / 2 = corners / 6), so they stay in the
    // caches (at a million tetrahedra 1 MB, where a slot per corner took 8 MB of random probes
    // and an 8 MB clear per call). Start from the larger of that and the last soup's count (the
    // editor welds the same surface frame after frame), at most one per corner; a table doubles
    // whenever it would pass half full.
    const std::size_t expectedPoints =
        std::min(corners.size(), std::max(corners.size() / 6, m_lastPointCount));
    findFirstEqualCorners(corners, expectedPoints, pool);

    const Grid grid(tolerance);
    resetTable(m_vertexTable, expectedPoints);
    m_cornersInTable.clear();
    // The vertex of the first vertex within tolerance of `point` stored under `cell` (whose hash
    // is `hash`), if any. A slot holds that vertex's first corner's point, so a probe reads
    // nothing but the table (its cell is recomputed from the point, as it was computed before).
    const auto findIn = [&](const CellKey& cell, std::uint64_t hash,
                            const glm::vec3& point) -> std::int64_t {
        const std::vector<Slot>& slots = m_vertexTable.entries;
        for (std::size_t slot = hash & m_vertexTable.mask; slots[slot].vertexPlusOne != 0;
             slot = (slot + 1) & m_vertexTable.mask) {
            const Slot& entry = slots[slot];
            if (grid.cellOf(entry.point) == cell && within(entry.point, point, tolerance))
                return entry.vertexPlusOne - 1;
        }
        return -1;
    };

    // The corners that are first at their point (and those not finite), in corner order, with
    // the hash of each one's own cell, computed on the pool.
    m_distinctCorners.clear();
    for (std::size_t corner = 0; corner < corners.size(); ++corner)
        if (m_firstEqualCorner[corner] == corner)
            m_distinctCorners.push_back(static_cast<std::uint32_t>(corner));
    m_cellHashes.resize(m_distinctCorners.size());
    pool.parallelFor(m_distinctCorners.size(), 1 << 12, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i)
            if (const glm::vec3& point = corners[m_distinctCorners[i]]; isFinite(point))
                m_cellHashes[i] = hashCell(grid.cellOf(point));
    });

    std::uint32_t vertexCount = 0;
    std::size_t nonFinite = 0;
    for (std::size_t d = 0; d < m_distinctCorners.size(); ++d) {
        // As in stage one: the slot a point a few steps ahead probes first, asked for now. (A
        // non-finite point's hash is stale: harmless.)
        if (d + kPrefetchDistance < m_distinctCorners.size())
            __builtin_prefetch(
                &m_vertexTable.entries[m_cellHashes[d + kPrefetchDistance] & m_vertexTable.mask]);
        const std::uint32_t corner = m_distinctCorners[d];
        const glm::vec3& point = corners[corner];
        if (!isFinite(point)) { // never joined: a vertex of its own, not in the table
            vertexOfCorner[corner] = vertexCount++;
            ++nonFinite;
            continue;
        }
        // The own cell first, then the neighbours the tolerance box reaches.
        const CellKey own = grid.cellOf(point);
        std::int64_t found = findIn(own, m_cellHashes[d], point);
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
        if (2 * (m_cornersInTable.size() + 1) > m_vertexTable.mask + 1) {
            // Twice the slots, the vertices inserted again in the order they were numbered.
            // Why that order: a lookup returns the first entry along the probe sequence, within
            // its cell, that is within tolerance, and with linear probing and no deletions the
            // entries of one hash lie along it in the order they were inserted. Inserting in
            // vertex order again keeps "first" meaning "lowest numbered", so the result does not
            // depend on the table's size or on when it grew.
            resetTable(m_vertexTable, m_vertexTable.mask + 1);
            for (const std::uint32_t inTable : m_cornersInTable)
                insert(m_vertexTable, hashCell(grid.cellOf(corners[inTable])),
                       {corners[inTable], vertexOfCorner[inTable] + 1});
        }
        insert(m_vertexTable, m_cellHashes[d], {point, vertexCount + 1});
        m_cornersInTable.push_back(corner);
        vertexOfCorner[corner] = vertexCount++;
    }

    m_lastPointCount = m_distinctCorners.size() - nonFinite;

    // Every other corner: the vertex its point's first corner went to, on the pool. Equal points
    // always share a vertex. (Searching again would not always agree: a vertex started since in
    // the point's own cell can be nearer than the neighbouring cell's vertex the first corner
    // joined. The code before these two stages searched again; it differs only there.)
    pool.parallelFor(corners.size(), 1 << 12, [&](std::size_t begin, std::size_t end) {
        for (std::size_t corner = begin; corner < end; ++corner)
            if (const std::uint32_t first = m_firstEqualCorner[corner]; first != corner)
                vertexOfCorner[corner] = vertexOfCorner[first];
    });
    return vertexCount;
}

// Stage one, on the pool: m_firstEqualCorner[c] = the first corner whose point has the same bits
// as c's (−0 as +0); c itself for the first and for a corner that is not finite. The corners are
// cut into one run per thread, each run with a table of its own (so no two threads write near
// each other). (a) Each run finds, for every corner, the first equal corner within the run.
// (b) Each run looks up the points that are first within it in the tables of the runs before,
// earliest run first: a point found there is first in that run and in none before it, so first
// of all; the run's other corners at that point follow it. Neither depends on the number of runs.
void CornerWelding::findFirstEqualCorners(std::span<const glm::vec3> corners,
                                          std::size_t expectedPoints,
                                          core::base::ThreadPool& pool) {
    m_firstEqualCorner.resize(corners.size());
    m_pointHashes.resize(corners.size());
    const std::size_t runs = std::min<std::size_t>(pool.threadCount(), corners.size() / 4096 + 1);
    const std::size_t runLength = (corners.size() + runs - 1) / runs;
    m_pointTables.resize(runs);
    const auto findIn = [&](const PointTable& table, std::size_t corner) -> std::int64_t {
        const PointBits bits = pointBits(corners[corner]);
        for (std::size_t slot = m_pointHashes[corner] & table.mask; !table.entries[slot].empty();
             slot = (slot + 1) & table.mask)
            if (sameBits(table.entries[slot].bits, bits))
                return table.entries[slot].cornerPlusOne - 1;
        return -1;
    };
    pool.parallelFor(corners.size(), runLength, [&](std::size_t begin, std::size_t end) {
        for (std::size_t corner = begin; corner < end; ++corner)
            if (isFinite(corners[corner]))
                m_pointHashes[corner] = hashBits(pointBits(corners[corner]));
        PointTable& table = m_pointTables[begin / runLength];
        resetTable(table, expectedPoints / runs);
        table.corners.clear();
        for (std::size_t corner = begin; corner < end; ++corner) {
            // The table is larger than the first-level caches and each probe lands at a random
            // slot: ask for the slot a corner a few steps ahead will probe first, so its miss
            // overlaps this corner's work. Only a hint: results do not depend on it.
            if (corner + kPrefetchDistance < end)
                __builtin_prefetch(
                    &table.entries[m_pointHashes[corner + kPrefetchDistance] & table.mask]);
            m_firstEqualCorner[corner] = static_cast<std::uint32_t>(corner);
            if (!isFinite(corners[corner]))
                continue;
            if (const std::int64_t first = findIn(table, corner); first >= 0) {
                m_firstEqualCorner[corner] = static_cast<std::uint32_t>(first);
                continue;
            }
            if (2 * (table.corners.size() + 1) > table.mask + 1) {
                // Bits are compared whole, so the order of insertion does not matter here.
                resetTable(table, table.mask + 1);
                for (const std::uint32_t inTable : table.corners)
                    insert(table, m_pointHashes[inTable],
                           {pointBits(corners[inTable]), inTable + 1});
            }
            insert(table, m_pointHashes[corner],
                   {pointBits(corners[corner]), static_cast<std::uint32_t>(corner) + 1});
            table.corners.push_back(static_cast<std::uint32_t>(corner));
        }
    });
    if (runs == 1)
        return;
    pool.parallelFor(corners.size(), runLength, [&](std::size_t begin, std::size_t end) {
        const std::size_t run = begin / runLength;
        for (const std::uint32_t first : m_pointTables[run].corners)
            for (std::size_t before = 0; before < run; ++before)
                if (const std::int64_t earlier = findIn(m_pointTables[before], first);
                    earlier >= 0) {
                    m_firstEqualCorner[first] = static_cast<std::uint32_t>(earlier);
                    break;
                }
        // A corner whose first in the run turned out to follow an earlier run's: follow it too.
        for (std::size_t corner = begin; corner < end; ++corner)
            if (const std::uint32_t first = m_firstEqualCorner[corner];
                first != corner && first >= begin)
                m_firstEqualCorner[corner] = m_firstEqualCorner[first];
    });
}

} // namespace hyperrig::render::scene
