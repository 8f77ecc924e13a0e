#!/usr/bin/env python3
"""The chapter 4 and 5 experiments of Guy's PhD thesis (2018) (in.atomistic, in.docking) from their logs.

  atomistic_temperature.png  (a) T(t) after the 973 K start under NH, unscaled and
                             scaled MNH (thesis Fig. 4.3); (b) econs - econs(0), econs =
                             ke + a2 pe - W (eq. 4.21, thesis Figs. 4.4-4.6); (c) the small
                             parameter eps = 1/(kd zetadot 1 ns) of eq. 4.5 (Fig. 4.8)
  atomistic_phase.png        the (zeta, zetadot) phase portraits (Figs. 4.7, 4.8)
  atomistic_dt_scan.png      dt_scan_atomistic.txt: the worst 1-ps temperature mean and
                             the energy error against dt, failed runs marked
  docking.png                (a) gap between the leading ligand and the receptor plane,
                             (b) a2*, (c) kinetic energy (Fig. 5.9), (d) the works of the
                             adaptive run and the balance of eq. 5.18 (Fig. 5.5), (e) the
                             balance drift of the three runs over |W_d|; the adaptive
                             switch marked (f_1[4])

Prints the numbers quoted in README.md.

usage: /usr/bin/python3 plot.py [--atomistic-nh LOG] [--atomistic-mnh LOG] [--atomistic-scaled LOG]
                                [--docking-unscaled LOG] [--docking-constant LOG] [--docking-adaptive LOG]
                                [--outdir DIR]
Defaults: the reference logs log.22Nov26.{atomistic,docking}_*.g++.1 and dt_scan_*.txt.
(numpy and matplotlib: Debian python3-numpy, python3-matplotlib, /usr/bin/python3)"""
import argparse
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import thermo_log  # noqa: E402

REF = os.path.join(HERE, "log.22Nov26.{}.g++.1")
T_TARGET = 773.0
COL = {"nh": "tab:red", "mnh": "tab:blue", "scaled": "tab:green",
       "unscaled": "tab:gray", "constant": "tab:orange", "adaptive": "tab:purple"}


def arrays(path):
    d = thermo_log.last_run(path)
    if not d:
        raise SystemExit(f"no thermo rows in {path}")
    return {k: np.array(v) for k, v in d.items()}


def deck_var(path, name):
    """the value LAMMPS used for a deck variable (from the echoed fix line or the -var)"""
    with open(path) as f:
        text = f.read()
    # LAMMPS echoes the line once per substituted variable: the last one is the command run
    m = re.findall(r"^fix\s+1\s+all\s+multiscale/adaptive\s+a2\s+([0-9.eE+-]+)\s", text, re.M) if name == "a2" else []
    return m[-1] if m else None


