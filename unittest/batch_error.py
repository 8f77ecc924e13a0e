#!/usr/bin/env python3
"""Run LAMMPS as a batch job would (stdout and stderr redirected to files, no
terminal) and check that its ERROR line, with every given text, is in the
screen file and, unless --no-log, in log.lammps.
Usage: batch_error.py --expect TEXT [--expect TEXT ...] [--no-log] -- COMMAND..."""
import argparse
import os
import subprocess
import sys
import atexit
import shutil
import tempfile

ap = argparse.ArgumentParser()
ap.add_argument("--expect", action="append", required=True)
ap.add_argument("--no-log", action="store_true", help="the error is raised on a rank other than 0")
ap.add_argument("cmd", nargs=argparse.REMAINDER)
a = ap.parse_args()
cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
tmp = tempfile.mkdtemp(prefix="geomint_batch_")
# removed at exit (GEOMINT_KEEP_TMP=1 keeps it for a look)
if not os.environ.get("GEOMINT_KEEP_TMP"):
    atexit.register(shutil.rmtree, tmp, True)
screen, errfile = os.path.join(tmp, "screen.out"), os.path.join(tmp, "stderr.out")
with open(screen, "w") as out, open(errfile, "w") as err:
    r = subprocess.run(cmd, cwd=tmp, stdout=out, stderr=err, stdin=subprocess.DEVNULL, timeout=300)
if r.returncode == 0:
    sys.exit("expected the run to fail with an ERROR; it succeeded")


def error_lines(path):
    if not os.path.exists(path):
        return []
    with open(path, errors="replace") as f:
        return [l.rstrip() for l in f if "ERROR" in l]


places = [("the screen file", screen)] + ([] if a.no_log else [("log.lammps", os.path.join(tmp, "log.lammps"))])
failed = False
for name, path in places:
    lines = error_lines(path)
    ok = [l for l in lines if all(t in l for t in a.expect)]
    print("%s: %s" % (name, ok[0] if ok else "no ERROR line with %s (ERROR lines: %s)" % (a.expect, lines)))
    failed = failed or not ok
sys.exit(1 if failed else 0)
