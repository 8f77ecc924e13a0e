#!/usr/bin/env python3
"""Run one LAMMPS deck on several MPI rank counts and compare the final
positions (unwrapped) and velocities atom by atom.  The deck writes a dump
sorted by id to the file named by the variable 'out'.  Fails (exit 1) if any
|dx| or |dv| exceeds --tol."""
import argparse
import os
import subprocess
import sys
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lmp", required=True)
    ap.add_argument("--mpirun", default="mpirun")
    ap.add_argument("--deck", required=True)
    ap.add_argument("--ranks", type=int, nargs="+", default=[1, 2, 4])
    ap.add_argument("--tol", type=float, default=1e-10)
    ap.add_argument("--setup", help="deck run once on 1 rank first; it writes ${data}")
    ap.add_argument("--var", nargs=2, action="append", default=[])
    a = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="geomint_mpi_")
    data = os.path.join(tmp, "start.data")
    if a.setup:
        r = subprocess.run([a.lmp, "-in", a.setup, "-var", "data", data, "-log", "none",
                            "-screen", "none"], cwd=tmp, capture_output=True, text=True)
        if r.returncode != 0 or not os.path.exists(data):
            print("setup deck failed:", r.stdout[-3000:], r.stderr[-3000:])
            return 1
        a.var.append(["data", data])
    results = {}
    for n in a.ranks:
        out = os.path.join(tmp, f"np{n}.dump")
        cmd = [a.mpirun, "-np", str(n), "--oversubscribe", a.lmp, "-in", a.deck,
               "-var", "out", out, "-log", os.path.join(tmp, f"np{n}.log"), "-screen", "none"]
        for k, v in a.var:
            cmd += ["-var", k, v]
        r = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
        if r.returncode != 0 or not os.path.exists(out):
            print("FAILED:", " ".join(cmd), "\n", r.stdout[-3000:], r.stderr[-3000:])
            try:
                print(open(os.path.join(tmp, f"np{n}.log")).read()[-3000:])
            except OSError:
                pass
            return 1
        results[n] = read_dump(out)

    ref_n = a.ranks[0]
    ref = results[ref_n]
    ok = True
    for n in a.ranks[1:]:
        other = results[n]
        if set(other) != set(ref):
            print(f"np{n}: different atom ids than np{ref_n}")
            ok = False
            continue
        dx = max(abs(p - q) for t in ref for p, q in zip(ref[t][:3], other[t][:3]))
        dv = max(abs(p - q) for t in ref for p, q in zip(ref[t][3:6], other[t][3:6]))
        status = "ok" if dx <= a.tol and dv <= a.tol else "FAIL"
        print(f"np{ref_n} vs np{n}: max|dx| = {dx:.3e}, max|dv| = {dv:.3e} (tol {a.tol:g}) {status}")
        ok = ok and status == "ok"
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
