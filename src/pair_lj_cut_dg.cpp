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
  auto term = [this](int it, int jt, double factor, double r, double rn, bool in, bool in_new,
                     double &delta, double &vo, double &vn) {
    const double c12 = factor * lj3[it][jt], c6 = factor * lj4[it][jt];
    const double off = factor * offset[it][jt];
    const double inv = 1.0 / r, inv_n = 1.0 / rn;
    auto energy = [&](double ri, bool inside) {
      if (!inside) return 0.0;
      const double r2inv = ri * ri, r6inv = r2inv * r2inv * r2inv;
      return r6inv * (c12 * r6inv - c6) - off;
    };
    vo = energy(inv, in);
    vn = energy(inv_n, in_new);
    if (in && in_new)
      delta = geomint::dg::lj_quotient_inv(c12, c6, inv, inv_n);    // the offset cancels
    else
      delta = (vn - vo) / (rn - r);    // crossing the cutoff: V = 0 outside (one end is 0)
  };
  dg_pair_list(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
