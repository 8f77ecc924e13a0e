/* ----------------------------------------------------------------------
   GEOMINT - angle cosine/squared/dg: K (cos theta - cos theta0)^2 as a
   function of the three distances r_ji, r_jk, r_ik (spec 1.4)
------------------------------------------------------------------------- */

#include "angle_cosine_squared_dg.h"

#include "atom.h"
#include "force.h"
#include "neighbor.h"

#include <cmath>

using namespace LAMMPS_NS;

void AngleCosineSquaredDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                      double &vold)
{
  int **anglelist = neighbor->anglelist;
  const int nanglelist = neighbor->nanglelist;
  const int nlocal = atom->nlocal;
  const int newton_bond = force->newton_bond;
  for (int n = 0; n < nanglelist; n++) {
    const int type = anglelist[n][3];
    const double kk = k[type], c0 = std::cos(theta0[type]);
    auto pot = [kk, c0](const double *d) {
      const double dc = geomint::dg::angle_cos(d[0], d[1], d[2]) - c0;
      return kk * dc * dc;
    };
    dg_bonded_term<3, 3>(anglelist[n], xold, xnew, fdg, nlocal, newton_bond,
                         geomint::dg::ANGLE_PAIRS, pot, variant, vnew, vold);
  }
}