def atomistic(a, plt):
    d = {m: arrays(getattr(a, f"atomistic_{m}")) for m in ("nh", "mnh", "scaled")}
    a2 = deck_var(a.atomistic_scaled, "a2") or "1e-3"
    lab = {"nh": "NH (nh/mod kd 0)", "mnh": "unscaled MNH (a2 1, kd 0.3 ns)",
           "scaled": f"scaled MNH (a2 {float(a2):g}, kd 0.3 ns)"}
    print("atomistic: T(t) after the 973 K start (target 773 K), thermo every 100 fs")
    for m, x in d.items():
        t, T = x["v_tps"], x["Temp"]
        e = x["v_econs"] - x["v_econs"][0]
        late = T[t > 20.0]
        # settled: from the first sample after which T stays within 20 K of the target
        off = np.nonzero(np.abs(T - T_TARGET) > 20.0)[0]
        settle = t[off[-1] + 1] if len(off) and off[-1] + 1 < len(t) else (0.0 if not len(off) else np.inf)
        print(f"  {m:6s}: SD(T - target) {np.std(T - T_TARGET, ddof=1):6.1f} K over 50 ps, "
              f"{np.std(late, ddof=1):5.1f} K after 20 ps (mean {late.mean():6.1f} K); "
              f"T within 20 K of the target for good from {settle:.1f} ps; "
              f"range {T.min():.0f}-{T.max():.0f} K; max|econs - econs(0)| {np.abs(e).max():.3g}, "
              f"thermostat work W = {-x['f_1'][-1]:.1f} ag nm^2 ns^-2; "
              f"zeta {x['v_zeta'].min():.3g}..{x['v_zeta'].max():.3g} 1/ns, "
              f"|zetadot| <= {np.abs(x['v_zetadot']).max():.3g} 1/ns^2")
        if m != "nh":
            eps = x["v_eps"][1:]
            print(f"          eps = 1/(kd zetadot 1 ns): median {np.median(eps):.3g}, "
                  f"{100 * np.mean(eps < 1e-3):.0f} % of the samples below 1e-3 (Case II of Table 4.1)")

    fig, ax = plt.subplots(3, 1, figsize=(8, 10))
    for m in ("nh", "scaled", "mnh"):
        x = d[m]
        ax[0].plot(x["v_tps"], x["Temp"], color=COL[m], lw=0.9, label=lab[m])
        ax[1].plot(x["v_tps"], x["v_econs"] - x["v_econs"][0], color=COL[m], lw=0.9, label=lab[m])
        if m != "nh":
            ax[2].semilogy(x["v_tps"][1:], x["v_eps"][1:], color=COL[m], lw=0.6, label=lab[m])
    ax[0].axhline(T_TARGET, color="k", ls="--", lw=0.8, label="target 773 K")
    ax[0].set_ylabel("T (K)")
    ax[0].set_title("(a) temperature (thesis Fig. 4.3)")
    ax[0].legend(fontsize=8, loc="upper right")
    ax[1].set_ylabel(r"econs $-$ econs(0)")
    ax[1].set_title(r"(b) econs = ke + $a_2$ pe $-$ W (ag nm$^2$ ns$^{-2}$; kinetic energy at 773 K: 1617)")
    ax[2].axhline(1.0, color="k", lw=0.6)
    ax[2].set_ylabel(r"$\epsilon = 1/(k_d\dot\zeta\ \cdot$ 1 ns)")
    ax[2].set_title(r"(c) the small parameter of eq. 4.5 (Case II: $\epsilon \sim 10^{-3}$)")
    ax[2].legend(fontsize=8)
    for x in ax:
        x.set_xlabel("time (ps)")
    fig.suptitle("fix multiscale/adaptive mode atomistic: 100 ions + SiO$_2$, Q = 5.9e-3 ag nm$^2$, 1 fs")
    fig.tight_layout()
    fig.savefig(os.path.join(a.outdir, "atomistic_temperature.png"), dpi=110)

    fig, ax = plt.subplots(1, 2, figsize=(11, 4.8))
    for m in ("nh", "scaled", "mnh"):
        x = d[m]
        ax[0].plot(x["v_zeta"], x["v_zetadot"], color=COL[m], lw=0.5, label=lab[m])
        ax[0].plot(x["v_zeta"][0], x["v_zetadot"][0], "o", color=COL[m], ms=4)
    ax[0].set_title("all three (thesis Fig. 4.7)")
    for m in ("scaled", "mnh"):
        x = d[m]
        ax[1].plot(x["v_zeta"], x["v_zetadot"], color=COL[m], lw=0.5, label=lab[m])
        ax[1].plot(x["v_zeta"][0], x["v_zetadot"][0], "o", color=COL[m], ms=4)
    ax[1].set_title("MNH: scaled spirals in, unscaled drops to the origin")
    for x in ax:
        x.set_xlabel(r"$\zeta$ (ns$^{-1}$)")
        x.set_ylabel(r"$\dot\zeta$ (ns$^{-2}$)")
        x.axhline(0, color="k", lw=0.4)
        x.axvline(0, color="k", lw=0.4)
        x.legend(fontsize=7)
    fig.suptitle(r"($\zeta$, $\dot\zeta$) every 100 fs for 50 ps after the 973 K start (dot: start)")
    fig.tight_layout()
    fig.savefig(os.path.join(a.outdir, "atomistic_phase.png"), dpi=110)


