#!/usr/bin/env python3
"""Raw starting geometries of the two all-atom test systems of fix dg/nve.

  python3 unittest/decks/dg_mol_make.py [OUTDIR]      (default: the folder of this script)

writes
  dg_mol_butane_init.data   8 all-atom n-butane molecules (C4H10, 112 atoms) in a 30 A cube
  dg_mol_water_init.data    32 SPC/Fw water molecules (96 atoms) in a 27 A cube

(atom_style full, units real, no velocities, no coefficients).  These are only the
input of dg_mol_equil.in, which minimises, thermalises at 300 K and writes the
equilibrated dg_mol_butane.data / dg_mol_water.data that the tests read.

Geometry: ideal internal coordinates of the force field (C-C 1.529, C-H 1.090,
C-C-C 112.7, H-C-C 110.7, H-C-H 107.8 deg, all-trans, staggered methyls; water O-H
1.012 A, H-O-H 113.24 deg), molecules at the sites of a simple lattice (8 butanes:
2x2x2 cells of 15 A; 32 waters: 4x4x2 cells of 6.75 x 6.75 x 13.5 A) with random
orientations and small random offsets from Python's own random module (seed fixed,
no numpy), so the output is the same on every machine.
Why the boxes are this large (gas-like densities): the decks use pair
lj/cut/coul/dsf with cutoff 10 A (butane) and 9 A (water) and neighbor skin 2 A, and
the box edge is kept > 2 (cutoff + skin + 2 maxdisp) = 28 A and 26 A, which also
covers the neighbor-list margin of the DG pair styles (2 maxdisp = skin).  A liquid
at these box sizes would need ~160 butanes (2200 atoms) or ~650 waters (2000 atoms).
"""
import math
import os
import random
import sys

SEED = 20240611


