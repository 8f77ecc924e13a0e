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

#include "geomint/dg_radial.h"

using namespace LAMMPS_NS;

void PairMorseDG::pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                          double &vold)
{
  auto term = [this](const DGPairIJ &p, double r, double rn, double &delta, double &vo,
                     double &vn) {
    const int it = p.itype, jt = p.jtype;
    geomint::dg::morse_pair(d0[it][jt], alpha[it][jt], r0[it][jt], offset[it][jt], p.factor_lj, r,
                            rn, p.in_old, p.in_new, delta, vo, vn);
  };
  dg_pair_list_ij(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
