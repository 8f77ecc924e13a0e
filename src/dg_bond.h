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

// one bond: radial(i1, i2, type, r, rn, delta, vo, vn) sets the quotient and V
// at r and rn (i1, i2 local indices; r, rn the bond lengths in xold and
// xnew); forces f[0] += delta e, f[1] -= delta e (dg_bonded_term's term)
template <class Radial> struct DGRadialTerm {
  Radial radial;
  GEOMINT_INLINE void operator()(const int (&idx)[2], int type, const double (&xo)[2][3],
                                 const double (&xn)[2][3], double (&f)[2][3], double &vo,
                                 double &vn) const
  {
    double R[3], Rn[3];
    for (int d = 0; d < 3; d++) {
      R[d] = xo[1][d] - xo[0][d];
      Rn[d] = xn[1][d] - xn[0][d];
    }
    const double r = std::sqrt(R[0] * R[0] + R[1] * R[1] + R[2] * R[2]);
    const double rn = std::sqrt(Rn[0] * Rn[0] + Rn[1] * Rn[1] + Rn[2] * Rn[2]);
    double delta;
    radial(idx[0], idx[1], type, r, rn, delta, vo, vn);
    double e[3];
    geomint::dg::mean_direction(R, Rn, r, rn, e);
    for (int d = 0; d < 3; d++) {
      f[0][d] = delta * e[d];
      f[1][d] = -(delta * e[d]);
    }
  }
};

template <class Radial> DGRadialTerm<Radial> dg_radial_term(const Radial &radial)
{
  return {radial};
}

// every bond of the bond list (forces and energy shares with newton_bond, as
// Bond::ev_tally)
template <class Radial>
inline void dg_bond_list(LAMMPS *lmp, double **xold, double **xnew, double **fdg, double &vnew,
                         double &vold, const Radial &radial)
{
  dg_term_list<2>(lmp, lmp->neighbor->bondlist, lmp->neighbor->nbondlist, xold, xnew, fdg,
                  dg_radial_term(radial), vnew, vold);
}

}    // namespace LAMMPS_NS

#endif
