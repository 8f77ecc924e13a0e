#!/usr/bin/env python3
"""ctest checks of examples/multiscale: run shortened decks, then test the
physics in their logs (pure Python: runs with the python3 CMake finds).

  atomistic-nh      NH (nh/mod kd 0) does not settle: SD(T) over the last 15 ps > 25 K
  atomistic-mnh     unscaled MNH: within 20 K of 773 K from 0.5 ps on, SD < 5 K after 5 ps
  atomistic-scaled  scaled MNH (a2 1e-3) converges, more slowly: SD over the first 10 ps
                    > 30 K (the underdamped overshoot, thesis Fig. 4.3), then mean within
                    10 K of 773 K and SD < 25 K over the last 10 ps; and the phase point
                    (zeta, zetadot) spirals in (max |zeta| in the last 10 ps < 1/3 of the
                    first 10 ps)
  (all three: econs = ke + a2 pe - W constant to 0.5 (of a kinetic energy of 1617))
  docking           5 us of the constant and the adaptive runs: the adaptive a2* starts at
                    1, switches exactly once to a2 (f_1[4] >= 0) and the carrier docks
                    (gap < 8 nm); the constant run moves less than 5 nm
  docking-balance   eq. 5.18 without Brownian forces: the unscaled run (100 us, docks)
                    keeps ke - W_d - W_p - W_k - W_b within 1e-5 |W_d| and W_p + W_k =
                    -(pe(t) - pe(0)) within 1e-3 |W_p|; the adaptive run at dt 10 and 5
                    ns: drift below 1e-4 |W_d| (the half-kick bookkeeping; the midpoint
                    rule it replaced drifted 11 %) and smaller at the smaller step

usage: check.py CHECK --lmp LAMMPS [--logdir DIR]   (run in examples/multiscale; the
       plugin must be on LD_LIBRARY_PATH, as ctest's environment sets it)"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import thermo_log  # noqa: E402

T_TARGET = 773.0


def run(a, deck, name, **var):
    log = os.path.join(a.logdir, f"log.multiscale_{name}")
    cmd = [a.lmp, "-in", deck, "-log", log, "-screen", "none", "-echo", "none"]
    for k, v in var.items():
        cmd += ["-var", k, str(v)]
    subprocess.run(cmd, cwd=HERE, check=True)
    d = thermo_log.last_run(log)
    if not d:
        sys.exit(f"no thermo output in {log}")
    return d


def mean(x):
    return sum(x) / len(x)


def sd(x):
    m = mean(x)
    return (sum((v - m) ** 2 for v in x) / (len(x) - 1)) ** 0.5


class Checks:
    def __init__(self):
        self.failed = []

    def expect(self, ok, what):
        print(("ok    " if ok else "FAIL  ") + what)
        if not ok:
            self.failed.append(what)


def atomistic(a, c, method):
    # 30 ps after a 10 ps relaxation (the reference logs: 50 ps after 20 ps)
    d = run(a, "in.atomistic", f"atomistic_{method}", method=method, runps=30, equilps=10)
    t, T, e, z = d["v_tps"], d["Temp"], d["v_econs"], d["v_zeta"]
    de = max(abs(x - e[0]) for x in e)
    c.expect(de < 0.5, f"{method}: max |econs - econs(0)| = {de:.3g} < 0.5")
    if method == "nh":
        late = [x for ti, x in zip(t, T) if ti > 15.0]
        c.expect(sd(late) > 25.0, f"nh: SD(T) over 15-30 ps = {sd(late):.1f} K > 25 K (the NH oscillation does not decay)")
        c.expect(abs(mean(late) - T_TARGET) < 40.0, f"nh: mean T over 15-30 ps = {mean(late):.1f} K, within 40 K of 773 K")
    elif method == "mnh":
        worst = max(abs(x - T_TARGET) for ti, x in zip(t, T) if ti >= 0.5)
        c.expect(worst < 20.0, f"mnh: max |T - 773 K| from 0.5 ps on = {worst:.1f} K < 20 K")
        late = [x for ti, x in zip(t, T) if ti > 5.0]
        c.expect(sd(late) < 5.0, f"mnh: SD(T) after 5 ps = {sd(late):.2f} K < 5 K")
    else:
        early = [x for ti, x in zip(t, T) if ti <= 10.0]
        late = [x for ti, x in zip(t, T) if ti > 20.0]
        c.expect(sd(early) > 30.0, f"scaled: SD(T) over 0-10 ps = {sd(early):.1f} K > 30 K (underdamped approach)")
        c.expect(abs(mean(late) - T_TARGET) < 10.0, f"scaled: mean T over 20-30 ps = {mean(late):.1f} K, within 10 K of 773 K")
        c.expect(sd(late) < 25.0, f"scaled: SD(T) over 20-30 ps = {sd(late):.1f} K < 25 K (converged)")
        z0 = max(abs(x) for ti, x in zip(t, z) if ti <= 10.0)
        z1 = max(abs(x) for ti, x in zip(t, z) if ti > 20.0)
        c.expect(z1 < z0 / 3.0, f"scaled: max |zeta| {z0:.3g} (0-10 ps) -> {z1:.3g} (20-30 ps) 1/ns: spirals in")


def docking(a, c):
    con = run(a, "in.docking", "docking_constant", case="constant", runus=5)
    ada = run(a, "in.docking", "docking_adaptive", case="adaptive", runus=5)
    a2s = ada["f_1[1]"]
    changes = sum(1 for x, y in zip(a2s, a2s[1:]) if x != y)
    c.expect(a2s[0] == 1.0 and abs(a2s[-1] - 0.01) < 1e-12 and changes == 1,
             f"adaptive: a2* {a2s[0]:g} -> {a2s[-1]:g}, {changes} change(s) in {len(a2s)} samples")
    c.expect(ada["f_1[4]"][-1] > 0, f"adaptive: switch step f_1[4] = {ada['f_1[4]'][-1]:.0f}")
    c.expect(ada["v_gap"][-1] < 8.0, f"adaptive: gap {ada['v_gap'][0]:.1f} -> {ada['v_gap'][-1]:.2f} nm < 8 nm (docked)")
    moved = abs(con["v_gap"][-1] - con["v_gap"][0])
    c.expect(moved < 5.0, f"constant: gap {con['v_gap'][0]:.1f} -> {con['v_gap'][-1]:.2f} nm, moved {moved:.2f} < 5 nm")
    c.expect(ada["v_gap"][-1] < con["v_gap"][-1] - 30.0, "adaptive ends more than 30 nm closer to the receptors")


def docking_balance(a, c):
    u = run(a, "in.docking", "docking_balance_unscaled", case="unscaled", brownian="no", runus=100)
    bal = [x - u["v_balance"][0] for x in u["v_balance"]]
    wd, wp, wk = abs(u["f_1[5]"][-1]), u["f_1[6]"][-1], u["f_1[7]"][-1]
    c.expect(u["v_gap"][-1] < 5.0, f"unscaled, no noise: docked in 100 us (gap {u['v_gap'][-1]:.2f} nm)")
    c.expect(max(abs(x) for x in bal) < 1e-5 * wd,
             f"unscaled: max |balance drift| {max(abs(x) for x in bal):.3g} < 1e-5 |W_d| = {1e-5 * wd:.3g}")
    dpe = u["PotEng"][-1] - u["PotEng"][0]
    c.expect(abs(wp + wk + dpe) < 1e-3 * abs(wp),
             f"unscaled: W_p + W_k = {wp + wk:.4f} vs -(pe - pe0) = {-dpe:.4f}")
    drift = {}
    for dt in (10, 5):
        d = run(a, "in.docking", f"docking_balance_adaptive_dt{dt}", case="adaptive", brownian="no", runus=5, dt=dt)
        drift[dt] = abs(d["v_balance"][-1] - d["v_balance"][0])
        c.expect(drift[dt] < 1e-4 * abs(d["f_1[5]"][-1]),
                 f"adaptive dt {dt} ns: balance drift {drift[dt]:.3g} < 1e-4 |W_d| = {1e-4 * abs(d['f_1[5]'][-1]):.3g}")
    c.expect(drift[5] < drift[10], f"adaptive: drift(dt 5) {drift[5]:.3g} < drift(dt 10) {drift[10]:.3g}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("check", choices=["atomistic-nh", "atomistic-mnh", "atomistic-scaled", "docking", "docking-balance"])
    ap.add_argument("--lmp", required=True)
    ap.add_argument("--logdir", default=".")
    a = ap.parse_args()
    a.logdir = os.path.abspath(a.logdir)
    c = Checks()
    if a.check.startswith("atomistic-"):
        atomistic(a, c, a.check.split("-")[1])
    elif a.check == "docking":
        docking(a, c)
    else:
        docking_balance(a, c)
    if c.failed:
        sys.exit(f"{len(c.failed)} check(s) failed")


if __name__ == "__main__":
    main()
