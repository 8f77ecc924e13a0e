/* ----------------------------------------------------------------------
   GEOMINT - angle cosine/squared/dg: K (cos theta - cos theta0)^2 as a
   function of the three distances r_ji, r_jk, r_ik (law of cosines:
   cos theta = (r_ji^2 + r_jk^2 - r_ik^2) / (2 r_ji r_jk))
------------------------------------------------------------------------- */

#include "angle_cosine_squared_dg.h"

#include "dg_bonded.h"
#include "neighbor.h"

#include <cmath>

using namespace LAMMPS_NS;

void AngleCosineSquaredDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                      double &vold)
{
  if (variant == geomint::dg::MIDPOINT) {
    dg_midpoint_angles(
        lmp, xold, xnew, fdg,
        [this](int type) {
          return geomint::dg::AngleCosineSquared{k[type], std::cos(theta0[type])};
        },
        vnew, vold);
    return;
  }
  auto pot_of_type = [this](int type) {
    const double kk = k[type], c0 = std::cos(theta0[type]);
    return [kk, c0](const double *d) {
      const double dc = geomint::dg::angle_cos(d[0], d[1], d[2]) - c0;
      return kk * dc * dc;
    };
  };
  dg_bonded_list<3, 3>(lmp, neighbor->anglelist, neighbor->nanglelist, xold, xnew, fdg,
                       geomint::dg::ANGLE_PAIRS, pot_of_type, variant, vnew, vold);
}
