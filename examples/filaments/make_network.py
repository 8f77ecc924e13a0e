#!/usr/bin/env python3
"""Write the input of examples/filaments/in.filaments: semiflexible filaments (some of them
twistable) above a flat periodic membrane patch carrying in-triangle points.

  network.mesh  the membrane's triangles (fix bagogab mesh file); vertex (i, j) = atom ID j*nx+i+1
  network.data  atom_style molecular, units lj:
    type 1  membrane vertices, a triangular lattice of spacing 1 in the plane z = 0
    type 2  in-triangle points ("proteins"), placed exactly on random triangles
    type 3  filament beads: straight chains of nbeads beads, spacing 1 (the rigid link length)
    type 4  material-direction beads of the twistable filaments, one per bead, at distance
            dmat from it, perpendicular to the filament, all on the same side (untwisted); the
            twist angle of the last bead looks back to the previous bead
    bond types:     1 membrane edges (harmonic K 50, r0 1), 2 rigid links (r0 1),
                    3 bead - material bead (r0 = dmat)
    angle types:    1 bending between consecutive links (harmonic, theta0 180),
                    2 twist angles (material bead, bead, linked neighbour bead; 90 degrees)
    dihedral types: 1 membrane bending (on every pair of triangles sharing an edge),
                    2 twist between consecutive material beads (u_i, n_i, n_i+1, u_i+1)
  The coefficients are set in the deck (none in the data file).

The filaments are placed at random positions and orientations in the slab
zmin < z < zmax, without overlaps (beads of different filaments at least 1.3 apart, in the
periodic x and y directions too); the first ntwist of them are twistable.

usage: make_network.py [-o DIR] [--nx 24] [--ny 28] [--npoints 120] [--nfil 36]
                       [--nbeads 10] [--ntwist 12] [--dmat 0.5] [--seed 11]
"""
import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "potentials"))
import make_mesh as mm  # noqa: E402


def place_filaments(nfil, nbeads, box, zmin, zmax, rng, dmin=1.3, tries=20000):
    """nfil straight chains (spacing 1) with random centres and directions, no bead of one
    chain closer than dmin to a bead of another (minimum image in x and y)."""
    lx, ly = box
    fils = []
    allx = np.zeros((0, 3))
    for _ in range(tries):
        if len(fils) == nfil:
            break
        c = np.array([rng.uniform(0, lx), rng.uniform(0, ly), rng.uniform(zmin, zmax)])
        t = rng.normal(size=3)
        t /= np.linalg.norm(t)
        s = (np.arange(nbeads) - 0.5 * (nbeads - 1))[:, None]
        x = c + s * t
        if x[:, 2].min() < zmin or x[:, 2].max() > zmax:
            continue
        if len(allx):
            d = x[:, None, :] - allx[None, :, :]
            d[..., 0] -= lx * np.round(d[..., 0] / lx)
            d[..., 1] -= ly * np.round(d[..., 1] / ly)
            if np.sqrt((d ** 2).sum(-1)).min() < dmin:
                continue
        fils.append((x, t))
        allx = np.vstack([allx, x])
    if len(fils) < nfil:
        raise SystemExit(f"placed only {len(fils)} of {nfil} filaments; use a taller slab")
    return fils


