/* ----------------------------------------------------------------------
   GEOMINT - improper harmonic/dg: K (chi - chi0)^2, chi the angle between the
   planes (1,2,3) and (2,3,4) = acos of the cos phi of the dihedral 1-2-3-4
   (LAMMPS's improper harmonic); midpoint DG (default) or the distance path
   DGs (chi from the cos phi of the six distances, clamped)
------------------------------------------------------------------------- */

#include "improper_harmonic_dg.h"

#include <cmath>

using namespace LAMMPS_NS;

void ImproperHarmonicDG::dg_row(int t, double *row) const
{
  row[0] = k[t];
  row[1] = chi[t];
}
