#!/usr/bin/env python3
"""Filaments for the MPI invariance test of fix bagogab ... filament: writes
filaments.data into the current directory: 12 straight chains of 10 beads
(link 1) along x, y or z across a periodic 14^3 box (they cross subdomain and
periodic boundaries), every third one twistable (a material bead at 0.5 from
each node, bond type 2, twist angle type 1), bending angles type 2, twist
dihedrals type 1, and 60 free atoms (type 3)."""
import random

random.seed(2026)
L, nchain, nb = 14.0, 12, 10
atoms, bonds, angles, dihedrals = [], [], [], []
occupied = []


def free(p, rmin=1.1):
    for q in occupied:
        d = [abs(p[k] - q[k]) for k in range(3)]
        d = [min(x, L - x) for x in d]
        if sum(x * x for x in d) < rmin * rmin:
            return False
    return True


def add(mol, t, p):
    p = [x % L for x in p]
    atoms.append((len(atoms) + 1, mol, t, *p))
    occupied.append(p)
    return len(atoms)


f = 0
while f < nchain:
    axis = f % 3
    perp = (axis + 1) % 3
    x0 = [random.uniform(0, L) for _ in range(3)]
    pos = []
    for b in range(nb):
        p = list(x0)
        p[axis] += b
        pos.append(p)
    twist = f % 3 == 0
    mats = []
    for p in pos:
        m = list(p)
        m[perp] += 0.5
        mats.append(m)
    if not all(free(p) for p in pos + (mats if twist else [])):
        continue
    nodes = [add(f + 1, 1, p) for p in pos]
    for b in range(nb - 1):
        bonds.append((1, nodes[b], nodes[b + 1]))
    for b in range(nb - 2):
        angles.append((2, nodes[b], nodes[b + 1], nodes[b + 2]))
    if twist:
        us = [add(f + 1, 2, m) for m in mats]
        for b in range(nb):
            bonds.append((2, nodes[b], us[b]))
            angles.append((1, us[b], nodes[b], nodes[b + 1] if b + 1 < nb else nodes[b - 1]))
        for b in range(nb - 1):
            dihedrals.append((1, us[b], nodes[b], nodes[b + 1], us[b + 1]))
    f += 1
nfree = 0
while nfree < 60:
    p = [random.uniform(0, L) for _ in range(3)]
    if free(p, 1.2):
        add(nchain + 1 + nfree, 3, p)
        nfree += 1

with open("filaments.data", "w") as o:
    o.write("GEOMINT MPI test filaments\n\n")
    o.write(f"{len(atoms)} atoms\n{len(bonds)} bonds\n{len(angles)} angles\n{len(dihedrals)} dihedrals\n")
    o.write("3 atom types\n2 bond types\n2 angle types\n1 dihedral types\n\n")
    o.write(f"0 {L} xlo xhi\n0 {L} ylo yhi\n0 {L} zlo zhi\n\nMasses\n\n1 1.0\n2 0.5\n3 1.0\n\nAtoms # molecular\n\n")
    for a in atoms:
        o.write("%d %d %d %.17g %.17g %.17g\n" % a)
    for name, rows in (("Bonds", bonds), ("Angles", angles), ("Dihedrals", dihedrals)):
        o.write(f"\n{name}\n\n")
        for i, r in enumerate(rows):
            o.write(" ".join(str(v) for v in (i + 1, *r)) + "\n")
