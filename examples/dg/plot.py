#!/usr/bin/env python3
"""Total energy minus E0 against time, fix dg/nve vs fix nve, from the logs of
the decks in examples/dg (in.dimer, in.butane, in.collision).

Each deck prints 'DGRUN <example> <fx>' before a run (fx = dg or nve); the
thermo block that follows has the columns Step Time ... TotEng v_iters
(v_iters = f_ID[2], mean iterations per step of fix dg/nve; 0 for nve).

usage: python3 plot.py LOG [LOG ...] [-o OUTDIR]
  one PNG per example found in the logs: OUTDIR/<example>.png (OUTDIR default .)
  and a summary line per run: max |E - E0|, final mean iterations."""
import os
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt


def read_runs(path):
    """{(example, fx): {column: [values]}} from one log (the last run of each key wins)."""
    runs, key, cols, data = {}, None, None, None
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) == 3 and w[0] == "DGRUN":
                key, cols, data = (w[1], w[2]), None, None
                continue
            if key is None:
                continue
            if w[:2] == ["Step", "Time"]:
                cols = w
                data = {c: [] for c in cols}
                runs[key] = data
                continue
            if cols is None:
                continue
            if w and w[0] == "Loop":
                cols = None
                continue
            if len(w) == len(cols):
                try:
                    vals = [float(x) for x in w]
                except ValueError:
                    continue
                for c, v in zip(cols, vals):
                    data[c].append(v)
    return runs


def summary(runs):
    rows = []
    for (ex, fx), d in sorted(runs.items()):
        e = d["TotEng"]
        if not e:
            continue
        err = max(abs(x - e[0]) for x in e)
        it = d.get("v_iters", [0.0])[-1]
        rows.append((ex, fx, len(e), d["Time"][-1], e[0], err, it))
    return rows


# axis labels of the decks' unit systems
UNITS = {"dimer": ("time (LJ units)", "E - E0 (LJ units)"),
         "butane": ("time (fs)", "E - E0 (kcal/mol)"),
         "collision": ("time (LJ units)", "E - E0 (LJ units, whole system)")}


def plot_example(ex, runs, outdir):
    style = {"dg": dict(color="C0", lw=1.2, label="fix dg/nve"),
             "nve": dict(color="C3", lw=1.0, label="fix nve (velocity Verlet)")}
    fig, ax = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    for fx in ("nve", "dg"):
        d = runs.get((ex, fx))
        if not d or not d["TotEng"]:
            continue
        e0 = d["TotEng"][0]
        de = [x - e0 for x in d["TotEng"]]
        ax[0].plot(d["Time"], de, **style[fx])
        if fx == "dg":
            ax[1].plot(d["Time"], de, **style[fx])
            it = d.get("v_iters", [0.0])[-1]
            ax[1].set_title(f"fix dg/nve alone (mean iterations per step {it:.2f})", fontsize=9)
    xlabel, ylabel = UNITS.get(ex, ("time", "E - E0"))
    ax[0].set_ylabel(ylabel)
    ax[0].legend(fontsize=8)
    ax[1].set_ylabel(ylabel)
    ax[1].set_xlabel(xlabel)
    ax[1].ticklabel_format(axis="y", style="sci", scilimits=(-3, 3))
    fig.suptitle(f"{ex}: total energy, discrete gradient vs velocity Verlet")
    fig.tight_layout()
    png = os.path.join(outdir, f"{ex}.png")
    fig.savefig(png, dpi=110)
    plt.close(fig)
    return png


def main():
    args, outdir = [], "."
    it = iter(sys.argv[1:])
    for a in it:
        if a == "-o":
            outdir = next(it)
        else:
            args.append(a)
    if not args:
        args = ["log.lammps"]
    runs = {}
    for path in args:
        runs.update(read_runs(path))
    if not runs:
        sys.exit(f"no DGRUN blocks with thermo data in {' '.join(args)}")
    print(f"{'example':>10s} {'fx':>4s} {'rows':>6s} {'T':>8s} {'E0':>20s} "
          f"{'max|E-E0|':>10s} {'mean iter':>9s}")
    for ex, fx, n, t, e0, err, iters in summary(runs):
        print(f"{ex:>10s} {fx:>4s} {n:6d} {t:8.4g} {e0:20.12g} {err:10.3e} {iters:9.3f}")
    os.makedirs(outdir, exist_ok=True)
    for ex in sorted({k[0] for k in runs}):
        print("wrote", plot_example(ex, runs, outdir))


if __name__ == "__main__":
    main()
