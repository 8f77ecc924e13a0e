/* ----------------------------------------------------------------------
   GEOMINT - dihedral multi/harmonic/dg: sum_{n=1..5} A_n cos^(n-1) phi;
   midpoint DG (default) or the distance path DGs (a polynomial in the cos phi
   of the six distances)
------------------------------------------------------------------------- */

#include "dihedral_multi_harmonic_dg.h"

#include <cmath>

using namespace LAMMPS_NS;

void DihedralMultiHarmonicDG::dg_row(int t, double *row) const
{
  row[0] = a1[t];
  row[1] = a2[t];
  row[2] = a3[t];
  row[3] = a4[t];
  row[4] = a5[t];
}
