#!/usr/bin/env python3
"""Run a command that must fail with a LAMMPS ERROR containing every given text.
Usage: expect_error.py [--generate SCRIPT] --expect TEXT [--expect TEXT ...] -- COMMAND...
The command runs in a fresh temporary directory (after SCRIPT, if given, wrote its inputs)."""
import argparse
import os
import subprocess
import sys
import atexit
import shutil
import tempfile

ap = argparse.ArgumentParser()
ap.add_argument("--generate")
ap.add_argument("--expect", action="append", required=True)
ap.add_argument("cmd", nargs=argparse.REMAINDER)
a = ap.parse_args()
cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
tmp = tempfile.mkdtemp(prefix="geomint_err_")
# removed at exit (GEOMINT_KEEP_TMP=1 keeps it for a look)
if not os.environ.get("GEOMINT_KEEP_TMP"):
    atexit.register(shutil.rmtree, tmp, True)
if a.generate:
    py = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
    subprocess.run([py, a.generate], cwd=tmp, check=True)
r = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, timeout=300)
out = r.stdout + r.stderr
errors = [l for l in out.splitlines() if "ERROR" in l]
if r.returncode == 0 or not errors:
    sys.exit("expected a LAMMPS ERROR, the command %s (exit %d):\n%s" % (
        "succeeded" if r.returncode == 0 else "failed without one", r.returncode, out[-2000:]))
missing = [t for t in a.expect if not any(t in l for l in errors)]
if missing:
    sys.exit("the ERROR does not say %s:\n%s" % (missing, "\n".join(errors)))
print("ERROR as expected:", errors[0])
