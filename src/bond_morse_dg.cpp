/* ----------------------------------------------------------------------
   GEOMINT - bond morse/dg: D0 (1 - exp(-alpha (r - r0)))^2 with the
   cancellation-free LaBudde-Greenspan quotient of lib/geomint/dg_radial.h
   (expm1 forms: exact at any displacement, the derivative at none)
------------------------------------------------------------------------- */

#include "bond_morse_dg.h"

#include <cmath>

using namespace LAMMPS_NS;

void BondMorseDG::dg_row(int t, double *row) const
{
  row[0] = d0[t];
  row[1] = alpha[t];
  row[2] = r0[t];
}
