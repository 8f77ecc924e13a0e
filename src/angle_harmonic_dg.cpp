/* ----------------------------------------------------------------------
   GEOMINT - angle harmonic/dg: K (theta - theta0)^2 with theta = acos of
   the cosine from the three distances, clamped to [-1, 1]: the path states
   of the discrete gradient mix old and new distances, which need not form a
   triangle; the clamp keeps them defined, and the DG identity still holds
   because the path differences telescope
------------------------------------------------------------------------- */

#include "angle_harmonic_dg.h"

#include <cmath>

using namespace LAMMPS_NS;

void AngleHarmonicDG::dg_row(int t, double *row) const
{
  row[0] = k[t];
  row[1] = theta0[t];
}
