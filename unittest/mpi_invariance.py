#!/usr/bin/env python3
"""Run one LAMMPS deck in several ways and compare the final per-atom state.

Default: the deck on each rank count of --ranks; every run must agree with the
first one.  --kk RANKS:THREADS (repeatable): also with '-k on t THREADS -sf kk'
on RANKS ranks (the /kk styles), compared with the first plain run.  --restart N: the deck on N ranks with mode=whole (2n steps) against
mode=first (n steps, write_restart) followed by mode=second (read_restart,
n steps).

The deck writes a dump sorted by id, with columns id xu yu zu vx vy vz and
optionally more (per-atom state of a fix), to the file named by the variable
'out'.  Fails (exit 1) if any |dx|, |dv| or other column differs by more than
--tol, or if the log lines starting with --match differ."""
import argparse
import os
import subprocess
import sys
import atexit
import shutil
import tempfile


def read_dump(path):
    rows = {}
    with open(path) as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("ITEM: ATOMS")) + 1
    for l in lines[start:]:
        w = l.split()
        rows[int(w[0])] = [float(x) for x in w[1:]]
    return rows


class Runner:
    def __init__(self, a, tmp):
        self.a, self.tmp = a, tmp

    def run(self, nranks, tag, extra=(), lmp_args=()):
        """Run the deck; returns (dump rows or None, matched log lines)."""
        a, tmp = self.a, self.tmp
        out, log = os.path.join(tmp, f"{tag}.dump"), os.path.join(tmp, f"{tag}.log")
        cmd = [a.mpirun, "-np", str(nranks), "--oversubscribe", a.lmp, *lmp_args, "-in", a.deck,
               "-var", "out", out, "-log", log, "-screen", "none"]
        for k, v in list(a.var) + list(extra):
            cmd += ["-var", k, v]
        r = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
        if r.returncode != 0:
            print("FAILED:", " ".join(cmd), "\n", r.stdout[-3000:], r.stderr[-3000:])
            try:
                print(open(log).read()[-3000:])
            except OSError:
                pass
            sys.exit(1)
        with open(log) as f:
            matched = [l for l in f if l.startswith(a.match)]
        return (read_dump(out) if os.path.exists(out) else None), matched


def compare(ref, other, tol, label):
    (rd, rm), (od, om) = ref, other
    if rd is None or od is None or set(rd) != set(od):
        print(f"{label}: missing dump or different atom ids")
        return False
    dx = max(abs(p - q) for t in rd for p, q in zip(rd[t][:3], od[t][:3]))
    dv = max(abs(p - q) for t in rd for p, q in zip(rd[t][3:6], od[t][3:6]))
    de = max((abs(p - q) for t in rd for p, q in zip(rd[t][6:], od[t][6:])), default=0.0)
    same = rm == om
    ok = dx <= tol and dv <= tol and de <= tol and same
    print(f"{label}: max|dx| = {dx:.3e}, max|dv| = {dv:.3e}, max|d(other columns)| = {de:.3e} "
          f"(tol {tol:g}); {'same' if same else 'DIFFERENT'} matched log lines "
          f"{'ok' if ok else 'FAIL'}")
    if not same:
        print("  reference:", rm, "\n  other:    ", om)
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lmp", required=True)
    ap.add_argument("--mpirun", default="mpirun")
    ap.add_argument("--deck", required=True)
    ap.add_argument("--ranks", type=int, nargs="+", default=[1, 2, 4])
    ap.add_argument("--restart", type=int, metavar="N",
                    help="compare whole vs first+second restart runs on N ranks instead")
    ap.add_argument("--tol", type=float, default=1e-10)
    ap.add_argument("--setup", help="deck run once on 1 rank first; it writes ${data}")
    ap.add_argument("--var", nargs=2, action="append", default=[])
    ap.add_argument("--generate", help="python script run once in the work directory first")
    ap.add_argument("--kk", action="append", default=[], metavar="RANKS:THREADS",
                    help="also run with -k on t THREADS -sf kk on RANKS ranks")
    ap.add_argument("--match", default="MATCH",
                    help="log lines starting with this must be identical in the compared runs")
    a = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="geomint_mpi_")
    # removed at exit (GEOMINT_KEEP_TMP=1 keeps it for a look)
    if not os.environ.get("GEOMINT_KEEP_TMP"):
        atexit.register(shutil.rmtree, tmp, True)
    if a.generate:
        # Debian's python3 has numpy (./geomint setup installs python3-numpy)
        py = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
        r = subprocess.run([py, a.generate], cwd=tmp, capture_output=True, text=True)
        if r.returncode != 0:
            print("generator failed:", r.stdout[-3000:], r.stderr[-3000:])
            return 1
    data = os.path.join(tmp, "start.data")
    if a.setup:
        # (the deck's own variables too: e.g. where its data files are)
        setup_vars = [w for name, value in a.var for w in ("-var", name, value)]
        r = subprocess.run([a.lmp, "-in", a.setup, "-var", "data", data, *setup_vars, "-log",
                            "none", "-screen", "none"], cwd=tmp, capture_output=True, text=True)
        if r.returncode != 0 or not os.path.exists(data):
            print("setup deck failed:", r.stdout[-3000:], r.stderr[-3000:])
            return 1
        a.var.append(["data", data])

    runner = Runner(a, tmp)
    if a.restart:
        n = a.restart
        whole = runner.run(n, "whole", [("mode", "whole")])
        runner.run(n, "first", [("mode", "first")])
        second = runner.run(n, "second", [("mode", "second")])
        return 0 if compare(whole, second, a.tol, f"np{n} whole vs restarted") else 1

    results = {n: runner.run(n, f"np{n}") for n in a.ranks}
    ref_n = a.ranks[0]
    ok = True
    for n in a.ranks[1:]:
        ok = compare(results[ref_n], results[n], a.tol, f"np{ref_n} vs np{n}") and ok
    os.environ.setdefault("OMP_PROC_BIND", "false")
    for spec in a.kk:
        nr, nt = (int(x) for x in spec.split(":"))
        kk = runner.run(nr, f"kk_np{nr}_t{nt}", lmp_args=("-k", "on", "t", str(nt), "-sf", "kk"))
        ok = compare(results[ref_n], kk, a.tol, f"np{ref_n} vs /kk np{nr} x {nt} threads") and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
