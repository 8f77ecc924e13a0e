#!/usr/bin/env python3
"""Check the filament statistics of a dump of in.filaments (id type mol x y z) against theory.

  bending: <cos> of the angle between consecutive links, harmonic angle K (theta - 180)^2
           at kT: <cos> = int cos(d) sin(d) exp(-K d^2/kT) / int sin(d) exp(-K d^2/kT)
           (persistence length -1/ln<cos> links, about 2 K / kT)
  twist:   <cos> of the angle between consecutive material directions about their link,
           dihedral K (1 - cos phi): <cos> = I1(K/kT) / I0(K/kT)
  constraints: largest | |link| - 1 |, | |u - n| - dmat | and |cos(u - n, link)| in the dump
           (limited by the dump's 7 significant digits)

usage: check.py DUMP [--kbend 20] [--ktwist 20] [--kT 1] [--dmat 0.5] [--skip 5]
  --skip: frames left out at the start (equilibration)
"""
import argparse

import numpy as np


def frames(path):
    with open(path) as f:
        lines = f.readlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("ITEM: TIMESTEP"):
            n = int(lines[i + 3])
            box = np.array([[float(v) for v in lines[i + 5 + k].split()[:2]] for k in range(3)])
            cols = lines[i + 8].split()[2:]
            a = np.array([ln.split() for ln in lines[i + 9:i + 9 + n]], float)
            yield int(lines[i + 1]), box, {c: a[:, k] for k, c in enumerate(cols)}
            i += 9 + n
        else:
            i += 1


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dump")
    p.add_argument("--kbend", type=float, default=20.0)
    p.add_argument("--ktwist", type=float, default=20.0)
    p.add_argument("--kT", type=float, default=1.0)
    p.add_argument("--dmat", type=float, default=0.5)
    p.add_argument("--skip", type=int, default=5)
    a = p.parse_args()

    cb, ct, dl, du, perp, nf = [], [], [], [], [], 0
    for k, (step, box, c) in enumerate(frames(a.dump)):
        if k < a.skip:
            continue
        nf += 1
        L = box[:, 1] - box[:, 0]
        mi = lambda d: d - L * np.round(d / L)  # noqa: E731
        x = np.stack([c["x"], c["y"], c["z"]], 1)
        order = np.argsort(c["id"])
        typ, mol, x = c["type"][order], c["mol"][order], x[order]
        for m in np.unique(mol[typ == 3]):
            xf = x[(typ == 3) & (mol == m)]
            b = mi(np.diff(xf, axis=0))
            lb = np.linalg.norm(b, axis=1)
            dl += list(lb - 1.0)
            t = b / lb[:, None]
            cb += list((t[:-1] * t[1:]).sum(1))
            xu = x[(typ == 4) & (mol == m)]  # material beads of beads 1..len(xu), in id order
            if len(xu) == 0:
                continue
            e = mi(xu - xf[:len(xu)])
            le = np.linalg.norm(e, axis=1)
            du += list(le - a.dmat)
            # the tangent of bead q: its link to the next bead (the last bead: to the previous)
            tq = np.concatenate([t, t[-1:]])[:len(xu)]
            perp += list(np.abs((e * tq).sum(1)) / le)
            for q in range(len(xu) - 1):
                tt = t[q]
                p1, p2 = e[q] - tt * (e[q] @ tt), e[q + 1] - tt * (e[q + 1] @ tt)
                ct.append(p1 @ p2 / np.linalg.norm(p1) / np.linalg.norm(p2))
    cb, ct = np.array(cb), np.array(ct)
    d = np.linspace(0.0, np.pi, 200001)
    w = np.sin(d) * np.exp(-a.kbend * (d ** 2) / a.kT)
    eb = (np.cos(d) * w).sum() / w.sum()
    ph = np.linspace(-np.pi, np.pi, 200001)
    w = np.exp(-a.ktwist * (1.0 - np.cos(ph)) / a.kT)
    et = (np.cos(ph) * w).sum() / w.sum()
    print(f"{nf} frames")
    print(f"bending <cos> = {cb.mean():.4f} +- {cb.std() / np.sqrt(len(cb)):.4f} (theory {eb:.4f}); "
          f"persistence length {-1.0 / np.log(cb.mean()):.1f} links (theory {-1.0 / np.log(eb):.1f})")
    if len(ct):
        print(f"twist <cos> = {ct.mean():.4f} +- {ct.std() / np.sqrt(len(ct)):.4f} (theory {et:.4f})")
        print(f"largest | |u - n| - {a.dmat} | = {np.abs(du).max():.2e}, |cos(u - n, link)| = "
              f"{max(perp):.2e}")
    print(f"largest | |link| - 1 | = {np.abs(dl).max():.2e}  (dump: 7 significant digits)")
    print("(+- : standard error of independent samples; neighbouring samples are correlated)")


if __name__ == "__main__":
    main()