def perpendicular(t, rng):
    """a random unit vector perpendicular to t"""
    while True:
        p = np.cross(t, rng.normal(size=3))
        if np.linalg.norm(p) > 1e-3:
            return p / np.linalg.norm(p)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-o", "--outdir", default=".")
    p.add_argument("--nx", type=int, default=24)
    p.add_argument("--ny", type=int, default=28, help="even")
    p.add_argument("--npoints", type=int, default=120)
    p.add_argument("--nfil", type=int, default=36)
    p.add_argument("--nbeads", type=int, default=10)
    p.add_argument("--ntwist", type=int, default=12, help="how many filaments are twistable")
    p.add_argument("--dmat", type=float, default=0.5, help="bead - material bead distance")
    p.add_argument("--zmin", type=float, default=2.0)
    p.add_argument("--zmax", type=float, default=16.0)
    p.add_argument("--zlo", type=float, default=-6.0)
    p.add_argument("--zhi", type=float, default=34.0)
    p.add_argument("--seed", type=int, default=11)
    a = p.parse_args()

    rng = np.random.default_rng(a.seed)
    v, tris, (lx, ly) = mm.flat_sheet(a.nx, a.ny, 1.0, "triangular")
    e = mm.edges(tris)
    hin = mm.hinges(tris)
    # points exactly on random triangles; candidates closer than 0.6 to a kept one are dropped
    # (their WCA diameter is 0.5)
    cand, _, _ = mm.random_points(v, tris, 10 * a.npoints, rng, lmin=0.01, box=(lx, ly, None))
    cand = mm.wrap(cand, (0.0, 0.0, None), (lx, ly, None))
    keep = []
    for c in cand:
        if keep:
            d = np.array(keep) - c
            d[:, 0] -= lx * np.round(d[:, 0] / lx)
            d[:, 1] -= ly * np.round(d[:, 1] / ly)
            if np.sqrt((d ** 2).sum(1)).min() < 0.6:
                continue
        keep.append(c)
        if len(keep) == a.npoints:
            break
    if len(keep) < a.npoints:
        raise SystemExit(f"placed only {len(keep)} of {a.npoints} points at least 0.6 apart")
    xp = np.array(keep)
    nv = len(v)

    atoms = [(i + 1, 1, 1, *v[i]) for i in range(nv)]
    atoms += [(nv + 1 + i, 2, 2, *xp[i]) for i in range(a.npoints)]
    bonds = [(1, int(i) + 1, int(j) + 1) for i, j in e]
    angles = []
    dihedrals = [(1, *(int(q) + 1 for q in h)) for h in hin]

    fils = place_filaments(a.nfil, a.nbeads, (lx, ly), a.zmin, a.zmax, rng)
    nid = len(atoms)
    for f, (x, t) in enumerate(fils):
        mol = 3 + f
        ids = list(range(nid + 1, nid + a.nbeads + 1))
        nid += a.nbeads
        atoms += [(ids[k], mol, 3, *mm.wrap(x[k:k + 1], (0.0, 0.0, None), (lx, ly, None))[0])
                  for k in range(a.nbeads)]
        bonds += [(2, ids[k], ids[k + 1]) for k in range(a.nbeads - 1)]
        angles += [(1, ids[k - 1], ids[k], ids[k + 1]) for k in range(1, a.nbeads - 1)]
        if f < a.ntwist:
            q = perpendicular(t, rng)
            nm = a.nbeads  # a material bead on every bead
            uid = list(range(nid + 1, nid + nm + 1))
            nid += nm
            xu = mm.wrap(x[:nm] + a.dmat * q, (0.0, 0.0, None), (lx, ly, None))
            atoms += [(uid[k], mol, 4, *xu[k]) for k in range(nm)]
            bonds += [(3, ids[k], uid[k]) for k in range(nm)]
            # twist angle (u, n, m): m = the next bead, the previous one for the last bead
            angles += [(2, uid[k], ids[k], ids[k + 1] if k + 1 < nm else ids[k - 1])
                       for k in range(nm)]
            dihedrals += [(2, uid[k], ids[k], ids[k + 1], uid[k + 1]) for k in range(nm - 1)]

    os.makedirs(a.outdir, exist_ok=True)
    mesh = os.path.join(a.outdir, "network.mesh")
    data = os.path.join(a.outdir, "network.data")
    mm.write_mesh(mesh, tris, comment=f"flat periodic triangular sheet {a.nx}x{a.ny}, spacing 1, "
                  f"box {lx!r} x {ly!r}; vertex (i,j) = atom ID j*{a.nx}+i+1")
    with open(data, "w") as f:
        f.write(f"# {a.nfil} filaments x {a.nbeads} beads ({a.ntwist} twistable, dmat {a.dmat}) above a "
                f"flat membrane {a.nx}x{a.ny} + {a.npoints} in-triangle points, seed {a.seed}; "
                f"written by make_network.py\n\n")
        f.write(f"{len(atoms)} atoms\n{len(bonds)} bonds\n{len(angles)} angles\n"
                f"{len(dihedrals)} dihedrals\n\n4 atom types\n3 bond types\n2 angle types\n"
                f"2 dihedral types\n\n")
        f.write(f"0.0 {lx!r} xlo xhi\n0.0 {ly!r} ylo yhi\n{a.zlo!r} {a.zhi!r} zlo zhi\n")
        f.write("\nMasses\n\n1 1.0\n2 1.0\n3 1.0\n4 1.0\n")
        f.write("\nAtoms # molecular\n\n")
        for i, mol, typ, x, y, z in atoms:
            # (full precision: the rigid links hold to 1e-16 in the file, and fix bagogab
            # has nothing to correct at setup)
            f.write(f"{i} {mol} {typ} {float(x)!r} {float(y)!r} {float(z)!r}\n")
        for name, rows in (("Bonds", bonds), ("Angles", angles), ("Dihedrals", dihedrals)):
            f.write(f"\n{name}\n\n")
            for n, r in enumerate(rows):
                f.write(f"{n + 1} " + " ".join(str(int(c)) for c in r) + "\n")
    nfb = a.nfil * a.nbeads
    print(f"wrote {data} and {mesh}: {nv} vertices, {len(tris)} triangles, {a.npoints} points, "
          f"{a.nfil} filaments x {a.nbeads} beads ({a.ntwist} twistable: {a.ntwist * a.nbeads} "
          f"material beads), {len(atoms)} atoms, {len(bonds)} bonds, {len(angles)} angles, "
          f"{len(dihedrals)} dihedrals, box {lx:g} x {ly:g} x {a.zhi - a.zlo:g}; "
          f"filament beads {nfb}")


if __name__ == "__main__":
    main()
