/* ----------------------------------------------------------------------
   GEOMINT - angle harmonic/dg: K (theta - theta0)^2 with theta = acos of
   the cosine from the three distances, clamped to [-1, 1]: the path states
   of the discrete gradient mix old and new distances, which need not form a
   triangle; the clamp keeps them defined, and the DG identity still holds
   because the path differences telescope
------------------------------------------------------------------------- */

#include "angle_harmonic_dg.h"

#include "dg_bonded.h"
#include "neighbor.h"

#include <cmath>

using namespace LAMMPS_NS;

void AngleHarmonicDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                 double &vold)
{
  if (variant == geomint::dg::MIDPOINT) {
    dg_midpoint_angles(
        lmp, xold, xnew, fdg,
        [this](int type) { return geomint::dg::AngleHarmonic{k[type], theta0[type]}; }, vnew,
        vold);
    return;
  }
  auto pot_of_type = [this](int type) {
    const double kk = k[type], t0 = theta0[type];
    return [kk, t0](const double *d) {
      double c = geomint::dg::angle_cos(d[0], d[1], d[2]);
      c = c > 1.0 ? 1.0 : (c < -1.0 ? -1.0 : c);
      const double dt = std::acos(c) - t0;
      return kk * dt * dt;
    };
  };
  dg_bonded_list<3, 3>(lmp, neighbor->anglelist, neighbor->nanglelist, xold, xnew, fdg,
                       geomint::dg::ANGLE_PAIRS, pot_of_type, variant, vnew, vold);
}
