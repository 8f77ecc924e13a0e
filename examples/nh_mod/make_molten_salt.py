#!/usr/bin/env python3
"""Write molten_salt.data: the chapter 3 test system of Guy's PhD thesis
(University of Texas at Arlington, 2018) for in.molten_salt, in LAMMPS units nano
(ag, nm, ns; charges in e).

  - one SiO2 particle (type 4, ID 101) at the centre of a cubic box [0, L]^3;
  - 100 ions placed at random (uniform) and kept only if they do not overlap
    what is already there: ion-ion distance >= 0.9 sigma_ij, ion-particle
    distance >= sigma_ip (sigma_ij = (sigma_i + sigma_j)/2), and at least
    MARGIN from every wall; 26 Na+ (type 1), 26 K+ (type 2), 48 NO3- (type 3)
    in a random order, so that with the particle's charge -4 e the system is
    neutral.

The charges in the file are those of in.molten_salt (which sets them again);
masses and the force field are in the deck.  The ions start at rest here;
the deck draws their velocities.

usage: /usr/bin/python3 make_molten_salt.py [-o molten_salt.data] [--box 3.0] [--seed 2018]
"""
import argparse
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
# type: (name, count, charge, sigma in nm) as in in.molten_salt
TYPES = {1: ("Na", 26, 1.0, 0.273), 2: ("K", 26, 1.0, 0.305), 3: ("NO3", 48, -1.0, 0.450),
         4: ("SiO2", 1, -4.0, 1.2)}
MARGIN = 0.25


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-o", "--output", default=os.path.join(HERE, "molten_salt.data"))
    p.add_argument("--box", type=float, default=3.0, help="box edge L (nm)")
    p.add_argument("--seed", type=int, default=2018)
    a = p.parse_args()

    rng = np.random.default_rng(a.seed)
    L = a.box
    types = [t for t in (1, 2, 3) for _ in range(TYPES[t][1])]
    rng.shuffle(types)
    pos, typ = [np.full(3, 0.5 * L)], [4]
    for t in types:
        for _ in range(100000):
            x = rng.uniform(MARGIN, L - MARGIN, 3)
            ok = True
            for y, u in zip(pos, typ):
                sij = 0.5 * (TYPES[t][3] + TYPES[u][3])
                dmin = sij if u == 4 else 0.9 * sij
                if np.sum((x - y) ** 2) < dmin * dmin:
                    ok = False
                    break
            if ok:
                break
        else:
            raise SystemExit(f"could not place an ion of type {t}: box too small")
        pos.append(x)
        typ.append(t)
    # the particle last: IDs 1..100 are the ions, 101 the particle
    order = list(range(1, len(pos))) + [0]
    with open(a.output, "w") as f:
        f.write(f"# molten NaNO3/KNO3 + one SiO2 particle (Guy 2018, ch. 3), box {L} nm, seed {a.seed}; "
                "written by make_molten_salt.py\n\n")
        f.write(f"{len(pos)} atoms\n4 atom types\n\n")
        for d in "xyz":
            f.write(f"0.0 {L} {d}lo {d}hi\n")
        f.write("\nAtoms # charge\n\n")
        for k, i in enumerate(order, start=1):
            t = typ[i]
            f.write(f"{k} {t} {TYPES[t][2]:g} {pos[i][0]:.6f} {pos[i][1]:.6f} {pos[i][2]:.6f}\n")
    print(f"wrote {a.output}: {len(pos)} atoms in a {L} nm box")


if __name__ == "__main__":
    main()
