#!/usr/bin/env python3
"""Two trapped spheres (in.trapped_pair; section V A, Figs. 2-3, of Davidchack,
Ouldridge and Tretyakov, J. Chem. Phys. 147, 224103 (2017)):
the normalised time-correlation functions of their eq. 31,
    <alpha, beta>(tau) = <alpha(t+tau) beta(t)> / sqrt(<alpha^2> <beta^2>),
from the fix ave/correlate output of the runs without (hi off) and with
(hi rpy) hydrodynamic interactions, against the linearised model: small
angles make the traps harmonic (stiffness k_t per translation, k_r per
rotation about y and z; none about x, the trap axis) and the dynamics an
Ornstein-Uhlenbeck process with the friction xi = mu^-1 of the pair at the
trap centres (RPY mobility; hi off: its self blocks), whose TCFs are
exp(A tau) Sigma.  Prints the second moments and the TCFs at their peaks,
and plots autocorrelations, cross-correlations and the mixed correlations.
usage: python3 plot_trapped_pair.py [trapped_pair_off.tcf] [trapped_pair_rpy.tcf] [trapped_pair.png]
(matplotlib, numpy: Debian python3-matplotlib, python3-numpy; /usr/bin/python3)"""
import sys

import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

A, ETA, M, INERTIA, R, KT_TRAP, KR_TRAP, KT = 1.0, 1.0 / (4.0 * np.pi), 1.0, 0.4, 3.0, 10.0, 20.0, 0.1
DT = 0.01    # the deck's time step: fix ave/correlate writes lags in steps


def read_tcf(path):
    """last block of a fix ave/correlate file: lags and {(a, b): <a(t) b(t+tau)>}"""
    names, blocks, cur = None, [], None
    for line in open(path):
        w = line.split()
        if not w:
            continue
        if line.startswith("# Index"):
            names = [n.replace("v_", "") for n in w[4:]]
            continue
        if line.startswith("#"):
            continue
        if len(w) == 2:
            cur = []
            blocks.append(cur)
            continue
        cur.append([float(x) for x in w])
    data = np.array(blocks[-1])
    corr = {}
    for k, n in enumerate(names):
        a, b = n.split("*")
        corr[(a, b)] = data[:, 3 + k]
    return DT * data[:, 1], corr


def tcf(corr, alpha, beta):
    """eq. 31: <alpha(t+tau) beta(t)> = C_(beta, alpha)(tau), normalised"""
    return corr[(beta, alpha)] / np.sqrt(corr[(alpha, alpha)][0] * corr[(beta, beta)][0])


def rpy_mobility(hi):
    """12 x 12 RPY mobility of spheres at 0 and (0,0,R) (r >= 2a),
    translations of 1 and 2 first, then rotations of 1 and 2"""
    mu = np.zeros((12, 12))
    mt, mr = 1 / (6 * np.pi * ETA * A), 1 / (8 * np.pi * ETA * A ** 3)
    for i in range(2):
        mu[3 * i:3 * i + 3, 3 * i:3 * i + 3] = mt * np.eye(3)
        mu[6 + 3 * i:9 + 3 * i, 6 + 3 * i:9 + 3 * i] = mr * np.eye(3)
    if not hi:
        return mu
    x = np.array([[0, 0, 0], [0, 0, R]], dtype=float)
    for i in range(2):
        j = 1 - i
        d = x[i] - x[j]
        r = np.linalg.norm(d)
        e = d / r
        ee = np.outer(e, e)
        mu[3 * i:3 * i + 3, 3 * j:3 * j + 3] = ((1 + 2 * A ** 2 / (3 * r ** 2)) * np.eye(3)
                                                + (1 - 2 * A ** 2 / r ** 2) * ee) / (8 * np.pi * ETA * r)
        mu[6 + 3 * i:9 + 3 * i, 6 + 3 * j:9 + 3 * j] = (3 * ee - np.eye(3)) / (16 * np.pi * ETA * r ** 3)
        # v_i from T_j and omega_i from F_j: u -> u x e / (8 pi eta r^2)
        cross = -np.array([[0, -e[2], e[1]], [e[2], 0, -e[0]], [-e[1], e[0], 0]]) / (8 * np.pi * ETA * r ** 2)
        mu[3 * i:3 * i + 3, 6 + 3 * j:9 + 3 * j] = cross
        mu[6 + 3 * i:9 + 3 * i, 3 * j:3 * j + 3] = cross
    return mu


# coordinates of the linear model: x1 y1 z1 x2 y2 z2 (translations), chi_y1
# chi_z1 chi_y2 chi_z2 (rotation angles about y and z; the angle about x
# feels no force and is left out), then the 12 momenta
COORD = {"x1": 0, "z1": 2, "x2": 3, "z2b": 5, "chiy1": 6, "chiz1": 7, "chiy2": 8, "chiz2": 9}


