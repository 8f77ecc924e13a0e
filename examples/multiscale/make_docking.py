#!/usr/bin/env python3
"""Write docking.data: the adaptive-docking system of in.docking (chapter 5
of Guy's PhD thesis, University of Texas at Arlington, 2018), atom_style hybrid sphere charge, units
nano (ag, nm, ns, e).

  - the carrier (one rigid body, fix rigid): the nanoparticle (type 1, ID 1,
    R = 200 nm, 10.72 fg = 1.072e4 ag: Table D.3) at (X0, 0, 0) and 8 ligand
    sites (type 2, IDs 2-9: the GP1b tips, R = 1.25 nm, the 4.2e-5 ... 1.6e-5
    fg of bodies A-D together = 0.082 ag) on a ring of half-angle THETA about
    the +x axis, at R_NP + L from the particle's centre (L = 6.1 nm, the
    summed lengths of bodies A-D in Table D.4);
  - the receptors (type 3, IDs 10-29: 20 VWF as fixed points) on the plane
    x = 0, a 5 x 4 grid of pitch 20 nm centred on the particle's axis.

Charges: particle 0, ligands -1 e, receptors +1 e (the C*/r term of in.docking).

usage: /usr/bin/python3 make_docking.py [-o docking.data] [--x0 -250] [--theta 10]
"""
import argparse
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
R_NP, M_NP, Q_NP = 200.0, 1.072e4, 0.0
R_LIG, M_LIG, L_LIG, N_LIG, Q_LIG = 1.25, 0.082, 6.1, 8, -1.0
R_REC, M_REC, Q_REC = 1.25, 0.1, 1.0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-o", "--output", default=os.path.join(HERE, "docking.data"))
    p.add_argument("--x0", type=float, default=-250.0, help="x of the particle's centre (nm)")
    p.add_argument("--theta", type=float, default=10.0, help="half-angle of the ligand ring (deg)")
    a = p.parse_args()

    atoms = [(1, 2 * R_NP, M_NP, Q_NP, (a.x0, 0.0, 0.0))]
    th = math.radians(a.theta)
    r = R_NP + L_LIG
    for k in range(N_LIG):
        ph = 2.0 * math.pi * k / N_LIG
        atoms.append((2, 2 * R_LIG, M_LIG, Q_LIG,
                      (a.x0 + r * math.cos(th), r * math.sin(th) * math.cos(ph), r * math.sin(th) * math.sin(ph))))
    for y in (-40.0, -20.0, 0.0, 20.0, 40.0):
        for z in (-30.0, -10.0, 10.0, 30.0):
            atoms.append((3, 2 * R_REC, M_REC, Q_REC, (0.0, y, z)))
    with open(a.output, "w") as f:
        f.write(f"# carrier (nanoparticle + {N_LIG} ligands) and 20 receptors (Guy 2018, ch. 5); "
                f"x0 {a.x0} nm, ring half-angle {a.theta} deg; written by make_docking.py\n\n")
        f.write(f"{len(atoms)} atoms\n3 atom types\n\n")
        f.write("-700.0 100.0 xlo xhi\n-400.0 400.0 ylo yhi\n-400.0 400.0 zlo zhi\n\n")
        f.write("Atoms # hybrid sphere charge: id type x y z diameter density q\n\n")
        for i, (t, d, m, q, x) in enumerate(atoms, start=1):
            rho = m / (math.pi / 6.0 * d ** 3)
            f.write(f"{i} {t} {x[0]:.6f} {x[1]:.6f} {x[2]:.6f} {d:g} {rho:.10g} {q:g}\n")
    print(f"wrote {a.output}: {len(atoms)} atoms")


if __name__ == "__main__":
    main()
