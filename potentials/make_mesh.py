#!/usr/bin/env python3
"""Triangle meshes for fix bagogab: generators and writers.

Mesh file format (doc/fix_bagogab.rst): a comment line, "N triangles", a blank
line, "Triangles", a blank line, then N lines "triangle-id atom-id1 atom-id2
atom-id3".  Atom IDs are vertex index + 1 (+ an offset if given).

Functions (vertex arrays are (V, 3) floats, triangles (T, 3) 0-based ints):
  icosphere(subdivisions, radius)    closed sphere, outward (counter-clockwise) orientation
  flat_sheet(nx, ny, a, lattice)     periodic flat sheet: 'triangular' or 'square' (split in two)
  edges(tris)                        unique edges (i < j)
  hinges(tris)                       (i, j, k, l): j-k is shared by triangles (i,j,k) and (j,k,l)
  edge_lengths(verts, edges, box)    lengths with the minimum-image rule in periodic directions
  random_points(verts, tris, n, rng, lmin, box)   points placed exactly on random triangles
  write_mesh(path, tris, ...), read_mesh(path), write_data(path, ...)

CLI:
  make_mesh.py icosphere [--subdiv 4] [--edge 1.0 | --radius R] [-o FILE.mesh]
  make_mesh.py sheet --nx 10 --ny 10 [--lattice square|triangular] [-o FILE.mesh]
"""
import argparse
import math

import numpy as np

# --------------------------------------------------------------------------------------------
# generators


def icosahedron():
    """12 unit vertices and 20 outward-oriented faces of a regular icosahedron."""
    p = (1.0 + math.sqrt(5.0)) / 2.0
    v = np.array([[-1, p, 0], [1, p, 0], [-1, -p, 0], [1, -p, 0],
                  [0, -1, p], [0, 1, p], [0, -1, -p], [0, 1, -p],
                  [p, 0, -1], [p, 0, 1], [-p, 0, -1], [-p, 0, 1]], float)
    v /= np.linalg.norm(v, axis=1)[:, None]
    f = np.array([[0, 11, 5], [0, 5, 1], [0, 1, 7], [0, 7, 10], [0, 10, 11],
                  [1, 5, 9], [5, 11, 4], [11, 10, 2], [10, 7, 6], [7, 1, 8],
                  [3, 9, 4], [3, 4, 2], [3, 2, 6], [3, 6, 8], [3, 8, 9],
                  [4, 9, 5], [2, 4, 11], [6, 2, 10], [8, 6, 7], [9, 8, 1]], int)
    return v, orient_outward(v, f)


def orient_outward(verts, tris):
    """Flip triangles of a closed surface around the origin so that normals point outward."""
    a, b, c = verts[tris[:, 0]], verts[tris[:, 1]], verts[tris[:, 2]]
    s = np.einsum("ij,ij->i", np.cross(b - a, c - a), a + b + c)
    tris = tris.copy()
    tris[s < 0] = tris[s < 0][:, [0, 2, 1]]
    return tris


def icosphere(subdivisions=4, radius=1.0):
    """Subdivide an icosahedron `subdivisions` times (each triangle into 4, new vertices
    projected onto the sphere). Returns (verts, tris): 10*4^s+2 vertices, 20*4^s triangles,
    shared vertices stored once, all triangles counter-clockwise seen from outside."""
    v, f = icosahedron()
    verts = [tuple(x) for x in v]
    for _ in range(subdivisions):
        cache = {}

        def mid(i, j):
            key = (i, j) if i < j else (j, i)
            if key not in cache:
                m = np.add(verts[i], verts[j])
                verts.append(tuple(m / np.linalg.norm(m)))
                cache[key] = len(verts) - 1
            return cache[key]

        nf = []
        for a, b, c in f:
            ab, bc, ca = mid(a, b), mid(b, c), mid(c, a)
            nf += [(a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca)]
        f = np.array(nf, int)
    verts = np.array(verts) * radius
    return verts, orient_outward(verts, f)