# ---------------------------------------------------------------- small vector helpers
def add(a, b): return [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
def sub(a, b): return [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
def mul(s, a): return [s * a[0], s * a[1], s * a[2]]
def dot(a, b): return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
def cross(a, b): return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
def norm(a): return mul(1.0 / math.sqrt(dot(a, a)), a)


def random_rotation(rng):
    """Uniform random rotation matrix (from a uniform random unit quaternion)."""
    u1, u2, u3 = rng.random(), rng.random(), rng.random()
    q0 = math.sqrt(1 - u1) * math.sin(2 * math.pi * u2)
    q1 = math.sqrt(1 - u1) * math.cos(2 * math.pi * u2)
    q2 = math.sqrt(u1) * math.sin(2 * math.pi * u3)
    q3 = math.sqrt(u1) * math.cos(2 * math.pi * u3)
    return [[1 - 2 * (q2 * q2 + q3 * q3), 2 * (q1 * q2 - q0 * q3), 2 * (q1 * q3 + q0 * q2)],
            [2 * (q1 * q2 + q0 * q3), 1 - 2 * (q1 * q1 + q3 * q3), 2 * (q2 * q3 - q0 * q1)],
            [2 * (q1 * q3 - q0 * q2), 2 * (q2 * q3 + q0 * q1), 1 - 2 * (q1 * q1 + q2 * q2)]]


def place(coords, rng, centre, jitter):
    """Rotate a molecule about its centroid randomly and move it to centre (+ jitter)."""
    n = len(coords)
    c = [sum(x[k] for x in coords) / n for k in range(3)]
    R = random_rotation(rng)
    shift = [centre[k] + jitter * (2 * rng.random() - 1) for k in range(3)]
    out = []
    for x in coords:
        d = sub(x, c)
        out.append([dot(R[k], d) + shift[k] for k in range(3)])
    return out


# ---------------------------------------------------------------- n-butane, all atom
RCC, RCH = 1.529, 1.090
ACCC, AHCC, AHCH = 112.7, 110.7, 107.8


def butane():
    """Atoms (element, type, charge, xyz) and bonds of one all-trans n-butane."""
    t = math.radians(ACCC)
    # zig-zag carbon backbone in the xy plane
    C = [[0.0, 0.0, 0.0]]
    C.append([RCC, 0.0, 0.0])
    C.append(add(C[1], [-RCC * math.cos(t), RCC * math.sin(t), 0.0]))
    C.append(add(C[2], [RCC, 0.0, 0.0]))
    atoms = [("C", 1, -0.18, C[0]), ("C", 2, -0.12, C[1]),
             ("C", 2, -0.12, C[2]), ("C", 1, -0.18, C[3])]
    bonds = [(0, 1), (1, 2), (2, 3)]

    def methyl(c, p, q):
        # three H on carbon c (bonded to p, p bonded to q), one of them trans to q
        u = norm(sub(c, p))
        e1 = sub(p, q)
        e1 = norm(sub(e1, mul(dot(e1, u), u)))
        e2 = cross(u, e1)
        a = math.radians(180.0 - AHCC)
        hs = []
        for phi in (0.0, 120.0, 240.0):
            f = math.radians(phi)
            d = add(mul(math.cos(a), u), mul(math.sin(a), add(mul(math.cos(f), e1), mul(math.sin(f), e2))))
            hs.append(add(c, mul(RCH, d)))
        return hs

    def methylene(c, a, b):
        # two H on carbon c bonded to a and b
        bis = norm(add(norm(sub(a, c)), norm(sub(b, c))))
        n = norm(cross(sub(a, c), sub(b, c)))
        h = math.radians(AHCH) / 2
        return [add(c, mul(RCH, add(mul(-math.cos(h), bis), mul(s * math.sin(h), n)))) for s in (1, -1)]

    for ci, hs in ((0, methyl(C[0], C[1], C[2])), (1, methylene(C[1], C[0], C[2])),
                   (2, methylene(C[2], C[1], C[3])), (3, methyl(C[3], C[2], C[1]))):
        for h in hs:
            atoms.append(("H", 3, 0.06, h))
            bonds.append((ci, len(atoms) - 1))
    return atoms, bonds


# ---------------------------------------------------------------- SPC/Fw water
ROH, AHOH = 1.012, 113.24


def water():
    h = math.radians(AHOH) / 2
    atoms = [("O", 1, -0.82, [0.0, 0.0, 0.0]),
             ("H", 2, 0.41, [ROH * math.sin(h), ROH * math.cos(h), 0.0]),
             ("H", 2, 0.41, [-ROH * math.sin(h), ROH * math.cos(h), 0.0])]
    return atoms, [(0, 1), (0, 2)]


# ---------------------------------------------------------------- topology and output
def topology(elem, bonds):
    """Angles and proper dihedrals of a bond graph (atom indices 0-based)."""
    nb = {i: [] for i in range(len(elem))}
    for i, j in bonds:
        nb[i].append(j)
        nb[j].append(i)
    angles = []
    for j in range(len(elem)):
        for a in range(len(nb[j])):
            for b in range(a + 1, len(nb[j])):
                angles.append((nb[j][a], j, nb[j][b]))
    dihedrals = []
    for j, k in bonds:
        for i in nb[j]:
            if i == k:
                continue
            for l in nb[k]:
                if l == j or l == i:
                    continue
                dihedrals.append((i, j, k, l))
    return angles, dihedrals


def build(mol, nmol, box, cells, jitter, rng):
    atoms, bonds = mol()
    lattice = [[(ix + 0.5) * box / cells[0], (iy + 0.5) * box / cells[1], (iz + 0.5) * box / cells[2]]
               for ix in range(cells[0]) for iy in range(cells[1]) for iz in range(cells[2])]
    assert len(lattice) == nmol
    out_atoms, out_bonds = [], []
    for m, centre in enumerate(lattice):
        xyz = place([a[3] for a in atoms], rng, centre, jitter)
        off = len(out_atoms)
        for a, x in zip(atoms, xyz):
            out_atoms.append((m + 1, a[0], a[1], a[2], x))
        out_bonds += [(i + off, j + off) for i, j in bonds]
    return out_atoms, out_bonds


def write(path, title, box, masses, atoms, bonds, btype, atype, dtype, ntypes):
    elem = [a[1] for a in atoms]
    typ = [a[2] for a in atoms]
    angles, dihedrals = topology(elem, bonds)
    with open(path, "w") as f:
        f.write("LAMMPS data file: %s (written by dg_mol_make.py, seed %d)\n\n" % (title, SEED))
        f.write("%d atoms\n%d atom types\n" % (len(atoms), ntypes[0]))
        f.write("%d bonds\n%d bond types\n" % (len(bonds), ntypes[1]))
        f.write("%d angles\n%d angle types\n" % (len(angles), ntypes[2]))
        if ntypes[3]:
            f.write("%d dihedrals\n%d dihedral types\n" % (len(dihedrals), ntypes[3]))
        f.write("\n0.0 %.1f xlo xhi\n0.0 %.1f ylo yhi\n0.0 %.1f zlo zhi\n" % (box, box, box))
        f.write("\nMasses\n\n")
        for t, m in enumerate(masses, 1):
            f.write("%d %.3f\n" % (t, m))
        f.write("\nAtoms # full\n\n")
        for i, (mol, e, t, q, x) in enumerate(atoms, 1):
            f.write("%d %d %d %.2f %.10f %.10f %.10f\n" % (i, mol, t, q, x[0], x[1], x[2]))
        f.write("\nBonds\n\n")
        for n, (i, j) in enumerate(bonds, 1):
            f.write("%d %d %d %d\n" % (n, btype(typ[i], typ[j]), i + 1, j + 1))
        f.write("\nAngles\n\n")
        for n, (i, j, k) in enumerate(angles, 1):
            f.write("%d %d %d %d %d\n" % (n, atype(typ[i], typ[j], typ[k]), i + 1, j + 1, k + 1))
        if ntypes[3]:
            f.write("\nDihedrals\n\n")
            for n, (i, j, k, l) in enumerate(dihedrals, 1):
                f.write("%d %d %d %d %d %d\n" % (n, dtype(typ[i], typ[j], typ[k], typ[l]),
                                                 i + 1, j + 1, k + 1, l + 1))
    return len(atoms), len(bonds), len(angles), len(dihedrals)


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    rng = random.Random(SEED)

    # butane: atom types 1 C(CH3), 2 C(CH2), 3 H
    #   bond types     1 C-H, 2 C-C
    #   angle types    1 H-C-H, 2 H-C-C, 3 C-C-C
    #   dihedral types 1 H-C-C-H, 2 H-C-C-C, 3 C-C-C-C
    H = 3
    box = 30.0
    atoms, bonds = build(butane, 8, box, (2, 2, 2), 1.5, rng)
    counts = write(os.path.join(outdir, "dg_mol_butane_init.data"),
                   "8 all-atom n-butane (OPLS-AA-like), 30 A box", box,
                   [12.011, 12.011, 1.008], atoms, bonds,
                   lambda a, b: 1 if H in (a, b) else 2,
                   lambda a, b, c: 1 + (a != H) + (c != H),
                   lambda a, b, c, d: 1 + (a != H) + (d != H),
                   (3, 2, 3, 3))
    print("dg_mol_butane_init.data: %d atoms %d bonds %d angles %d dihedrals" % counts)

    # water: atom types 1 O, 2 H; bond type 1 O-H; angle type 1 H-O-H
    box = 27.0
    atoms, bonds = build(water, 32, box, (4, 4, 2), 1.0, rng)
    counts = write(os.path.join(outdir, "dg_mol_water_init.data"),
                   "32 SPC/Fw water, 27 A box", box,
                   [15.9994, 1.008], atoms, bonds,
                   lambda a, b: 1, lambda a, b, c: 1, None, (2, 1, 1, 0))
    print("dg_mol_water_init.data: %d atoms %d bonds %d angles" % counts[:3])


if __name__ == "__main__":
    main()
