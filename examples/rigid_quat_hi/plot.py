#!/usr/bin/env python3
"""Two sedimenting spheres (in.sedimenting_pair): Richardson-extrapolate the
terminal F/U and omega/U to h -> 0 from the two smallest time steps,
V_0 = (4 V_{h/2} - V_h) / 3, compare them with the RPY prediction and the
Happel-Brenner series (eqs. S1, S2 of Davidchack, Ouldridge and Tretyakov,
J. Chem. Phys. 147, 224103 (2017), Supplementary Material), and plot both
against l/a.  Each (l, h) is also checked against the exact terminal state of the
discrete scheme: with constant force and friction the velocities
at the end of a step are V_h = (h/2) K coth(xi K h/2) F_g.
usage: python3 plot.py [sedimenting_pair.txt] [sedimenting_pair.png]
       (a log of the deck works as the table: python3 plot.py log.lammps)"""
import sys

import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

A, ETA, M, INERTIA, FORCE = 1.0, 1.0 / (4.0 * np.pi), 0.25, 0.1, 1.0
# the paper's own simulation (HYDROLIB friction with lubrication, not RPY; Table S1):
# l/a, F/U, omega/U
PAPER = [(10, 1.3946988, 0.006973076), (4, 1.2551892, 0.03906680), (3, 1.1840827, 0.06455729),
        (2.5, 1.1308965, 0.08549728), (25 / 12, 1.0756197, 0.09772490)]


def rpy_theory(l):
    fu = 1.5 / (1.0 + 3.0 / (4.0 * l) + 1.0 / (2.0 * l ** 3))
    return fu, fu / (2.0 * l ** 2)


def happel_brenner(l):
    x = A / l
    fu = 6 * np.pi * ETA * A * (1 - 3 / 4 * x + 9 / 16 * x ** 2 - 59 / 64 * x ** 3
                                + 273 / 256 * x ** 4 - 1107 / 1024 * x ** 5)
    wu = (3 / 4 * x ** 2 - 9 / 16 * x ** 3 + 27 / 64 * x ** 4 - 177 / 256 * x ** 5
          + 819 / 1024 * x ** 6) / A
    return fu, wu


def rpy_mobility(l):
    """12 x 12 RPY mobility of two spheres at (-l/2,0,0), (+l/2,0,0) (r >= 2a),
    translations first."""
    mu = np.zeros((12, 12))
    mt, mr = 1 / (6 * np.pi * ETA * A), 1 / (8 * np.pi * ETA * A ** 3)
    for i in range(2):
        mu[3 * i:3 * i + 3, 3 * i:3 * i + 3] = mt * np.eye(3)
        mu[6 + 3 * i:9 + 3 * i, 6 + 3 * i:9 + 3 * i] = mr * np.eye(3)
    x = np.array([[-l / 2, 0, 0], [l / 2, 0, 0]])
    for i in range(2):
        for j in range(2):
            if i == j:
                continue
            d = x[i] - x[j]
            r = np.linalg.norm(d)
            e = d / r
            ee = np.outer(e, e)
            tt = ((1 + 2 * A ** 2 / (3 * r ** 2)) * np.eye(3) + (1 - 2 * A ** 2 / r ** 2) * ee) / (8 * np.pi * ETA * r)
            rr = (3 * ee - np.eye(3)) / (16 * np.pi * ETA * r ** 3)
            # omega_i from F_j is F_j x e / (8 pi eta r^2); v_i from T_j is T_j x e / (...)
            cross = np.array([[0, e[2], -e[1]], [-e[2], 0, e[0]], [e[1], -e[0], 0]]) / (8 * np.pi * ETA * r ** 2)
            mu[3 * i:3 * i + 3, 3 * j:3 * j + 3] = tt
            mu[6 + 3 * i:9 + 3 * i, 6 + 3 * j:9 + 3 * j] = rr
            mu[6 + 3 * i:9 + 3 * i, 3 * j:3 * j + 3] = cross
            mu[3 * i:3 * i + 3, 6 + 3 * j:9 + 3 * j] = cross
    return mu


def discrete_terminal(l, h):
    """F/U and omega/U of the scheme's exact terminal state at step h"""
    k = np.array([1 / M] * 6 + [1 / INERTIA] * 6)
    sk = np.sqrt(k)
    xi = np.linalg.inv(rpy_mobility(l))
    lam, u = np.linalg.eigh(sk[:, None] * xi * sk[None, :])    # K^1/2 xi K^1/2
    coth = u @ np.diag(1 / np.tanh(lam * h / 2)) @ u.T
    fg = np.zeros(12)
    fg[2] = fg[5] = FORCE
    v = (h / 2) * sk * (coth @ (sk * fg))
    return FORCE / v[5], v[10] / v[5]


