/* ----------------------------------------------------------------------
   GEOMINT - pair lj/mdf/dg: the LaBudde-Greenspan discrete gradient of switched LJ

   V = U(r) s(r): LJ times the C2 taper s = (1-x)^3 (1 + 3x + 6x^2),
   x = (r - r_in)/(r_c - r_in), of pair lj/mdf (the switch of Grimm et al.).  The
   product quotient Delta(U s) = Delta U (s + s')/2 + Delta s (U + U')/2 is
   exact, with cancellation-free Delta U (inverse powers) and Delta s
   (powers of the clamped x).  The neighbor-list margin is dg_pair.h's.
------------------------------------------------------------------------- */

#include "pair_lj_mdf_dg.h"

#include <cmath>

using namespace LAMMPS_NS;

namespace {
struct HostCoeff {
  double **lj3_, **lj4_, **cut_inner_, **cutsq_;
  double lj3(int i, int j) const { return lj3_[i][j]; }
  double lj4(int i, int j) const { return lj4_[i][j]; }
  double cut_inner(int i, int j) const { return cut_inner_[i][j]; }
  double cut(int i, int j) const { return std::sqrt(cutsq_[i][j]); }
};
}    // namespace

void PairLJMDFDG::pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                          double &vold)
{
  const LJMDFDGTerm<HostCoeff> term{{lj3, lj4, cut_inner, cutsq}};
  dg_pair_list_ij(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
