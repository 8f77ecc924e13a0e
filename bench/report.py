#!/usr/bin/env python3
"""Pair each 'BENCH <label> rep <i>' marker of a LAMMPS log with the next
'Loop time' line and print per-label medians and the ratio of the first label
to the second (median of the per-repetition ratios).
usage: report.py LOG [LABEL_A LABEL_B]
       report.py --scaling LOG_1RANK LOG_NRANKS LABEL_A LABEL_B
         parallel speedup of A (median time on 1 rank / on N ranks) divided by that of B
       report.py --speedup LOG_CPU LOG_KK LABEL_A LABEL_B
         speedup of the Kokkos run over the CPU run for A and B, and of the cost of
         A beyond B (time A - time B: e.g. the in-triangle points' sub-steps)"""
import re
import statistics
import sys


def loop_times(path):
    times, label = {}, None
    for line in open(path):
        m = re.match(r"BENCH (\S+) rep (\d+)", line)
        if m:
            label = m.group(1)
            continue
        m = re.match(r"Loop time of ([0-9.eE+-]+) on (\d+) procs for (\d+) steps", line)
        if m and label:
            times.setdefault(label, []).append(float(m.group(1)) / int(m.group(3)))
            label = None
    return times


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
    log = sys.argv[1]
    times = loop_times(log)
    labels = sys.argv[2:4] if len(sys.argv) >= 4 else list(times)[:2]
    for k, v in times.items():
        print(f"{k:>24s}: median {1e3 * statistics.median(v):8.3f} ms/step "
              f"(min {1e3 * min(v):.3f}, max {1e3 * max(v):.3f}, {len(v)} reps)")
    a, b = labels
    ratios = [x / y for x, y in zip(times[a], times[b])]
    print(f"ratio {a} / {b}: median {statistics.median(ratios):.3f} "
          f"(min {min(ratios):.3f}, max {max(ratios):.3f})")


if __name__ == "__main__":
    main()