def flat_sheet(nx, ny, a=1.0, lattice="triangular"):
    """Flat periodic sheet in the plane z = 0 with nx*ny vertices and 2*nx*ny triangles.
    'triangular': equilateral triangles of edge a (ny must be even); box (nx a, ny a sqrt(3)/2).
    'square': a x a squares split along the diagonal; box (nx a, ny a).
    Connectivity wraps around periodically. Returns (verts, tris, (lx, ly))."""
    if nx < 3 or ny < 3:
        raise ValueError("nx and ny must be >= 3 (edges must be shorter than half the box)")
    idx = lambda i, j: (j % ny) * nx + (i % nx)  # noqa: E731
    tris = []
    if lattice == "triangular":
        if ny % 2:
            raise ValueError("a periodic triangular sheet needs an even ny")
        dy = a * math.sqrt(3.0) / 2.0
        verts = np.array([[(i + 0.5 * (j % 2)) * a, j * dy, 0.0]
                          for j in range(ny) for i in range(nx)])
        for j in range(ny):
            for i in range(nx):
                if j % 2 == 0:
                    tris += [(idx(i, j), idx(i + 1, j), idx(i, j + 1)),
                             (idx(i + 1, j), idx(i + 1, j + 1), idx(i, j + 1))]
                else:
                    tris += [(idx(i, j), idx(i + 1, j), idx(i + 1, j + 1)),
                             (idx(i, j), idx(i + 1, j + 1), idx(i, j + 1))]
        box = (nx * a, ny * dy)
    elif lattice == "square":
        verts = np.array([[i * a, j * a, 0.0] for j in range(ny) for i in range(nx)])
        for j in range(ny):
            for i in range(nx):
                tris += [(idx(i, j), idx(i + 1, j), idx(i + 1, j + 1)),
                         (idx(i, j), idx(i + 1, j + 1), idx(i, j + 1))]
        box = (nx * a, ny * a)
    else:
        raise ValueError(f"unknown lattice '{lattice}' (triangular or square)")
    return verts, np.array(tris, int), box


# --------------------------------------------------------------------------------------------
# topology and geometry


def edges(tris):
    """Unique undirected edges as an (E, 2) array with i < j, sorted."""
    e = np.concatenate([tris[:, [0, 1]], tris[:, [1, 2]], tris[:, [2, 0]]])
    return np.unique(np.sort(e, axis=1), axis=0)


def hinges(tris):
    """Dihedral quadruplets (i, j, k, l) for every edge j-k shared by two triangles, i and l
    being the two apexes. Raises on a non-manifold edge (in more than two triangles)."""
    owner = {}
    for t, tri in enumerate(tris):
        for k in range(3):
            a, b, c = tri[k], tri[(k + 1) % 3], tri[(k + 2) % 3]
            owner.setdefault((min(a, b), max(a, b)), []).append(c)
    out = []
    for (j, k), apex in sorted(owner.items()):
        if len(apex) > 2:
            raise ValueError(f"non-manifold edge {j}-{k} in {len(apex)} triangles")
        if len(apex) == 2:
            out.append((apex[0], j, k, apex[1]))
    return np.array(out, int).reshape(-1, 4)


def min_image(d, box):
    """Minimum-image displacement; box = None or a sequence of periods (0/None = open)."""
    if box is None:
        return d
    d = np.array(d, float, copy=True)
    for k, L in enumerate(box):
        if L:
            d[..., k] -= L * np.round(d[..., k] / L)
    return d


def edge_lengths(verts, edge_list, box=None):
    return np.linalg.norm(min_image(verts[edge_list[:, 1]] - verts[edge_list[:, 0]], box), axis=1)


def triangle_areas(verts, tris, box=None):
    a = verts[tris[:, 0]]
    ab = min_image(verts[tris[:, 1]] - a, box)
    ac = min_image(verts[tris[:, 2]] - a, box)
    return 0.5 * np.linalg.norm(np.cross(ab, ac), axis=1)


