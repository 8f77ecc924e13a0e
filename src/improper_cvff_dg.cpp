/* ----------------------------------------------------------------------
   GEOMINT - improper cvff/dg: K [1 + d cos(n phi)], phi the dihedral 1-2-3-4
   (LAMMPS's improper cvff); midpoint DG (default) or the distance path DGs
   (cos n phi = T_n(cos phi) from the six distances)
------------------------------------------------------------------------- */

#include "improper_cvff_dg.h"

#include "dg_bonded.h"
#include "neighbor.h"

using namespace LAMMPS_NS;

void ImproperCvffDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                double &vold)
{
  if (variant == geomint::dg::MIDPOINT) {
    dg_midpoint_dihedrals(
        lmp, neighbor->improperlist, neighbor->nimproperlist, xold, xnew, fdg,
        [this](int type) {
          return geomint::dg::ImproperCvff{k[type], sign[type], multiplicity[type]};
        },
        vnew, vold);
    return;
  }
  auto pot_of_type = [this](int type) {
    const double kk = k[type];
    const int sg = sign[type], n = multiplicity[type];
    return [kk, sg, n](const double *d) {
      return kk * (1.0 + sg * geomint::dg::chebyshev(geomint::dg::dihedral_cos(d), n));
    };
  };
  dg_bonded_list<6, 4>(lmp, neighbor->improperlist, neighbor->nimproperlist, xold, xnew, fdg,
                       geomint::dg::DIHEDRAL_PAIRS, pot_of_type, variant, vnew, vold);
}
