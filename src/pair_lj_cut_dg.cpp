/* ----------------------------------------------------------------------
   GEOMINT - pair lj/cut/dg: the LaBudde-Greenspan discrete gradient of each
   pair, Delta = (V(r') - V(r)) / (r' - r) along (R + R') / (r + r'), with the
   cancellation-free inverse-power quotient of lib/geomint/dg.h

   compute() is pair lj/cut's; the neighbor-list margin is dg_pair.h's.
------------------------------------------------------------------------- */

#include "pair_lj_cut_dg.h"

#include <cmath>

using namespace LAMMPS_NS;

namespace {
struct HostCoeff {
  double **lj3_, **lj4_, **offset_;
  double lj3(int i, int j) const { return lj3_[i][j]; }
  double lj4(int i, int j) const { return lj4_[i][j]; }
  double offset(int i, int j) const { return offset_[i][j]; }
};
}    // namespace

void PairLJCutDG::pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                          double &vold)
{
  const LJCutDGTerm<HostCoeff> term{{lj3, lj4, offset}};
  dg_pair_list_sq(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
