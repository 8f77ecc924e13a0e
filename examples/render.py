#!/usr/bin/env python3
"""Render one frame of a LAMMPS text dump as a 3D picture (PNG): a shaded triangle mesh,
atoms as spheres, bonds as sticks.  numpy + matplotlib only.

usage: render.py DUMP OUT.png [--mesh FILE.mesh] [--types 2:red,3:blue:0.7] [--radius 0.5]
                 [--data FILE.data] [--bond-colors 1:gray] [--frame -1 | --step S]
                 [--view ELEV AZIM] [--title TEXT] [--size 900x900] [--dpi 150]

DUMP: `dump custom ... id type x y z ...` (more columns are fine; they are found by the
ITEM: ATOMS header). Positions from xu yu zu, x y z, xsu ysu zsu or xs ys zs (in that
order of preference); without a type column every atom has type 1. Only the wanted frame
is parsed (default the last complete one).

--mesh: a triangle mesh file of fix bagogab (potentials/make_mesh.py), whose vertex ids are
atom ids. It is drawn as a semi-transparent surface (Lambert shading from the face normals,
lit from the upper left of the viewer). --mesh-color, --alpha, --edges change its look.

Atoms: by default every atom that is not a mesh vertex (all atoms without --mesh), coloured
by type from a fixed palette. --types TYPE[:COLOR[:RADIUS]],... draws only the listed types
(mesh vertices included if listed), with the given matplotlib colour and radius (data
units, default --radius). Atoms are drawn as shaded discs of the true radius, fading with
depth.

--data: a LAMMPS data file; its Bonds section gives the bonds to draw as sticks (width
--bond-width in data units, colour per bond type: --bond-colors TYPE:COLOR,...). Bonds whose
atoms are not in the dump are skipped.

Periodic images: mesh vertices and bonded atoms are made whole by walking along the mesh
edges and the bonds (each atom takes the minimum image next to an already placed
neighbour); the mesh is anchored at its lowest vertex id, every other molecule or lone atom
is put at its minimum image around the centre of the mesh (without a mesh, where the dump
has it). Triangles and bonds that still span more than half a box (a periodic sheet or
network closing on itself) are left out.

Everything is one depth-sorted matplotlib Poly3DCollection (orthographic view), so spheres
in front of the membrane cover it and those behind it show dimmed through it.

Examples (from the project root):
  python3 examples/render.py out/demo/membrane.dump vesicle.png \\
      --mesh potentials/icosphere_2562.mesh --types 2:crimson
  python3 examples/render.py filaments.dump net.png --data filaments.data --radius 0.4 \\
      --view 20 -60 --title "step 1000"
"""
import argparse
import itertools
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "potentials"))
from make_mesh import read_mesh  # noqa: E402  (the project's one mesh reader)

MPL_FILL = 0.5706  # measured with matplotlib 3.6, orthographic, box aspect 1 1 1 (see main)
PALETTE = ["#d62728", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b",
           "#e377c2", "#17becf", "#bcbd22", "#7f7f7f", "#1f77b4"]


# --------------------------------------------------------------------------------------------
# input


def scan_dump(path):
    """List (byte offset of 'ITEM: TIMESTEP', step, number of atoms) of every complete frame;
    atom lines are skipped, not parsed."""
    frames = []
    with open(path, "rb") as f:
        while True:
            off = f.tell()
            line = f.readline()
            if not line:
                break
            if not line.startswith(b"ITEM: TIMESTEP"):
                continue
            try:
                step = int(f.readline())
                f.readline()  # ITEM: NUMBER OF ATOMS
                n = int(f.readline())
                for _ in range(5):  # box header + 3 bounds + ITEM: ATOMS
                    if not f.readline():
                        raise ValueError
            except ValueError:
                break  # truncated header
            if sum(1 for _ in itertools.islice(f, n)) < n:  # skip the atoms, unparsed
                break  # truncated (the run is still writing it)
            if f.tell() == os.fstat(f.fileno()).st_size and n:
                f.seek(-1, os.SEEK_END)  # complete only if the last line ended
                if f.read(1) != b"\n":
                    break
            frames.append((off, step, n))
    return frames


