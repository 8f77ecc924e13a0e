#!/usr/bin/env python3
"""Write ring_rep.table (pair_style table) for in.ring_drafting: the repulsion
of section V B of Davidchack, Ouldridge and Tretyakov (J. Chem. Phys. 147,
224103 (2017)), their eq. 33, U_rep(r) = A / ((r/2)^12 - 1) with A = 0.02, which
diverges at contact (r = 2), smoothly truncated at r_c = 2.4 with the switch
of their Section S2, phi(z) = 1 - 10 z^3 + 15 z^4 - 6 z^5, z = (r^2 - r_m^2)/(r_c^2 - r_m^2),
r_m = 0.9 r_c (the paper does not give its smoothing). 400 points, denser
towards contact (r - 2 from 1e-3 to 0.4, geometric); E and F = -dE/dr exact.
usage: python3 make_ring_table.py   (writes ring_rep.table here)"""
import numpy as np

A, RC = 0.02, 2.4
RM = 0.9 * RC
d = np.geomspace(1e-3, RC - 2.0, 400)
r = 2.0 + d
s = (r / 2) ** 12
u = A / (s - 1)
du = -A * 12 * (r / 2) ** 11 / 2 / (s - 1) ** 2
z = np.clip((r**2 - RM**2) / (RC**2 - RM**2), 0, 1)
phi = 1 - 10 * z**3 + 15 * z**4 - 6 * z**5
dphi = (-30 * z**2 + 60 * z**3 - 30 * z**4) * (2 * r / (RC**2 - RM**2))
e = u * phi
f = -(du * phi + u * dphi)
e[-1] = 0.0; f[-1] = 0.0
with open("ring_rep.table", "w") as fh:
    fh.write("# U_rep = A / ((r/2)^12 - 1) * phi, A = 0.02, smoothed to 0 between 2.16 and 2.4 (Davidchack et al. 2017, eq. 33)\n\nREP\n")
    fh.write(f"N {len(r)}\n\n")
    for i, (ri, ei, fi) in enumerate(zip(r, e, f)):
        fh.write(f"{i+1} {ri:.10f} {ei:.10e} {fi:.10e}\n")
