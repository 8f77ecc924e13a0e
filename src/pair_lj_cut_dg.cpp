/* ----------------------------------------------------------------------
   GEOMINT - pair lj/cut/dg: the LaBudde-Greenspan discrete gradient of each
   pair, Delta = (V(r') - V(r)) / (r' - r) along (R + R') / (r + r'), with the
   cancellation-free inverse-power quotient of lib/geomint/dg.h

   compute() is pair lj/cut's; the neighbor-list margin is dg_pair.h's.
------------------------------------------------------------------------- */

#include "pair_lj_cut_dg.h"

#include "geomint/dg.h"

#include <cmath>

using namespace LAMMPS_NS;

void PairLJCutDG::pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                             double &vold)
{
  // in squared distances: no square root per pair
  auto term = [this](const DGPairIJ &p, double &q, double &vo, double &vn) {
    const double c12 = p.factor_lj * lj3[p.itype][p.jtype];
    const double c6 = p.factor_lj * lj4[p.itype][p.jtype];
    const double off = p.factor_lj * offset[p.itype][p.jtype];
    const double u = 1.0 / p.rsq, w = 1.0 / p.rnsq;
    auto energy = [&](double s_inv, bool inside) {
      if (!inside) return 0.0;
      const double r6inv = s_inv * s_inv * s_inv;
      return r6inv * (c12 * r6inv - c6) - off;
    };
    vo = energy(u, p.in_old);
    vn = energy(w, p.in_new);
    if (p.in_old && p.in_new)
      q = geomint::dg::lj_quotient_sq(c12, c6, u, w);    // the offset cancels
    else
      q = (vn - vo) / (p.rnsq - p.rsq);    // crossing the cutoff: V = 0 outside (one end is 0)
  };
  dg_pair_list_sq(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
