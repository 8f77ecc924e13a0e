#!/usr/bin/env python3
"""Analyse in.membrane: geodesic diffusion and area occupancy of the in-triangle points.

usage: plot.py LOG DUMP MESH OUT.png [--kT 1] [--damp 1] [--ratio 1] [--mass 1] [--dt 0.005] [--D D]

(a) <cos theta(tau)> of each point's direction from the vesicle centre, averaged over points
    and time origins, against Brownian motion on a sphere of radius R:
        <cos theta> = exp(-2 D_eff(tau) / R^2),  D_eff(tau) = D (tau - tp (1 - exp(-tau/tp))),
    D = kT tp / m, tp = damp / ratio (the inertial term only matters for tau ~ tp; --D overrides
    D, e.g. with the self-diffusion of a crowded 2D fluid); when the fitted D differs from D by
    more than 3 %, the curve with the fitted value is drawn too;
    R = mean vertex distance from the centre (mean vertex position).
(a') the same data as -R^2 ln<cos theta> / 2 against D tau (slope 1 for geodesic diffusion).
(b) per-triangle occupancy (points per triangle, from column f_1[1] = triangle id) against the
    triangle's area in the same frame, binned by area, with the uniform-in-area line
    N_points * area / total area.
kT, damp, ratio, dt are read from the "MEMBRANE ..." line that in.membrane prints into the
log (options override; the mass defaults to 1). The vesicle must not span the periodic box:
vertices are unwrapped by the minimum-image rule around vertex 1, points around the centre.
"""
import argparse
import math
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "potentials"))
from make_mesh import read_mesh  # noqa: E402,F401  (the one mesh reader; dump2vtk imports it from here)


# --------------------------------------------------------------------------------------------
# readers (also used by dump2vtk.py)


def read_dump(path):
    """Yield (step, box[3, 2], {column: array}) per frame of a LAMMPS dump custom file, rows
    sorted by atom id."""
    with open(path) as f:
        while True:
            line = f.readline()
            if not line:
                return
            if not line.startswith("ITEM: TIMESTEP"):
                continue
            step = int(f.readline())
            f.readline()
            n = int(f.readline())
            f.readline()  # ITEM: BOX BOUNDS ...
            box = np.array([[float(x) for x in f.readline().split()[:2]] for _ in range(3)])
            cols = f.readline().split()[2:]
            rows = [f.readline() for _ in range(n)]
            if n and len(rows[-1].split()) != len(cols):
                return  # truncated last frame (the run is still writing it)
            data = np.array(" ".join(rows).split(), float).reshape(n, len(cols))
            data = data[np.argsort(data[:, cols.index("id")])]
            yield step, box, {c: data[:, k] for k, c in enumerate(cols)}


def read_params(log):
    """kT, damp, ratio, dt, mass from the 'MEMBRANE ...' line of the log (empty if absent)."""
    out = {}
    try:
        with open(log) as f:
            for line in f:
                if line.startswith("MEMBRANE "):
                    w = line.split()[1:]
                    out = {k: float(v) for k, v in zip(w[::2], w[1::2])}
                m = re.match(r"\s*timestep\s+([0-9.eE+-]+)", line)
                if m and "dt" not in out:
                    out["dt"] = float(m.group(1))
    except OSError:
        pass
    return out


def min_image(d, box):
    L = box[:, 1] - box[:, 0]
    return d - L * np.round(d / L)


def unwrap_frame(cols, box, vert_ids):
    """Positions (sorted by id) with the vesicle made whole: vertices by the minimum image
    around vertex vert_ids[0], every other atom around the vertices' mean. Returns
    (pos, ids, centre)."""
    ids = cols["id"].astype(int)
    x = np.stack([cols["x"], cols["y"], cols["z"]], axis=1)
    isv = np.isin(ids, vert_ids)
    ref = x[ids == vert_ids[0]][0]
    x[isv] = ref + min_image(x[isv] - ref, box)
    c = x[isv].mean(axis=0)
    x[~isv] = c + min_image(x[~isv] - c, box)
    return x, ids, c


# --------------------------------------------------------------------------------------------
# analysis


