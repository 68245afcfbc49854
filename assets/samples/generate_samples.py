#!/usr/bin/env python3
"""Reproducible generator of HyperRig's G4MF sample files.

    python3 assets/samples/generate_samples.py [--out DIR] [--check | --check-only]
    python3 assets/samples/generate_samples.py --out DIR --creature-tetrahedra N [--check]

Writes, into DIR (default: the folder of this script):

    creature-4d.g4tf   4D creature: 24 bones, shapes, masses, two skinned tetrahedral meshes
                       (Body, Clothing) and HYPERRIG_skeleton_bind_poses (TPose, APose)
    arm-3d.g4tf        3D arm: 3 bones and a skinned triangle cylinder
    tiny-4d-mesh.g4tf  tiny-4d-arm.g4tf (read from this script's folder) plus a skinned mesh of
                       5 vertices and 2 tetrahedra
    arm-2d.g4tf        2D arm: 3 bones and a skinned outline of segments
    limb-5d.g4tf       5D limb: 3 bones (two along +V, by basis) and skinned boxes of 4-simplices

--creature-tetrahedra N (or --creature-cells BODY,CLOTHING) writes only the creature, at the
grid cell sizes that give it about N tetrahedra (33k by default): the render benchmark's models
of 250k and 1M tetrahedra. Their folder must not be this one (the committed sample stays).

--check writes the files, then re-reads them with the standard library only and asserts the G4MF
rules the generator relies on (element counts, index ranges, skin ordering, names, joints,
orientation, bind poses) and the rotor conventions (test vectors of g4mf.md). --check-only checks
the files already in DIR without writing.

Determinism: no randomness, no hashing, no dictionary/set iteration whose order could vary; the
only floating point functions are sqrt/sin/cos/exp from the C library. Two runs on one machine
produce byte-identical files.

Conventions (docs: shared/docs/formats/g4mf.md):
  * a basis is a list of N columns; column i is the image of local axis i (column-major, §2.2);
  * a node maps points by p_parent = basis · p_local + position; globals compose as
    B = B_parent · B_local, o = B_parent · o_local + o_parent;
  * rotors are stored [s, xy, xz, yz] (3D) and [s, xy, xz, yz, xw, yw, zw, xyzw] (4D) and act by
    the sandwich v' = R~ v R (§4.2); a single-plane rotor with s = cos(θ/2) and sin(θ/2) in slot
    "ab" turns axis a towards axis b by θ; basis(A * B) = basis(B) · basis(A) (§4.3).
"""

import argparse
import base64
import itertools
import json
import math
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATOR = "HyperRig assets/samples/generate_samples.py"
BIND_POSES_EXT = "HYPERRIG_skeleton_bind_poses"
AXES = "xyzw"


# ----------------------------------------------------------------------------------------------
# Small vector and matrix helpers (plain lists; a matrix is a list of columns)
# ----------------------------------------------------------------------------------------------

def vadd(a, b):
    return [x + y for x, y in zip(a, b)]


def vsub(a, b):
    return [x - y for x, y in zip(a, b)]


def vscale(a, s):
    return [x * s for x in a]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def norm(a):
    return math.sqrt(dot(a, a))


def identity(n):
    return [[1.0 if i == j else 0.0 for i in range(n)] for j in range(n)]


def mat_vec(m, v):
    """m · v with m given as columns: Σ_i v_i · column_i."""
    out = [0.0] * len(m[0])
    for col, vi in zip(m, v):
        for r in range(len(out)):
            out[r] += col[r] * vi
    return out


def mat_mul(a, b):
    """a · b, both as column lists: column j of the product is a · b_j."""
    return [mat_vec(a, col) for col in b]


def det(m):
    """Determinant by Gaussian elimination with partial pivoting (rows = m transposed; same value)."""
    n = len(m)
    a = [list(col) for col in m]
    d = 1.0
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(a[r][i]))
        if abs(a[p][i]) < 1e-300:
            return 0.0
        if p != i:
            a[i], a[p] = a[p], a[i]
            d = -d
        d *= a[i][i]
        for r in range(i + 1, n):
            f = a[r][i] / a[i][i]
            for c in range(i, n):
                a[r][c] -= f * a[i][c]
    return d


def perp4(a, b, c):
    """The 4D "cross product" of three vectors (g4mf.md §7.1): orthogonal to a, b, c, length = the
    3-volume of their parallelepiped, oriented so that det[a, b, c, perp] > 0."""
    return [
        -a[1] * (b[2] * c[3] - b[3] * c[2]) + a[2] * (b[1] * c[3] - b[3] * c[1])
        - a[3] * (b[1] * c[2] - b[2] * c[1]),
        a[0] * (b[2] * c[3] - b[3] * c[2]) - a[2] * (b[0] * c[3] - b[3] * c[0])
        + a[3] * (b[0] * c[2] - b[2] * c[0]),
        -a[0] * (b[1] * c[3] - b[3] * c[1]) + a[1] * (b[0] * c[3] - b[3] * c[0])
        - a[3] * (b[0] * c[1] - b[1] * c[0]),
        a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
        + a[2] * (b[0] * c[1] - b[1] * c[0]),
    ]


