#!/usr/bin/env python3
"""Pair each 'BENCH <label> rep <i>' marker of a LAMMPS log with the next
'Loop time' line and print per-label medians and the ratio of the first label
to the second (median of the per-repetition ratios).
usage: report.py LOG [LABEL_A LABEL_B]"""
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


def main():
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