def random_points(verts, tris, n, rng, lmin=0.01, box=None, area_weighted=True):
    """n points exactly on random triangles, chosen with probability proportional to their
    area (area_weighted, so the points start uniform in area) or uniformly, with
    barycentrics uniform in the triangle subject to every lambda_i >= lmin:
    x = R1 + (R2 - R1) l2 + (R3 - R1) l3, using the closest images of R2, R3 to R1.
    Returns (x (n,3), triangle index (n,), lambdas (n,3)); x is not wrapped into the box."""
    if area_weighted:
        w = triangle_areas(verts, tris, box)
        t = rng.choice(len(tris), size=n, p=w / w.sum())
    else:
        t = rng.integers(0, len(tris), n)
    lam = np.empty((n, 3))
    for i in range(n):
        while True:  # uniform in the triangle (Dirichlet(1,1,1)), rejection for the margin
            l2, l3 = rng.random(2)
            if l2 + l3 > 1.0:
                l2, l3 = 1.0 - l2, 1.0 - l3
            l1 = 1.0 - l2 - l3
            if min(l1, l2, l3) >= lmin:
                break
        lam[i] = (l1, l2, l3)
    r1 = verts[tris[t, 0]]
    e2 = min_image(verts[tris[t, 1]] - r1, box)
    e3 = min_image(verts[tris[t, 2]] - r1, box)
    x = r1 + e2 * lam[:, 1:2] + e3 * lam[:, 2:3]
    return x, t, lam


def wrap(x, lo, hi):
    """Wrap positions into [lo, hi) in every direction where hi > lo is given (None = skip)."""
    x = np.array(x, float, copy=True)
    for k in range(3):
        if lo[k] is not None:
            L = hi[k] - lo[k]
            x[:, k] = lo[k] + np.mod(x[:, k] - lo[k], L)
            x[x[:, k] >= hi[k], k] = lo[k]
    return x


# --------------------------------------------------------------------------------------------
# file writers / readers


def write_mesh(path, tris, first_id=1, comment="GEOMINT mesh"):
    """Mesh file for fix bagogab; atom ID of vertex index i is i + first_id."""
    with open(path, "w") as f:
        f.write(f"# {comment}\n{len(tris)} triangles\n\nTriangles\n\n")
        for t, (a, b, c) in enumerate(tris):
            f.write(f"{t + 1} {a + first_id} {b + first_id} {c + first_id}\n")


def read_mesh(path):
    """Triangles of a mesh file as an (N, 3) array of atom IDs, row t-1 = triangle id t."""
    with open(path) as f:
        lines = [ln.split("#")[0].strip() for ln in f.readlines()[1:]]
    n, body, i = None, None, 0
    while i < len(lines):
        w = lines[i].split()
        if len(w) == 2 and w[1] == "triangles":
            n = int(w[0])
        elif w == ["Triangles"]:
            body = [ln.split() for ln in lines[i + 1:] if ln]
            break
        i += 1
    if n is None or body is None or len(body) < n:
        raise ValueError(f"{path}: not a mesh file (need 'N triangles' and N Triangles lines)")
    tri = np.zeros((n, 3), int)
    for w in body[:n]:
        tri[int(w[0]) - 1] = [int(w[1]), int(w[2]), int(w[3])]
    return tri


def write_data(path, box, atoms, masses, bonds=(), dihedrals=(), bond_coeffs=None,
               dihedral_coeffs=None, n_bond_types=None, n_dihedral_types=None,
               comment="GEOMINT data file"):
    """LAMMPS data file for atom_style molecular.
    box = ((xlo, xhi), (ylo, yhi), (zlo, zhi)); atoms = iterable of (id, mol, type, x, y, z);
    masses = {type: mass}; bonds = (type, a, b); dihedrals = (type, a, b, c, d), all IDs 1-based;
    bond_coeffs / dihedral_coeffs = {type: "coefficient string"} (optional sections)."""
    atoms, bonds, dihedrals = list(atoms), list(bonds), list(dihedrals)
    nbt = n_bond_types or (max((b[0] for b in bonds), default=0))
    ndt = n_dihedral_types or (max((d[0] for d in dihedrals), default=0))
    with open(path, "w") as f:
        f.write(f"# {comment}\n\n{len(atoms)} atoms\n{len(bonds)} bonds\n"
                f"{len(dihedrals)} dihedrals\n\n{len(masses)} atom types\n")
        f.write(f"{nbt} bond types\n{ndt} dihedral types\n\n")
        for (lo, hi), ax in zip(box, "xyz"):
            f.write(f"{lo!r} {hi!r} {ax}lo {ax}hi\n")
        f.write("\nMasses\n\n")
        for t in sorted(masses):
            f.write(f"{t} {masses[t]!r}\n")
        if bond_coeffs:
            f.write("\nBond Coeffs # harmonic\n\n")
            for t in sorted(bond_coeffs):
                f.write(f"{t} {bond_coeffs[t]}\n")
        if dihedral_coeffs:
            f.write("\nDihedral Coeffs # harmonic\n\n")
            for t in sorted(dihedral_coeffs):
                f.write(f"{t} {dihedral_coeffs[t]}\n")
        f.write("\nAtoms # molecular\n\n")
        for i, mol, typ, x, y, z in atoms:  # repr: shortest string that round-trips the double
            f.write(f"{i} {mol} {typ} {float(x)!r} {float(y)!r} {float(z)!r}\n")
        if bonds:
            f.write("\nBonds\n\n")
            for n, (t, a, b) in enumerate(bonds):
                f.write(f"{n + 1} {t} {a} {b}\n")
        if dihedrals:
            f.write("\nDihedrals\n\n")
            for n, (t, a, b, c, d) in enumerate(dihedrals):
                f.write(f"{n + 1} {t} {a} {b} {c} {d}\n")


