#!/usr/bin/env python3
"""The largest stable time step of each method, the LAMMPS analogue of the
wall-time savings of Guy's thesis (ch. 4: 24 %, ch. 5: 97.4 %, both from adaptive
Kutta-Merson step control; here velocity Verlet or fix rigid at a fixed dt).

atomistic (in.atomistic: NH, unscaled MNH, scaled MNH at a2 = 1e-3, 1e-2, 1e-1;
the same relaxed start at 973 K, 50 ps at each dt).  A run is
  completes  LAMMPS finishes it (no lost atoms: an ion driven through a wall
             or another ion by a too-long step leaves the box, boundary f f f)
  T          it completes, and every 1-ps mean of T after the first 10 ps
             (the relaxation of the 26 % start error) is within 20 % of 773 K
  energy     it completes, and max |econs - econs(0)| <= 1 % of the target
             kinetic energy Nf kB T / 2 = 1617 ag nm^2 ns^-2 (econs = ke +
             a2 pe - W: constant but for the integration error)
docking (in.docking: unscaled, constant, adaptive; 200 us each).  A run is
  stable     it completes, no ligand crosses the receptor plane (gap > 0.5 nm
             throughout), the eq. 5.18 balance drifts by less than half the
             drag work |W_d| (the runs that blow up drift by 90-120 %, the
             others by 4-25 %), and (adaptive) a2* switches exactly once in
             the output.  When it docks (gap < 5 nm first) is reported, not
             judged: with Brownian forces the docking time of the unscaled
             run varies from run to run
The largest stable dt of a criterion: the largest scanned dt that passes it
with every smaller scanned dt passing too.

usage: /usr/bin/python3 dt_scan.py [atomistic] [docking] [--jobs 2] [--logdir DIR] [--lmp LMP]
Writes dt_scan_atomistic.txt and dt_scan_docking.txt next to this script
(the committed ones are the reference); the logs go to --logdir (default: a
temporary directory).  --lmp: a LAMMPS binary (with LD_LIBRARY_PATH set for
the plugin); default ../../geomint lmp (about 4 min for both on 2 cores)."""
import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import thermo_log  # noqa: E402

T_TARGET = 773.0
KE_TARGET = 0.5 * 303 * 0.0138064852 * T_TARGET   # Nf kB T / 2 in units nano
ATOMISTIC = [("nh", "nh", None), ("mnh", "mnh", None), ("scaled a2=1e-3", "scaled", "1.0e-3"),
             ("scaled a2=1e-2", "scaled", "1.0e-2"), ("scaled a2=1e-1", "scaled", "1.0e-1")]
ATOMISTIC_DT = [1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24]       # fs
DOCKING = {"unscaled": [0.25, 0.5, 1.0, 1.5, 2.0, 3.0],                   # ns
           "constant": [5, 10, 15, 20, 25, 30, 40, 50, 75, 100],
           "adaptive": [5, 10, 15, 20, 25, 30, 40, 50, 75, 100]}


