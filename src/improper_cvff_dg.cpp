/* ----------------------------------------------------------------------
   GEOMINT - improper cvff/dg: K [1 + d cos(n phi)], phi the dihedral 1-2-3-4
   (LAMMPS's improper cvff); midpoint DG (default) or the distance path DGs
   (cos n phi = T_n(cos phi) from the six distances)
------------------------------------------------------------------------- */

#include "improper_cvff_dg.h"

#include <cmath>

using namespace LAMMPS_NS;

void ImproperCvffDG::dg_row(int t, double *row) const
{
  row[0] = k[t];
  row[1] = sign[t];
  row[2] = multiplicity[t];
}
