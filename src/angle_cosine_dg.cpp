/* ----------------------------------------------------------------------
   GEOMINT - angle cosine/dg: K (1 + cos theta); midpoint DG (default) or the
   distance path DGs with cos theta from the three distances
------------------------------------------------------------------------- */

#include "angle_cosine_dg.h"

#include <cmath>

using namespace LAMMPS_NS;

void AngleCosineDG::dg_row(int t, double *row) const
{
  row[0] = k[t];
}
