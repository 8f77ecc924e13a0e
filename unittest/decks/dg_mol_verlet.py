#!/usr/bin/env python3
"""Velocity-Verlet reference data of the GEOMINT molecular test systems.

  python3 unittest/decks/dg_mol_verlet.py [--pair dsf|lj] [--sys butane water]
                                          [--dt 0.25 0.5 ...] [--nsteps 10000] [--dg]
  (from the project root; runs ./geomint lmp one run at a time, logs in $TMPDIR/dg_mol_logs)

For each system and time step it runs dg_mol_run.in twice from the equilibrated state:
  1. thermo every step (every=1): E(t) = etotal = pe + ke sampled at every step;
     reports max_t |E(t) - E(0)| in kcal/mol and divided by the mean kinetic energy
     <KE> of the run, the rms of E(t) - <E>, and the drift E(end) - E(0);
  2. thermo only at the start and end: the wall time per step (LAMMPS loop time / nsteps,
     1 MPI rank, 1 thread), without the cost of printing every step.
Criterion: a step is Verlet-stable if max|E - E0| <= 1e-3 <KE> over the run.
--dg instead runs fix dg/nve (pair lj, charges off; /dg styles) for --nsteps steps and
reports the iteration counts (f_1[1] last, f_1[2] mean) and the energy error.
Prints markdown tables (the ones in dg_mol_README.md).
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DECK = os.path.join("unittest", "decks", "dg_mol_run.in")
CRIT = 1e-3


def run(logdir, name, **var):
    log = os.path.join(logdir, name + ".log")
    cmd = [os.path.join(ROOT, "geomint"), "lmp", "-in", DECK, "-log", log, "-screen", "none"]
    for k, v in var.items():
        cmd += ["-var", k, str(v)]
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    text = open(log).read() if os.path.exists(log) else ""
    if p.returncode != 0 or "Loop time" not in text:
        err = [l for l in (text + p.stdout).splitlines() if "ERROR" in l]
        return None, None, (err[0] if err else "exit %d" % p.returncode)
    rows, head, loop = [], None, None
    for line in text.splitlines():
        w = line.split()
        if w[:2] == ["Step", "Time"]:
            head = w
            continue
        if line.startswith("Loop time"):
            loop = float(w[3]) / float(w[8])
            head = None
            continue
        if head and len(w) == len(head):
            try:
                rows.append(dict(zip(head, map(float, w))))
            except ValueError:
                pass
    return rows, loop, None


def stats(rows):
    e = [r["TotEng"] for r in rows]
    ke = sum(r["KinEng"] for r in rows) / len(rows)
    emean = sum(e) / len(e)
    dmax = max(abs(x - e[0]) for x in e)
    rms = (sum((x - emean) ** 2 for x in e) / len(e)) ** 0.5
    return dict(ke=ke, dmax=dmax, rel=dmax / ke, rms=rms, drift=e[-1] - e[0], e0=e[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pair", default="dsf", choices=["dsf", "lj"])
    ap.add_argument("--sys", nargs="+", default=["butane", "water"])
    ap.add_argument("--dt", nargs="+", type=float, default=[0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0])
    ap.add_argument("--nsteps", type=int, default=10000)
    ap.add_argument("--dg", action="store_true")
    ap.add_argument("--tol", default="1e-10")
    a = ap.parse_args()
    logdir = os.path.join(tempfile.gettempdir(), "dg_mol_logs")
    os.makedirs(logdir, exist_ok=True)

    if a.dg:
        print("| system | dt (fs) | steps | converged | f_1[1] last | f_1[2] mean | max f_1[6] "
              "| max abs(E-E0) (kcal/mol) | rel. to <KE> | wall s/step |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for s in a.sys:
            for dt in a.dt:
                name = "dg_%s_%g" % (s, dt)
                rows, loop, err = run(logdir, name, sys=s, fx="dg", pair="lj", dt=dt,
                                      nsteps=a.nsteps, every=1, tol=a.tol)
                if err:
                    print("| %s | %g | %d | no: %s | | | | | | |" % (s, dt, a.nsteps, err))
                    continue
                st = stats(rows)
                print("| %s | %g | %d | yes | %d | %.3f | %.2e | %.3e | %.2e | %.2e |" % (
                    s, dt, a.nsteps, rows[-1]["v_iters"], rows[-1]["v_miters"],
                    max(r["v_eerr"] for r in rows), st["dmax"], st["rel"], loop))
                sys.stdout.flush()
        return

    print("| system | pair | dt (fs) | <KE> (kcal/mol) | max abs(E-E0) (kcal/mol) | rel. to <KE> "
          "| rms(E) (kcal/mol) | E(end)-E(0) | wall s/step | Verlet-stable (<= 1e-3) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    best = {}
    for s in a.sys:
        for dt in a.dt:
            name = "nve_%s_%s_%g" % (s, a.pair, dt)
            rows, _, err = run(logdir, name, sys=s, pair=a.pair, dt=dt, nsteps=a.nsteps, every=1)
            _, loop, err2 = run(logdir, name + "_timing", sys=s, pair=a.pair, dt=dt,
                                nsteps=a.nsteps, every=a.nsteps)
            if err or err2:
                print("| %s | %s | %g | failed: %s | | | | | | no |" % (s, a.pair, dt, err or err2))
                continue
            st = stats(rows)
            ok = st["rel"] <= CRIT
            if ok and dt > best.get(s, 0.0):
                best[s] = dt
            print("| %s | %s | %g | %.2f | %.3e | %.2e | %.2e | %+.2e | %.2e | %s |" % (
                s, a.pair, dt, st["ke"], st["dmax"], st["rel"], st["rms"], st["drift"], loop,
                "yes" if ok else "no"))
            sys.stdout.flush()
    for s in a.sys:
        print("\nlargest Verlet-stable dt, %s, pair %s: %s fs" % (s, a.pair, best.get(s, "none")))


if __name__ == "__main__":
    main()
