#!/usr/bin/env python3
"""The chapter 3 test of Guy's PhD thesis (2018; in.molten_salt): Nose-Hoover (kd 0) against
the modified thermostat (kd > 0), from the thermo output of the four runs.

  molten_salt_temperature.png  (a) T(t) at the fixed target 773 K,
                               (b) T(t) with the stepped target,
                               (c) the energy balance: etotal and econserve = etotal - W
  molten_salt_phase.png        the (zeta, zetadot) phase portraits (f_1[1], f_1[2])

Prints the standard deviation of T - target over each run (and over its second half),
the mean and SD on each plateau of the stepped target with the response to
each step, and the drift of econserve.

usage: /usr/bin/python3 plot.py [--nh LOG] [--mnh LOG] [--step-nh LOG] [--step-mnh LOG] [--outdir DIR]
       /usr/bin/python3 plot.py --sd LOG...     (only the SD table, e.g. of a kd sweep)
Defaults: the reference logs log.22Nov26.molten_salt_{nh,mnh,step_nh,step_mnh}.g++.1.
(matplotlib, numpy: Debian python3-matplotlib, python3-numpy; /usr/bin/python3)"""
import argparse
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REF = os.path.join(HERE, "log.22Nov26.molten_salt_{}.g++.1")


def thermo(path):
    """the thermo rows of the (last) run of a log as {column: array}, and the fix's kd"""
    cols, header, rows, kd = None, None, [], None
    for line in open(path):
        w = line.split()
        if w[:2] == ["fix", "1"] and "kd" in w:
            kd = w[w.index("kd") + 1]
        if w and w[0] == "Step":
            cols, header, rows = w, w, []
            continue
        if cols and len(w) == len(cols):
            try:
                rows.append([float(x) for x in w])
            except ValueError:
                cols = None
        elif cols:
            cols = None
    if not rows:
        raise SystemExit(f"no thermo rows in {path}")
    d = np.array(rows)
    out = {c: d[:, i] for i, c in enumerate(header)}
    out["kd"] = kd
    return out


def sd_line(path):
    d = thermo(path)
    T = d["Temp"] - d["f_1[5]"]    # the error: SD(T) at a fixed target
    n = len(T)
    return (f"{os.path.basename(path)}: kd {d['kd']}: SD(T - target) = {T.std(ddof=1):.2f} K over "
            f"{d['Time'][-1] * 1e3:.0f} ps ({n} samples), {T[n // 2:].std(ddof=1):.2f} K over the "
            f"second half; mean {T.mean():.2f} K; econserve drift "
            f"{d['Econserve'][-1] - d['Econserve'][0]:+.3f} (of etotal change "
            f"{d['TotEng'][-1] - d['TotEng'][0]:+.1f})")


def plateaus(d):
    """(first index, last index + 1, target) of each stretch of constant target"""
    tt = d["f_1[5]"]
    cut = [0] + [i for i in range(1, len(tt)) if tt[i] != tt[i - 1]] + [len(tt)]
    return [(a, b, tt[a]) for a, b in zip(cut[:-1], cut[1:])]