def analyse(dump, tri):
    """Collect per frame: times, point unit vectors, R, and (area, count, N a/A) per triangle."""
    vert_ids = np.unique(tri)
    steps, U, R, occ = [], [], [], []
    idx = None
    for step, box, cols in read_dump(dump):
        x, ids, c = unwrap_frame(cols, box, vert_ids)
        if idx is None:
            pos_of = {a: k for k, a in enumerate(ids)}
            try:
                idx = np.array([[pos_of[a] for a in t] for t in tri])
            except KeyError as e:
                raise SystemExit(f"mesh vertex {e} is not in the dump (dump all atoms)")
            isv = np.isin(ids, vert_ids)
            pts = np.nonzero(~isv)[0]
        d = x[pts] - c
        U.append(d / np.linalg.norm(d, axis=1)[:, None])
        R.append(np.linalg.norm(x[isv] - c, axis=1).mean())
        steps.append(step)
        if "f_1[1]" in cols:
            tid = np.rint(cols["f_1[1]"][pts]).astype(int)
            if len(pts) and tid.min() >= 1:
                a = x[idx[:, 0]]
                area = 0.5 * np.linalg.norm(np.cross(x[idx[:, 1]] - a, x[idx[:, 2]] - a), axis=1)
                cnt = np.bincount(tid - 1, minlength=len(tri))[:len(tri)]
                occ.append((area, cnt, len(pts) * area / area.sum()))
    return np.array(steps), np.array(U), np.array(R), occ


def cos_correlation(U):
    """<u(t0) . u(t0 + j)> over origins and points for each lag j; SE from the per-point means."""
    nf = len(U)
    mean, se = np.ones(nf), np.zeros(nf)
    for j in range(1, nf):
        c = np.einsum("tpk,tpk->tp", U[:-j], U[j:]).mean(axis=0)  # per point
        mean[j] = c.mean()
        se[j] = c.std(ddof=1) / math.sqrt(len(c)) if len(c) > 1 else 0.0
    return mean, se


