#!/usr/bin/env python3
"""Write the input of bench/in.filaments: nfil semiflexible chains of nbeads beads.

  filaments.data  atom_style molecular (angle types too): type 1 beads (mass 1), one molecule
                  per chain; bond type 1 between consecutive beads (bond length exactly 1,
                  the links); angle type 1 between consecutive links. No coefficients (the deck
                  sets them). Each chain is a persistent random walk (each link's direction is
                  the previous one plus a normal vector of standard deviation --wiggle,
                  normalised), every bead at least 1 from every other bead that is not its
                  bonded neighbour, all inside the cube [0, box]^3.

usage: make_filaments.py [-o DIR] [--nfil 100] [--nbeads 50] [--box 30] [--wiggle 0.3] [--seed 5]
"""
import argparse
import os

import numpy as np


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-o", "--outdir", default=".")
    p.add_argument("--nfil", type=int, default=100)
    p.add_argument("--nbeads", type=int, default=50)
    p.add_argument("--box", type=float, default=30.0)
    p.add_argument("--wiggle", type=float, default=0.3)
    p.add_argument("--seed", type=int, default=5)
    a = p.parse_args()

    rng = np.random.default_rng(a.seed)
    L = a.box
    n = a.nfil * a.nbeads
    x = np.zeros((n, 3))
    placed = 0

    def free(y, skip):
        """y at least 1 from every placed bead but the last `skip` ones (its chain neighbours)"""
        m = placed - skip
        if m <= 0:
            return True
        return np.min(((x[:m] - y) ** 2).sum(1)) >= 1.0

    for f in range(a.nfil):
        while True:  # a whole chain, restarted if it gets stuck
            start = placed
            y = rng.uniform(2.0, L - 2.0, 3)
            if not free(y, 0):
                continue
            x[placed] = y
            placed += 1
            t = rng.normal(size=3)
            t /= np.linalg.norm(t)
            ok = True
            for k in range(1, a.nbeads):
                for _ in range(200):
                    tn = t + a.wiggle * rng.normal(size=3)
                    tn /= np.linalg.norm(tn)
                    y = x[placed - 1] + tn
                    if np.all(y > 1.0) and np.all(y < L - 1.0) and free(y, 1):
                        break
                else:
                    ok = False
                    break
                t = tn
                x[placed] = y
                placed += 1
            if ok:
                break
            placed = start

    os.makedirs(a.outdir, exist_ok=True)
    path = os.path.join(a.outdir, "filaments.data")
    nb = a.nfil * (a.nbeads - 1)
    na = a.nfil * (a.nbeads - 2)
    with open(path, "w") as fh:
        fh.write(f"# {a.nfil} semiflexible chains x {a.nbeads} beads, link length 1, box {L!r}, "
                 f"wiggle {a.wiggle}, seed {a.seed}; written by make_filaments.py\n\n")
        fh.write(f"{n} atoms\n{nb} bonds\n{na} angles\n\n1 atom types\n1 bond types\n"
                 f"1 angle types\n\n")
        for ax in "xyz":
            fh.write(f"0.0 {L!r} {ax}lo {ax}hi\n")
        fh.write("\nMasses\n\n1 1.0\n\nAtoms # molecular\n\n")
        for i in range(n):
            fh.write(f"{i + 1} {i // a.nbeads + 1} 1 {x[i, 0]!r} {x[i, 1]!r} {x[i, 2]!r}\n")
        fh.write("\nBonds\n\n")
        c = 0
        for f in range(a.nfil):
            for k in range(a.nbeads - 1):
                c += 1
                i = f * a.nbeads + k + 1
                fh.write(f"{c} 1 {i} {i + 1}\n")
        fh.write("\nAngles\n\n")
        c = 0
        for f in range(a.nfil):
            for k in range(1, a.nbeads - 1):
                c += 1
                i = f * a.nbeads + k + 1
                fh.write(f"{c} 1 {i - 1} {i} {i + 1}\n")
    print(f"wrote {path}: {a.nfil} chains x {a.nbeads} beads = {n} atoms, {nb} bonds, {na} angles, "
          f"box {L:g}")


if __name__ == "__main__":
    main()