def dt_scan_plot(a, plt):
    path = os.path.join(HERE, "dt_scan_atomistic.txt")
    if not os.path.exists(path):
        print(f"(no {path}: run dt_scan.py atomistic)")
        return
    rows = {}
    summary = []
    for line in open(path):
        if line.startswith("# largest"):
            summary.append(line.strip("# \n"))
            continue
        if line.startswith("#") or not line.strip():
            continue
        m = re.match(r"^(.{16}) +(\S+) +(\S+) +(\S+) +(\S+) +(.*)$", line.rstrip("\n"))
        label, dt, comp, _, _, note = m.groups()
        dev = re.search(r"worst 1-ps mean (\S+) %", note)
        de = re.search(r"max\|d econs\| (\S+)", note)
        rows.setdefault(label.strip(), []).append(
            (float(dt), comp == "yes", float(dev.group(1)) if dev else np.nan, float(de.group(1)) if de else np.nan))
    print("atomistic time-step scan (dt_scan_atomistic.txt):")
    for s in summary:
        print("  " + s)
    colors = {"nh": COL["nh"], "mnh": COL["mnh"], "scaled a2=1e-3": COL["scaled"],
              "scaled a2=1e-2": "tab:olive", "scaled a2=1e-1": "tab:cyan"}
    fig, ax = plt.subplots(1, 2, figsize=(11, 4.6))
    for k, (label, r) in enumerate(rows.items()):
        r = np.array(r, dtype=float)
        ok = r[:, 1] > 0
        c = colors.get(label, "k")
        ax[0].plot(r[ok, 0], r[ok, 2], "o-", color=c, ms=3, lw=0.8, label=label)
        ax[1].semilogy(r[ok, 0], r[ok, 3], "o-", color=c, ms=3, lw=0.8, label=label)
        for x, top in ((ax[0], 24.0 + 1.5 * k), (ax[1], 2e3 * 1.6 ** k)):
            x.plot(r[~ok, 0], np.full((~ok).sum(), top), "x", color=c, ms=6)
    ax[0].axhline(20.0, color="k", ls="--", lw=0.8)
    ax[0].set_ylabel("worst 1-ps mean |T/773 K - 1| after 10 ps (%)")
    ax[1].axhline(0.01 * 0.5 * 303 * 0.0138064852 * T_TARGET, color="k", ls="--", lw=0.8)
    ax[1].set_ylabel(r"max |econs $-$ econs(0)| (ag nm$^2$ ns$^{-2}$)")
    for x in ax:
        x.set_xlabel("dt (fs)")
        x.legend(fontsize=7)
    fig.suptitle("50 ps at each dt (x, one row per method: lost atoms, the run stopped); dashed: the criteria")
    fig.tight_layout()
    fig.savefig(os.path.join(a.outdir, "atomistic_dt_scan.png"), dpi=110)