def cross3(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def cell_normal(points):
    """Normal of a simplex cell (g4mf.md §7.2): perp(v1 - v0, v2 - v0, v3 - v0) in 4D,
    cross(v1 - v0, v2 - v0) in 3D."""
    edges = [vsub(p, points[0]) for p in points[1:]]
    return perp4(*edges) if len(points) == 4 else cross3(*edges)


# ----------------------------------------------------------------------------------------------
# Rotors: the even subalgebra of Cl(N, 0), blades indexed by a bit mask (bit i = axis i)
# ----------------------------------------------------------------------------------------------

# Storage order of rotor components, "grade first, then dimension" (g4mf.md §4.1).
ROTOR_BLADES = {
    2: [0b00, 0b11],                                                 # s, xy
    3: [0b000, 0b011, 0b101, 0b110],                                 # s, xy, xz, yz
    4: [0b0000, 0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100, 0b1111],
}                                                                    # s, xy, xz, yz, xw, yw, zw, xyzw


def blade_product(a, b):
    """e_a · e_b = sign · e_(a XOR b); the sign counts the transpositions needed to sort the
    axes: (-1)^k with k = #{(i in a, j in b) : i > j}; every e_i squares to +1."""
    k = 0
    bits = a >> 1
    while bits:
        k += bin(bits & b).count("1")
        bits >>= 1
    return (-1.0 if k & 1 else 1.0), a ^ b


def mv_mul(x, y):
    """Geometric product of multivectors stored as {mask: coefficient} (insertion ordered)."""
    out = {}
    for a, ca in x.items():
        for b, cb in y.items():
            sign, m = blade_product(a, b)
            out[m] = out.get(m, 0.0) + sign * ca * cb
    return out


def mv_reverse(x):
    """Reverse: a grade-g blade changes sign by (-1)^(g(g-1)/2)."""
    out = {}
    for m, c in x.items():
        g = bin(m).count("1")
        out[m] = -c if (g * (g - 1) // 2) & 1 else c
    return out


def rotor_to_mv(r, n):
    return {m: c for m, c in zip(ROTOR_BLADES[n], r)}


def mv_to_rotor(x, n):
    return [x.get(m, 0.0) for m in ROTOR_BLADES[n]]


def rotor_plane(n, plane, angle):
    """Single-plane rotor turning axis plane[0] towards plane[1] by `angle` radians."""
    mask = (1 << AXES.index(plane[0])) | (1 << AXES.index(plane[1]))
    r = [0.0] * len(ROTOR_BLADES[n])
    r[0] = math.cos(angle / 2)
    r[ROTOR_BLADES[n].index(mask)] = math.sin(angle / 2)
    return r


def rotor_mul(a, b, n):
    """a * b = "apply a, then b": basis(a * b) = basis(b) · basis(a)."""
    return mv_to_rotor(mv_mul(rotor_to_mv(a, n), rotor_to_mv(b, n)), n)


def rotor_to_basis(r, n):
    """Columns e_i' = R~ e_i R (sandwich of §4.2), taken from the grade-1 part."""
    rm = rotor_to_mv(r, n)
    rr = mv_reverse(rm)
    cols = []
    for i in range(n):
        img = mv_mul(mv_mul(rr, {1 << i: 1.0}), rm)
        cols.append([img.get(1 << j, 0.0) for j in range(n)])
    return cols


def rotor_from_steps(n, steps):
    """Compose single-plane steps [(plane, degrees), ...] applied in the listed order (the first
    step acts first, in the bone's own frame): R = R_1 * R_2 * ... ."""
    r = [1.0] + [0.0] * (len(ROTOR_BLADES[n]) - 1)
    for plane, degrees in steps:
        r = rotor_mul(r, rotor_plane(n, plane, math.radians(degrees)), n)
    return r


# ----------------------------------------------------------------------------------------------
# Rigs: bone tables, local transforms, poses
# ----------------------------------------------------------------------------------------------

class Bone:
    """One bone of a rig description.

    position: head in the parent's frame; steps: the rest rotation as single-plane steps;
    box: (x, z, w half-widths at the head, taper factor at the tail, extension before the head,
    extension past the tail) of the body solid around the bone, in the bone's frame (4D only);
    mass/shape: bone physics (shape = name of a top-level shape, or None)."""

    def __init__(self, name, parent, position, length, steps=(), mass=None, shape=None, box=None):
        self.name = name
        self.parent = parent
        self.position = [float(x) for x in position]
        self.length = length
        self.steps = list(steps)
        self.mass = mass
        self.shape = shape
        self.box = box


def global_frames(bones, n, overrides=None):
    """Skeleton-space frames {name: (basis, origin)} composed from the skeleton down:
    B = B_parent · B_local, o = B_parent · o_local + o_parent. `overrides` replaces the local
    rotation steps of some bones (a pose); positions are never posed."""
    overrides = overrides or {}
    frames = {}
    for b in bones:                                   # parents come before children in the table
        steps = overrides.get(b.name, b.steps)
        local_basis = rotor_to_basis(rotor_from_steps(n, steps), n)
        if b.parent is None:
            pb, po = identity(n), [0.0] * n
        else:
            pb, po = frames[b.parent]
        frames[b.name] = (mat_mul(pb, local_basis), vadd(mat_vec(pb, b.position), po))
    return frames


def bone_segment(frames, bone):
    """Head and tail of a bone in skeleton space: tail = head + length · Y_global."""
    basis, origin = frames[bone.name]
    return origin, vadd(origin, vscale(basis[1], bone.length))


# The 4D creature. +X is the creature's left, +Y up, +Z its front, +W ana (g4mf.md §1.1).
# Rest pose: arms straight out (Left/Right along ±X, Ana/Kata along ±W) with the elbows bent 15°
# forward (towards +Z) and the head turned 20° from +Z towards +W; legs straight down.
# Leg rotor: yw 180° (Y -> -Y, W -> -W, X and Z kept, so the leg's front still faces +Z).
# Tail rotor: a double rotation, first a 30° xw roll about its own axis, then yz -120°
# (Y -> -0.5 Y - 0.866 Z: backwards and down); the product has a non-zero xyzw part.
CREATURE_TORSO = 0.15     # torso half-width along X and along W (the creature is X/W symmetric)
CREATURE_BONES = [
    Bone("Hips", None, (0, 0.92, 0, 0), 0.12, mass=9.0, shape="HipsCapsule",
         box=(CREATURE_TORSO, 0.10, CREATURE_TORSO, 1.0, 0.05, 0.02)),
    Bone("Spine", "Hips", (0, 0.12, 0, 0), 0.18, mass=7.0, shape="SpineCapsule",
         box=(0.13, 0.09, 0.13, 1.1, 0.02, 0.02)),
    Bone("Chest", "Spine", (0, 0.18, 0, 0), 0.22, mass=11.0, shape="ChestCapsule",
         box=(0.145, 0.10, 0.145, 0.85, 0.02, 0.03)),
    Bone("Neck", "Chest", (0, 0.22, 0, 0), 0.08, mass=0.0, shape="NeckCapsule",
         box=(0.05, 0.05, 0.05, 1.0, 0.02, 0.02)),
    Bone("Head", "Neck", (0, 0.08, 0, 0), 0.22, steps=[("zw", 20)], mass=5.0, shape="HeadCapsule",
         box=(0.09, 0.10, 0.09, 0.8, 0.0, 0.02)),
]
for _side, _pos, _steps in (("Left", (0.17, 0.17, 0, 0), [("xy", -90)]),
                            ("Right", (-0.17, 0.17, 0, 0), [("xy", 90)]),
                            ("Ana", (0, 0.17, 0, 0.17), [("yw", 90)]),
                            ("Kata", (0, 0.17, 0, -0.17), [("yw", -90)])):
    CREATURE_BONES += [
        Bone(_side + "UpperArm", "Chest", _pos, 0.28, steps=_steps, mass=2.2,
             shape="UpperArmCapsule", box=(0.055, 0.055, 0.055, 0.85, 0.03, 0.02)),
        Bone(_side + "LowerArm", _side + "UpperArm", (0, 0.28, 0, 0), 0.25, steps=[("yz", 15)],
             mass=1.4, shape="LowerArmCapsule", box=(0.045, 0.045, 0.045, 0.8, 0.02, 0.01)),
    ]
    if _side in ("Left", "Right"):
        CREATURE_BONES.append(
            Bone(_side + "Hand", _side + "LowerArm", (0, 0.25, 0, 0), 0.09,
                 box=(0.045, 0.02, 0.035, 0.8, 0.01, 0.01)))
for _side, _pos in (("Left", (0.12, 0, 0, 0)), ("Right", (-0.12, 0, 0, 0)),
                    ("Ana", (0, 0, 0, 0.12)), ("Kata", (0, 0, 0, -0.12))):
    CREATURE_BONES += [
        Bone(_side + "UpperLeg", "Hips", _pos, 0.42, steps=[("yw", 180)], mass=7.0,
             shape="UpperLegCapsule", box=(0.065, 0.065, 0.065, 0.8, 0.0, 0.02)),
        Bone(_side + "LowerLeg", _side + "UpperLeg", (0, 0.42, 0, 0), 0.42, mass=3.5,
             shape="LowerLegCapsule", box=(0.055, 0.055, 0.055, 0.7, 0.02, 0.03)),
    ]
CREATURE_BONES.append(
    Bone("Tail", "Hips", (0, 0.03, -0.09, 0), 0.40, steps=[("xw", 30), ("yz", -120)], mass=1.2,
         shape="TailCapsule", box=(0.04, 0.04, 0.04, 0.4, 0.0, 0.0)))

# Capsule radii of the shapes (a shape may serve several bones of equal length).
CREATURE_SHAPE_RADII = [
    ("HipsCapsule", 0.05), ("SpineCapsule", 0.08), ("ChestCapsule", 0.09), ("NeckCapsule", 0.04),
    ("HeadCapsule", 0.10), ("UpperArmCapsule", 0.05), ("LowerArmCapsule", 0.04),
    ("UpperLegCapsule", 0.065), ("LowerLegCapsule", 0.05), ("TailCapsule", 0.035),
]

# Bind poses: local rotation steps that replace the rest steps. Both have straight elbows and a
# neutral head; TPose holds the arms along ±X / ±W, APose 45° below that (Y -> (±0.707, -0.707)).
def _arm_pose(angle):
    pose = {"Head": []}
    for side, plane, sign in (("Left", "xy", -1), ("Right", "xy", 1),
                              ("Ana", "yw", 1), ("Kata", "yw", -1)):
        pose[side + "UpperArm"] = [(plane, sign * angle)]
        pose[side + "LowerArm"] = []
    return pose


CREATURE_POSES = [("TPose", _arm_pose(90)), ("APose", _arm_pose(135))]

# The clothing ("vest"): solids slightly larger than the body around these bones, in node order.
# (bone, extra half-width, fraction of the bone length covered: sleeves stop at 60 %)
CLOTHING_PARTS = [("Spine", 0.02, 1.0), ("Chest", 0.02, 1.0),
                  ("LeftUpperArm", 0.015, 0.6), ("RightUpperArm", 0.015, 0.6)]


# ----------------------------------------------------------------------------------------------
# 4D mesh building: the boundary of a subdivided 4D box (frustum) around a bone
# ----------------------------------------------------------------------------------------------

# The 6 Kuhn (Freudenthal) tetrahedra of a unit cube: for each permutation (a, b, c) of its three
# axes, the path corner0 -> +e_a -> +e_b -> +e_c. All cubes of a grid use the same main diagonal,
# so the triangulation is conforming across cubes, and restricted to a face it is the Kuhn
# triangulation of that face: neighbouring boundary cubes of the 4D box share their triangles.
KUHN_PATHS = list(itertools.permutations(range(3)))


def box_boundary(counts):
    """Tetrahedral boundary of a 4D grid box with `counts` = (n0, n1, n2, n3) cells per axis.

    Returns (lattice points, tetrahedra): lattice points are the boundary points of the grid in
    lexicographic order (a point is on the boundary when some coordinate is 0 or n_axis); each
    tetrahedron is 4 indices into that list. The 8 boundary cubes are the facets "axis k at 0"
    and "axis k at n_k"; each is a 3D grid of cubes, each cube split into 6 Kuhn tetrahedra.
    Orientation is left to the caller, which knows the positions and the solid's centre."""
    index = {}
    points = []
    for p in itertools.product(*(range(c + 1) for c in counts)):
        if any(p[k] == 0 or p[k] == counts[k] for k in range(4)):
            index[p] = len(points)
            points.append(p)
    tets = []
    for k in range(4):                                    # facet normal axis
        others = [a for a in range(4) if a != k]          # its three tangent axes, increasing
        for side in (0, counts[k]):
            for cell in itertools.product(*(range(counts[a]) for a in others)):
                for path in KUHN_PATHS:
                    corner = [0, 0, 0, 0]
                    corner[k] = side
                    for a, c in zip(others, cell):
                        corner[a] = c
                    tet = [index[tuple(corner)]]
                    for step in path:
                        corner[others[step]] += 1
                        tet.append(index[tuple(corner)])
                    tets.append(tet)
    return points, tets


def orient_outward(tets, positions, centre):
    """Make every cell normal perp(v1 - v0, v2 - v0, v3 - v0) point away from `centre` (an
    interior point of the convex solid): where (v0 - centre) · n < 0, swap v2 and v3, which
    negates n. Works on tetrahedra (4D) and triangles (3D, swap v1 and v2)."""
    out = []
    for t in tets:
        pts = [positions[i] for i in t]
        if dot(vsub(pts[0], centre), cell_normal(pts)) < 0:
            t = [t[0], t[1], t[3], t[2]] if len(t) == 4 else [t[0], t[2], t[1]]
        out.append(t)
    return out


def solid_cell_counts(length, box, cell, y_range=None, grow=0.0):
    """Grid cells per axis (X, Y, Z, W) of bone_solid's frustum: about `cell` metres per cell, at
    least 2 cells along Y and 1 across."""
    hx, hz, hw, _, ext0, ext1 = box
    hx, hz, hw = hx + grow, hz + grow, hw + grow
    y0, y1 = y_range if y_range else (-ext0, length + ext1)
    return (max(1, round(2 * hx / cell)), max(2, round((y1 - y0) / cell)),
            max(1, round(2 * hz / cell)), max(1, round(2 * hw / cell)))


def box_boundary_tetrahedra(counts):
    """How many tetrahedra box_boundary(counts) makes: each of the 8 facets (axis k at 0 and at
    n_k) is a grid of the other three axes' cells, 6 Kuhn tetrahedra per cube."""
    a, b, c, d = counts
    return 2 * 6 * (b * c * d + a * c * d + a * b * d + a * b * c)


def bone_solid(frame, length, box, cell, y_range=None, grow=0.0):
    """Boundary of a 4D frustum around a bone, in skeleton space.

    In the bone's frame the solid is y in [y0, y1] (y0 = -ext_head, y1 = length + ext_tail unless
    y_range is given) with half-widths (hx, hz, hw) · s(t) along X, Z, W, where t = (y - y0) /
    (y1 - y0) and s(t) = 1 + (taper - 1) t. Each side facet is then a flat 3-space (x is linear
    in y), so the solid is convex. The grid has about `cell` metres per cell (at least 2 cells
    along Y, 1 across). Returns (positions, tetrahedra) with outward cell normals."""
    hx, hz, hw, taper, ext0, ext1 = box
    hx, hz, hw = hx + grow, hz + grow, hw + grow
    y0, y1 = y_range if y_range else (-ext0, length + ext1)
    counts = solid_cell_counts(length, box, cell, y_range, grow)
    basis, origin = frame

    def local_point(p):
        t = p[1] / counts[1]
        s = 1.0 + (taper - 1.0) * t
        return [hx * s * (2.0 * p[0] / counts[0] - 1.0), y0 + (y1 - y0) * t,
                hz * s * (2.0 * p[2] / counts[2] - 1.0), hw * s * (2.0 * p[3] / counts[3] - 1.0)]

    lattice, tets = box_boundary(counts)
    positions = [vadd(mat_vec(basis, local_point(p)), origin) for p in lattice]
    centre = vadd(mat_vec(basis, [0.0, (y0 + y1) / 2, 0.0, 0.0]), origin)
    return positions, orient_outward(tets, positions, centre)


class MeshBuilder:
    """Collects solids into one vertex list and one or more surfaces (lists of simplexes)."""

    def __init__(self, surface_count=1):
        self.positions = []
        self.surfaces = [[] for _ in range(surface_count)]

    def add(self, positions, simplexes, surface=0):
        base = len(self.positions)
        self.positions += positions
        self.surfaces[surface] += [[base + i for i in s] for s in simplexes]


# ----------------------------------------------------------------------------------------------
# Skinning
# ----------------------------------------------------------------------------------------------

def segment_distance(p, a, b):
    """Distance from p to the segment [a, b]: clamp the projection parameter to [0, 1]."""
    ab = vsub(b, a)
    den = dot(ab, ab)
    t = 0.0 if den == 0 else max(0.0, min(1.0, dot(vsub(p, a), ab) / den))
    return norm(vsub(p, vadd(a, vscale(ab, t))))


def skin_weights(positions, owners, segments, neighbours, max_influences, sigma, drop=0.01):
    """Per-vertex influences from a smooth falloff of the distance to nearby bone segments.

    Vertex p belongs to the solid of bone o = owners[i]; the nearby bones are o itself and
    neighbours[o] (its parent and children: the bones that meet the solid at its joints). With
    d_g = distance(p, segment g):
        raw_g = exp(-(max(0, d_g - d_o) / sigma)^2)
    so the owner gets 1, a neighbour about as near as the owner (at a joint) gets nearly 1, and a
    neighbour farther than the owner by a few sigma gets ~0. Keep the `max_influences` largest,
    normalise to sum 1, drop those below `drop`, normalise again. Entries are sorted by
    descending weight, ties by ascending group (deterministic).
    segments: {group: (head, tail)}. Returns the three parallel lists (vertices, groups, weights)
    of G4MF's skin, sorted by vertex."""
    out_v, out_g, out_w = [], [], []
    for vi, (p, owner) in enumerate(zip(positions, owners)):
        d_own = segment_distance(p, *segments[owner])
        raw = []
        for g in [owner] + neighbours[owner]:
            excess = max(0.0, segment_distance(p, *segments[g]) - d_own)
            raw.append((math.exp(-(excess / sigma) ** 2), g))
        raw = sorted(raw, key=lambda e: (-e[0], e[1]))[:max_influences]
        total = sum(w for w, _ in raw)
        kept = [(w / total, g) for w, g in raw if w / total >= drop]
        total = sum(w for w, _ in kept)
        for w, g in kept:
            out_v.append(vi)
            out_g.append(g)
            out_w.append(w / total)
    return out_v, out_g, out_w


def hierarchy_neighbours(bones, group_of):
    """{group: [groups of the parent and the children]} over the bones that have a group."""
    out = {}
    for b in bones:
        if b.name not in group_of:
            continue
        near = [b.parent] + [c.name for c in bones if c.parent == b.name]
        out[group_of[b.name]] = [group_of[x] for x in near if x in group_of]
    return out


# ----------------------------------------------------------------------------------------------
# Buffer packing: one buffer, one view per accessor, views 4-byte aligned
# ----------------------------------------------------------------------------------------------

COMPONENT_FORMATS = {"float32": ("f", 4), "uint8": ("B", 1), "uint16": ("H", 2), "uint32": ("I", 4)}


def smallest_index_type(values, minimum="uint16"):
    """Smallest unsigned type holding every value (indices: at least uint16; groups: uint8)."""
    top = max(values) if values else 0
    for t in ("uint8", "uint16", "uint32"):
        if COMPONENT_FORMATS[t][1] >= COMPONENT_FORMATS[minimum][1] and top < 256 ** COMPONENT_FORMATS[t][1]:
            return t
    raise ValueError("index too large")


class BufferBuilder:
    def __init__(self):
        self.data = bytearray()
        self.views = []
        self.accessors = []

    def accessor(self, component_type, flat_values, vector_size=1, comment=None):
        """Append a view (starting on a 4-byte boundary, zero padding before it) and an accessor
        on it; G4MF accessors have no count or offset: count = byteLength / (size · vectorSize)."""
        fmt, size = COMPONENT_FORMATS[component_type]
        assert len(flat_values) % vector_size == 0
        while len(self.data) % 4:
            self.data.append(0)
        packed = struct.pack("<%d%s" % (len(flat_values), fmt), *flat_values)
        self.views.append({"buffer": 0, "byteOffset": len(self.data), "byteLength": len(packed)})
        self.data += packed
        acc = {"bufferView": len(self.views) - 1, "componentType": component_type}
        if vector_size != 1:
            acc["vectorSize"] = vector_size
        if comment:
            acc["comment"] = comment
        self.accessors.append(acc)
        return len(self.accessors) - 1

    def buffer_json(self):
        return {"byteLength": len(self.data),
                "uri": "data:application/octet-stream;base64," + base64.b64encode(bytes(self.data)).decode("ascii")}


def to_float32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def mesh_json(buf, name, positions, surfaces, skin, group_names, dim, comments=None):
    """Pack one mesh: float32 vertices (vectorSize = dim), per surface a simplex accessor
    (vectorSize = dim, the smallest of uint16/uint32 that fits), and the skin triples
    (vertices uint16/uint32, groups uint8/uint16, weights float32)."""
    comments = comments or {}
    index_type = smallest_index_type([len(positions) - 1])
    mesh = {"name": name,
            "vertices": buf.accessor("float32", [c for p in positions for c in p], dim,
                                     comments.get("vertices")),
            "surfaces": []}
    for i, simplexes in enumerate(surfaces):
        mesh["surfaces"].append({"simplexes": buf.accessor(
            index_type, [v for s in simplexes for v in s], dim, comments.get("simplexes%d" % i))})
    sv, sg, sw = skin
    mesh["skin"] = {
        "vertices": buf.accessor(index_type, sv, 1, comments.get("skinVertices")),
        "groups": buf.accessor(smallest_index_type(sg, "uint8"), sg, 1, comments.get("groups")),
        "weights": buf.accessor("float32", sw, 1, comments.get("weights")),
        "groupNames": list(group_names),
    }
    return mesh


# ----------------------------------------------------------------------------------------------
# JSON output: tabs, scalar arrays on one line, floats with 7 significant digits
# ----------------------------------------------------------------------------------------------

def fmt_number(x):
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):
        return str(x)
    if abs(x) < 1e-9:                       # rounding noise such as cos(90°) = 6e-17
        return "0"
    text = "%.7g" % x
    value = float(text)
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return text


def dump_json(value, depth=0):
    tabs = "\t" * depth
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = ["%s\t%s: %s" % (tabs, json.dumps(k), dump_json(v, depth + 1)) for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + tabs + "}"
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            return "[" + ", ".join(dump_json(v) for v in value) + "]"
        return "[\n" + ",\n".join(tabs + "\t" + dump_json(v, depth + 1) for v in value) + "\n" + tabs + "]"
    if isinstance(value, str):
        return json.dumps(value)
    if value is None:
        return "null"
    return fmt_number(value)


def write_document(path, doc):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(dump_json(doc) + "\n")


def rotor_json(r):
    """Rotor components for JSON: 7 numbers (pseudoscalar omitted) when xyzw is zero, else 8."""
    r = [0.0 if abs(c) < 1e-12 else c for c in r]
    return r[:7] if len(r) == 8 and r[7] == 0.0 else r


def node_transform(node, position, steps, n):
    """Add position / rotor, omitting defaults (zero position, identity rotor)."""
    if any(abs(c) > 0 for c in position):
        node["position"] = list(position)
    if steps:
        node["rotor"] = rotor_json(rotor_from_steps(n, steps))


def bone_nodes(bones, n, shape_index, first_index):
    """Nodes of a bone table, depth-first in table order (the table lists parents before
    children and each subtree contiguously), starting at node `first_index`."""
    index = {b.name: first_index + i for i, b in enumerate(bones)}
    nodes = []
    for b in bones:
        node = {"name": b.name, "bone": {"length": b.length}}
        if b.mass is not None:
            node["bone"]["mass"] = b.mass
        if b.shape is not None:
            node["bone"]["shape"] = shape_index[b.shape]
        node_transform(node, b.position, b.steps, n)
        children = [index[c.name] for c in bones if c.parent == b.name]
        if children:
            node["children"] = children
        nodes.append(node)
    return nodes, index


# ----------------------------------------------------------------------------------------------
# creature-4d.g4tf
# ----------------------------------------------------------------------------------------------

BODY_CELL = 0.06          # target edge length of the body's grid cells (m)
CLOTHING_CELL = 0.08      # clothing is coarser
SKIN_SIGMA = 0.035        # falloff width of the skin weights (m)
TORSO_BONES = {"Hips", "Spine", "Chest", "Neck", "Head", "Tail"}


def creature_tetrahedra(body_cell, clothing_cell):
    """The creature's tetrahedra (Body and Clothing together) at these cell sizes, counted
    without building the meshes."""
    by_name = {b.name: b for b in CREATURE_BONES}
    total = sum(box_boundary_tetrahedra(solid_cell_counts(b.length, b.box, body_cell))
                for b in CREATURE_BONES)
    for part, grow, fraction in CLOTHING_PARTS:
        b = by_name[part]
        y_range = (-b.box[4], b.length * fraction) if fraction < 1 else None
        total += box_boundary_tetrahedra(solid_cell_counts(b.length, b.box, clothing_cell,
                                                           y_range, grow))
    return total


def creature_cells_for(tetrahedra):
    """Cell sizes (body, clothing), both BODY_CELL and CLOTHING_CELL times one factor, that give
    the creature the count nearest `tetrahedra`. The count falls as the cells grow (about as
    cell^-3) in steps, as the per-axis cell counts are rounded; bisection on the factor finds
    the step around the target, then the nearer side is taken."""
    count = lambda f: creature_tetrahedra(BODY_CELL * f, CLOTHING_CELL * f)
    fine, coarse = 1.0 / 64.0, 64.0                  # count(fine) >= target >= count(coarse)
    for _ in range(80):
        middle = math.sqrt(fine * coarse)
        if count(middle) >= tetrahedra:
            fine = middle
        else:
            coarse = middle
    factor = fine if count(fine) - tetrahedra <= tetrahedra - count(coarse) else coarse
    return BODY_CELL * factor, CLOTHING_CELL * factor


def build_creature(body_cell=BODY_CELL, clothing_cell=CLOTHING_CELL):
    n = 4
    bones = CREATURE_BONES
    rest = global_frames(bones, n)

    # --- nodes: 0 Scene, 1 CreatureRig, 2.. bones, then the mesh nodes -----------------------
    shape_names = [s for s, _ in CREATURE_SHAPE_RADII]
    shape_index = {s: i for i, s in enumerate(shape_names)}
    bnodes, node_of = bone_nodes(bones, n, shape_index, 2)
    body_node = 2 + len(bones)
    clothing_node = body_node + 1

    # joints: every bone once, in node order (strictly increasing, parents first) = body groups
    # 0..23; then one more slot per clothing part (repeats of Spine, Chest, LeftUpperArm,
    # RightUpperArm, also in node order) = clothing groups 24..27. See assets/README.md.
    body_joint_names = [b.name for b in bones]
    clothing_slot0 = len(body_joint_names)
    joint_names = body_joint_names + [part for part, _, _ in CLOTHING_PARTS]
    joints = [node_of[name] for name in joint_names]

    # --- bind poses: skeleton-space frame of each joints slot's bone in each pose -------------
    poses = []
    for pose_type, overrides in CREATURE_POSES:
        frames = global_frames(bones, n, overrides)
        poses.append({"poseType": pose_type, "bindPoses": [
            {"position": frames[name][1], "basis": [c for col in frames[name][0] for c in col]}
            for name in joint_names]})

    nodes = [
        {"name": "Scene", "children": [1]},
        {"name": "CreatureRig",
         "skeleton": {"joints": joints, "extensions": {BIND_POSES_EXT: {"poses": poses}}},
         "children": [2, body_node, clothing_node]},
    ] + bnodes + [
        {"name": "Body", "mesh": 0},
        {"name": "Clothing", "mesh": 1},
    ]

    shapes = []
    lengths = {b.shape: b.length for b in bones if b.shape}
    for name, r in CREATURE_SHAPE_RADII:
        # capsule from head to tail (origin at L/2): box of height L - 2r along Y, rounded by r
        shapes.append({"name": name, "type": "general", "size": [0, lengths[name] - 2 * r, 0, 0],
                       "curves": [{"radii": [r, r, r, r]}]})

    # --- Body: one frustum per bone; surface 0 = torso, head and tail, surface 1 = limbs ------
    body = MeshBuilder(surface_count=2)
    body_owner = []
    group_of = {b.name: g for g, b in enumerate(bones)}          # body group g = joints[g]
    for b in bones:
        pos, tets = bone_solid(rest[b.name], b.length, b.box, body_cell)
        body.add(pos, tets, 0 if b.name in TORSO_BONES else 1)
        body_owner += [group_of[b.name]] * len(pos)
    body_segments = {group_of[b.name]: bone_segment(rest, b) for b in bones}
    body_skin = skin_weights(body.positions, body_owner, body_segments,
                             hierarchy_neighbours(bones, group_of), 4, SKIN_SIGMA)

    # --- Clothing: a vest (torso part + short sleeves) slightly outside the body --------------
    clothing = MeshBuilder()
    clothing_owner = []
    by_name = {b.name: b for b in bones}
    # clothing group of a part = its extra joints slot: 24 + index in CLOTHING_PARTS
    clothing_group = {part: clothing_slot0 + i for i, (part, _, _) in enumerate(CLOTHING_PARTS)}
    for part, grow, fraction in CLOTHING_PARTS:
        b = by_name[part]
        y_range = (-b.box[4], b.length * fraction) if fraction < 1 else None
        pos, tets = bone_solid(rest[part], b.length, b.box, clothing_cell, y_range, grow)
        clothing.add(pos, tets)
        clothing_owner += [clothing_group[part]] * len(pos)
    clothing_segments = {clothing_group[part]: bone_segment(rest, by_name[part])
                         for part, _, _ in CLOTHING_PARTS}
    clothing_skin = skin_weights(clothing.positions, clothing_owner, clothing_segments,
                                 hierarchy_neighbours(bones, clothing_group), 4, SKIN_SIGMA)
    clothing_names = body_joint_names + ["Clothing" + part for part, _, _ in CLOTHING_PARTS]

    buf = BufferBuilder()
    meshes = [
        mesh_json(buf, "BodyMesh", body.positions, body.surfaces, body_skin, body_joint_names, n),
        mesh_json(buf, "ClothingMesh", clothing.positions, clothing.surfaces, clothing_skin,
                  clothing_names, n),
    ]
    return {
        "asset": {"dimension": n, "generator": GENERATOR, "extensionsUsed": [BIND_POSES_EXT]},
        "nodes": nodes,
        "meshes": meshes,
        "shapes": shapes,
        "accessors": buf.accessors,
        "bufferViews": buf.views,
        "buffers": [buf.buffer_json()],
    }


# ----------------------------------------------------------------------------------------------
# arm-3d.g4tf
# ----------------------------------------------------------------------------------------------

# UpperArm points along +X (xy -90°: Y -> +X), the elbow bends 20° forward (yz: Y -> +Z).
ARM_BONES = [
    Bone("UpperArm", None, (0.18, 1.45, 0), 0.30, steps=[("xy", -90)]),
    Bone("LowerArm", "UpperArm", (0, 0.30, 0), 0.26, steps=[("yz", 20)]),
    Bone("Hand", "LowerArm", (0, 0.26, 0), 0.10),
]
ARM_RINGS = [0.0, 0.05, 0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40, 0.45, 0.50, 0.56, 0.61, 0.66]
ARM_SEGMENTS = 16


def arm_radius(s):
    """Radius along the arm (arc length s from the shoulder): 5 cm tapering to 3 cm."""
    return 0.05 - 0.02 * min(1.0, s / 0.66)


def build_arm():
    n = 3
    rest = global_frames(ARM_BONES, n)
    # Rings: at arc length s, on the bone that contains s, in the plane of its local X and Z.
    starts = list(itertools.accumulate([0.0] + [b.length for b in ARM_BONES]))
    positions, centres, owners = [], [], []
    for s in ARM_RINGS:
        k = max(i for i in range(len(ARM_BONES)) if starts[i] <= s + 1e-12)
        basis, origin = rest[ARM_BONES[k].name]
        centre = vadd(origin, vscale(basis[1], s - starts[k]))
        centres.append(centre)
        r = arm_radius(s)
        for j in range(ARM_SEGMENTS):
            a = 2 * math.pi * j / ARM_SEGMENTS
            positions.append(vadd(centre, vadd(vscale(basis[0], r * math.cos(a)),
                                               vscale(basis[2], r * math.sin(a)))))
            owners.append(k)
    # Side quads between rings i and i+1, two triangles each, oriented away from the axis.
    tris = []
    for i in range(len(ARM_RINGS) - 1):
        mid = vscale(vadd(centres[i], centres[i + 1]), 0.5)
        for j in range(ARM_SEGMENTS):
            a, b = i * ARM_SEGMENTS + j, i * ARM_SEGMENTS + (j + 1) % ARM_SEGMENTS
            c, d = a + ARM_SEGMENTS, b + ARM_SEGMENTS
            tris += orient_outward([[a, b, d], [a, d, c]], positions, mid)
    # Caps: fans around a centre vertex, oriented away from the neighbouring ring's centre.
    for ring, inner in ((0, 1), (len(ARM_RINGS) - 1, len(ARM_RINGS) - 2)):
        ci = len(positions)
        positions.append(centres[ring])
        owners.append(owners[ring * ARM_SEGMENTS])
        for j in range(ARM_SEGMENTS):
            a, b = ring * ARM_SEGMENTS + j, ring * ARM_SEGMENTS + (j + 1) % ARM_SEGMENTS
            tris += orient_outward([[ci, a, b]], positions, centres[inner])
    group_of = {b.name: g for g, b in enumerate(ARM_BONES)}
    segments = {g: bone_segment(rest, b) for g, b in enumerate(ARM_BONES)}
    skin = skin_weights(positions, owners, segments, hierarchy_neighbours(ARM_BONES, group_of),
                        2, 0.04)

    bnodes, _ = bone_nodes(ARM_BONES, n, {}, 2)
    skin_node = 2 + len(ARM_BONES)
    names = [b.name for b in ARM_BONES]
    nodes = [
        {"name": "Scene", "children": [1]},
        {"name": "ArmRig", "skeleton": {"joints": [2, 3, 4]}, "children": [2, skin_node]},
    ] + bnodes + [{"name": "ArmSkin", "mesh": 0}]
    buf = BufferBuilder()
    meshes = [mesh_json(buf, "ArmSkinMesh", positions, [tris], skin, names, n)]
    return {
        "asset": {"dimension": n, "generator": GENERATOR},
        "nodes": nodes,
        "meshes": meshes,
        "accessors": buf.accessors,
        "bufferViews": buf.views,
        "buffers": [buf.buffer_json()],
    }


# ----------------------------------------------------------------------------------------------
# tiny-4d-mesh.g4tf: tiny-4d-arm.g4tf plus 5 vertices and 2 tetrahedra
# ----------------------------------------------------------------------------------------------

def read_rotor(values, n):
    """A rotor from a file (missing trailing components are zero), unnormalised."""
    r = [float(v) for v in values] + [0.0] * (len(ROTOR_BLADES[n]) - len(values))
    return r


def node_globals(doc, skeleton_index):
    """Skeleton-space frames {node index: (basis, origin)} of the bones below a skeleton node
    (rotor/position nodes only; enough for the samples)."""
    n = doc["asset"]["dimension"]
    out = {}

    def visit(i, pb, po):
        node = doc["nodes"][i]
        lb = rotor_to_basis(read_rotor(node.get("rotor", [1]), n), n)
        b = mat_mul(pb, lb)
        o = vadd(mat_vec(pb, [float(x) for x in node.get("position", [0] * n)]), po)
        out[i] = (b, o)
        for c in node.get("children", []):
            visit(c, b, o)

    for c in doc["nodes"][skeleton_index].get("children", []):
        visit(c, identity(n), [0.0] * n)
    return out


def build_tiny_mesh():
    with open(os.path.join(HERE, "tiny-4d-arm.g4tf"), encoding="utf-8") as f:
        doc = json.load(f)
    n = 4
    rig = next(i for i, node in enumerate(doc["nodes"]) if "skeleton" in node)
    joints = doc["nodes"][rig]["skeleton"]["joints"]
    frames = node_globals(doc, rig)
    elbow = frames[joints[1]][1]                              # head of LowerArm
    wrist = frames[joints[2]][1]                              # head of Hand

    # v0 at the shoulder (head of UpperArm), v1..v3 a small triangle around the elbow
    # (skeleton-space offsets), v4 at the wrist; 4 decimals, then float32.
    positions = [frames[joints[0]][1],
                 vadd(elbow, [0, 0.05, 0, 0]), vadd(elbow, [0, -0.03, 0.04, 0]),
                 vadd(elbow, [0, -0.03, -0.04, 0.03]), wrist]
    positions = [[to_float32(round(c, 4)) for c in p] for p in positions]
    # Two tetrahedra sharing the triangle (1, 2, 3), consistently oriented: the shared face is
    # +(1, 2, 3) in the first and +(1, 3, 2) = -(1, 2, 3) in the second.
    tets = [[0, 1, 2, 3], [4, 1, 3, 2]]
    skin = ([0, 1, 1, 2, 2, 3, 3, 4, 4], [0, 0, 1, 0, 1, 0, 1, 1, 2],
            [1.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.75, 0.25])
    names = [doc["nodes"][j]["name"] for j in joints]
    comments = {
        "vertices": "5 vertices: " + "; ".join(" ".join(fmt_number(c) for c in p) for p in positions),
        "simplexes0": "2 tetrahedra sharing the triangle 1 2 3: 0 1 2 3; 4 1 3 2",
        "skinVertices": "vertex of each (vertex, group, weight) triple: 0 1 1 2 2 3 3 4 4",
        "groups": "0 = UpperArm, 1 = LowerArm, 2 = Hand: 0 0 1 0 1 0 1 1 2",
        "weights": "descending per vertex: 1 0.5 0.5 0.5 0.5 0.5 0.5 0.75 0.25",
    }
    buf = BufferBuilder()
    mesh = mesh_json(buf, "TinyMesh", positions, [tets], skin, names, n, comments)
    skin_node = len(doc["nodes"])
    doc["nodes"][rig]["children"] = doc["nodes"][rig].get("children", []) + [skin_node]
    doc["nodes"].append({"name": "TinySkin", "mesh": 0})
    doc["asset"]["generator"] = GENERATOR + " (tiny-4d-arm.g4tf plus a mesh)"
    doc["meshes"] = [mesh]
    doc["accessors"] = buf.accessors
    doc["bufferViews"] = buf.views
    doc["buffers"] = [buf.buffer_json()]
    return doc


# ----------------------------------------------------------------------------------------------
# arm-2d.g4tf and limb-5d.g4tf: the dimensions around 3D and 4D (issue 15, docs/decisions/0027)
# ----------------------------------------------------------------------------------------------

def perp_n(edges):
    """The N-D perpendicular of N - 1 vectors (g4mf.md §7.1, core/math/Perpendicular.h):
    perp_i = det[e_1, ..., e_(N-1), axis_i], so det[e_1, ..., e_(N-1), perp] = |perp|^2 > 0."""
    n = len(edges) + 1
    return [det([list(e) for e in edges] + [[1.0 if r == i else 0.0 for r in range(n)]])
            for i in range(n)]


def orient_outward_n(cells, positions, centre):
    """orient_outward for any dimension: swap the last two vertices of a cell whose normal
    perp(v1 - v0, ...) points towards `centre` (an interior point of the convex solid)."""
    out = []
    for c in cells:
        pts = [positions[i] for i in c]
        normal = perp_n([vsub(p, pts[0]) for p in pts[1:]])
        centroid = vscale([sum(x) for x in zip(*pts)], 1.0 / len(pts))
        if dot(vsub(centroid, centre), normal) < 0:
            c = c[:-2] + [c[-1], c[-2]]
        out.append(list(c))
    return out


def box_boundary_n(counts):
    """The simplicial boundary of an N-D grid box (box_boundary for any N): every boundary facet
    is an (N-1)-D grid of cubes, each split into (N-1)! Kuhn simplices along the main diagonal
    (conforming across cubes and facets). Returns (lattice points, simplices), unoriented."""
    n = len(counts)
    index, points = {}, []
    for p in itertools.product(*(range(c + 1) for c in counts)):
        if any(p[k] == 0 or p[k] == counts[k] for k in range(n)):
            index[p] = len(points)
            points.append(p)
    cells = []
    for k in range(n):
        others = [a for a in range(n) if a != k]
        for side in (0, counts[k]):
            for cell in itertools.product(*(range(counts[a]) for a in others)):
                for path in itertools.permutations(range(n - 1)):
                    corner = [0] * n
                    corner[k] = side
                    for a, c in zip(others, cell):
                        corner[a] = c
                    simplex = [index[tuple(corner)]]
                    for step in path:
                        corner[others[step]] += 1
                        simplex.append(index[tuple(corner)])
                    cells.append(simplex)
    return points, cells


def basis_json(columns):
    return [fmt_float(c) for col in columns for c in col]


def fmt_float(x):
    return 0.0 if abs(x) < 1e-12 else round(x, 9)


# limb-5d: three bones, the lower one turned a quarter turn from +Y to +V (axis 4), so it leaves
# the 3D flat v = 0 and a slice at v = offset shows its cross-section, as the creature's ana arm
# does along W in 4D. Local bases as column lists (identity, and Y -> V, V -> -Y).
LIMB5_HALF = 0.06
LIMB5_BONES = [("UpperLimb", None, [0, 0, 0, 0, 0], 0.5, False),
               ("LowerLimb", "UpperLimb", [0, 0.5, 0, 0, 0], 0.4, True),
               ("Paw", "LowerLimb", [0, 0.4, 0, 0, 0], 0.15, False)]


def limb5_local_basis(turned):
    b = identity(5)
    if turned:
        b[1] = [0.0, 0.0, 0.0, 0.0, 1.0]
        b[4] = [0.0, -1.0, 0.0, 0.0, 0.0]
    return b


def build_limb_5d():
    n = 5
    frames = {}
    for name, parent, position, _, turned in LIMB5_BONES:
        pb, po = frames[parent] if parent else (identity(n), [0.0] * n)
        frames[name] = (mat_mul(pb, limb5_local_basis(turned)), vadd(mat_vec(pb, position), po))
    positions, owners, cells = [], [], []
    for g, (name, _, _, length, _) in enumerate(LIMB5_BONES):
        basis, origin = frames[name]
        h = LIMB5_HALF * (1.0 - 0.2 * g)
        counts = (1, max(2, round(length / 0.1)), 1, 1, 1)
        lattice, simplices = box_boundary_n(counts)
        local = [[h * (2.0 * p[0] - 1.0), -h + (length + 2 * h) * p[1] / counts[1],
                  h * (2.0 * p[2] - 1.0), h * (2.0 * p[3] - 1.0), h * (2.0 * p[4] - 1.0)]
                 for p in lattice]
        pts = [[to_float32(round(c, 6)) for c in vadd(mat_vec(basis, q), origin)] for q in local]
        centre = vadd(mat_vec(basis, [0.0, length / 2, 0.0, 0.0, 0.0]), origin)
        base = len(positions)
        cells += [[base + i for i in c] for c in orient_outward_n(simplices, pts, centre)]
        positions += pts
        owners += [g] * len(pts)
    segments = {g: (frames[b[0]][1], vadd(frames[b[0]][1], vscale(frames[b[0]][0][1], b[3])))
                for g, b in enumerate(LIMB5_BONES)}
    neighbours = {0: [1], 1: [0, 2], 2: [1]}
    skin = skin_weights(positions, owners, segments, neighbours, 2, 0.05)
    names = [b[0] for b in LIMB5_BONES]
    nodes = [{"name": "Scene", "children": [1]},
             {"name": "LimbRig", "skeleton": {"joints": [2, 3, 4]}, "children": [2, 5]},
             {"name": "UpperLimb", "bone": {"length": 0.5}, "children": [3]},
             {"name": "LowerLimb", "bone": {"length": 0.4}, "position": [0, 0.5, 0, 0, 0],
              "basis": basis_json(limb5_local_basis(True)), "children": [4]},
             {"name": "Paw", "bone": {"length": 0.15}, "position": [0, 0.4, 0, 0, 0]},
             {"name": "LimbSkin", "mesh": 0}]
    buf = BufferBuilder()
    meshes = [mesh_json(buf, "LimbMesh", positions, [cells], skin, names, n)]
    return {"asset": {"dimension": n, "generator": GENERATOR}, "nodes": nodes, "meshes": meshes,
            "accessors": buf.accessors, "bufferViews": buf.views, "buffers": [buf.buffer_json()]}


# arm-2d: a 2D arm in the XY plane, three bones with the elbow bent 30° and the wrist -20°; its
# mesh is the closed outline around them (segments, the 1-simplices of a 2D boundary), skinned.
ARM2_BONES = [Bone("UpperArm", None, [0, 0], 0.5),
              Bone("LowerArm", "UpperArm", [0, 0.5], 0.4, steps=[("xy", 30)]),
              Bone("Hand", "LowerArm", [0, 0.4], 0.15, steps=[("xy", -20)])]
ARM2_RINGS = 10   # cross-sections along each bone


def build_arm_2d():
    n = 2
    rest = global_frames(ARM2_BONES, n)
    left, right, owners_l, owners_r = [], [], [], []
    for g, b in enumerate(ARM2_BONES):
        basis, origin = rest[b.name]
        half = 0.06 - 0.015 * g
        for i in range(ARM2_RINGS):
            t = b.length * i / ARM2_RINGS
            centre = vadd(origin, vscale(basis[1], t))
            left.append(vadd(centre, vscale(basis[0], -half)))
            right.append(vadd(centre, vscale(basis[0], half)))
            owners_l.append(g)
            owners_r.append(g)
    basis, origin = rest["Hand"]
    tip = vadd(origin, vscale(basis[1], ARM2_BONES[-1].length))
    # Outline: up the left side, the tip, down the right side (a closed loop).
    positions = [[to_float32(round(c, 6)) for c in p] for p in left + [tip] + right[::-1]]
    owners = owners_l + [len(ARM2_BONES) - 1] + owners_r[::-1]
    count = len(positions)
    segs = [[i, (i + 1) % count] for i in range(count)]
    # The arm bends, so no single centre sees every segment from inside: orient each segment
    # away from the nearest point of its owner bone's axis.
    oriented = []
    for a, b2 in segs:
        g = owners[a]
        head, tail = bone_segment(rest, ARM2_BONES[g])
        mid = vscale(vadd(positions[a], positions[b2]), 0.5)
        ab = vsub(tail, head)
        t = max(0.0, min(1.0, dot(vsub(mid, head), ab) / dot(ab, ab)))
        inner = vadd(head, vscale(ab, t))
        oriented += orient_outward_n([[a, b2]], positions, inner)
    group_of = {b.name: g for g, b in enumerate(ARM2_BONES)}
    segments = {g: bone_segment(rest, b) for g, b in enumerate(ARM2_BONES)}
    skin = skin_weights(positions, owners, segments, hierarchy_neighbours(ARM2_BONES, group_of),
                        2, 0.04)
    bnodes, _ = bone_nodes(ARM2_BONES, n, {}, 2)
    skin_node = 2 + len(ARM2_BONES)
    nodes = [{"name": "Scene", "children": [1]},
             {"name": "ArmRig", "skeleton": {"joints": [2, 3, 4]}, "children": [2, skin_node]},
             ] + bnodes + [{"name": "ArmSkin", "mesh": 0}]
    buf = BufferBuilder()
    meshes = [mesh_json(buf, "ArmOutline", positions, [oriented], skin,
                        [b.name for b in ARM2_BONES], n)]
    return {"asset": {"dimension": n, "generator": GENERATOR}, "nodes": nodes, "meshes": meshes,
            "accessors": buf.accessors, "bufferViews": buf.views, "buffers": [buf.buffer_json()]}


# ----------------------------------------------------------------------------------------------
# --check: re-read the files and assert the rules the generator relies on
# ----------------------------------------------------------------------------------------------

FORBIDDEN_NAME_CHARS = set('"#*.:|?@<>{}[]/\\%')
COMPONENT_KEYS = ("bone", "camera", "light", "mesh", "model", "physics", "skeleton",
                  "meshInstance", "modelInstance")


class Checker:
    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            raw = f.read()
        assert not raw.startswith(b"\xef\xbb\xbf"), "BOM"
        self.doc = json.loads(raw.decode("utf-8"))
        self.n = self.doc["asset"]["dimension"]
        self.stats = {}

    def fail(self, cond, msg):
        if not cond:
            raise AssertionError("%s: %s" % (os.path.basename(self.path), msg))

    # -- data ---------------------------------------------------------------------------------
    def check_buffers(self):
        doc = self.doc
        self.fail(len(doc["buffers"]) == 1, "one buffer")
        b = doc["buffers"][0]
        prefix = "data:application/octet-stream;base64,"
        self.fail(b["uri"].startswith(prefix), "embedded data URI")
        self.data = base64.b64decode(b["uri"][len(prefix):], validate=True)
        self.fail(len(self.data) == b["byteLength"], "byteLength exact")
        spans = []
        for i, v in enumerate(doc["bufferViews"]):
            self.fail(v.get("buffer", 0) == 0, "view %d buffer" % i)
            off, length = v.get("byteOffset", 0), v["byteLength"]
            self.fail(off % 4 == 0, "view %d 4-byte aligned" % i)
            self.fail(off + length <= len(self.data), "view %d inside the buffer" % i)
            spans.append((off, off + length))
        spans.sort()
        for (a0, a1), (b0, b1) in zip(spans, spans[1:]):
            self.fail(a1 <= b0, "views do not overlap")

    def accessor(self, index, component=None, vector_size=None):
        """Decode an accessor; the element count comes from the view (no "count" in G4MF)."""
        acc = self.doc["accessors"][index]
        self.fail("count" not in acc and "byteOffset" not in acc, "accessor %d has no count/offset" % index)
        ct, vs = acc["componentType"], acc.get("vectorSize", 1)
        if component:
            self.fail(ct in component, "accessor %d type %s in %s" % (index, ct, component))
        if vector_size:
            self.fail(vs == vector_size, "accessor %d vectorSize %d == %d" % (index, vs, vector_size))
        fmt, size = COMPONENT_FORMATS[ct]
        view = self.doc["bufferViews"][acc["bufferView"]]
        off, length = view.get("byteOffset", 0), view["byteLength"]
        self.fail(off % size == 0, "accessor %d offset multiple of component size" % index)
        self.fail(length % (size * vs) == 0, "accessor %d byteLength multiple of element size" % index)
        flat = struct.unpack_from("<%d%s" % (length // size, fmt), self.data, off)
        return [list(flat[i:i + vs]) for i in range(0, len(flat), vs)] if vs > 1 else list(flat)

    # -- names and tree -------------------------------------------------------------------------
    def check_names(self):
        names = []
        for key, items in self.doc.items():
            if isinstance(items, list):
                for item in items:
                    if isinstance(item, dict) and item.get("name"):
                        names.append(item["name"])
        self.fail(len(names) == len(set(names)), "names unique across all items: %s" % names)
        for nm in names:
            self.fail(not (set(nm) & FORBIDDEN_NAME_CHARS) and all(ord(c) >= 32 for c in nm),
                      "name %r has no forbidden characters" % nm)

    def check_tree(self):
        nodes = self.doc["nodes"]
        n = self.n
        self.fail(not any(k in nodes[0] for k in ("position", "rotor", "scale", "basis")),
                  "node 0 has no transform")
        parent = {}
        for i, node in enumerate(nodes):
            self.fail(node.get("children", None) != [], "node %d: no empty children" % i)
            for c in node.get("children", []):
                self.fail(0 < c < len(nodes), "child index")
                self.fail(c not in parent, "node %d has one parent" % c)
                parent[c] = i
            self.fail(sum(k in node for k in COMPONENT_KEYS) <= 1, "node %d: one component" % i)
            if "position" in node:
                self.fail(len(node["position"]) == n, "position length")
            if "rotor" in node:
                r = node["rotor"]
                self.fail(len(r) in ((7, 8) if n == 4 else (4,)), "rotor length")
                r = read_rotor(r, n)
                self.fail(abs(dot(r, r) - 1) < 1e-6, "rotor %d unit" % i)
                if n == 4:   # grade-4 part of R R~ vanishes (g4mf.md §4.4)
                    s, xy, xz, yz, xw, yw, zw, p = r
                    self.fail(abs(s * p - xy * zw + xz * yw - xw * yz) < 1e-6, "rotor %d valid" % i)
        # every node is reachable from node 0 (no cycles, no orphans)
        seen, stack = set(), [0]
        while stack:
            i = stack.pop()
            self.fail(i not in seen, "no cycle")
            seen.add(i)
            stack += nodes[i].get("children", [])
        self.fail(len(seen) == len(nodes), "all nodes below node 0")
        self.parent = parent

    def check_bones(self):
        nodes = self.doc["nodes"]
        shapes = self.doc.get("shapes", [])
        for i, node in enumerate(nodes):
            if "bone" not in node:
                continue
            p = self.parent[i]
            self.fail("bone" in nodes[p] or "skeleton" in nodes[p], "bone %d parent is bone/skeleton" % i)
            bone = node["bone"]
            self.fail(bone.get("length", 0) >= 0 and bone.get("mass", 0) >= 0, "bone %d length/mass >= 0" % i)
            if "shape" in bone:
                self.fail("length" in bone, "shape needs length")
                sh = shapes[bone["shape"]]
                r = sh["curves"][0]["radii"][0]
                self.fail(sh["type"] == "general" and len(sh["size"]) == self.n, "capsule shape")
                self.fail(abs(sh["size"][1] + 2 * r - bone["length"]) < 1e-6,
                          "capsule of %s spans the bone (L - 2r)" % node["name"])
                self.fail(sh["size"][1] >= 0, "capsule height >= 0")

    def skeleton_bones(self, s):
        """Bones of skeleton node s: the contiguous bone descendants."""
        nodes, out, stack = self.doc["nodes"], [], list(self.doc["nodes"][s].get("children", []))
        while stack:
            i = stack.pop()
            if "bone" in nodes[i]:
                out.append(i)
                stack += nodes[i].get("children", [])
        return set(out)

    # -- meshes ---------------------------------------------------------------------------------
    def check_orientation(self, positions, simplexes, closed, convex_components):
        """Each shared (n-2)-face is met by at most two simplexes in opposite orientations (by
        exactly two for closed meshes); per connected component the outward flux
        Σ (v0 - c) · normal is positive; for convex components every single cell satisfies
        (v0 - c) · normal > 0 with c the component's vertex centroid."""
        k = len(simplexes[0])
        faces = {}
        for s in simplexes:
            for drop in range(k):
                face = s[:drop] + s[drop + 1:]
                # induced orientation of the face: sign (-1)^drop, then sort with permutation parity
                sign = -1 if drop & 1 else 1
                f = list(face)
                for a in range(len(f)):
                    for b in range(len(f) - 1 - a):
                        if f[b] > f[b + 1]:
                            f[b], f[b + 1] = f[b + 1], f[b]
                            sign = -sign
                faces.setdefault(tuple(f), []).append(sign)
        for f, signs in faces.items():
            self.fail(len(signs) <= 2, "face %s in at most two cells" % (f,))
            if closed:
                self.fail(len(signs) == 2, "closed: face %s in two cells" % (f,))
            if len(signs) == 2:
                self.fail(signs[0] == -signs[1], "face %s consistently oriented" % (f,))
        # connected components by shared vertices (union-find)
        root = list(range(len(positions)))

        def find(a):
            while root[a] != a:
                root[a] = root[root[a]]
                a = root[a]
            return a

        for s in simplexes:
            for v in s[1:]:
                ra, rb = find(s[0]), find(v)
                if ra != rb:
                    root[max(ra, rb)] = min(ra, rb)
        comps = {}
        for s in simplexes:
            comps.setdefault(find(s[0]), []).append(s)
        for c, cells in comps.items():
            verts = sorted({v for s in cells for v in s})
            centre = vscale([sum(positions[v][a] for v in verts) for a in range(self.n)], 1.0 / len(verts))
            flux = 0.0
            for s in cells:
                pts = [positions[v] for v in s]
                f = dot(vsub(pts[0], centre), cell_normal(pts))
                if convex_components:
                    self.fail(f > 0, "cell %s points outward" % (s,))
                flux += f
            if closed:
                self.fail(flux > 0, "component outward")
        return len(comps)

    def check_mesh(self, mi, joints, max_influences, closed=True, convex=True):
        mesh = self.doc["meshes"][mi]
        n = self.n
        positions = self.accessor(mesh["vertices"], ("float32",), n)
        simplexes = []
        for surf in mesh["surfaces"]:
            ss = self.accessor(surf["simplexes"], ("uint16", "uint32"), n)
            self.fail(len(ss) > 0, "surface not empty")
            simplexes += ss
        self.fail(all(0 <= v < len(positions) for s in simplexes for v in s), "simplex indices in range")
        self.fail(len({v for s in simplexes for v in s}) == len(positions), "every vertex used")
        comps = self.check_orientation(positions, simplexes, closed, convex)
        skin = mesh["skin"]
        sv = self.accessor(skin["vertices"], ("uint16", "uint32"), 1)
        sg = self.accessor(skin["groups"], ("uint8", "uint16", "uint32"), 1)
        sw = self.accessor(skin["weights"], ("float32",), 1)
        self.fail(len(sv) == len(sg) == len(sw), "skin accessors parallel")
        self.fail(all(a <= b for a, b in zip(sv, sv[1:])), "skin vertices non-decreasing")
        self.fail(sv[0] == 0 and sv[-1] == len(positions) - 1, "skin vertices in range")
        self.fail(len(set(sv)) == len(positions), "every vertex skinned")
        per_vertex = {}
        for v, g, w in zip(sv, sg, sw):
            per_vertex.setdefault(v, []).append((g, w))
        counts = [0] * (max_influences + 1)
        for v, entries in per_vertex.items():
            ws = [w for _, w in entries]
            self.fail(len(entries) <= max_influences, "vertex %d influences <= %d" % (v, max_influences))
            self.fail(all(w > 0 for w in ws), "no zero weights")
            self.fail(all(a >= b for a, b in zip(ws, ws[1:])), "weights descending at vertex %d" % v)
            self.fail(abs(sum(ws) - 1) <= 1e-6, "weights of vertex %d sum to 1: %r" % (v, sum(ws)))
            self.fail(len({g for g, _ in entries}) == len(entries), "groups unique per vertex")
            counts[len(entries)] += 1
        names = skin.get("groupNames", [])
        self.fail(len(names) == len(set(names)) and all(names), "groupNames unique, non-empty")
        nodes = self.doc["nodes"]
        used = sorted(set(sg))
        for g in used:
            self.fail(g < len(joints), "group %d drives a joint" % g)
            self.fail(g < len(names), "group %d named" % g)
            self.fail(names[g].endswith(nodes[joints[g]]["name"]),
                      "group name %s ends with its joint's bone name %s" % (names[g], nodes[joints[g]]["name"]))
        self.stats[mesh["name"]] = {
            "vertices": len(positions), "simplexes": len(simplexes),
            "surfaces": [len(self.accessor(s["simplexes"])) for s in mesh["surfaces"]],
            "components": comps, "skinEntries": len(sv),
            "verticesByInfluenceCount": {i: c for i, c in enumerate(counts) if i and c},
            "groupsUsed": used, "groupNames": len(names),
        }
        return mesh

    def check_skeleton(self, s):
        """joints are bones of the skeleton; skinned meshes are direct children with identity
        transforms and group names that agree with each other's."""
        nodes = self.doc["nodes"]
        skel = nodes[s]["skeleton"]
        joints = skel["joints"]
        bones = self.skeleton_bones(s)
        self.fail(all(j in bones for j in joints), "joints are bones of the skeleton")
        roots = [c for c in nodes[s].get("children", []) if "bone" in nodes[c]]
        if len(roots) == 1:
            self.fail(nodes[s]["children"][0] == roots[0], "single root bone is the first child")
            self.fail(joints[0] == roots[0], "root bone is the first joint")
        # the first occurrences of the bones are strictly increasing and parents come first
        first = []
        for j in joints:
            if j not in first:
                first.append(j)
        self.fail(first == sorted(first), "first occurrences strictly increasing")
        for j in first:
            p = self.parent[j]
            if "bone" in nodes[p] and p in first:
                self.fail(first.index(p) < first.index(j), "parents before children")
        group_names = []
        for c in nodes[s].get("children", []):
            if "mesh" in nodes[c]:
                self.fail(not any(k in nodes[c] for k in ("position", "rotor", "scale", "basis")),
                          "skinned mesh node has an identity transform")
                group_names.append(self.doc["meshes"][nodes[c]["mesh"]]["skin"].get("groupNames", []))
        for a in group_names:
            for b in group_names:
                m = min(len(a), len(b))
                self.fail(a[:m] == b[:m], "group names of the skins agree where both name a group")
        ext = skel.get("extensions", {}).get(BIND_POSES_EXT)
        if ext:
            self.fail(BIND_POSES_EXT in self.doc["asset"].get("extensionsUsed", []), "extension listed")
            self.fail(BIND_POSES_EXT not in self.doc["asset"].get("extensionsRequired", []), "not required")
            types = [p["poseType"] for p in ext["poses"]]
            self.fail(len(types) == len(set(types)), "pose types unique")
            for pose in ext["poses"]:
                self.check_bind_pose(pose, joints)
        return joints

    def check_bind_pose(self, pose, joints):
        """Entry count = joints; N positions and N×N orthonormal, det +1 bases; repeated slots
        repeat the transform; a child bone's position is its parent's position plus the parent's
        pose basis applied to the child's local position (positions are not posed)."""
        n, nodes = self.n, self.doc["nodes"]
        entries = pose["bindPoses"]
        self.fail(len(entries) == len(joints), "%s: one entry per joints slot" % pose["poseType"])
        frame = {}
        for j, e in zip(joints, entries):
            self.fail(len(e["position"]) == n and len(e["basis"]) == n * n, "bind pose sizes")
            cols = [e["basis"][c * n:(c + 1) * n] for c in range(n)]
            for a in range(n):
                for b in range(n):
                    self.fail(abs(dot(cols[a], cols[b]) - (a == b)) < 1e-6, "bind basis orthonormal")
            self.fail(abs(det(cols) - 1) < 1e-6, "bind basis det +1")
            if j in frame:
                self.fail(frame[j] == (cols, e["position"]), "repeated slot repeats the transform")
            frame[j] = (cols, e["position"])
        for j, (cols, pos) in frame.items():
            p = self.parent[j]
            if p in frame:
                expect = vadd(mat_vec(frame[p][0], nodes[j].get("position", [0] * n)), frame[p][1])
                self.fail(norm(vsub(expect, pos)) < 1e-5, "bind position of %s composes" % nodes[j]["name"])
        # the arms: TPose straight out, APose 45° down (Y column of the upper and lower arms)
        h = math.sqrt(0.5)
        target = {"TPose": {"Left": [1, 0, 0, 0], "Right": [-1, 0, 0, 0], "Ana": [0, 0, 0, 1], "Kata": [0, 0, 0, -1]},
                  "APose": {"Left": [h, -h, 0, 0], "Right": [-h, -h, 0, 0], "Ana": [0, -h, 0, h], "Kata": [0, -h, 0, -h]}}
        for j, (cols, _) in frame.items():
            name = nodes[j]["name"]
            for side, y in target.get(pose["poseType"], {}).items():
                if name in (side + "UpperArm", side + "LowerArm"):
                    self.fail(norm(vsub(cols[1], y)) < 1e-6, "%s %s direction" % (pose["poseType"], name))

    def run(self, min_body_tets=0, max_influences=4, closed=True, convex=True):
        self.check_buffers()
        self.check_names()
        self.check_tree()
        self.check_bones()
        nodes = self.doc["nodes"]
        for s, node in enumerate(nodes):
            if "skeleton" in node:
                joints = self.check_skeleton(s)
                for c in node.get("children", []):
                    if "mesh" in nodes[c]:
                        self.check_mesh(nodes[c]["mesh"], joints, max_influences, closed, convex)
        if min_body_tets:
            self.fail(self.stats["BodyMesh"]["simplexes"] >= min_body_tets, "Body has enough tetrahedra")
        return self.stats


def check_math():
    """The rotor conventions against the test vectors of g4mf.md §4.3 and §5.1."""
    h = math.sqrt(0.5)
    close = lambda a, b: all(abs(x - y) < 1e-12 for x, y in zip(a, b))
    assert close([c for col in rotor_to_basis([h, h, 0, 0, 0, 0, 0, 0], 4) for c in col],
                 [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]), "xy +90"
    assert close(rotor_to_basis([h, 0, 0, 0, h, 0, 0, 0], 4)[0], [0, 0, 0, 1]), "xw +90"
    assert close(rotor_to_basis([0.5, 0.5, 0, 0, 0, 0, 0.5, 0.5], 4)[2], [0, 0, 0, 1]), "isoclinic"
    parent, child = [h, h, 0, 0, 0, 0, 0, 0], [h, 0, 0, h, 0, 0, 0, 0]
    assert close(rotor_mul(child, parent, 4), [0.5, 0.5, -0.5, 0.5, 0, 0, 0, 0]), "R_child * R_parent"
    assert close([c for col in rotor_to_basis(rotor_mul(child, parent, 4), 4) for c in col],
                 [c for col in mat_mul(rotor_to_basis(parent, 4), rotor_to_basis(child, 4)) for c in col])
    dense = [0.352175, -0.006261, 0.128234, 0.298316, -0.661919, 0.018369, 0.090931, -0.568995]
    expect = [-0.556749, -0.16008, 0.227868, -0.782611, 0.055697, 0.173753, 0.96164, 0.204832,
              0.005417, -0.96511, 0.125081, 0.229974, 0.828794, -0.112903, 0.08763, -0.540995]
    got = [c for col in rotor_to_basis(dense, 4) for c in col]
    assert all(abs(x - y) < 2e-5 for x, y in zip(got, expect)), "dense 4D rotor"
    assert close(rotor_to_basis([0.5, 0.5, -0.5, 0.5], 3)[0], [0, 1, 0]), "3D 120°"
    assert close(perp4([1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]), [0, 0, 0, 1]), "perp(X,Y,Z) = W"
    assert close(perp4([1, 0, 0, 0], [0, 0, 0, 1], [0, 1, 0, 0]), [0, 0, 1, 0]), "perp(X,W,Y) = Z"


def check_all(out_dir, names=None):
    """Checks the files `names` (default: the creature, the 3D arm and the tiny mesh) in out_dir."""
    check_math()
    checks = {
        "creature-4d.g4tf": lambda path: Checker(path).run(min_body_tets=20000),
        "arm-3d.g4tf": lambda path: Checker(path).run(max_influences=2, convex=False),
        "tiny-4d-mesh.g4tf": lambda path: Checker(path).run(max_influences=2, closed=False,
                                                            convex=False),
    }
    results = {}
    for name, check in checks.items():
        if names is None or name in names:
            results[name] = check(os.path.join(out_dir, name))
    for f, stats in results.items():
        print("%s: %d bytes" % (f, os.path.getsize(os.path.join(out_dir, f))))
        for mesh, s in stats.items():
            print("  %s: %s" % (mesh, json.dumps(s)))
    print("check: all assertions passed")


# ----------------------------------------------------------------------------------------------

def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="output folder (default: this script's folder)")
    ap.add_argument("--check", action="store_true", help="after writing, re-read and check the files")
    ap.add_argument("--check-only", action="store_true", help="check the files in the folder, write nothing")
    size = ap.add_mutually_exclusive_group()
    size.add_argument("--creature-cells", metavar="BODY,CLOTHING",
                      help="write only creature-4d.g4tf, with these grid cell sizes in metres "
                           "(default %g,%g; finer cells, more tetrahedra); needs --out"
                           % (BODY_CELL, CLOTHING_CELL))
    size.add_argument("--creature-tetrahedra", metavar="N", type=int,
                      help="write only creature-4d.g4tf, with the cell sizes (the defaults times "
                           "one factor) whose tetrahedron count is nearest N; needs --out")
    args = ap.parse_args(argv)
    out_dir = args.out or HERE
    builds = [("creature-4d.g4tf", build_creature), ("arm-3d.g4tf", build_arm),
              ("tiny-4d-mesh.g4tf", build_tiny_mesh), ("arm-2d.g4tf", build_arm_2d),
              ("limb-5d.g4tf", build_limb_5d)]
    resized = args.creature_cells is not None or args.creature_tetrahedra is not None
    if resized:
        # A resized creature is a benchmark model: it never replaces the committed sample.
        if not args.out or os.path.abspath(args.out) == HERE:
            ap.error("a resized creature needs --out DIR other than this script's folder")
        if args.check_only:
            ap.error("--check-only checks the files as they are; it does not resize")
        if args.creature_cells is not None:
            try:
                cells = [float(c) for c in args.creature_cells.split(",")]
            except ValueError:
                cells = []
            if len(cells) != 2 or not all(0.005 <= c <= 1.0 for c in cells):
                ap.error("--creature-cells wants two sizes between 0.005 and 1 m, as BODY,CLOTHING")
        else:
            if not 1000 <= args.creature_tetrahedra <= 20000000:
                ap.error("--creature-tetrahedra wants a count between 1000 and 20000000")
            cells = creature_cells_for(args.creature_tetrahedra)
        print("creature cells %.6g (body), %.6g (clothing): %d tetrahedra"
              % (cells[0], cells[1], creature_tetrahedra(*cells)))
        builds = [("creature-4d.g4tf", lambda: build_creature(*cells))]
    if not args.check_only:
        os.makedirs(out_dir, exist_ok=True)
        for name, build in builds:
            write_document(os.path.join(out_dir, name), build())
            print("wrote", os.path.join(out_dir, name))
    if args.check or args.check_only:
        check_all(out_dir, [name for name, _ in builds])


if __name__ == "__main__":
    main(sys.argv[1:])
