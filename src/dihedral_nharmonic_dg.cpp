/* ----------------------------------------------------------------------
   GEOMINT - dihedral nharmonic/dg: sum_i A_i cos^(i-1) phi with cos phi
   from the six distances of the four atoms (Grimm, Kliesch and Quispel,
   arXiv:2212.14344, Lemma 4; geomint::dg::dihedral_cos)
------------------------------------------------------------------------- */

#include "dihedral_nharmonic_dg.h"

#include "dg_bonded.h"
#include "neighbor.h"

using namespace LAMMPS_NS;

void DihedralNHarmonicDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                     double &vold)
{
  if (variant == geomint::dg::MIDPOINT) {
    dg_midpoint_dihedrals(
        lmp, neighbor->dihedrallist, neighbor->ndihedrallist, xold, xnew, fdg,
        [this](int type) { return geomint::dg::DihedralCosPolynomial{a[type], nterms[type]}; },
        vnew, vold);
    return;
  }
  auto pot_of_type = [this](int type) {
    const double *coeff = a[type];
    const int nt = nterms[type];
    return [coeff, nt](const double *d) {
      const double c = geomint::dg::dihedral_cos(d);
      double p = 0.0;
      for (int i = nt - 1; i >= 0; i--) p = p * c + coeff[i];
      return p;
    };
  };
  dg_bonded_list<6, 4>(lmp, neighbor->dihedrallist, neighbor->ndihedrallist, xold, xnew, fdg,
                       geomint::dg::DIHEDRAL_PAIRS, pot_of_type, variant, vnew, vold);
}