def read_frame(path, offset):
    """(step, h (3x3 box matrix, columns = box vectors), lo (3,), {column: array}) of the frame
    at this byte offset."""
    with open(path, "rb") as f:
        f.seek(offset)
        f.readline()
        step = int(f.readline())
        f.readline()
        n = int(f.readline())
        head = f.readline().decode().split()
        b = np.array([[float(x) for x in f.readline().split()] for _ in range(3)])
        cols = f.readline().decode().split()[2:]
        rows = list(itertools.islice(f, n))
    lo, hi = b[:, 0].copy(), b[:, 1].copy()
    xy = xz = yz = 0.0
    if "xy" in head:  # triclinic: the bounds are those of the bounding box
        xy, xz, yz = b[:, 2]
        lo[0] -= min(0.0, xy, xz, xy + xz)
        hi[0] -= max(0.0, xy, xz, xy + xz)
        lo[1] -= min(0.0, yz)
        hi[1] -= max(0.0, yz)
    h = np.array([[hi[0] - lo[0], xy, xz], [0.0, hi[1] - lo[1], yz], [0.0, 0.0, hi[2] - lo[2]]])
    data = np.array(b" ".join(rows).split(), float).reshape(n, len(cols)) if n else np.zeros((0, len(cols)))
    return step, h, lo, {c: data[:, k] for k, c in enumerate(cols)}


def positions(cols, h, lo):
    for names, scaled in ((("xu", "yu", "zu"), False), (("x", "y", "z"), False),
                          (("xsu", "ysu", "zsu"), True), (("xs", "ys", "zs"), True)):
        if all(c in cols for c in names):
            x = np.stack([cols[c] for c in names], axis=1)
            return lo + x @ h.T if scaled else x
    raise SystemExit(f"no positions in the dump (columns: {' '.join(cols)})")


def read_bonds(path):
    """(type, atom id 1, atom id 2) rows of the Bonds section of a LAMMPS data file."""
    nb, out = None, []
    with open(path) as f:
        lines = iter(f.readlines()[1:])  # the first line is a comment
    for line in lines:
        w = line.split("#")[0].split()
        if len(w) == 2 and w[1] == "bonds":
            nb = int(w[0])
        elif w and w[0] == "Bonds" and len(w) == 1:
            if nb is None:
                raise SystemExit(f"{path}: Bonds section before the 'N bonds' header line")
            for line2 in lines:
                w2 = line2.split("#")[0].split()
                if not w2:
                    continue
                out.append([int(w2[1]), int(w2[2]), int(w2[3])])
                if len(out) == nb:
                    break
            break
    if nb and len(out) < nb:
        raise SystemExit(f"{path}: {nb} bonds announced, {len(out)} found")
    return np.array(out, int).reshape(-1, 3)


# --------------------------------------------------------------------------------------------
# geometry


def min_image(d, h):
    s = np.linalg.solve(h, d.T).T
    return (s - np.round(s)) @ h.T


def walk_unwrap(x, edges, h, placed):
    """Give every atom reachable over edges (index pairs) from the placed ones the minimum
    image next to a placed neighbour, breadth first. Modifies x and placed in place."""
    if not len(edges):
        return
    e = np.concatenate([edges, edges[:, ::-1]])  # directed: from e[:, 0] to e[:, 1]
    while True:
        m = placed[e[:, 0]] & ~placed[e[:, 1]]
        if not m.any():
            return
        src, dst = e[m, 0], e[m, 1]
        dst, first = np.unique(dst, return_index=True)
        src = src[first]
        x[dst] = x[src] + min_image(x[dst] - x[src], h)
        placed[dst] = True