def lammps(lmp, deck, variables, log):
    cmd = list(lmp) + ["-in", deck, "-log", log, "-screen", "none", "-echo", "none"]
    for k, v in variables.items():
        cmd += ["-var", k, str(v)]
    subprocess.run(cmd, cwd=HERE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return log


def atomistic_verdict(log):
    loops, err = thermo_log.completed(log)
    if loops < 2:
        return {"completes": False, "T": False, "energy": False,
                "note": (err or "no output").replace("ERROR: ", "").split(" (")[0]}
    d = thermo_log.last_run(log)
    t, T, e = d["v_tps"], d["Temp"], d["v_econs"]
    blocks = {}
    for ti, Ti in zip(t, T):
        if ti > 10.0:
            blocks.setdefault(int(ti - 1e-9), []).append(Ti)
    worst_block = max(abs(sum(b) / len(b) / T_TARGET - 1.0) for b in blocks.values())
    de = max(abs(x - e[0]) for x in e)
    return {"completes": True, "T": worst_block <= 0.2, "energy": de <= 0.01 * KE_TARGET,
            "note": f"worst 1-ps mean {100 * worst_block:.1f} %, max|d econs| {de:.3g}"}


def docking_verdict(log, case):
    loops, err = thermo_log.completed(log)
    if loops < 1:
        return {"stable": False, "note": (err or "no output").replace("ERROR: ", "").split(" (")[0]}
    d = thermo_log.last_run(log)
    gap, a2s, bal, wd = d["v_gap"], d["f_1[1]"], d["v_balance"], d["f_1[5]"]
    switches = sum(1 for a, b in zip(a2s, a2s[1:]) if a != b)
    docked = next((i for i, g in enumerate(gap) if g < 5.0), None)
    drift = abs(bal[-1] - bal[0]) / max(abs(wd[-1]), 1e-300)
    ok = min(gap) > 0.5 and drift < 0.5 and (case != "adaptive" or switches == 1)
    when = f"docked at {d['v_tus'][docked]:g} us" if docked is not None else "not docked"
    return {"stable": ok, "note": f"{when}, final gap {gap[-1]:.2f} nm, min {min(gap):.2f}, "
            f"{switches} switch(es) in the output, balance drift {bal[-1] - bal[0]:.3g} "
            f"({100 * drift:.1f} % of |W_d|)"}


def largest(dts, ok):
    best = None
    for dt in dts:
        if not ok[dt]:
            break
        best = dt
    return best


def scan_atomistic(a, pool):
    jobs = {}
    for label, method, a2 in ATOMISTIC:
        for dt in ATOMISTIC_DT:
            var = {"method": method, "dt": dt, "runps": 50}
            if a2:
                var["a2"] = a2
            log = os.path.join(a.logdir, f"atomistic.{label.replace(' ', '_')}.dt{dt}.log")
            jobs[(label, dt)] = pool.submit(lammps, a.lmp, "in.atomistic", var, log)
    lines = ["# dt_scan.py atomistic: in.atomistic, 50 ps after the 20 ps relaxation, start 973 K, target 773 K",
             "# method          dt(fs) completes T energy  note"]
    summary = []
    for label, _, _ in ATOMISTIC:
        v = {dt: atomistic_verdict(jobs[(label, dt)].result()) for dt in ATOMISTIC_DT}
        for dt in ATOMISTIC_DT:
            r = v[dt]
            lines.append(f"{label:16s} {dt:6g} {'yes' if r['completes'] else 'no ':9s} "
                         f"{'yes' if r['T'] else 'no ':3s} {'yes' if r['energy'] else 'no ':6s} {r['note']}")
        best = {k: largest(ATOMISTIC_DT, {dt: v[dt][k] for dt in ATOMISTIC_DT}) for k in ("completes", "T", "energy")}
        summary.append(f"# largest stable dt, {label:16s}: completes {best['completes']} fs, "
                       f"T {best['T']} fs, energy {best['energy']} fs")
    text = "\n".join(lines + summary) + "\n"
    with open(os.path.join(HERE, "dt_scan_atomistic.txt"), "w") as f:
        f.write(text)
    print(text)


def scan_docking(a, pool):
    jobs = {}
    for case, dts in DOCKING.items():
        for dt in dts:
            log = os.path.join(a.logdir, f"docking.{case}.dt{dt}.log")
            jobs[(case, dt)] = pool.submit(lammps, a.lmp, "in.docking", {"case": case, "dt": dt}, log)
    lines = ["# dt_scan.py docking: in.docking, 200 us, a2 0.01, alpha 0.002 nm/ns, Brownian at 310 K",
             "# case      dt(ns) stable note"]
    summary = []
    for case, dts in DOCKING.items():
        v = {dt: docking_verdict(jobs[(case, dt)].result(), case) for dt in dts}
        for dt in dts:
            lines.append(f"{case:10s} {dt:6g} {'yes' if v[dt]['stable'] else 'no ':6s} {v[dt]['note']}")
        summary.append(f"# largest stable dt, {case:10s}: {largest(dts, {dt: v[dt]['stable'] for dt in dts})} ns")
    text = "\n".join(lines + summary) + "\n"
    with open(os.path.join(HERE, "dt_scan_docking.txt"), "w") as f:
        f.write(text)
    print(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("which", nargs="*", default=["atomistic", "docking"], choices=["atomistic", "docking"])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--logdir")
    ap.add_argument("--lmp", help="LAMMPS binary (default: ../../geomint lmp)")
    a = ap.parse_args()
    a.lmp = [a.lmp] if a.lmp else [os.path.join(HERE, "..", "..", "geomint"), "lmp"]
    tmp = None
    if not a.logdir:
        tmp = tempfile.TemporaryDirectory(prefix="dt_scan.")
        a.logdir = tmp.name
    os.makedirs(a.logdir, exist_ok=True)
    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        if "atomistic" in a.which:
            scan_atomistic(a, pool)
        if "docking" in a.which:
            scan_docking(a, pool)


if __name__ == "__main__":
    main()
