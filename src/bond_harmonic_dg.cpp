/* ----------------------------------------------------------------------
   GEOMINT - bond harmonic/dg: K (r - r0)^2 with the cancellation-free
   LaBudde-Greenspan quotient Delta = K (r + r' - 2 r0)
------------------------------------------------------------------------- */

#include "bond_harmonic_dg.h"

#include <cmath>

using namespace LAMMPS_NS;

void BondHarmonicDG::dg_row(int t, double *row) const
{
  row[0] = k[t];
  row[1] = r0[t];
}
