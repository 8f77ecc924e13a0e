#!/usr/bin/env python3
"""Six spheres driven round a ring (in.ring_drafting): the orbits, the gaps
between neighbours (even spacing grows into a drafting cycle), the mean spin
and orbital angular velocity; prints the numbers quoted in README.md.
usage: python3 plot_ring.py [ring_drafting.dump] [ring_drafting.png]"""
import sys

import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

DT = 0.01


def read_dump(path):
    steps, frames = [], []
    with open(path) as f:
        while True:
            line = f.readline()
            if not line:
                break
            if line.startswith("ITEM: TIMESTEP"):
                steps.append(int(f.readline()))
            elif line.startswith("ITEM: NUMBER OF ATOMS"):
                n = int(f.readline())
            elif line.startswith("ITEM: ATOMS"):
                cols = line.split()[2:]
                rows = sorted((list(map(float, f.readline().split())) for _ in range(n)), key=lambda r: r[0])
                frames.append(np.array(rows))
    return np.array(steps), np.array(frames), cols


def main():
    dump = sys.argv[1] if len(sys.argv) > 1 else "ring_drafting.dump"
    png = sys.argv[2] if len(sys.argv) > 2 else "ring_drafting.png"
    steps, fr, cols = read_dump(dump)
    t = steps * DT
    c = {k: i for i, k in enumerate(cols)}
    x, y = fr[:, :, c["x"]], fr[:, :, c["y"]]
    th = np.unwrap(np.arctan2(y, x), axis=0)
    n = th.shape[1]
    # gaps: angle from each sphere to the next one ahead (anticlockwise)
    order = np.argsort(th[0])
    ahead = np.roll(order, -1)
    gap = np.mod(th[:, ahead] - th[:, order], 2 * np.pi)
    speed = np.gradient(th, t, axis=0).mean(axis=1) * 3.0    # along the ring (R = 3)
    half = 3 * len(t) // 4    # statistics over the last quarter of the run
    print(f"{len(t)} frames, t = {t[0]:g} .. {t[-1]:g}; over t > {t[half]:g}: mean speed along the "
          f"ring {speed[half:].mean():.4f} (one sphere alone: f / 6 pi eta a = 0.6667), mean "
          f"spin omega_z {(fr[half:, :, c['c_am']] / 0.4).mean():.5f}")

    # the period of the limit cycle: mean interval between upward crossings of
    # one gap through its mean, over the last quarter
    g = gap[half:, 0] - gap[half:, 0].mean()
    up = np.nonzero((g[:-1] < 0) & (g[1:] >= 0))[0]
    tc = t[half:][up] - g[up] * (t[1] - t[0]) / (g[up + 1] - g[up])
    period = (tc[-1] - tc[0]) / (len(tc) - 1) if len(tc) > 1 else float("nan")
    print(f"gaps over t > {t[half]:g}: {gap[half:].min():.3f} .. {gap[half:].max():.3f} rad "
          f"(even spacing {2 * np.pi / n:.3f}); period of the cycle {period:.2f}")
    rmin = min(np.min(np.hypot(x[:, i] - x[:, j], y[:, i] - y[:, j]))
               for i in range(n) for j in range(i + 1, n))
    print(f"closest approach of two centres over the run: {rmin:.3f} (contact 2, repulsion < 2.4)")

    fig, ax = plt.subplots(2, 2, figsize=(10, 8))
    ax = ax.ravel()
    for i in range(n):
        ax[0].plot(x[half:, i], y[half:, i], lw=0.4)
        ax[0].add_patch(plt.Circle((x[-1, i], y[-1, i]), 1.0, fill=False, lw=1.2))
        ax[0].annotate(str(int(fr[-1, i, c["id"]])), (x[-1, i], y[-1, i]), ha="center", va="center")
    ax[0].set_aspect("equal")
    ax[0].set_xlim(-4.6, 4.6)
    ax[0].set_ylim(-4.6, 4.6)
    ax[0].set_title(f"orbits (t > {t[half]:g}) and the spheres at t = {t[-1]:g}", fontsize=9)
    ax[1].fill_between(t, gap.min(axis=1), gap.max(axis=1), color="C0", alpha=0.35, lw=0,
                       label="range of the six gaps")
    ax[1].plot(t, gap[:, 0], lw=0.3, color="C0", label="one gap")
    ax[1].legend(fontsize=8, loc="lower right")
    ax[1].axhline(2 * np.pi / n, color="k", ls=":", lw=0.8)
    ax[1].set_xlabel("t")
    ax[1].set_ylabel("angular gap to the sphere ahead (rad)")
    ax[1].set_title("even spacing is unstable: drafting grows into a limit cycle", fontsize=9)
    win = t > t[-1] - 3 * period
    for k in range(n):
        ax[2].plot(t[win], gap[win, k], lw=1.0, label=f"ahead of {int(fr[0, order[k], c['id']])}")
    ax[2].axhline(2 * np.pi / n, color="k", ls=":", lw=0.8)
    ax[2].set_xlabel("t")
    ax[2].set_ylabel("angular gap to the sphere ahead (rad)")
    ax[2].set_title(f"the limit cycle (period {period:.1f}): the wide gap passes from pair to pair", fontsize=9)
    ax[2].legend(fontsize=7, ncol=3)
    ax[3].plot(t, (fr[:, :, c["c_am"]] / 0.4).mean(axis=1), lw=0.8, label=r"mean spin $\omega_z$")
    ax[3].plot(t, speed / 3.0, lw=0.8, label=r"mean orbital angular velocity $d\theta/dt$")
    ax[3].set_xlabel("t")
    ax[3].legend(fontsize=8)
    ax[3].set_title("anticlockwise orbit and HI-induced anticlockwise spin", fontsize=9)
    fig.suptitle("six spheres driven round a ring (f = 1, tau = 0, T = 0, hi rpy)")
    fig.tight_layout()
    fig.savefig(png, dpi=60)
    print(f"wrote {png}")


if __name__ == "__main__":
    main()
