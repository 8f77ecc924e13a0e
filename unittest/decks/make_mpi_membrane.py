#!/usr/bin/env python3
"""A flat periodic tethered membrane with in-triangle points, for the MPI
invariance test of fix bagogab: writes membrane.data and membrane.mesh into
the current directory (triangular sheet 12 x 12 of edge 1, 150 points)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "potentials"))
import make_mesh as mm  # noqa: E402

verts, tris, (lx, ly) = mm.flat_sheet(12, 12, 1.0, "triangular")
rng = np.random.default_rng(2024)
pts, _, _ = mm.random_points(verts, tris, 150, rng, box=(lx, ly, None))
nv = len(verts)
box = ((0.0, lx), (0.0, ly), (-6.0, 6.0))
pts = mm.wrap(pts, (0.0, 0.0, None), (lx, ly, None))
atoms = [(i + 1, 1, 1, *verts[i]) for i in range(nv)]
atoms += [(nv + i + 1, 2, 2, *pts[i]) for i in range(len(pts))]
bonds = [(1, int(a) + 1, int(b) + 1) for a, b in mm.edges(tris)]
mm.write_data("membrane.data", box, atoms, {1: 1.0, 2: 1.0}, bonds=bonds,
              comment="GEOMINT MPI test membrane")
mm.write_mesh("membrane.mesh", tris, comment="GEOMINT MPI test membrane, 12 x 12 triangular sheet")