def step_report(name, d):
    T, t = d["Temp"], d["Time"] * 1e3   # ps
    for a, b, tgt in plateaus(d):
        seg = T[a:b]
        late = T[a + (b - a) // 4:b]
        line = (f"  {name} target {tgt:.0f} K ({t[a]:.1f}-{t[b - 1]:.1f} ps): mean {seg.mean():.1f}, "
                f"SD {seg.std(ddof=1):.1f} K (after its first quarter: mean {late.mean():.1f}, "
                f"SD {late.std(ddof=1):.1f})")
        if a > 0:
            prev = T[a - 1]
            jump = tgt - d["f_1[5]"][a - 1]
            # first sample within 10 % of the step of the new target, and the largest overshoot
            within = np.nonzero(np.abs(seg - tgt) <= 0.1 * abs(jump))[0]
            # t[a]: the step at which the target changed (the row of step 20000, ...)
            rise = f"{t[a + within[0]] - t[a]:.1f} ps" if len(within) else "never"
            # the overshoot: the largest excursion past the target in the 3 ps after the step
            # (a little more than one NH period, 2.5 ps)
            past = (np.sign(jump) * (seg - tgt))[t[a:b] - t[a] <= 3.0]
            over = np.argmax(past)
            line += (f"; step {jump:+.0f} K from T = {prev:.0f}: within 10 % of the step after "
                     f"{rise}, largest excursion past the target in 3 ps {past[over]:.0f} K at "
                     f"{t[a + over] - t[a]:.1f} ps")
        print(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for k in ("nh", "mnh", "step_nh", "step_mnh"):
        ap.add_argument("--" + k.replace("_", "-"), dest=k, default=REF.format(k))
    ap.add_argument("--outdir", default=HERE)
    ap.add_argument("--sd", nargs="+", metavar="LOG")
    a = ap.parse_args()
    if a.sd:
        for p in a.sd:
            print(sd_line(p))
        return

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    d = {k: thermo(getattr(a, k)) for k in ("nh", "mnh", "step_nh", "step_mnh")}
    for k in ("nh", "mnh", "step_nh", "step_mnh"):
        print(sd_line(getattr(a, k)))
    print("stepped target:")
    step_report("NH ", d["step_nh"])
    step_report("MNH", d["step_mnh"])
    nf = 303.0
    print(f"canonical SD of the kinetic temperature, T sqrt(2/Nf) at 773 K, Nf = {nf:.0f}: "
          f"{773.0 * np.sqrt(2.0 / nf):.1f} K")

    lab = {k: ("NH (kd 0)" if d[k]["kd"] in ("0", "0.0") else f"MNH (kd {d[k]['kd']} ns)") for k in d}
    col = {"nh": "tab:red", "mnh": "tab:blue", "step_nh": "tab:red", "step_mnh": "tab:blue"}
    fig, ax = plt.subplots(3, 1, figsize=(8, 10))
    for k in ("nh", "mnh"):
        T = d[k]["Temp"]
        ax[0].plot(d[k]["Time"] * 1e3, T, color=col[k], lw=0.8,
                   label=f"{lab[k]}: SD {T.std(ddof=1):.1f} K")
    ax[0].axhline(773.0, color="k", ls="--", lw=0.8, label="target 773 K")
    ax[0].set_ylabel("T (K)")
    ax[0].set_title("(a) fixed target")
    ax[0].legend(loc="upper right", fontsize=8)
    for k in ("step_nh", "step_mnh"):
        ax[1].plot(d[k]["Time"] * 1e3, d[k]["Temp"], color=col[k], lw=0.8, label=lab[k])
    ax[1].plot(d["step_mnh"]["Time"] * 1e3, d["step_mnh"]["f_1[5]"], color="k", ls="--", lw=0.8,
               label="target (v_Tstep)")
    ax[1].set_ylabel("T (K)")
    ax[1].set_title("(b) stepped target")
    ax[1].legend(loc="upper right", fontsize=8)
    for k in ("nh", "mnh"):
        t = d[k]["Time"] * 1e3
        ax[2].plot(t, d[k]["TotEng"], color=col[k], lw=0.8, ls=":", label=f"{lab[k]}: etotal")
        ax[2].plot(t, d[k]["Econserve"], color=col[k], lw=1.2, label=f"{lab[k]}: etotal - W")
        ax[2].plot(t, d[k]["PotEng"], color=col[k], lw=0.6, alpha=0.5, label=f"{lab[k]}: pe")
    ax[2].set_ylabel("energy (ag nm$^2$ ns$^{-2}$)")
    ax[2].set_xlabel("time (ps)")
    ax[2].set_title("(c) energy and the thermostat's work W (fixed target)")
    ax[2].legend(loc="center right", fontsize=7, ncol=2)
    for x in ax[:2]:
        x.set_xlabel("time (ps)")
    fig.suptitle("fix nh/mod: 100 ions + SiO$_2$ particle (thesis ch. 3), Q = 1e-3 ag nm$^2$")
    fig.tight_layout()
    fig.savefig(os.path.join(a.outdir, "molten_salt_temperature.png"), dpi=110)

    fig, ax = plt.subplots(1, 2, figsize=(11, 4.8))
    for k in ("nh", "mnh"):
        ax[0].plot(d[k]["f_1[1]"], d[k]["f_1[2]"], color=col[k], lw=0.5, label=lab[k])
        ax[0].plot(d[k]["f_1[1]"][0], d[k]["f_1[2]"][0], "o", color=col[k], ms=4)
    ax[0].set_title("NH and MNH (same axes)")
    k = "mnh"
    sc = ax[1].scatter(d[k]["f_1[1]"], d[k]["f_1[2]"], c=d[k]["Time"] * 1e3, s=3, cmap="viridis")
    ax[1].plot(d[k]["f_1[1]"], d[k]["f_1[2]"], color=col[k], lw=0.2)
    fig.colorbar(sc, ax=ax[1], label="time (ps)")
    ax[1].set_title(f"{lab[k]} alone (zoom)")
    for x in ax:
        x.set_xlabel(r"$\zeta$ = f_1[1] (ns$^{-1}$)")
        x.set_ylabel(r"$\dot\zeta$ = f_1[2] (ns$^{-2}$)")
        x.axhline(0, color="k", lw=0.4)
        x.axvline(0, color="k", lw=0.4)
    ax[0].legend(fontsize=8)
    fig.suptitle(r"phase portraits ($\zeta$, $\dot\zeta$) at the fixed target, every 100 fs (dot: start)")
    fig.tight_layout()
    fig.savefig(os.path.join(a.outdir, "molten_salt_phase.png"), dpi=110)


if __name__ == "__main__":
    main()
