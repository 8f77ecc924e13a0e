/* ----------------------------------------------------------------------
   GEOMINT - pair lj/cut/dg: the LaBudde-Greenspan discrete gradient of each
   pair, Delta = (V(r') - V(r)) / (r' - r) along (R + R') / (r + r'), with the
   cancellation-free inverse-power quotient of lib/geomint/dg.h

   compute() is pair lj/cut's; the neighbor-list margin is dg_pair.h's.
------------------------------------------------------------------------- */

#include "pair_lj_cut_dg.h"

#include "geomint/dg_radial.h"

#include <cmath>

using namespace LAMMPS_NS;

void PairLJCutDG::pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                          double &vold)
{
  // in squared distances: no square root per pair (geomint::dg::lj_cut_pair_sq)
  auto term = [this](const DGPairIJ &p, double &q, double &vo, double &vn) {
    const double f = p.factor_lj;
    geomint::dg::lj_cut_pair_sq(f * lj3[p.itype][p.jtype], f * lj4[p.itype][p.jtype],
                                f * offset[p.itype][p.jtype], p.rsq, p.rnsq, p.in_old, p.in_new,
                                q, vo, vn);
  };
  dg_pair_list_sq(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
