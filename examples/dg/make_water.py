#!/usr/bin/env python3
"""Raw starting geometry of the liquid-water example of fix dg/nve (in.water).

  python3 examples/dg/make_water.py [OUT]     (default: water_init.data beside this script)

writes a LAMMPS data file (atom_style full, units real, no velocities, no
coefficients) of 216 flexible SPC/Fw water molecules (648 atoms, 432 bonds,
216 angles) in a periodic cube of edge 18.626 A, i.e. 1.000 g/cm^3
(M = 18.0154 g/mol).  Molecules: ideal geometry (O-H 1.012 A, H-O-H 113.24 deg)
with their oxygens on a simple cubic 6x6x6 lattice (spacing 3.103 A), each
rotated at random (uniform random quaternion) about its centre of mass.
Python's own random module with a fixed seed, no numpy: the output is the
same on every machine.  Types: atom 1 O (q -0.82, 15.9994), 2 H (q +0.41,
1.008); bond 1 O-H; angle 1 H-O-H.

This file is only the input of in.water_equil, which minimises it,
equilibrates it at 300 K and writes water.data (positions and velocities),
the start state of in.water.
"""
import math
import os
import random
import sys

SEED = 20261125
NCELL = 6                      # 6^3 = 216 molecules
MO, MH = 15.9994, 1.008
ROH, AHOH = 1.012, 113.24      # SPC/Fw equilibrium geometry
RHO = 1.0                      # g/cm^3
NA = 6.02214076e23


def rotation(rng):
    """Uniform random rotation matrix (from a uniform random unit quaternion)."""
    u1, u2, u3 = rng.random(), rng.random(), rng.random()
    a = math.sqrt(1 - u1) * math.sin(2 * math.pi * u2)
    b = math.sqrt(1 - u1) * math.cos(2 * math.pi * u2)
    c = math.sqrt(u1) * math.sin(2 * math.pi * u3)
    d = math.sqrt(u1) * math.cos(2 * math.pi * u3)
    return [[1 - 2 * (c * c + d * d), 2 * (b * c - a * d), 2 * (b * d + a * c)],
            [2 * (b * c + a * d), 1 - 2 * (b * b + d * d), 2 * (c * d - a * b)],
            [2 * (b * d - a * c), 2 * (c * d + a * b), 1 - 2 * (b * b + c * c)]]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "water_init.data")
    rng = random.Random(SEED)
    nmol = NCELL ** 3
    mass = MO + 2 * MH
    box = (nmol * mass / NA / RHO * 1e24) ** (1.0 / 3.0)     # A
    a = box / NCELL
    # molecule in its own frame, centre of mass at the origin
    h = math.radians(AHOH) / 2
    mol = [[0.0, 0.0, 0.0], [ROH * math.sin(h), ROH * math.cos(h), 0.0],
           [-ROH * math.sin(h), ROH * math.cos(h), 0.0]]
    ycom = 2 * MH * ROH * math.cos(h) / mass
    mol = [[x, y - ycom, z] for x, y, z in mol]

    atoms = []
    for ix in range(NCELL):
        for iy in range(NCELL):
            for iz in range(NCELL):
                c = [(ix + 0.25) * a, (iy + 0.25) * a, (iz + 0.25) * a]
                R = rotation(rng)
                m = len(atoms) // 3 + 1
                for k, (t, q) in enumerate(((1, -0.82), (2, 0.41), (2, 0.41))):
                    p = [c[i] + sum(R[i][j] * mol[k][j] for j in range(3)) for i in range(3)]
                    # not wrapped: read_data maps atoms outside the box back into it
                    # and sets their image flags, so that each molecule stays whole
                    atoms.append((m, t, q, p))

    # smallest intermolecular distance (minimum image): a sanity print only
    dmin = 1e9
    for i in range(len(atoms)):
        for j in range(i + 1, len(atoms)):
            if atoms[i][0] == atoms[j][0]:
                continue
            d2 = 0.0
            for k in range(3):
                d = atoms[i][3][k] - atoms[j][3][k]
                d -= box * round(d / box)
                d2 += d * d
            dmin = min(dmin, d2)

    with open(out, "w") as f:
        f.write("LAMMPS data file: %d SPC/Fw water, %.4f A cube, 1.0 g/cm^3 "
                "(make_water.py, seed %d)\n\n" % (nmol, box, SEED))
        f.write("%d atoms\n2 atom types\n%d bonds\n1 bond types\n%d angles\n1 angle types\n\n"
                % (3 * nmol, 2 * nmol, nmol))
        f.write("0.0 %.10f xlo xhi\n0.0 %.10f ylo yhi\n0.0 %.10f zlo zhi\n\n" % (box, box, box))
        f.write("Masses\n\n1 %.4f\n2 %.3f\n\nAtoms # full\n\n" % (MO, MH))
        for i, (m, t, q, p) in enumerate(atoms, 1):
            f.write("%d %d %d %.2f %.10f %.10f %.10f\n" % (i, m, t, q, p[0], p[1], p[2]))
        f.write("\nBonds\n\n")
        for m in range(nmol):
            o = 3 * m + 1
            f.write("%d 1 %d %d\n%d 1 %d %d\n" % (2 * m + 1, o, o + 1, 2 * m + 2, o, o + 2))
        f.write("\nAngles\n\n")
        for m in range(nmol):
            o = 3 * m + 1
            f.write("%d 1 %d %d %d\n" % (m + 1, o + 1, o, o + 2))
    print("%s: %d molecules, %d atoms, box %.4f A (lattice %.4f A), "
          "closest intermolecular atoms %.3f A" % (out, nmol, 3 * nmol, box, a, math.sqrt(dmin)))


if __name__ == "__main__":
    main()
