/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the loop of the radial (two-atom) DG bond styles over the bond
   list: one LaBudde-Greenspan quotient per bond, applied along
   e = (R + R')/(r + r'), with LAMMPS's newton_bond rules.
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_BOND_H
#define GEOMINT_DG_BOND_H

#include "atom.h"
#include "force.h"
#include "lammps.h"
#include "neighbor.h"

#include "geomint/dg.h"

#include <cmath>

namespace LAMMPS_NS {

// term(i1, i2, type, r, rn, delta, vo, vn) sets the quotient and V at r and rn
// (i1, i2 local indices; r, rn the bond lengths in xold and xnew); forces
// fdg[i1] += delta e, fdg[i2] -= delta e; energy shares as Bond::ev_tally
template <class Term>
inline void dg_bond_list(LAMMPS *lmp, double **xold, double **xnew, double **fdg, double &vnew,
                         double &vold, const Term &term)
{
  int **bondlist = lmp->neighbor->bondlist;
  const int nbondlist = lmp->neighbor->nbondlist;
  const int nlocal = lmp->atom->nlocal;
  const int newton_bond = lmp->force->newton_bond;
  for (int n = 0; n < nbondlist; n++) {
    const int i1 = bondlist[n][0], i2 = bondlist[n][1], type = bondlist[n][2];
    double R[3], Rn[3];
    for (int d = 0; d < 3; d++) {
      R[d] = xold[i2][d] - xold[i1][d];
      Rn[d] = xnew[i2][d] - xnew[i1][d];
    }
    const double r = std::sqrt(R[0] * R[0] + R[1] * R[1] + R[2] * R[2]);
    const double rn = std::sqrt(Rn[0] * Rn[0] + Rn[1] * Rn[1] + Rn[2] * Rn[2]);
    double delta, vo, vn;
    term(i1, i2, type, r, rn, delta, vo, vn);
    double e[3];
    geomint::dg::mean_direction(R, Rn, r, rn, e);
    if (newton_bond || i1 < nlocal)
      for (int d = 0; d < 3; d++) fdg[i1][d] += delta * e[d];
    if (newton_bond || i2 < nlocal)
      for (int d = 0; d < 3; d++) fdg[i2][d] -= delta * e[d];
    const double w = newton_bond ? 1.0 : 0.5 * ((i1 < nlocal) + (i2 < nlocal));
    vnew += w * vn;
    vold += w * vo;
  }
}

}    // namespace LAMMPS_NS

#endif