def length_types(lengths, rel_tol=1e-9):
    """Group nearly equal lengths: returns (type per length, 1-based, and the rest length of
    each type, the mean of its members). Used to give every edge its own rest length."""
    order = np.argsort(lengths)
    types = np.zeros(len(lengths), int)
    reps = []
    for i in order:
        if not reps or lengths[i] - reps[-1][-1] > rel_tol * lengths[i]:
            reps.append([lengths[i]])
        else:
            reps[-1].append(lengths[i])
        types[i] = len(reps)
    return types, np.array([np.mean(r) for r in reps])


# --------------------------------------------------------------------------------------------


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="kind", required=True)
    s = sub.add_parser("icosphere", help="subdivided icosahedron")
    s.add_argument("--subdiv", type=int, default=4)
    g = s.add_mutually_exclusive_group()
    g.add_argument("--edge", type=float, default=1.0, help="mean edge length (default 1.0)")
    g.add_argument("--radius", type=float, help="sphere radius instead of --edge")
    s.add_argument("-o", "--output", default=None)
    s2 = sub.add_parser("sheet", help="flat periodic sheet")
    s2.add_argument("--nx", type=int, default=10)
    s2.add_argument("--ny", type=int, default=10)
    s2.add_argument("--a", type=float, default=1.0, help="lattice constant")
    s2.add_argument("--lattice", choices=["triangular", "square"], default="square")
    s2.add_argument("-o", "--output", default=None)
    a = p.parse_args()
    if a.kind == "icosphere":
        v, t = icosphere(a.subdiv, 1.0)
        e = edges(t)
        radius = a.radius if a.radius else a.edge / edge_lengths(v, e).mean()
        v *= radius
        L = edge_lengths(v, e)
        out = a.output or f"icosphere_{len(v)}.mesh"
        write_mesh(out, t, comment=f"icosphere: icosahedron subdivided {a.subdiv} times, {len(v)} "
                   f"vertices = atom IDs 1..{len(v)}, radius {radius:.12g} (mean edge {L.mean():.6f}, "
                   f"min {L.min():.6f}, max {L.max():.6f}), outward orientation")
        print(f"wrote {out}: {len(v)} vertices, {len(t)} triangles, radius {radius:.12g}, "
              f"edges {L.min():.4f}..{L.max():.4f} (mean {L.mean():.6f})")
    else:
        v, t, box = flat_sheet(a.nx, a.ny, a.a, a.lattice)
        out = a.output or f"sheet_{a.lattice}_{a.nx}x{a.ny}.mesh"
        write_mesh(out, t, comment=f"flat periodic {a.lattice} sheet {a.nx}x{a.ny}, lattice constant "
                   f"{a.a}, box {box[0]:.12g} x {box[1]:.12g}, vertex (i,j) = atom ID j*{a.nx}+i+1")
        print(f"wrote {out}: {len(v)} vertices, {len(t)} triangles, box {box[0]:.6g} x {box[1]:.6g}")


if __name__ == "__main__":
    main()
