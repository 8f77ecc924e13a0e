/* ----------------------------------------------------------------------
   GEOMINT - angle cosine/squared/dg: K (cos theta - cos theta0)^2 as a
   function of the three distances r_ji, r_jk, r_ik (law of cosines:
   cos theta = (r_ji^2 + r_jk^2 - r_ik^2) / (2 r_ji r_jk))
------------------------------------------------------------------------- */

#include "angle_cosine_squared_dg.h"

#include <cmath>

using namespace LAMMPS_NS;

void AngleCosineSquaredDG::dg_row(int t, double *row) const
{
  row[0] = k[t];
  row[1] = std::cos(theta0[t]);
}
