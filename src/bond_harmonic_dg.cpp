/* ----------------------------------------------------------------------
   GEOMINT - bond harmonic/dg: K (r - r0)^2 with the cancellation-free
   LaBudde-Greenspan quotient Delta = K (r + r' - 2 r0)
------------------------------------------------------------------------- */

#include "bond_harmonic_dg.h"

#include "atom.h"
#include "force.h"
#include "neighbor.h"

#include <cmath>

using namespace LAMMPS_NS;

void BondHarmonicDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                double &vold)
{
  int **bondlist = neighbor->bondlist;
  const int nbondlist = neighbor->nbondlist;
  const int nlocal = atom->nlocal;
  const int newton_bond = force->newton_bond;
  for (int n = 0; n < nbondlist; n++) {
    const int i1 = bondlist[n][0], i2 = bondlist[n][1], type = bondlist[n][2];
    double R[3], Rn[3];
    for (int d = 0; d < 3; d++) {
      R[d] = xold[i2][d] - xold[i1][d];
      Rn[d] = xnew[i2][d] - xnew[i1][d];
    }
    const double r = std::sqrt(R[0] * R[0] + R[1] * R[1] + R[2] * R[2]);
    const double rn = std::sqrt(Rn[0] * Rn[0] + Rn[1] * Rn[1] + Rn[2] * Rn[2]);
    const double delta = geomint::dg::harmonic_quotient(k[type], r0[type], r, rn);
    double e[3];
    geomint::dg::mean_direction(R, Rn, r, rn, e);
    if (newton_bond || i1 < nlocal)
      for (int d = 0; d < 3; d++) fdg[i1][d] += delta * e[d];
    if (newton_bond || i2 < nlocal)
      for (int d = 0; d < 3; d++) fdg[i2][d] -= delta * e[d];
    const double w = newton_bond ? 1.0 : 0.5 * ((i1 < nlocal) + (i2 < nlocal));
    vnew += w * k[type] * (rn - r0[type]) * (rn - r0[type]);
    vold += w * k[type] * (r - r0[type]) * (r - r0[type]);
  }
}
