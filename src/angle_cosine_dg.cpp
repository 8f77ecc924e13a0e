/* ----------------------------------------------------------------------
   GEOMINT - angle cosine/dg: K (1 + cos theta); midpoint DG (default) or the
   distance path DGs with cos theta from the three distances
------------------------------------------------------------------------- */

#include "angle_cosine_dg.h"

#include "dg_bonded.h"
#include "neighbor.h"

using namespace LAMMPS_NS;

void AngleCosineDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                               double &vold)
{
  if (variant == geomint::dg::MIDPOINT) {
    dg_midpoint_angles(
        lmp, xold, xnew, fdg, [this](int type) { return geomint::dg::AngleCosine{k[type]}; },
        vnew, vold);
    return;
  }
  auto pot_of_type = [this](int type) {
    const double kk = k[type];
    return [kk](const double *d) { return kk * (1.0 + geomint::dg::angle_cos(d[0], d[1], d[2])); };
  };
  dg_bonded_list<3, 3>(lmp, neighbor->anglelist, neighbor->nanglelist, xold, xnew, fdg,
                       geomint::dg::ANGLE_PAIRS, pot_of_type, variant, vnew, vold);
}
