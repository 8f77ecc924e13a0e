/* ----------------------------------------------------------------------
   GEOMINT - angle harmonic/dg: K (theta - theta0)^2 with theta = acos of
   the cosine from the three distances, clamped to [-1, 1] (spec 1.4, 6.7:
   the clamp keeps mixed path states defined; the identity still telescopes)
------------------------------------------------------------------------- */

#include "angle_harmonic_dg.h"

#include "atom.h"
#include "force.h"
#include "neighbor.h"

#include <cmath>

using namespace LAMMPS_NS;

void AngleHarmonicDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                 double &vold)
{
  int **anglelist = neighbor->anglelist;
  const int nanglelist = neighbor->nanglelist;
  const int nlocal = atom->nlocal;
  const int newton_bond = force->newton_bond;
  for (int n = 0; n < nanglelist; n++) {
    const int type = anglelist[n][3];
    const double kk = k[type], t0 = theta0[type];
    auto pot = [kk, t0](const double *d) {
      double c = geomint::dg::angle_cos(d[0], d[1], d[2]);
      c = c > 1.0 ? 1.0 : (c < -1.0 ? -1.0 : c);
      const double dt = std::acos(c) - t0;
      return kk * dt * dt;
    };
    dg_bonded_term<3, 3>(anglelist[n], xold, xnew, fdg, nlocal, newton_bond,
                         geomint::dg::ANGLE_PAIRS, pot, variant, vnew, vold);
  }
}
