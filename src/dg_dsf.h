/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - what pair coul/dsf/dg and lj/cut/coul/dsf/dg add to their
   parents' compute(): the energy made continuous at the Coulomb cutoff
   (geomint::dg::dsf_continuity_shift), the energy their discrete gradient
   conserves.  Forces and virial are the parents'.
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_DSF_H
#define GEOMINT_DG_DSF_H

#include "atom.h"
#include "force.h"
#include "lammps.h"
#include "neigh_list.h"
#include "neighbor.h"

#include "dg_pair.h"
#include "dg_style.h"
#include "geomint/dg_radial.h"

namespace LAMMPS_NS {

// subtract qq * shift for every pair inside the Coulomb cutoff from the energies
// compute() tallied (global and per atom, with ev_tally's newton_pair shares)
inline void dg_dsf_continuous_energy(LAMMPS *lmp, const NeighList *list, double cut_coulsq,
                                     double shift, bool eglobal, bool eatom_on, double &eng_coul,
                                     double *eatom)
{
  if (!(eglobal || eatom_on) || shift == 0.0) return;
  double **x = lmp->atom->x;
  const double *q = lmp->atom->q;
  const int nlocal = lmp->atom->nlocal;
  const int newton_pair = lmp->force->newton_pair;
  const double qqrd2e = lmp->force->qqrd2e;
  for (int ii = 0; ii < list->inum; ii++) {
    const int i = list->ilist[ii];
    const int *jlist = list->firstneigh[i];
    const double qi = q[i];
    if (qi == 0.0) continue;
    for (int jj = 0; jj < list->numneigh[i]; jj++) {
      const int j = jlist[jj] & NEIGHMASK;
      const double dx = x[i][0] - x[j][0], dy = x[i][1] - x[j][1], dz = x[i][2] - x[j][2];
      if (dx * dx + dy * dy + dz * dz >= cut_coulsq) continue;
      const double e = qqrd2e * qi * q[j] * shift;
      if (eglobal) eng_coul -= (newton_pair || j < nlocal) ? e : 0.5 * e;
      if (eatom_on) {
        if (newton_pair || i < nlocal) eatom[i] -= 0.5 * e;
        if (newton_pair || j < nlocal) eatom[j] -= 0.5 * e;
      }
    }
  }
}

// pair coul/dsf/dg and lj/cut/coul/dsf/dg: DGPair with the parent's compute()
// reporting the continuous energy
template <class Parent> class DGPairDSF : public DGPair<Parent> {
 public:
  using DGPair<Parent>::DGPair;

  void compute(int eflag, int vflag) override
  {
    if (this->dg_skip(this->update, eflag, vflag)) return;
    DGPair<Parent>::compute(eflag, vflag);
    dg_dsf_continuous_energy(this->lmp, this->list, this->cut_coulsq,
                             geomint::dg::dsf_continuity_shift(this->alpha, this->cut_coul),
                             this->eflag_global, this->eflag_atom, this->eng_coul, this->eatom);
  }

  // the pair energy of compute(): the parent's less the continuity shift
  double single(int i, int j, int itype, int jtype, double rsq, double factor_coul,
                double factor_lj, double &fforce) override
  {
    double e = DGPair<Parent>::single(i, j, itype, jtype, rsq, factor_coul, factor_lj, fforce);
    if (rsq < this->cut_coulsq)
      e -= this->force->qqrd2e * this->atom->q[i] * this->atom->q[j] *
          geomint::dg::dsf_continuity_shift(this->alpha, this->cut_coul);
    return e;
  }
};

// The Coulomb part of the discrete gradient of both styles: the parents'
// energy less qq * cshift inside the cutoff, its quotient, and the constant
// self energy of compute()
struct DGDSFCoulomb {
  double alpha, e_shift, f_shift, cut_coulsq, cshift, qqrd2e;
  const double *q;

  DGDSFCoulomb(LAMMPS *lmp, double alpha_in, double e_shift_in, double f_shift_in,
               double cut_coul) :
      alpha(alpha_in), e_shift(e_shift_in), f_shift(f_shift_in), cut_coulsq(cut_coul * cut_coul),
      cshift(geomint::dg::dsf_continuity_shift(alpha_in, cut_coul)),
      qqrd2e(lmp->force->qqrd2e), q(lmp->atom->q)
  {
  }

  // The self energy -(e_shift/2 + alpha/sqrt(pi)) qqrd2e q_i^2 that compute()
  // adds per atom is constant while the charges are: it cancels in
  // V(x') - V(x) and has no discrete gradient.  It is added to both energies
  // only so that they are the energy compute() reports.
  void add_self_energy(const NeighList *list, double &vnew, double &vold) const
  {
    for (int ii = 0; ii < list->inum; ii++) {
      const double e = geomint::dg::dsf_self_energy(alpha, e_shift, qqrd2e, q[list->ilist[ii]]);
      vnew += e;
      vold += e;
    }
  }

  // adds the pair's Coulomb quotient and energies (V = 0 beyond the cutoff)
  void add(const DGPairIJ &p, double r, double rn, double &delta, double &vo, double &vn) const
  {
    geomint::dg::dsf_pair(alpha, e_shift, f_shift, cut_coulsq, cshift, qqrd2e * q[p.i] * q[p.j],
                          p.factor_coul, p.rsq, p.rnsq, r, rn, delta, vo, vn);
  }
};

}    // namespace LAMMPS_NS

#endif
