/* ----------------------------------------------------------------------
   GEOMINT - pair coul/dsf/dg: the LaBudde-Greenspan discrete gradient of the
   damped shifted force Coulomb energy exactly as pair coul/dsf computes it
   (its polynomial erfc, its shifts, and factor_coul: V -= (1 - factor_coul)
   qq/r for special pairs), lib/geomint/dg_radial.h.  A pair that crosses the
   cutoff within a step uses V = 0 beyond it.

   compute() is pair coul/dsf's; the neighbor-list margin is dg_pair.h's.
------------------------------------------------------------------------- */

#include "pair_coul_dsf_dg.h"

#include "atom.h"
#include "force.h"

#include "dg_dsf.h"
#include "geomint/dg_radial.h"

#include <cmath>

using namespace LAMMPS_NS;

void PairCoulDSFDG::compute(int eflag, int vflag)
{
  DGPair::compute(eflag, vflag);
  dg_dsf_continuous_energy(lmp, list, cut_coulsq,
                           geomint::dg::dsf_continuity_shift(alpha, cut_coul),
                           eflag_global, eflag_atom, eng_coul, eatom);
}

void PairCoulDSFDG::pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                            double &vold)
{
  using namespace geomint::dg;
  const double *q = atom->q;
  const double qqrd2e = force->qqrd2e;
  // The self energy -(e_shift/2 + alpha/sqrt(pi)) qqrd2e q_i^2 that compute()
  // adds per atom is constant while the charges are: it cancels in
  // V(x') - V(x) and has no discrete gradient.  It is added to both energies
  // only so that they are the energy compute() reports.
  for (int ii = 0; ii < list->inum; ii++) {
    const double e = dsf_self_energy(alpha, e_shift, qqrd2e, q[list->ilist[ii]]);
    vnew += e;
    vold += e;
  }
  const double cshift = dsf_continuity_shift(alpha, cut_coul);
  auto term = [&](const DGPairIJ &p, double r, double rn, double &delta, double &vo,
                  double &vn) {
    const double qq = qqrd2e * q[p.i] * q[p.j];
    const bool in = p.rsq < cut_coulsq, in_new = p.rnsq < cut_coulsq;
    vo = in ? dsf_energy(alpha, e_shift, f_shift, qq, p.factor_coul, r) - qq * cshift : 0.0;
    vn = in_new ? dsf_energy(alpha, e_shift, f_shift, qq, p.factor_coul, rn) - qq * cshift : 0.0;
    if (in && in_new)
      delta = dsf_quotient(alpha, f_shift, qq, p.factor_coul, r, rn);
    else
      delta = crossing_quotient(r, rn, vo, vn);    // (list pairs are inside at one end)
  };
  dg_pair_list_ij(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
