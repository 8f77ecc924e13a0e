/* ----------------------------------------------------------------------
   GEOMINT - dihedral nharmonic/dg: sum_i A_i cos^(i-1) phi with cos phi
   from the six distances of the four atoms (spec 1.5, Lemma 4)
------------------------------------------------------------------------- */

#include "dihedral_nharmonic_dg.h"

#include "atom.h"
#include "force.h"
#include "neighbor.h"

using namespace LAMMPS_NS;

void DihedralNHarmonicDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                     double &vold)
{
  int **dihedrallist = neighbor->dihedrallist;
  const int ndihedrallist = neighbor->ndihedrallist;
  const int nlocal = atom->nlocal;
  const int newton_bond = force->newton_bond;
  for (int n = 0; n < ndihedrallist; n++) {
    const int type = dihedrallist[n][4];
    const double *coeff = a[type];
    const int nt = nterms[type];
    auto pot = [coeff, nt](const double *d) {
      const double c = geomint::dg::dihedral_cos(d);
      double p = 0.0;
      for (int i = nt - 1; i >= 0; i--) p = p * c + coeff[i];
      return p;
    };
    dg_bonded_term<6, 4>(dihedrallist[n], xold, xnew, fdg, nlocal, newton_bond,
                         geomint::dg::DIHEDRAL_PAIRS, pot, variant, vnew, vold);
  }
}