def main():
    table = sys.argv[1] if len(sys.argv) > 1 else "sedimenting_pair.txt"
    png = sys.argv[2] if len(sys.argv) > 2 else "sedimenting_pair.png"
    runs = {}
    for line in open(table):    # the table, or a log of the deck (same lines)
        w = line.split()
        if len(w) != 6:
            continue
        try:
            l, h, fu, wu, wu1, _ = (float(s) for s in w)
        except ValueError:
            continue
        runs.setdefault(l, {})[h] = (fu, wu, wu1)
    ls = sorted(runs, reverse=True)

    print("terminal state against the scheme's exact discrete fixed point (relative differences):")
    worst = 0.0
    for l in ls:
        for h, (fu, wu, wu1) in sorted(runs[l].items()):
            dfu, dwu = discrete_terminal(l, h)
            worst = max(worst, abs(fu / dfu - 1), abs(wu / dwu - 1))
            assert wu > 0 and wu1 < 0, "sphere 2 at +x must spin +y, sphere 1 -y"
    print(f"  largest over all (l, h): {worst:.1e}")

    print("\nRichardson extrapolation h -> 0 from the two smallest h; 'h2 ratio' = "
          "(V_4h - V_2h)/(V_2h - V_h) (4 for an h^2 error)")
    hdr = (f"{'l/a':>8s} {'F/U sim':>11s} {'F/U RPY':>11s} {'rel':>9s} {'F/U HB':>11s} {'rel':>9s}"
           f" {'w/U sim':>11s} {'w/U RPY':>11s} {'rel':>9s} {'w/U HB':>11s} {'rel':>9s} {'h2 ratio':>8s}")
    print(hdr)
    ext = []
    for l in ls:
        hs = sorted(runs[l])
        v = [np.array(runs[l][h][:2]) for h in hs]
        v0 = (4 * v[0] - v[1]) / 3
        ratio = (v[2][0] - v[1][0]) / (v[1][0] - v[0][0]) if len(hs) > 2 else float("nan")
        rf, rw = rpy_theory(l)
        hf, hw = happel_brenner(l)
        ext.append((l, v0[0], v0[1]))
        print(f"{l:8.4f} {v0[0]:11.7f} {rf:11.7f} {v0[0] / rf - 1:9.1e} {hf:11.7f} {v0[0] / hf - 1:9.1e}"
              f" {v0[1]:11.8f} {rw:11.8f} {v0[1] / rw - 1:9.1e} {hw:11.8f} {v0[1] / hw - 1:9.1e} {ratio:8.4f}")

    print("\nsecond Richardson stage (all three h, removes the h^4 term too): relative to RPY")
    for l in ls:
        hs = sorted(runs[l])
        if len(hs) < 3:
            continue
        v = [np.array(runs[l][h][:2]) for h in hs]
        v00 = (16 * (4 * v[0] - v[1]) / 3 - (4 * v[1] - v[2]) / 3) / 15
        rf, rw = rpy_theory(l)
        print(f"{l:8.4f}  F/U {v00[0]:.9f} ({v00[0] / rf - 1:+.1e})  w/U {v00[1]:.10f} ({v00[1] / rw - 1:+.1e})")

    lc = np.linspace(2.0, 10.5, 300)
    fig, ax = plt.subplots(1, 2, figsize=(10, 4))
    for k, (name, col) in enumerate((("F/U", 1), (r"$\omega$/U", 2))):
        ax[k].plot(lc, rpy_theory(lc)[k], "-", lw=1.2, label="RPY")
        ax[k].plot(lc, happel_brenner(lc)[k], "--", lw=1.2, label="Happel-Brenner (S1, S2)")
        ax[k].plot([e[0] for e in ext], [e[col] for e in ext], "o", mfc="none", ms=7,
                   label="fix rigid/quat/hi, hi rpy (h→0)")
        ax[k].plot([e[0] for e in PAPER], [e[col] for e in PAPER], "x", ms=6, color="gray",
                   label="Davidchack 2017, HYDROLIB + lubrication (Table S1)")
        ax[k].set_xlabel("l/a")
        ax[k].set_ylabel(name)
        ax[k].legend(fontsize=8)
    ax[0].set_title("drag per sphere / sedimentation speed", fontsize=10)
    ax[1].set_title("spin of sphere 2 / sedimentation speed", fontsize=10)
    fig.suptitle("two spheres sedimenting side by side (T = 0)")
    fig.tight_layout()
    fig.savefig(png, dpi=80)
    print(f"\nwrote {png}")


if __name__ == "__main__":
    main()
