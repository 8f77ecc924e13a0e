/* ----------------------------------------------------------------------
   GEOMINT - pair lj/mdf/dg: the LaBudde-Greenspan discrete gradient of switched LJ

   V = U(r) s(r): LJ times the C2 taper s = (1-x)^3 (1 + 3x + 6x^2),
   x = (r - r_in)/(r_c - r_in), of pair lj/mdf (the switch of Grimm et al.).  The
   product quotient Delta(U s) = Delta U (s + s')/2 + Delta s (U + U')/2 is
   exact, with cancellation-free Delta U (inverse powers) and Delta s
   (powers of the clamped x).  The neighbor-list margin is dg_pair.h's.
------------------------------------------------------------------------- */

#include "pair_lj_mdf_dg.h"

#include "geomint/dg_radial.h"

#include <cmath>

using namespace LAMMPS_NS;

void PairLJMDFDG::pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                          double &vold)
{
  auto term = [this](int it, int jt, double factor, double r, double rn, bool, bool,
                     double &delta, double &vo, double &vn) {
    const double rin = cut_inner[it][jt];
    geomint::dg::lj_mdf_pair(factor * lj3[it][jt], factor * lj4[it][jt], rin,
                             std::sqrt(cutsq[it][jt]) - rin, r, rn, delta, vo, vn);
  };
  dg_pair_list(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