def components(n, edges):
    """Connected-component label (smallest member index) of n atoms."""
    lab = np.arange(n)
    if not len(edges):
        return lab
    while True:
        m = np.minimum(lab[edges[:, 0]], lab[edges[:, 1]])
        new = lab.copy()
        np.minimum.at(new, edges[:, 0], m)
        np.minimum.at(new, edges[:, 1], m)
        new = new[new]  # pointer jumping: converges in ~log(diameter) sweeps
        if np.array_equal(new, lab):
            return lab
        lab = new


def unwrap(x, h, mesh_edges, bond_edges, mesh_rows):
    """Make the mesh and the bonded molecules whole (see the module doc)."""
    x = x.copy()
    n = len(x)
    placed = np.zeros(n, bool)
    centre = None
    if len(mesh_rows):
        placed[mesh_rows.min()] = True
        walk_unwrap(x, np.concatenate([mesh_edges, bond_edges]), h, placed)
        centre = x[mesh_rows].mean(axis=0)
    allx = np.concatenate([mesh_edges, bond_edges])
    lab = components(n, allx)
    seeds = np.unique(lab[~placed])
    if centre is not None and len(seeds):
        x[seeds] = centre + min_image(x[seeds] - centre, h)
    placed[seeds] = True
    walk_unwrap(x, allx, h, placed)
    return x


def too_long(d, h):
    """Rows of displacement vectors d that are not their own minimum image (longer than half
    a box in some direction)."""
    return np.any(np.abs(d - min_image(d, h)) > 1e-6 * np.abs(h).max(), axis=1)


def view_frame(elev, azim):
    """Unit vectors: towards the viewer, screen right, screen up (matplotlib's convention)."""
    e, a = np.radians(elev), np.radians(azim)
    eye = np.array([np.cos(e) * np.cos(a), np.cos(e) * np.sin(a), np.sin(e)])
    up0 = np.array([0.0, 0.0, 1.0]) if abs(eye[2]) < 0.999 else np.array([-np.cos(a), -np.sin(a), 0.0])
    right = np.cross(up0, eye)
    right /= np.linalg.norm(right)
    return eye, right, np.cross(eye, right)


def disc(centre, r, right, up, nseg):
    t = np.linspace(0, 2 * np.pi, nseg, endpoint=False)
    ring = np.cos(t)[:, None] * right + np.sin(t)[:, None] * up  # (nseg, 3)
    return centre[:, None, :] + r[:, None, None] * ring[None]


# --------------------------------------------------------------------------------------------
# options


def parse_types(spec, radius):
    """'2:red,3:blue:0.7' -> {2: (color or None, radius)}."""
    out = {}
    for item in filter(None, (s.strip() for s in spec.split(","))):
        w = item.split(":")
        try:
            t = int(w[0])
            r = float(w[2]) if len(w) > 2 and w[2] else radius
        except ValueError:
            raise SystemExit(f"--types: bad item '{item}' (TYPE[:COLOR[:RADIUS]])")
        out[t] = (w[1] if len(w) > 1 and w[1] else None, r)
    return out


