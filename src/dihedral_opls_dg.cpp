/* ----------------------------------------------------------------------
   GEOMINT - dihedral opls/dg: k1 (1 + c) + k2 (1 - cos 2phi) + k3 (1 + cos 3phi)
   + k4 (1 - cos 4phi) (k_i = K_i/2, as dihedral opls stores them) written as a
   polynomial in c = cos phi from the six distances (geomint::dg::dihedral_cos)
------------------------------------------------------------------------- */

#include "dihedral_opls_dg.h"

#include <cmath>

using namespace LAMMPS_NS;

void DihedralOPLSDG::dg_row(int t, double *row) const
{
  row[0] = k1[t];
  row[1] = k2[t];
  row[2] = k3[t];
  row[3] = k4[t];
}
