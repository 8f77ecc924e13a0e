/* ----------------------------------------------------------------------
   GEOMINT - pair lj/cut/dg (spec/discrete_gradients.md 1.3, 3.3, 5.2)

   compute() is pair lj/cut's.  The neighbor list reaches cutoff + margin
   (margin = 2 x fix dg/nve's maxdisp), because a pair interacts if it is
   inside the cutoff at the old or at the new positions of a step: init_one()
   returns the extended cutoff (so neighbor lists and ghosts follow), and
   setup() puts the true cutoff back into cutsq before forces are computed.
------------------------------------------------------------------------- */

#include "pair_lj_cut_dg.h"

#include "atom.h"
#include "error.h"
#include "force.h"
#include "neigh_list.h"
#include "utils.h"

#include "geomint/dg.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;

PairLJCutDG::PairLJCutDG(LAMMPS *lmp) : PairLJCut(lmp), margin_user(0.0), margin(0.0)
{
  respa_enable = 0;
}

// pair_style lj/cut/dg Rc [margin M]
void PairLJCutDG::settings(int narg, char **arg)
{
  margin_user = dg_pair_margin_arg(lmp, "lj/cut/dg", narg, arg);
  if (narg != 1)
    error->all(FLERR, "Illegal pair_style lj/cut/dg command: expected 'pair_style lj/cut/dg "
               "cutoff [margin M]'");
  PairLJCut::settings(narg, arg);
}

void PairLJCutDG::init_style()
{
  PairLJCut::init_style();
  margin = std::max(margin_user, dg_nve_margin(lmp));
}

double PairLJCutDG::init_one(int i, int j)
{
  return PairLJCut::init_one(i, j) + margin;
}

void PairLJCutDG::setup()
{
  dg_true_cutsq(lmp, setflag, cut, cutsq);
}

void PairLJCutDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                             double &vold)
{
  const int *type = atom->type;
  const int nlocal = atom->nlocal;
  const int newton_pair = force->newton_pair;
  const double *special_lj = force->special_lj;
  const int inum = list->inum;
  const int *ilist = list->ilist;
  const int *numneigh = list->numneigh;
  int **firstneigh = list->firstneigh;

  for (int ii = 0; ii < inum; ii++) {
    const int i = ilist[ii];
    const int itype = type[i];
    const int *jlist = firstneigh[i];
    for (int jj = 0; jj < numneigh[i]; jj++) {
      int j = jlist[jj];
      const double factor_lj = special_lj[sbmask(j)];
      j &= NEIGHMASK;
      const int jtype = type[j];
      double R[3], Rn[3];
      for (int d = 0; d < 3; d++) {
        R[d] = xold[j][d] - xold[i][d];
        Rn[d] = xnew[j][d] - xnew[i][d];
      }
      const double rsq = R[0] * R[0] + R[1] * R[1] + R[2] * R[2];
      const double rnsq = Rn[0] * Rn[0] + Rn[1] * Rn[1] + Rn[2] * Rn[2];
      const double cutsq_ij = cutsq[itype][jtype];    // the true cutoff (setup()); symmetric
      const bool in = rsq < cutsq_ij, in_new = rnsq < cutsq_ij;
      if (!in && !in_new) continue;
      const double r = std::sqrt(rsq), rn = std::sqrt(rnsq);
      const double c12 = factor_lj * lj3[itype][jtype], c6 = factor_lj * lj4[itype][jtype];
      const double off = factor_lj * offset[itype][jtype];
      auto energy = [&](double rr, bool inside) {
        if (!inside) return 0.0;
        const double r6inv = 1.0 / (rr * rr * rr * rr * rr * rr);
        return r6inv * (c12 * r6inv - c6) - off;
      };
      const double vo = energy(r, in), vn = energy(rn, in_new);
      double delta;
      if ((in && in_new) || std::fabs(rn - r) <= geomint::dg::DEGENERATE_REL * r)
        delta = geomint::dg::lj_quotient(c12, c6, r, rn);    // the offset cancels
      else
        delta = (vn - vo) / (rn - r);    // crossing the cutoff: V = 0 outside
      double e[3];
      geomint::dg::mean_direction(R, Rn, r, rn, e);
      for (int d = 0; d < 3; d++) fdg[i][d] += delta * e[d];
      double w = 1.0;
      if (newton_pair || j < nlocal) {
        for (int d = 0; d < 3; d++) fdg[j][d] -= delta * e[d];
      } else {
        w = 0.5;
      }
      vnew += w * vn;
      vold += w * vo;
    }
  }
}
