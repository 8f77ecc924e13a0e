/* ----------------------------------------------------------------------
   GEOMINT - dihedral multi/harmonic/dg: sum_{n=1..5} A_n cos^(n-1) phi;
   midpoint DG (default) or the distance path DGs (a polynomial in the cos phi
   of the six distances)
------------------------------------------------------------------------- */

#include "dihedral_multi_harmonic_dg.h"

#include "atom.h"
#include "dg_bonded.h"
#include "neighbor.h"

#include <vector>

using namespace LAMMPS_NS;

void DihedralMultiHarmonicDG::compute_dg(double **xold, double **xnew, double **fdg,
                                         double &vnew, double &vold)
{
  // the five coefficients of each type, contiguous (the parent keeps five arrays)
  const int ntypes = atom->ndihedraltypes;
  std::vector<double> coeff(5 * static_cast<size_t>(ntypes + 1), 0.0);
  for (int t = 1; t <= ntypes; t++) {
    const double a[5] = {a1[t], a2[t], a3[t], a4[t], a5[t]};
    for (int n = 0; n < 5; n++) coeff[5 * t + n] = a[n];
  }
  const double *c = coeff.data();
  if (variant == geomint::dg::MIDPOINT) {
    dg_midpoint_dihedrals(
        lmp, neighbor->dihedrallist, neighbor->ndihedrallist, xold, xnew, fdg,
        [c](int type) { return geomint::dg::DihedralCosPolynomial{c + 5 * type, 5}; }, vnew, vold);
    return;
  }
  auto pot_of_type = [c](int type) {
    const geomint::dg::DihedralCosPolynomial u{c + 5 * type, 5};
    return [u](const double *d) {
      double dudphi;
      return u(geomint::dg::dihedral_cos(d), 0.0, dudphi);
    };
  };
  dg_bonded_list<6, 4>(lmp, neighbor->dihedrallist, neighbor->ndihedrallist, xold, xnew, fdg,
                       geomint::dg::DIHEDRAL_PAIRS, pot_of_type, variant, vnew, vold);
}
