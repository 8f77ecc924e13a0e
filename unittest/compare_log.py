#!/usr/bin/env python3
"""Run an example deck and compare its thermo output with the example's reference log.

Every thermo row the run prints must match the reference row of the same step
to a relative tolerance (default 1e-7: the reference was made on the same rank
count, so only compiler and libm differences, amplified by the chaos of a short
run, can separate the two).
Usage: compare_log.py --ref REF --tol TOL -- COMMAND... (COMMAND must write log.test)
"""
import argparse, subprocess, sys


def thermo(path):
    """thermo rows keyed by (run section, step): a section starts at each 'Step' header"""
    rows, header, section = {}, None, -1
    for line in open(path):
        w = line.split()
        if w and w[0] == "Step":
            header = w
            section += 1
            continue
        if header and len(w) == len(header):
            try:
                vals = [float(x) for x in w]
            except ValueError:
                header = None
                continue
            rows[(section, int(vals[0]))] = dict(zip(header, vals))
        elif header:
            header = None
    return rows


ap = argparse.ArgumentParser()
ap.add_argument("--ref", required=True)
ap.add_argument("--log", default="log.test")
ap.add_argument("--tol", type=float, default=1e-7)
ap.add_argument("cmd", nargs=argparse.REMAINDER)
a = ap.parse_args()
cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
subprocess.run(cmd, check=True)
ref, got = thermo(a.ref), thermo(a.log)
if not got:
    sys.exit("no thermo rows in " + a.log)
worst = 0.0
for step, row in got.items():
    if step not in ref:
        sys.exit(f"run {step[0] + 1}, step {step[1]} is not in the reference log {a.ref}")
    for k, v in row.items():
        r = ref[step][k]
        err = abs(v - r) / max(abs(r), 1e-300)
        if abs(v - r) > a.tol * max(abs(r), 1.0):
            sys.exit(f"run {step[0] + 1}, step {step[1]}, {k}: {v} vs reference {r} "
                     f"(rel. diff {err:.3g} > {a.tol})")
        worst = max(worst, err)
print(f"{len(got)} thermo rows match the reference; largest relative difference {worst:.3g}")
