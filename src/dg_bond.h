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

#include "dg_style.h"
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
  auto bond = [&term](const int (&idx)[2], int type, const double (&xo)[2][3],
                      const double (&xn)[2][3], double (&f)[2][3], double &vo, double &vn) {
    double R[3], Rn[3];
    for (int d = 0; d < 3; d++) {
      R[d] = xo[1][d] - xo[0][d];
      Rn[d] = xn[1][d] - xn[0][d];
    }
    const double r = std::sqrt(R[0] * R[0] + R[1] * R[1] + R[2] * R[2]);
    const double rn = std::sqrt(Rn[0] * Rn[0] + Rn[1] * Rn[1] + Rn[2] * Rn[2]);
    double delta;
    term(idx[0], idx[1], type, r, rn, delta, vo, vn);
    double e[3];
    geomint::dg::mean_direction(R, Rn, r, rn, e);
    for (int d = 0; d < 3; d++) {
      f[0][d] = delta * e[d];
      f[1][d] = -(delta * e[d]);
    }
  };
  dg_term_list<2>(lmp, lmp->neighbor->bondlist, lmp->neighbor->nbondlist, xold, xnew, fdg, bond,
                  vnew, vold);
}

}    // namespace LAMMPS_NS

#endif
