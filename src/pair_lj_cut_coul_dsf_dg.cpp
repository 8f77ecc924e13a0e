/* ----------------------------------------------------------------------
   GEOMINT - pair lj/cut/coul/dsf/dg: the LaBudde-Greenspan discrete gradient
   of pair lj/cut/coul/dsf's energy, the sum of two radial terms with their
   own cutoffs: factor_lj (LJ - offset) inside the per-pair LJ cutoff
   (cancellation-free inverse-power quotient of lib/geomint/dg.h) and the
   damped shifted force Coulomb energy with its factor_coul treatment inside
   the global Coulomb cutoff (lib/geomint/dg_radial.h).  The quotient of the
   sum is the sum of the quotients; a term whose cutoff the pair crosses
   within a step uses V = 0 beyond it.  The neighbor lists reach the larger
   of the two cutoffs + margin (dg_pair.h).
------------------------------------------------------------------------- */

#include "pair_lj_cut_coul_dsf_dg.h"

#include "atom.h"
#include "force.h"

#include "dg_dsf.h"
#include "geomint/dg_radial.h"

#include <cmath>

using namespace LAMMPS_NS;

void PairLJCutCoulDSFDG::pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                 double &vold)
{
  const DGDSFCoulomb coul(lmp, alpha, e_shift, f_shift, cut_coul);
  coul.add_self_energy(list, vnew, vold);
  auto term = [&](const DGPairIJ &p, double r, double rn, double &delta, double &vo,
                  double &vn) {
    const int it = p.itype, jt = p.jtype;
    delta = vo = vn = 0.0;
    geomint::dg::lj_cut_coul_lj_part(lj3[it][jt], lj4[it][jt], offset[it][jt], p.factor_lj,
                                     cut_ljsq[it][jt], p.rsq, p.rnsq, r, rn, delta, vo, vn);
    coul.add(p, r, rn, delta, vo, vn);
  };
  dg_pair_list_ij(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
