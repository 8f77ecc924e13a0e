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

}    // namespace LAMMPS_NS

#endif
