#!/usr/bin/env python3
"""Convert a dump of in.membrane into legacy-VTK polydata files for ParaView.

usage: dump2vtk.py DUMP MESH OUTPREFIX [--dt 0.005] [--periodic]

Writes OUTPREFIX_<step>.vtk per frame: every atom is a point (in atom-id order), the mesh
triangles are polygons and the non-vertex atoms (the in-triangle points) are vertex cells.
Point data: type, and the dump's f_1[1] (triangle id) if present. Also writes
OUTPREFIX.vtk.series (JSON: file name and time of each frame) so that ParaView opens the
frames as one time series with LJ times; opening the numbered .vtk files as a group works too.

By default the vesicle is made whole across periodic boundaries (minimum image around
vertex 1). With --periodic the wrapped positions are kept and triangles that cross the box
are left out (for flat periodic sheets).
"""
import argparse
import json
import os

import numpy as np

from plot import read_dump, read_mesh, unwrap_frame


def write_vtk(path, title, x, tri_idx, pts_idx, point_data):
    with open(path, "w") as f:
        f.write(f"# vtk DataFile Version 3.0\n{title}\nASCII\nDATASET POLYDATA\n")
        f.write(f"POINTS {len(x)} float\n")
        np.savetxt(f, x, fmt="%.6g")
        if len(pts_idx):
            f.write(f"VERTICES {len(pts_idx)} {2 * len(pts_idx)}\n")
            np.savetxt(f, np.column_stack([np.ones(len(pts_idx), int), pts_idx]), fmt="%d")
        f.write(f"POLYGONS {len(tri_idx)} {4 * len(tri_idx)}\n")
        np.savetxt(f, np.column_stack([np.full(len(tri_idx), 3), tri_idx]), fmt="%d")
        f.write(f"POINT_DATA {len(x)}\n")
        for name, val in point_data.items():
            f.write(f"SCALARS {name} int 1\nLOOKUP_TABLE default\n")
            np.savetxt(f, val.reshape(-1, 1), fmt="%d")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dump")
    p.add_argument("mesh")
    p.add_argument("outprefix")
    p.add_argument("--dt", type=float, default=0.005, help="time step, for the series times")
    p.add_argument("--periodic", action="store_true", help="keep wrapped positions (see above)")
    a = p.parse_args()
    tri = read_mesh(a.mesh)
    vert_ids = np.unique(tri)
    d = os.path.dirname(a.outprefix)
    if d:
        os.makedirs(d, exist_ok=True)
    base = os.path.basename(a.outprefix)
    files = []
    for step, box, cols in read_dump(a.dump):
        ids = cols["id"].astype(int)
        if a.periodic:
            x = np.stack([cols["x"], cols["y"], cols["z"]], axis=1)
        else:
            x, ids, _ = unwrap_frame(cols, box, vert_ids)
        row = {a_: k for k, a_ in enumerate(ids)}
        tri_idx = np.array([[row[v] for v in t] for t in tri])
        if a.periodic:  # leave out the triangles whose edges wrap around the box
            half = 0.5 * (box[:, 1] - box[:, 0])
            e = [np.abs(x[tri_idx[:, i]] - x[tri_idx[:, j]]) for i, j in ((0, 1), (1, 2), (2, 0))]
            tri_idx = tri_idx[np.all([np.all(ei < half, axis=1) for ei in e], axis=0)]
        pts_idx = np.nonzero(~np.isin(ids, vert_ids))[0]
        pdata = {"type": cols["type"].astype(int)}
        if "f_1[1]" in cols:
            pdata["triangle"] = np.rint(cols["f_1[1]"]).astype(int)
        name = f"{base}_{step:09d}.vtk"
        write_vtk(os.path.join(d, name), f"GEOMINT membrane, step {step}", x, tri_idx, pts_idx, pdata)
        files.append({"name": name, "time": step * a.dt})
    with open(a.outprefix + ".vtk.series", "w") as f:
        json.dump({"file-series-version": "1.0", "files": files}, f, indent=1)
    print(f"wrote {len(files)} VTK files {a.outprefix}_*.vtk and {a.outprefix}.vtk.series")


if __name__ == "__main__":
    main()
