#!/usr/bin/env python3
"""LAMMPS's bench/in.chain under fix bagogab (issue "Trustworthy in real
workflows", item 6): the mean thermo temperature over NRUN steps must be
within 0.5 % of the target 1.0 with vout half (the default), and the full-step
velocities (vout full) must show the known BAOAB bias (T below 0.99).
Usage: chain_temperature.py LMP DECK DATA [mpirun -np N]"""
import re
import subprocess
import sys

lmp, deck, data = sys.argv[1:4]
launcher = sys.argv[4:]


def mean_temperature(vout, nrun):
    out = subprocess.run(launcher + [lmp, "-in", deck, "-var", "vout", vout, "-var", "data", data,
                                     "-var", "nrun", str(nrun), "-log", "none"],
                         capture_output=True, text=True, timeout=900).stdout
    m = re.search(r"CHAIN vout \S+ T ([0-9.]+)", out)
    if not m:
        sys.exit("no CHAIN line:\n" + out[-3000:])
    return float(m.group(1))


# 32000 atoms: sigma_T/T = sqrt(2/(3N)) = 0.0046 per sample, KE correlation
# time ~ damp/2 = 5 (420 steps): 10000 steps give SE ~ 0.0046/sqrt(24) ~ 0.001,
# so the 0.5 % tolerance is ~5 SE; the full-step bias (~3 %) is ~30 SE away
t_half = mean_temperature("half", 10000)
t_full = mean_temperature("full", 3000)
print("in.chain <T>: vout half %.5f, vout full %.5f (target 1.0)" % (t_half, t_full))
ok = abs(t_half - 1.0) <= 0.005 and t_full < 0.99
sys.exit(0 if ok else "FAILED: need |T_half - 1| <= 0.005 and T_full < 0.99")