def docking(a, plt):
    d = {c: arrays(getattr(a, f"docking_{c}")) for c in ("unscaled", "constant", "adaptive")}
    dt = {c: (x["v_tus"][1] - x["v_tus"][0]) / max(x["Step"][1] - x["Step"][0], 1) for c, x in d.items()}
    lab = {"unscaled": "unscaled (a2 1, dt 0.5 ns)", "constant": "constant (a2 = a2* = 0.01, dt 10 ns)",
           "adaptive": "adaptive (a2 0.01, alpha 0.002 nm/ns, dt 10 ns)"}
    x = d["adaptive"]
    sw = x["f_1[4]"][-1]
    t_sw = sw * dt["adaptive"] if sw >= 0 else None
    a2s = x["f_1[1]"]
    nswitch = int(np.sum(a2s[1:] != a2s[:-1]))
    print("docking (200 us, Brownian forces at 310 K):")
    print(f"  adaptive: a2* switched {nswitch} time(s) in the output, last at step {sw:.0f} "
          f"(t = {t_sw:.3g} us), F_p/beta there {x['f_1[3]'][np.searchsorted(x['Step'], sw)]:.3g} nm/ns")
    for c, y in d.items():
        g = y["v_gap"]
        k = np.nonzero(g < 5.0)[0]
        when = f"{y['v_tus'][k[0]]:.3g} us" if len(k) else "never"
        bal = y["v_balance"] - y["v_balance"][0]
        print(f"  {c:8s}: gap 47.0 nm -> {g[-1]:.2f} nm (min {g.min():.2f}); docked (gap < 5 nm) at {when}; "
              f"at 5 us the gap is {g[np.searchsorted(y['v_tus'], 5.0)]:.1f} nm; particle at the end "
              f"(y, z) = ({y['v_ynp'][-1]:.1f}, {y['v_znp'][-1]:.1f}) nm; max KE {y['v_ke'].max():.3g}; "
              f"works W_d {y['f_1[5]'][-1]:.4g} W_p {y['f_1[6]'][-1]:.4g} W_k {y['f_1[7]'][-1]:.4g} "
              f"W_b {y['f_1[8]'][-1]:.4g}; balance drift {bal[-1]:.4g} = "
              f"{100 * abs(bal[-1]) / abs(y['f_1[5]'][-1]):.1f} % of |W_d| (max |drift| {np.abs(bal).max():.4g})")

    fig, ax = plt.subplots(5, 1, figsize=(8, 15))
    for c in ("unscaled", "constant", "adaptive"):
        y = d[c]
        t = y["v_tus"][1:]
        ax[0].semilogx(t, y["v_gap"][1:], color=COL[c], lw=0.9, label=lab[c])
        ax[1].semilogx(t, y["f_1[1]"][1:], color=COL[c], lw=1.2, label=lab[c], drawstyle="steps-post")
        ax[2].loglog(t, np.maximum(y["v_ke"][1:], 1e-6), color=COL[c], lw=0.8, label=lab[c])
        ax[4].semilogx(t, (y["v_balance"][1:] - y["v_balance"][0]) / np.abs(y["f_1[5]"][1:]),
                       color=COL[c], lw=0.8, label=lab[c])
    y = d["adaptive"]
    t = y["v_tus"][1:]
    for k, name in (("v_ke", "T (kinetic)"), ("f_1[5]", "$W_d$"), ("f_1[6]", "$W_p$"),
                    ("f_1[7]", "$W_k$ (wall)"), ("f_1[8]", "$W_b$"), ("v_balance", "T - W$_d$ - W$_p$ - W$_k$ - W$_b$")):
        ax[3].semilogx(t, y[k][1:], lw=1.0, label=name, ls="--" if k == "v_balance" else "-")
    ax[0].axhline(0.0, color="k", lw=0.5)
    ax[0].set_ylabel("gap to the receptor plane (nm)")
    ax[0].set_title("(a) leading ligand site - receptor plane (thesis Fig. 5.4)")
    ax[1].set_ylabel("$a_2^*$ = f_1[1]")
    ax[1].set_yscale("log")
    ax[1].set_title("(b) the adaptive scaling factor (thesis Fig. 5.8)")
    ax[2].set_ylabel(r"kinetic energy (ag nm$^2$ ns$^{-2}$)")
    ax[2].set_title("(c) kinetic energy of the carrier (thesis Fig. 5.9)")
    ax[3].set_ylabel(r"energy (ag nm$^2$ ns$^{-2}$)")
    ax[3].set_title("(d) adaptive run: works and the balance of eq. 5.18 (thesis Fig. 5.5)")
    ax[4].set_ylabel(r"balance drift / |W$_d$|")
    ax[4].set_title("(e) eq. 5.18 drift relative to the drag work (midpoint-rule works, integrate no)")
    for x in ax:
        if t_sw is not None:
            x.axvline(t_sw, color=COL["adaptive"], ls=":", lw=1.0)
        x.set_xlabel(r"time ($\mu$s)")
        x.legend(fontsize=7)
    fig.suptitle(f"fix multiscale/adaptive continuum + fix rigid: docking (dotted: the switch, "
                 f"step {sw:.0f}, {t_sw:.3g} $\\mu$s)")
    fig.tight_layout()
    fig.savefig(os.path.join(a.outdir, "docking.png"), dpi=110)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for m in ("nh", "mnh", "scaled"):
        ap.add_argument(f"--atomistic-{m}", dest=f"atomistic_{m}", default=REF.format(f"atomistic_{m}"))
    for c in ("unscaled", "constant", "adaptive"):
        ap.add_argument(f"--docking-{c}", dest=f"docking_{c}", default=REF.format(f"docking_{c}"))
    ap.add_argument("--outdir", default=HERE)
    a = ap.parse_args()
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    atomistic(a, plt)
    dt_scan_plot(a, plt)
    docking(a, plt)


if __name__ == "__main__":
    main()
