#!/usr/bin/env python3
"""Write vesicle.data: a tethered vesicle (the 2562 vertices of potentials/icosphere_2562.mesh,
type 1) carrying in-triangle "proteins" (type 2) for in.membrane.

  - type 1, IDs 1..2562: the icosphere vertices (mean edge 1.0, radius 13.2452), centred at 0;
  - type 2, IDs 2563..: points placed exactly on random triangles (chosen with probability
    proportional to area), x = R1 + (R2-R1) l2 + (R3-R1) l3 with uniform barycentrics,
    every l_i >= 0.01;
  - bonds: every mesh edge, harmonic with rest length = its initial length (edges of the same
    length share a bond type: 51 types), so the sphere is stress-free;
  - dihedrals: one per pair of triangles sharing an edge (apex-edge-edge-apex, one type; the
    coefficients are set in in.membrane).

usage: make_vesicle.py [-o vesicle.data] [--npoints 300] [--kbond 50] [--box 30] [--seed 2024]
"""
import argparse
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "potentials"))
import make_mesh as mm  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-o", "--output", default=os.path.join(HERE, "vesicle.data"))
    p.add_argument("--mesh", default=os.path.join(HERE, "..", "..", "potentials", "icosphere_2562.mesh"),
                   help="checked against the generated triangles")
    p.add_argument("--npoints", type=int, default=300)
    p.add_argument("--kbond", type=float, default=50.0, help="harmonic K: E = K (r - r0)^2")
    p.add_argument("--box", type=float, default=30.0, help="half box length (box is [-L, L]^3)")
    p.add_argument("--seed", type=int, default=2024)
    a = p.parse_args()

    v, tris = mm.icosphere(4, 1.0)
    e = mm.edges(tris)
    radius = 1.0 / mm.edge_lengths(v, e).mean()  # mean edge 1.0, as in the mesh file header
    v *= radius
    if not np.array_equal(mm.read_mesh(a.mesh), tris + 1):
        sys.exit(f"{a.mesh} does not match icosphere(4); regenerate it with make_mesh.py")
    nv = len(v)

    lengths = mm.edge_lengths(v, e)
    btype, r0 = mm.length_types(lengths)
    hin = mm.hinges(tris)

    rng = np.random.default_rng(a.seed)
    xp, tp, lam = mm.random_points(v, tris, a.npoints, rng, lmin=0.01)

    atoms = [(i + 1, 1, 1, *v[i]) for i in range(nv)]
    atoms += [(nv + 1 + i, 2, 2, *xp[i]) for i in range(a.npoints)]
    bonds = [(int(btype[n]), int(i) + 1, int(j) + 1) for n, (i, j) in enumerate(e)]
    dihedrals = [(1, *(int(q) + 1 for q in h)) for h in hin]
    L = a.box
    mm.write_data(
        a.output, ((-L, L),) * 3, atoms, {1: 1.0, 2: 1.0}, bonds, dihedrals,
        bond_coeffs={t + 1: f"{a.kbond!r} {r!r}" for t, r in enumerate(r0)},
        n_dihedral_types=1,
        comment=f"vesicle: icosphere_2562 (radius {radius:.12g}, mean edge 1) + {a.npoints} "
                f"in-triangle points, seed {a.seed}; written by make_vesicle.py")
    print(f"wrote {a.output}: {nv} vertices, {a.npoints} points, {len(bonds)} bonds "
          f"({len(r0)} types, r0 {r0.min():.4f}..{r0.max():.4f}), {len(dihedrals)} dihedrals, "
          f"radius {radius:.6f}")


if __name__ == "__main__":
    main()