def parse_size(s):
    w = s.lower().split("x")
    try:
        return (int(w[0]), int(w[-1])) if len(w) <= 2 else None
    except ValueError:
        return None


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dump")
    p.add_argument("png", help="output picture (PNG; other matplotlib formats by extension)")
    p.add_argument("--mesh", help="triangle mesh file (vertex ids = atom ids)")
    p.add_argument("--types", default=None, help="TYPE[:COLOR[:RADIUS]],... atoms to draw")
    p.add_argument("--radius", type=float, default=0.5, help="atom radius, data units (0.5)")
    p.add_argument("--data", help="LAMMPS data file whose Bonds are drawn")
    p.add_argument("--bond-colors", default="", help="BONDTYPE:COLOR,... (default: gray)")
    p.add_argument("--bond-width", type=float, default=0.15, help="stick width, data units (0.15)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--frame", type=int, default=-1, help="frame index, negative from the end (-1)")
    g.add_argument("--step", type=int, default=None, help="the frame of this time step")
    p.add_argument("--view", nargs=2, type=float, default=(20.0, -60.0), metavar=("ELEV", "AZIM"),
                   help="camera elevation and azimuth in degrees (20 -60)")
    p.add_argument("--title", default=None, help="title; {step} and {dump} are replaced by the time "
                   "step and the dump's file name (default '{dump}  step {step}'; '' for none)")
    p.add_argument("--size", default="900x900", help="picture size in pixels, W or WxH (900x900)")
    p.add_argument("--dpi", type=float, default=150)
    p.add_argument("--mesh-color", default="#9ecae1", help="surface colour (#9ecae1)")
    p.add_argument("--alpha", type=float, default=0.55, help="surface opacity (0.55)")
    p.add_argument("--edges", action="store_true", help="draw the triangle edges")
    p.add_argument("--zoom", type=float, default=1.0, help="magnify the view (1)")
    a = p.parse_args()
    size = parse_size(a.size)
    if not size:
        raise SystemExit(f"--size: '{a.size}' is not W or WxH")

    frames = scan_dump(a.dump)
    if not frames:
        raise SystemExit(f"{a.dump}: no complete frame")
    if a.step is not None:
        pick = [fr for fr in frames if fr[1] == a.step]
        if not pick:
            raise SystemExit(f"{a.dump}: no step {a.step} (steps {frames[0][1]}..{frames[-1][1]})")
        fr = pick[0]
    else:
        try:
            fr = frames[a.frame]
        except IndexError:
            raise SystemExit(f"{a.dump}: --frame {a.frame} but {len(frames)} frame(s)")
    step, h, lo, cols = read_frame(a.dump, fr[0])
    n = len(next(iter(cols.values()))) if cols else 0
    ids = cols["id"].astype(int) if "id" in cols else np.arange(1, n + 1)
    types = cols["type"].astype(int) if "type" in cols else np.ones(n, int)
    x = positions(cols, h, lo)
    order = np.argsort(ids)

    def rows_of(idarr):
        """Rows of these atom ids in the frame, -1 where absent."""
        idarr = np.asarray(idarr)
        k = np.clip(np.searchsorted(ids, idarr, sorter=order), 0, max(n - 1, 0))
        r = order[k] if n else np.zeros(idarr.shape, int)
        return np.where(n and (ids[r] == idarr), r, -1) if n else np.full(idarr.shape, -1)

    tri = np.zeros((0, 3), int)
    if a.mesh:
        tri = rows_of(read_mesh(a.mesh))
        if (tri < 0).any():
            bad = (tri < 0).any(axis=1).sum()
            print(f"render.py: {bad} of {len(tri)} triangles have vertices not in the dump; left out",
                  file=sys.stderr)
            tri = tri[(tri >= 0).all(axis=1)]
    mesh_rows = np.unique(tri)
    mesh_edges = np.unique(np.sort(np.concatenate([tri[:, [0, 1]], tri[:, [1, 2]], tri[:, [2, 0]]]),
                                   axis=1), axis=0) if len(tri) else np.zeros((0, 2), int)
    bonds = np.zeros((0, 3), int)
    if a.data:
        b = read_bonds(a.data)
        br = rows_of(b[:, 1:])
        keep = (br >= 0).all(axis=1)
        if not keep.all():
            print(f"render.py: {np.sum(~keep)} bonds have atoms not in the dump; left out", file=sys.stderr)
        bonds = np.column_stack([b[keep, 0], br[keep]])
    x = unwrap(x, h, mesh_edges, bonds[:, 1:], mesh_rows)

    # which atoms, what colour and radius
    if a.types:
        spec = parse_types(a.types, a.radius)
        sel = np.isin(types, list(spec))
    else:
        spec = {}
        sel = np.ones(n, bool)
        sel[mesh_rows] = False
    if a.types and not sel.any():
        print(f"render.py: no atoms of types {a.types} in the frame", file=sys.stderr)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.colors as mcolors
    import matplotlib.pyplot as plt
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    def rgb(c, what):
        try:
            return np.array(mcolors.to_rgb(c))
        except ValueError:
            raise SystemExit(f"{what}: '{c}' is not a matplotlib colour")

    tsel = types[sel]
    col = np.zeros((len(tsel), 3))
    rad = np.full(len(tsel), a.radius)
    for t in np.unique(tsel):
        m = tsel == t
        c, r = spec.get(t, (None, a.radius))
        col[m] = rgb(c, "--types") if c else rgb(PALETTE[(t - 1) % len(PALETTE)], "palette")
        rad[m] = r
    xa = x[sel]

    # the scene box: everything that is drawn
    pts = [xa] if len(xa) else []
    if len(tri):
        pts.append(x[mesh_rows])
    if len(bonds):
        pts.append(x[bonds[:, 1:].ravel()])
    if not pts:
        raise SystemExit("nothing to draw (no atoms selected, no mesh, no bonds)")
    allp = np.concatenate(pts)
    rmax = rad.max() if len(rad) else 0.0
    eye, right, up = view_frame(*a.view)
    # frame the picture on the scene's extent on the screen (orthographic view)
    pr, pu, pd = allp @ right, allp @ up, allp @ eye
    ext_r, ext_u = np.ptp(pr) + 2 * rmax + 1e-9, np.ptp(pu) + 2 * rmax + 1e-9
    cen = (0.5 * (pr.min() + pr.max()) * right + 0.5 * (pu.min() + pu.max()) * up
           + 0.5 * (pd.min() + pd.max()) * eye)
    half = 0.5 * max(ext_r, ext_u, np.ptp(pd) + 2 * rmax)
    W, H = size
    # matplotlib draws a sphere of radius `half` (the limits cube's) MPL_FILL * zoom * min(W, H)
    # pixels wide; fill 92 % of the width or 86 % of the height (92 % without a title)
    fill = min(0.92 * W / ext_r, (0.86 if a.title != "" else 0.92) * H / ext_u)  # pixels per unit
    zoom = a.zoom * fill * 2 * half / (MPL_FILL * min(W, H))
    dmin, dmax = pd.min() - rmax, pd.max() + rmax
    depth_of = lambda p: (2 * (p @ eye) - dmin - dmax) / max(dmax - dmin, 1e-9)  # noqa: E731  (+1 near, -1 far)

    light = 0.55 * eye + 0.55 * up - 0.63 * right  # from the upper left, in front
    light /= np.linalg.norm(light)
    white = np.ones(3)

    polys, fcols = [], []
    if len(tri):
        v = x[tri]  # (T, 3, 3)
        d = np.concatenate([v[:, 1] - v[:, 0], v[:, 2] - v[:, 1], v[:, 0] - v[:, 2]])
        ok = ~too_long(d, h).reshape(3, -1).any(axis=0)
        v = v[ok]
        nrm = np.cross(v[:, 1] - v[:, 0], v[:, 2] - v[:, 0])
        nrm /= np.maximum(np.linalg.norm(nrm, axis=1), 1e-300)[:, None]
        nrm *= np.where(nrm @ eye < 0, -1.0, 1.0)[:, None]  # two-sided: face the viewer
        lam = np.clip(nrm @ light, 0, 1)
        spec_ = np.clip(nrm @ ((light + eye) / np.linalg.norm(light + eye)), 0, 1) ** 40
        base = rgb(a.mesh_color, "--mesh-color")
        c = base * (0.35 + 0.65 * lam)[:, None] + 0.25 * spec_[:, None]
        c = np.clip(c, 0, 1)
        polys += list(v)
        fcols.append(np.column_stack([c, np.full(len(c), a.alpha)]))
        ntri = len(v)
    else:
        ntri = 0

    if len(bonds):
        xb = x[bonds[:, 1:]]  # (B, 2, 3)
        keep = ~too_long(xb[:, 1] - xb[:, 0], h)
        xb, bt = xb[keep], bonds[keep, 0]
        bspec = parse_types(a.bond_colors, 0.0) if a.bond_colors else {}
        bcol = np.array([rgb(bspec.get(t, ("#808080", 0))[0] or "#808080", "--bond-colors") for t in bt])
        axis = xb[:, 1] - xb[:, 0]
        side = np.cross(axis, eye)
        ln = np.linalg.norm(side, axis=1)
        side = np.where(ln[:, None] > 1e-12, side / np.maximum(ln, 1e-300)[:, None], right)
        w = 0.5 * a.bond_width * side
        quads = np.stack([xb[:, 0] - w, xb[:, 1] - w, xb[:, 1] + w, xb[:, 0] + w], axis=1)
        fog = np.clip(0.5 * (1 - depth_of(xb.mean(axis=1))), 0, 1)[:, None] * 0.45
        c = bcol * (1 - fog) + white * fog
        polys += list(quads)
        fcols.append(np.column_stack([c, np.ones(len(c))]))

    if len(xa):
        # a sphere: dark rim, body shifted towards the light, highlight; each disc is put at
        # the sphere's front point so that the depth sort draws it over the surface it sits on
        fog = np.clip(0.5 * (1 - depth_of(xa)), 0, 1)[:, None] * 0.45
        lx, ly = light @ right, light @ up
        front = xa + rad[:, None] * eye
        layers = [(1.0, 0.0, 0.55, 0.0, 20), (0.82, 0.12, 1.0, 0.0, 16), (0.3, 0.45, 1.0, 0.65, 10)]
        for k, (rs, sh, dark, wmix, nseg) in enumerate(layers):
            c = col * dark * (1 - wmix) + white * wmix
            c = c * (1 - fog) + white * fog
            cc = front + (1e-3 * k) * rad[:, None] * eye + sh * rad[:, None] * (lx * right + ly * up)
            polys += list(disc(cc, rs * rad, right, up, nseg))
            fcols.append(np.column_stack([c, np.ones(len(c))]))

    fig = plt.figure(figsize=(W / a.dpi, H / a.dpi), dpi=a.dpi, facecolor="white")
    ax = fig.add_axes([0, 0, 1, 1], projection="3d", facecolor="white")
    ax.set_proj_type("ortho")
    fc = np.concatenate(fcols)
    coll = Poly3DCollection(polys, facecolors=fc, edgecolors=fc, linewidths=0.0, zsort="average")
    if a.edges and ntri:
        ec = fc.copy()
        ec[:ntri, :3] *= 0.6
        ec[:ntri, 3] = np.minimum(1.0, a.alpha + 0.3)
        ec[ntri:, 3] = 0.0
        coll.set_edgecolor(ec)
        coll.set_linewidth(0.25)
    ax.add_collection3d(coll)
    ax.set_xlim(cen[0] - half, cen[0] + half)
    ax.set_ylim(cen[1] - half, cen[1] + half)
    ax.set_zlim(cen[2] - half, cen[2] + half)
    try:  # matplotlib >= 3.6
        ax.set_box_aspect((1, 1, 1), zoom=zoom)
    except TypeError:
        ax.set_box_aspect((1, 1, 1))
    ax.view_init(elev=a.view[0], azim=a.view[1])
    ax.set_axis_off()
    # matplotlib's 3D view is not quite centred in its axes: move the axes so that the scene's
    # centre lands in the middle of the picture (below the title)
    fig.canvas.draw()
    from mpl_toolkits.mplot3d import proj3d
    px, py = ax.transData.transform(proj3d.proj_transform(*cen, ax.get_proj())[:2])
    want_y = (0.46 if a.title != "" else 0.5) * H
    ax.set_position([-(px - 0.5 * W) / W, -(py - want_y) / H, 1, 1])
    title = (a.title if a.title is not None else "{dump}  step {step}").replace(
        "{step}", str(step)).replace("{dump}", os.path.basename(a.dump))
    if title:
        fig.text(0.5, 0.97, title, ha="center", va="top", fontsize=11)
    fig.savefig(a.png, dpi=a.dpi, facecolor="white")
    print(f"render.py: wrote {a.png} (step {step}, {ntri} triangles, {len(xa)} atoms, "
          f"{len(bonds)} bonds, view {a.view[0]:g} {a.view[1]:g})")


if __name__ == "__main__":
    main()
