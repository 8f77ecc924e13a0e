/* ----------------------------------------------------------------------
   GEOMINT - dihedral opls/dg: k1 (1 + c) + k2 (1 - cos 2phi) + k3 (1 + cos 3phi)
   + k4 (1 - cos 4phi) (k_i = K_i/2, as dihedral opls stores them) written as a
   polynomial in c = cos phi from the six distances (geomint::dg::dihedral_cos)
------------------------------------------------------------------------- */

#include "dihedral_opls_dg.h"

#include "dg_bonded.h"
#include "neighbor.h"

using namespace LAMMPS_NS;

void DihedralOPLSDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                double &vold)
{
  if (variant == geomint::dg::MIDPOINT) {
    dg_midpoint_dihedrals(
        lmp, neighbor->dihedrallist, neighbor->ndihedrallist, xold, xnew, fdg,
        [this](int type) {
          return geomint::dg::DihedralOPLS{k1[type], k2[type], k3[type], k4[type]};
        },
        vnew, vold);
    return;
  }
  auto pot_of_type = [this](int type) {
    const double K1 = k1[type], K2 = k2[type], K3 = k3[type], K4 = k4[type];
    return [K1, K2, K3, K4](const double *d) {
      const double c = geomint::dg::dihedral_cos(d), c2 = c * c;
      const double cos2 = 2.0 * c2 - 1.0, cos3 = (4.0 * c2 - 3.0) * c;
      const double cos4 = 8.0 * c2 * (c2 - 1.0) + 1.0;
      return K1 * (1.0 + c) + K2 * (1.0 - cos2) + K3 * (1.0 + cos3) + K4 * (1.0 - cos4);
    };
  };
  dg_bonded_list<6, 4>(lmp, neighbor->dihedrallist, neighbor->ndihedrallist, xold, xnew, fdg,
                       geomint::dg::DIHEDRAL_PAIRS, pot_of_type, variant, vnew, vold);
}
