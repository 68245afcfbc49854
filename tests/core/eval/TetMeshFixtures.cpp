#include "tests/core/eval/TetMeshFixtures.h"

#include <algorithm>
#include <array>
#include <random>

namespace hyperrig::test {
namespace {

using Grid4 = std::array<long long, 4>;

// perp(a, b, c) · e_axis for integer vectors (g4mf.md §7.1).
long long perpComponent(const Grid4& a, const Grid4& b, const Grid4& c, int axis) {
    const auto minor = [&](int i, int j) {
        return b[std::size_t(i)] * c[std::size_t(j)] - b[std::size_t(j)] * c[std::size_t(i)];
    };
    switch (axis) {
    case 0:
        return -a[1] * minor(2, 3) + a[2] * minor(1, 3) - a[3] * minor(1, 2);
    case 1:
        return a[0] * minor(2, 3) - a[2] * minor(0, 3) + a[3] * minor(0, 2);
    case 2:
        return -a[0] * minor(1, 3) + a[1] * minor(0, 3) - a[3] * minor(0, 1);
    default:
        return a[0] * minor(1, 2) - a[1] * minor(0, 2) + a[2] * minor(0, 1);
    }
}

Grid4 difference(const Grid4& a, const Grid4& b) {
    return {a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]};
}

} // namespace

TetMesh tesseractShell(int n, float low, float high) {
    const auto side = static_cast<std::size_t>(n) + 1;
    std::vector<std::int64_t> ids(side * side * side * side, -1);
    TetMesh mesh;
    const auto vertexId = [&](const Grid4& g) {
        std::size_t key = 0;
        for (const long long coordinate : g) {
            key = key * side + static_cast<std::size_t>(coordinate);
        }
        if (ids[key] < 0) {
            ids[key] = static_cast<std::int64_t>(mesh.vertexCount());
            for (const long long coordinate : g) {
                mesh.positions.push_back(low + (high - low) * static_cast<float>(coordinate) /
                                                   static_cast<float>(n));
            }
        }
        return static_cast<std::uint32_t>(ids[key]);
    };

    for (int axis = 0; axis < 4; ++axis) {
        std::array<int, 3> free{};
        for (int a = 0, k = 0; a < 4; ++a) {
            if (a != axis) {
                free[std::size_t(k++)] = a;
            }
        }
        for (const int level : {0, n}) {
            const long long outward = level == 0 ? -1 : 1;
            for (int i = 0; i < n; ++i) {
                for (int j = 0; j < n; ++j) {
                    for (int k = 0; k < n; ++k) {
                        Grid4 base{};
                        base[std::size_t(axis)] = level;
                        base[std::size_t(free[0])] = i;
                        base[std::size_t(free[1])] = j;
                        base[std::size_t(free[2])] = k;
                        std::array<int, 3> order{0, 1, 2};
                        do {
                            std::array<Grid4, 4> corner{base, base, base, base};
                            for (std::size_t step = 0; step < 3; ++step) {
                                corner[step + 1] = corner[step];
                                ++corner[step + 1][std::size_t(free[std::size_t(order[step])])];
                            }
                            const Grid4 e1 = difference(corner[1], corner[0]);
                            const Grid4 e2 = difference(corner[2], corner[0]);
                            const Grid4 e3 = difference(corner[3], corner[0]);
                            if (perpComponent(e1, e2, e3, axis) * outward < 0) {
                                std::swap(corner[2], corner[3]);
                            }
                            for (const Grid4& g : corner) {
                                mesh.tetrahedra.push_back(vertexId(g));
                            }
                        } while (std::next_permutation(order.begin(), order.end()));
                    }
                }
            }
        }
    }
    return mesh;
}

TetMesh randomTetSoup(std::uint32_t seed, std::size_t vertexCount, std::size_t tetCount) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> coordinate(-1.0F, 1.0F);
    std::uniform_int_distribution<std::uint32_t> vertex(
        0, static_cast<std::uint32_t>(vertexCount - 1));
    TetMesh mesh;
    mesh.positions.resize(4 * vertexCount);
    for (float& value : mesh.positions) {
        value = coordinate(random);
    }
    for (std::size_t t = 0; t < tetCount; ++t) {
        std::array<std::uint32_t, 4> tet{};
        for (std::size_t i = 0; i < 4; ++i) {
            do {
                tet[i] = vertex(random);
            } while (std::find(tet.begin(), tet.begin() + static_cast<std::ptrdiff_t>(i), tet[i]) !=
                     tet.begin() + static_cast<std::ptrdiff_t>(i));
        }
        mesh.tetrahedra.insert(mesh.tetrahedra.end(), tet.begin(), tet.end());
    }
    return mesh;
}

} // namespace hyperrig::test