def linear_tcf(hi, taus):
    """{(alpha, beta): <alpha(t+tau) beta(t)>} of the linearised model, normalised"""
    xi = np.linalg.inv(rpy_mobility(hi))
    mass = np.array([M] * 6 + [INERTIA] * 6)
    # position k is driven by momentum component mom[k]; its stiffness
    mom = [0, 1, 2, 3, 4, 5, 7, 8, 10, 11]
    stiff = np.array([KT_TRAP] * 6 + [KR_TRAP] * 4)
    n = 10 + 12
    drift = np.zeros((n, n))
    for k, c in enumerate(mom):
        drift[k, 10 + c] = 1.0 / mass[c]
        drift[10 + c, k] = -stiff[k]
    drift[10:, 10:] = -xi / mass[None, :]
    sigma = np.diag(np.r_[KT / stiff, KT * mass])
    # stationarity: drift Sigma + Sigma drift^T + 2 kT xi (momentum block) = 0
    lyap = drift @ sigma + sigma @ drift.T
    lyap[10:, 10:] += 2 * KT * xi
    assert np.abs(lyap).max() < 1e-12
    lam, vec = np.linalg.eig(drift)
    vinv = np.linalg.inv(vec)
    out = {}
    cs = [np.real(vec @ np.diag(np.exp(lam * t)) @ vinv) @ sigma for t in taus]
    for a, ia in COORD.items():
        for b, ib in COORD.items():
            out[(a, b)] = np.array([c[ia, ib] for c in cs]) / np.sqrt(sigma[ia, ia] * sigma[ib, ib])
    return out


def main():
    off_file = sys.argv[1] if len(sys.argv) > 1 else "trapped_pair_off.tcf"
    rpy_file = sys.argv[2] if len(sys.argv) > 2 else "trapped_pair_rpy.tcf"
    png = sys.argv[3] if len(sys.argv) > 3 else "trapped_pair.png"
    runs = {}
    for hi, path in (("off", off_file), ("rpy", rpy_file)):
        taus, corr = read_tcf(path)
        runs[hi] = (taus, corr)
    taus = runs["rpy"][0]
    fine = np.linspace(0.0, taus[-1], 301)
    theory = {hi: linear_tcf(hi == "rpy", fine) for hi in ("off", "rpy")}
    theory_at = {hi: linear_tcf(hi == "rpy", taus) for hi in ("off", "rpy")}

    print("second moments (exact: <x^2> = <z^2> = kT/k_t = 0.01; small angles: <chi^2> = kT/k_r = 0.005)")
    for hi in ("off", "rpy"):
        corr = runs[hi][1]
        print(f"  hi {hi}: " + ", ".join(f"<{v}^2> {corr[(v, v)][0]:.5f}" for v in COORD))

    auto = [("x1", "x1"), ("z1", "z1"), ("chiy1", "chiy1"), ("chiz1", "chiz1")]
    cross = [("x1", "x2"), ("z1", "z2b"), ("chiy1", "chiy2"), ("chiz1", "chiz2")]
    mixed = [("x1", "chiy2"), ("x1", "chiy1")]
    label = {"x1": "x^1", "z1": "z^1", "x2": "x^2", "z2b": r"\bar z^2", "chiy1": r"\chi_y^1",
             "chiz1": r"\chi_z^1", "chiy2": r"\chi_y^2", "chiz2": r"\chi_z^2"}
    print("TCFs <alpha,beta>(tau) (eq. 31) at the extremum of the linear model with HI: "
          "simulation (hi rpy, hi off) vs linear model (hi rpy)")
    for a, b in auto + cross + mixed:
        th = theory_at["rpy"][(a, b)]
        k = int(np.argmax(np.abs(th[1:]))) + 1 if (a, b) not in auto else int(np.argmin(th))
        print(f"  <{a},{b}> tau {taus[k]:.2f}: rpy {tcf(runs['rpy'][1], a, b)[k]:+.4f}, "
              f"off {tcf(runs['off'][1], a, b)[k]:+.4f}; linear model rpy {th[k]:+.4f}")

    fig, axes = plt.subplots(1, 3, figsize=(15, 4.6))
    colours = ["C0", "C1", "C2", "C3"]
    panels = [(axes[0], auto, "(a) autocorrelations"), (axes[1], cross, "(b) cross-correlations"),
              (axes[2], mixed, "(c) mixed cross- and self-correlations")]
    for ax, pairs, title in panels:
        for (a, b), col in zip(pairs, colours):
            name = rf"$\langle {label[a]}, {label[b]} \rangle$"
            ax.plot(fine, theory["rpy"][(a, b)], color=col, lw=1.2)
            ax.plot(fine, theory["off"][(a, b)], color=col, lw=1.0, ls="--")
            ax.plot(taus[::2], tcf(runs["rpy"][1], a, b)[::2], "o", color=col, ms=3.5, label=name + " HI")
            ax.plot(taus[::2], tcf(runs["off"][1], a, b)[::2], "o", color=col, ms=3.5, mfc="none",
                    label=name + " no HI")
        ax.axhline(0.0, color="0.6", lw=0.6)
        ax.set_xlabel(r"$\tau$")
        ax.set_title(title, fontsize=10)
        ax.legend(fontsize=7, ncol=2 if len(pairs) > 2 else 1)
    axes[0].set_ylabel(r"$\langle \alpha, \beta \rangle(\tau)$")
    fig.suptitle("two trapped spheres (m = 1, I = 0.4, R = 3, $k^t$ = 10, $k^r$ = 20, kT = 0.1): "
                 "fix rigid/quat/hi, filled: hi rpy, open: hi off; lines: linearised model "
                 "(solid: RPY, dashed: no HI)", fontsize=9)
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    print("wrote", png)


if __name__ == "__main__":
    main()
