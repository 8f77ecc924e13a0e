/* ----------------------------------------------------------------------
   GEOMINT - pair morse/dg: the LaBudde-Greenspan discrete gradient of
   factor_lj (D0 (E^2 - 2E) - offset), E = exp(-alpha (r - r0)), with the
   cancellation-free expm1 quotient of lib/geomint/dg_radial.h (the offset of
   pair_modify shift yes cancels between two ends inside the cutoff).  A pair
   that crosses the cutoff within a step uses V = 0 beyond it (so use
   pair_modify shift yes for a continuous V).

   compute() is pair morse's; the neighbor-list margin is dg_pair.h's.
------------------------------------------------------------------------- */

#include "pair_morse_dg.h"

using namespace LAMMPS_NS;

namespace {
struct HostCoeff {
  double **d0_, **alpha_, **r0_, **offset_;
  double d0(int i, int j) const { return d0_[i][j]; }
  double alpha(int i, int j) const { return alpha_[i][j]; }
  double r0(int i, int j) const { return r0_[i][j]; }
  double offset(int i, int j) const { return offset_[i][j]; }
};
}    // namespace

void PairMorseDG::pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                          double &vold)
{
  const MorseDGTerm<HostCoeff> term{{d0, alpha, r0, offset}};
  dg_pair_list_ij(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
