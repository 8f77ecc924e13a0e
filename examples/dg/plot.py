#!/usr/bin/env python3
"""Total energy minus E0 against time, fix dg/nve vs fix nve, from the logs of
the decks in examples/dg (in.dimer, in.butane, in.collision, in.water).

Each deck prints 'DGRUN <example> <fx> [<tag>]' before a run (fx = dg or nve;
the optional tag tells apart runs of one integrator, e.g. 'dt1.0' in in.water);
the thermo block that follows has the columns Step Time ... TotEng v_iters
(v_iters = f_ID[2], mean iterations per step of fix dg/nve; 0 for nve), and
LAMMPS's 'Loop time of T on P procs for N steps' line ends it.

usage: python3 plot.py LOG [LOG ...] [-o OUTDIR]
  one PNG per example found in the logs: OUTDIR/<example>.png (OUTDIR default .)
  and a summary line per run: time step, max |E - E0| (absolute and relative to
  the mean kinetic energy <KE>, where the log has KinEng), final mean
  iterations, wall seconds per step and per unit of simulated time (from the
  loop time)."""
import os
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt


def read_runs(path):
    """{(example, fx, tag): {column: [values]}} from one log (the last run of each key
    wins); tag is '' for 'DGRUN <example> <fx>'.  The loop time and step count of the
    run are stored under the keys 'loop' and 'nloop'."""
    runs, key, cols, data = {}, None, None, None
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) in (3, 4) and w[0] == "DGRUN":
                key, cols, data = (w[1], w[2], w[3] if len(w) == 4 else ""), None, None
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
            if w[:3] == ["Loop", "time", "of"]:
                # Loop time of T on P procs for N steps with A atoms
                try:
                    data["loop"], data["nloop"] = float(w[3]), int(w[8])
                except (IndexError, ValueError):
                    pass
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


def time_step(d):
    """The time step of a run, from its first two thermo rows (0 if unknown)."""
    if len(d["Step"]) > 1 and d["Step"][1] > d["Step"][0]:
        return (d["Time"][1] - d["Time"][0]) / (d["Step"][1] - d["Step"][0])
    return 0.0


def run_order(key):
    """Sort key: the example (a stable sort keeps the runs of one example in log order)."""
    return key[0]


def summary(runs):
    rows = []
    for key in sorted(runs, key=run_order):
        ex, fx, tag = key
        d = runs[key]
        e = d["TotEng"]
        if not e:
            continue
        err = max(abs(x - e[0]) for x in e)
        ke = d.get("KinEng")
        rel = err / (sum(ke) / len(ke)) if ke and sum(ke) > 0 else float("nan")
        it = d.get("v_iters", [0.0])[-1]
        dt = time_step(d)
        wall = d["loop"] / d["nloop"] if d.get("nloop") else float("nan")
        per_t = wall / dt if dt > 0 else float("nan")
        rows.append((ex, fx, tag, dt, len(e), d["Time"][-1], e[0], err, rel, it, wall, per_t))
    return rows


# axis labels of the decks' unit systems
UNITS = {"dimer": ("time (LJ units)", "E - E0 (LJ units)"),
         "butane": ("time (fs)", "E - E0 (kcal/mol)"),
         "collision": ("time (LJ units)", "E - E0 (LJ units, whole system)"),
         "water": ("time (fs)", "E - E0 (kcal/mol, whole system)")}


def plot_example(ex, runs, outdir):
    names = {"dg": "fix dg/nve", "nve": "fix nve (velocity Verlet)"}
    colors = {"dg": ["C0", "C2", "C4", "C9"], "nve": ["C3", "C1", "C5", "C6"]}
    keys = sorted((k for k in runs if k[0] == ex and runs[k]["TotEng"]), key=run_order)
    fig, ax = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    used = {"dg": 0, "nve": 0}
    dg_iters = []
    # Verlet first, so that the flat DG curves are drawn on top
    for key in sorted(keys, key=lambda k: k[1] != "nve"):
        fx, tag = key[1], key[2]
        d = runs[key]
        e0 = d["TotEng"][0]
        de = [x - e0 for x in d["TotEng"]]
        label = names.get(fx, fx)
        if tag:
            label += ", " + (f"dt {tag[2:]}" if tag.startswith("dt") else tag)
        pal = colors.get(fx, ["k"])
        st = dict(color=pal[used.get(fx, 0) % len(pal)], lw=1.2 if fx == "dg" else 1.0, label=label)
        used[fx] = used.get(fx, 0) + 1
        ax[0].plot(d["Time"], de, **st)
        if fx == "dg":
            ax[1].plot(d["Time"], de, **st)
            it = d.get("v_iters", [0.0])[-1]
            dg_iters.append((tag, it))
    if len(dg_iters) == 1:
        ax[1].set_title(f"fix dg/nve alone (mean iterations per step {dg_iters[0][1]:.2f})",
                        fontsize=9)
    elif dg_iters:
        its = ", ".join(f"{it:.2f} ({tag[2:] + ' fs' if tag.startswith('dt') else tag})"
                        for tag, it in dg_iters)
        ax[1].set_title(f"fix dg/nve alone (mean iterations per step {its})", fontsize=9)
        ax[1].legend(fontsize=8)
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
    print(f"{'example':>10s} {'fx':>4s} {'tag':>7s} {'dt':>6s} {'rows':>6s} {'T':>8s} "
          f"{'E0':>20s} {'max|E-E0|':>10s} {'/<KE>':>9s} {'mean iter':>9s} "
          f"{'wall/step':>10s} {'wall/time':>10s}")
    for ex, fx, tag, dt, n, t, e0, err, rel, iters, wall, per_t in summary(runs):
        print(f"{ex:>10s} {fx:>4s} {tag or '-':>7s} {dt:6.4g} {n:6d} {t:8.4g} {e0:20.12g} "
              f"{err:10.3e} {rel:9.2e} {iters:9.3f} {wall:10.3e} {per_t:10.3e}")
    print("(/<KE>: max|E-E0| over the mean kinetic energy, where the log has KinEng; "
          "wall/step: LAMMPS loop time per step in s; wall/time: per unit of simulated "
          "time, s/fs in units real)")
    os.makedirs(outdir, exist_ok=True)
    for ex in sorted({k[0] for k in runs}):
        print("wrote", plot_example(ex, runs, outdir))


if __name__ == "__main__":
    main()
