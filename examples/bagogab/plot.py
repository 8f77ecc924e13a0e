#!/usr/bin/env python3
"""Plot temperature and potential energy against time from a LAMMPS log of
in.bagogab_lj.   usage: python3 plot.py log.lammps out.png"""
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt


def read_thermo(path):
    cols, rows = None, []
    with open(path) as f:
        for line in f:
            w = line.split()
            if w[:2] == ["Step", "Time"]:
                cols = w
                continue
            if cols and w and w[0] == "Loop":
                break
            if cols and len(w) == len(cols):
                try:
                    rows.append([float(x) for x in w])
                except ValueError:
                    pass
    return cols, rows


def main():
    log = sys.argv[1] if len(sys.argv) > 1 else "log.lammps"
    png = sys.argv[2] if len(sys.argv) > 2 else "bagogab_lj.png"
    cols, rows = read_thermo(log)
    if not rows:
        sys.exit(f"no thermo data in {log}")
    col = {c: i for i, c in enumerate(cols)}
    t = [r[col["Time"]] for r in rows]
    fig, ax = plt.subplots(3, 1, figsize=(7, 8), sharex=True)
    ax[0].plot(t, [r[col["Temp"]] for r in rows], lw=1)
    ax[0].axhline(1.0, color="k", ls="--", lw=0.8, label="target T = 1.0")
    ax[0].set_ylabel("T")
    ax[0].legend()
    ax[1].plot(t, [r[col["PotEng"]] for r in rows], lw=1)
    ax[1].set_ylabel("total PE")
    ax[2].plot(t, [r[col["TotEng"]] for r in rows], lw=1, label="etotal")
    ax[2].plot(t, [r[col["v_econs"]] for r in rows], lw=1, label="etotal + f_1")
    ax[2].set_ylabel("total energy")
    ax[2].set_xlabel("time (LJ units)")
    ax[2].legend()
    fig.suptitle("fix bagogab: LJ liquid, NVT by BAOAB")
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    print(f"wrote {png}")


if __name__ == "__main__":
    main()