def occupancy_bins(occ, nbins=10):
    area = np.concatenate([o[0] for o in occ])
    cnt = np.concatenate([o[1] for o in occ]).astype(float)
    th = np.concatenate([o[2] for o in occ])
    nb = max(1, min(nbins, len(area) // 200))
    edges = np.unique(np.quantile(area, np.linspace(0, 1, nb + 1)))
    k = np.clip(np.searchsorted(edges, area, side="right") - 1, 0, len(edges) - 2)
    out = []
    for b in range(len(edges) - 1):
        m = k == b
        if m.sum() < 2:
            continue
        out.append((area[m].mean(), cnt[m].mean(), cnt[m].std(ddof=1) / math.sqrt(m.sum()), th[m].mean()))
    return np.array(out), area, cnt


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("log")
    p.add_argument("dump")
    p.add_argument("mesh")
    p.add_argument("png")
    for k in ("kT", "damp", "ratio", "mass", "dt"):
        p.add_argument(f"--{k}", type=float, default=None)
    p.add_argument("--D", type=float, default=None, help="reference D (default kT damp / (m ratio))")
    a = p.parse_args()
    par = {"kT": 1.0, "damp": 1.0, "ratio": 1.0, "mass": 1.0, "dt": 0.005}
    par.update(read_params(a.log))
    par.update({k: getattr(a, k) for k in par if getattr(a, k) is not None})
    tp = par["damp"] / par["ratio"]
    D = a.D if a.D is not None else par["kT"] * tp / par["mass"]

    tri = read_mesh(a.mesh)
    steps, U, R, occ = analyse(a.dump, tri)
    if len(steps) == 0:
        raise SystemExit(f"no frames in {a.dump}")
    t = (steps - steps[0]) * par["dt"]
    Rm = R.mean()
    npts = U.shape[1]

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(1, 3, figsize=(15, 4.6))
    theory = lambda tau: np.exp(-2 * D * (tau - tp * (1 - np.exp(-tau / tp))) / Rm**2)  # noqa: E731
    ttl = f"{npts} points, R = {Rm:.2f}, D = {D:g}, {len(steps)} frames"
    if len(steps) >= 2 and npts:
        c, se = cos_correlation(U)
        n_use = max(2, len(t) // 2 + 1)  # lags up to half the run: enough origins
        tau, c, se = t[:n_use], c[:n_use], se[:n_use]
        ax[0].errorbar(tau, c, yerr=se, fmt="o", ms=3, label="simulation (±1 SE)")
        tt = np.linspace(0, tau[-1], 300)
        ax[0].plot(tt, theory(tt), "k-", lw=1, label=r"$e^{-2D\tau/R^2}$ (with inertia)")
        ax[0].plot(tt, np.exp(-2 * D * tt / Rm**2), "k:", lw=1, label=r"$e^{-2D\tau/R^2}$")
        ok = c > 0.05
        y = -Rm**2 * np.log(np.where(ok, c, np.nan)) / 2
        ax[1].errorbar(D * tau[ok], y[ok], yerr=(Rm**2 / 2 * se / c)[ok], fmt="o", ms=3, label="simulation")
        t1 = np.linspace(0, tau[ok][-1] * 1.05, 200)
        ax[1].plot(D * t1, D * (t1 - tp * (1 - np.exp(-t1 / tp))), "k-", lw=1, label=r"$D_{\rm eff}(\tau)$ (inertia)")
        ax[1].plot(D * t1, D * t1, "k:", lw=1, label=r"$D\tau$")
        fit = (tau > 5 * tp) & (c > 0.2)  # where the log of the mean is not yet noise-dominated
        if fit.sum() >= 2:
            x_eff = tau[fit] - tp * (1 - np.exp(-tau[fit] / tp))
            d_hat = np.sum(x_eff * y[fit]) / np.sum(x_eff**2)
            print(f"(a) geodesic diffusion: D fitted {d_hat:.4f} vs D = {D:g} (R = {Rm:.3f})")
            ax[1].set_title(rf"fit: $\hat D$ = {d_hat:.3f}  (D = {D:g})", fontsize=10)
            if abs(d_hat / D - 1) > 0.03:  # e.g. crowding: show the fitted curve too
                ax[0].plot(tt, theory(tt) ** (d_hat / D), "C1--", lw=1, label=rf"same with $\hat D$ = {d_hat:.3f}")
                ax[1].plot(D * t1, d_hat * (t1 - tp * (1 - np.exp(-t1 / tp))), "C1--", lw=1, label=rf"$\hat D$ = {d_hat:.3f}")
    else:
        ax[0].text(0.5, 0.5, "needs >= 2 dump frames", ha="center", transform=ax[0].transAxes)
    ax[0].set_xlabel(r"$\tau$ (LJ time)")
    ax[0].set_ylabel(r"$\langle\cos\theta(\tau)\rangle$")
    ax[0].set_title("(a) geodesic diffusion on the vesicle", fontsize=10)
    if ax[0].get_legend_handles_labels()[0]:
        ax[0].legend(fontsize=8)
    ax[1].set_xlabel(r"$D\tau$")
    ax[1].set_ylabel(r"$-R^2\ln\langle\cos\theta\rangle/2$")
    if ax[1].get_legend_handles_labels()[0]:
        ax[1].legend(fontsize=8)

    if occ:
        bins, area, cnt = occupancy_bins(occ)
        ax[2].errorbar(bins[:, 0], bins[:, 1], yerr=bins[:, 2], fmt="o", ms=4, label="simulation (±1 SE)")
        aa = np.linspace(0, area.max() * 1.05, 50)
        atot = np.mean([o[0].sum() for o in occ])
        ax[2].plot(aa, npts * aa / atot, "k-", lw=1, label=r"$N\,a/A_{\rm tot}$ (uniform in area)")
        ax[2].set_xlim(area.min() * 0.9, area.max() * 1.02)
        ratio = cnt.sum() / np.concatenate([o[2] for o in occ]).sum()
        slope = np.polyfit(bins[:, 3], bins[:, 1], 1)[0] if len(bins) >= 2 else float("nan")
        print(f"(b) occupancy: {len(occ)} frames, {len(bins)} area bins, observed/uniform slope "
              f"{slope:.3f} (1 = uniform in area), total ratio {ratio:.4f}")
    else:
        ax[2].text(0.5, 0.5, "no triangle ids (f_1[1]) in the dump", ha="center", transform=ax[2].transAxes)
    ax[2].set_xlabel("triangle area")
    ax[2].set_ylabel("mean points per triangle")
    ax[2].set_title("(b) occupancy vs area", fontsize=10)
    if occ:
        ax[2].legend(fontsize=8)
    fig.suptitle(f"fix bagogab: in-triangle points on a vesicle ({ttl})")
    fig.tight_layout()
    fig.savefig(a.png, dpi=110)
    print(f"wrote {a.png}")


if __name__ == "__main__":
    main()
