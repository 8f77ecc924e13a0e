#!/usr/bin/env python3
"""Write the input of bench/in.membrane: a flat periodic tethered membrane with in-triangle points.

  flat_membrane.mesh  the triangles (fix bagogab mesh file); vertex (i, j) = atom ID j*nx+i+1
  flat_membrane.data  atom_style molecular: type 1 = nx*ny vertices of a triangular lattice
                      (spacing 1) in the plane z = 0; type 2 = points placed exactly on random
                      triangles (x = R1 + (R2-R1) l2 + (R3-R1) l3, uniform barycentrics, every
                      l_i >= 0.01), wrapped into the box; bonds on all edges (harmonic K, r0 = 1);
                      one dihedral per pair of triangles sharing an edge (coefficients in the deck).
The box is periodic in x and y (nx by ny*sqrt(3)/2) and spans [-zhalf, zhalf] in z.

usage: make_flat_membrane.py [-o DIR] [--nx 100] [--ny 100] [--npoints 10000] [--seed 7]
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "potentials"))
import make_mesh as mm  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-o", "--outdir", default=".")
    p.add_argument("--nx", type=int, default=100)
    p.add_argument("--ny", type=int, default=100, help="even")
    p.add_argument("--npoints", type=int, default=10000)
    p.add_argument("--kbond", type=float, default=50.0, help="harmonic K: E = K (r - 1)^2")
    p.add_argument("--zhalf", type=float, default=25.0)
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args()

    v, tris, (lx, ly) = mm.flat_sheet(a.nx, a.ny, 1.0, "triangular")
    box = (lx, ly, None)
    e = mm.edges(tris)
    hin = mm.hinges(tris)
    rng = np.random.default_rng(a.seed)
    xp, _, _ = mm.random_points(v, tris, a.npoints, rng, lmin=0.01, box=box)
    xp = mm.wrap(xp, (0.0, 0.0, None), (lx, ly, None))
    nv = len(v)

    os.makedirs(a.outdir, exist_ok=True)
    mesh = os.path.join(a.outdir, "flat_membrane.mesh")
    data = os.path.join(a.outdir, "flat_membrane.data")
    mm.write_mesh(mesh, tris, comment=f"flat periodic triangular sheet {a.nx}x{a.ny}, spacing 1, "
                  f"box {lx!r} x {ly!r}; vertex (i,j) = atom ID j*{a.nx}+i+1")
    atoms = [(i + 1, 1, 1, *v[i]) for i in range(nv)]
    atoms += [(nv + 1 + i, 2, 2, *xp[i]) for i in range(a.npoints)]
    mm.write_data(data, ((0.0, lx), (0.0, ly), (-a.zhalf, a.zhalf)), atoms, {1: 1.0, 2: 1.0},
                  [(1, int(i) + 1, int(j) + 1) for i, j in e],
                  [(1, *(int(q) + 1 for q in h)) for h in hin],
                  bond_coeffs={1: f"{a.kbond!r} 1.0"}, n_dihedral_types=1,
                  comment=f"flat periodic membrane {a.nx}x{a.ny} + {a.npoints} in-triangle points, "
                          f"seed {a.seed}; written by make_flat_membrane.py")
    print(f"wrote {data} and {mesh}: {nv} vertices, {len(tris)} triangles, {a.npoints} points, "
          f"{len(e)} bonds, {len(hin)} dihedrals, box {lx:g} x {ly:g} x {2 * a.zhalf:g}")


if __name__ == "__main__":
    main()
