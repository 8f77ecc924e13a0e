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
    ap.add_argument("--generate", help="python script run once in the work directory first")
    ap.add_argument("--match", default="MATCH",
                    help="log lines starting with this must be identical on all rank counts")
    a = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="geomint_mpi_")
    if a.generate:
        # Debian's python3 has numpy (./geomint setup installs python3-numpy)
        py = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
        r = subprocess.run([py, a.generate], cwd=tmp, capture_output=True, text=True)
        if r.returncode != 0:
            print("generator failed:", r.stdout[-3000:], r.stderr[-3000:])
            return 1
    data = os.path.join(tmp, "start.data")
    if a.setup:
        r = subprocess.run([a.lmp, "-in", a.setup, "-var", "data", data, "-log", "none",
                            "-screen", "none"], cwd=tmp, capture_output=True, text=True)
        if r.returncode != 0 or not os.path.exists(data):
            print("setup deck failed:", r.stdout[-3000:], r.stderr[-3000:])
            return 1
        a.var.append(["data", data])
    results = {}
    matched = {}
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
        with open(os.path.join(tmp, f"np{n}.log")) as f:
            matched[n] = [l for l in f if l.startswith(a.match)]

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
        # further dump columns (per-atom state of the fix) must agree to the same tolerance
        de = max((abs(p - q) for t in ref for p, q in zip(ref[t][6:], other[t][6:])), default=0.0)
        same = matched[n] == matched[ref_n]
        status = "ok" if dx <= a.tol and dv <= a.tol and de <= a.tol and same else "FAIL"
        print(f"np{ref_n} vs np{n}: max|dx| = {dx:.3e}, max|dv| = {dv:.3e}, "
              f"max|d(other columns)| = {de:.3e} (tol {a.tol:g}); "
              f"{'same' if same else 'DIFFERENT'} {a.match} lines {status}")
        if not same:
            print("  np%d: %s  np%d: %s" % (ref_n, matched[ref_n], n, matched[n]))
        ok = ok and status == "ok"
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
