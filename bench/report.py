#!/usr/bin/env python3
"""Pair each 'BENCH <label> rep <i>' marker of a LAMMPS log with the next
'Loop time' line and print per-label medians and the ratio of the first label
to the second (median of the per-repetition ratios).
usage: report.py LOG [LABEL_A LABEL_B] [--section NAME]
         --section NAME: the same for a section of LAMMPS's timing breakdown
         (e.g. Modify: the time of the fixes alone), after the loop times
       report.py --hi LOG
         hi rpy (bench/in.rigid_rpy): per 'rpy<n>' label the time per step, the
         dsyevd seconds of the same steps ('DSYEVD <label> <seconds>' after each
         run) and their ratio, and the memory of the 6n x 6n matrices
       report.py --scaling LOG_1RANK LOG_NRANKS LABEL_A LABEL_B
         parallel speedup of A (median time on 1 rank / on N ranks) divided by that of B
       report.py --speedup LOG_CPU LOG_KK LABEL_A LABEL_B
         speedup of the Kokkos run over the CPU run for A and B, and of the cost of
         A beyond B (time A - time B: e.g. the in-triangle points' sub-steps)"""
import re
import statistics
import sys


def loop_times(path, section=None):
    """per label, seconds per step of each repetition: the loop time, or
    (section) the average time of that section of the timing breakdown"""
    times, label, steps = {}, None, None
    for line in open(path):
        m = re.match(r"BENCH (\S+) rep (\d+)", line)
        if m:
            label = m.group(1)
            continue
        m = re.match(r"Loop time of ([0-9.eE+-]+) on (\d+) procs for (\d+) steps", line)
        if m and label:
            if section is None:
                times.setdefault(label, []).append(float(m.group(1)) / int(m.group(3)))
                label = None
            else:
                steps = int(m.group(3))
            continue
        m = re.match(r"(\S+)\s*\|\s*([0-9.eE+-]+)\s*\|\s*([0-9.eE+-]+)", line)
        if m and label and steps and m.group(1) == section:
            times.setdefault(label, []).append(float(m.group(3)) / steps)
            label, steps = None, None
    return times


def report(times, a, b, what):
    for k, v in times.items():
        print(f"{k:>24s}: median {1e3 * statistics.median(v):8.3f} ms/step{what} "
              f"(min {1e3 * min(v):.3f}, max {1e3 * max(v):.3f}, {len(v)} reps)")
    ratios = [x / y for x, y in zip(times[a], times[b])]
    print(f"ratio {a} / {b}{what}: median {statistics.median(ratios):.3f} "
          f"(min {min(ratios):.3f}, max {max(ratios):.3f})")


def hi(path):
    """hi rpy: time per step over the dsyevd seconds of the same steps"""
    times = loop_times(path)
    dsyevd = {}
    for line in open(path):
        m = re.match(r"DSYEVD (\S+) ([0-9.eE+-]+)", line)
        if m:
            dsyevd.setdefault(m.group(1), []).append(float(m.group(2)))
    for k, v in times.items():
        n = int(re.sub(r"\D", "", k))
        d = dsyevd.get(k, [])
        ratios = [x / y for x, y in zip(v, d) if y > 0]
        if not ratios:
            print(f"{k}: no dsyevd time (the fix did not factorise in the timed steps?)")
            continue
        mib = 288.0 * n * n / 1048576.0
        print(f"hi rpy n = {n:4d} (6n = {6 * n}): {statistics.median(v):8.4f} s/step, dsyevd "
              f"{statistics.median(d):8.4f} s: ratio step / dsyevd median "
              f"{statistics.median(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f}, "
              f"{len(ratios)} reps); matrix 288 n^2 B = {mib:.1f} MiB, x2 on rank 0 = "
              f"{2 * mib:.1f} MiB (+ dsyevd workspace ~{2 * mib:.1f} MiB while it runs)")


def scaling(log1, logn, a, b):
    t1, tn = loop_times(log1), loop_times(logn)
    speedup = {k: statistics.median(t1[k]) / statistics.median(tn[k]) for k in (a, b)}
    for k in (a, b):
        print(f"{k:>24s}: speedup {speedup[k]:.3f} on the second log's ranks")
    print(f"speedup {a} / speedup {b}: {speedup[a] / speedup[b]:.3f}")


def speedup(log_cpu, log_kk, a, b):
    tc, tk = loop_times(log_cpu), loop_times(log_kk)
    mc = {k: statistics.median(tc[k]) for k in (a, b)}
    mk = {k: statistics.median(tk[k]) for k in (a, b)}
    for k in (a, b):
        print(f"{k:>24s}: {1e3 * mc[k]:8.3f} ms/step CPU, {1e3 * mk[k]:8.3f} ms/step Kokkos: "
              f"speedup {mc[k] / mk[k]:.3f}")
    dc, dk = mc[a] - mc[b], mk[a] - mk[b]
    print(f"{a} - {b}: {1e3 * dc:8.3f} ms/step CPU, {1e3 * dk:8.3f} ms/step Kokkos: "
          f"speedup {dc / dk:.3f}")


def main():
    if sys.argv[1] == "--scaling":
        scaling(*sys.argv[2:6])
        return
    if sys.argv[1] == "--speedup":
        speedup(*sys.argv[2:6])
        return
    if sys.argv[1] == "--hi":
        hi(sys.argv[2])
        return
    args, section = list(sys.argv[1:]), None
    if "--section" in args:
        k = args.index("--section")
        section = args[k + 1]
        del args[k:k + 2]
    log = args[0]
    times = loop_times(log)
    a, b = args[1:3] if len(args) >= 3 else list(times)[:2]
    report(times, a, b, "")
    if section:
        report(loop_times(log, section), a, b, f" in {section}")


if __name__ == "__main__":
    main()
