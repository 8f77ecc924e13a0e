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

namespace {
struct HostCoeff {
  double **lj3_, **lj4_, **offset_, **cut_ljsq_;
  double lj3(int i, int j) const { return lj3_[i][j]; }
  double lj4(int i, int j) const { return lj4_[i][j]; }
  double offset(int i, int j) const { return offset_[i][j]; }
  double cut_ljsq(int i, int j) const { return cut_ljsq_[i][j]; }
};
}    // namespace

void PairLJCutCoulDSFDG::pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                 double &vold)
{
  const DGDSFParams s = dg_dsf_params(lmp, alpha, e_shift, f_shift, cut_coul);
  dg_dsf_add_self_energy(s, atom->q, list, vnew, vold);
  const LJCutCoulDSFDGTerm<HostCoeff, DGHostCharges> term{{lj3, lj4, offset, cut_ljsq},
                                                          {s, {atom->q}}};
  dg_pair_list_ij(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
