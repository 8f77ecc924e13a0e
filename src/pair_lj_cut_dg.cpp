/* ----------------------------------------------------------------------
   GEOMINT - pair lj/cut/dg (spec/discrete_gradients.md 1.3, 3.3, 5.2)

   compute() is pair lj/cut's.  The neighbor list reaches cutoff + margin
   (margin = 2 x fix dg/nve's maxdisp), because a pair interacts if it is
   inside the cutoff at the old or at the new positions of a step: init_one()
   returns the extended cutoff (so neighbor lists and ghosts follow), and
   setup() puts the true cutoff back into cutsq before forces are computed.
------------------------------------------------------------------------- */

#include "pair_lj_cut_dg.h"

#include "error.h"
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
  dg_pair_list(lmp, list, cutsq, xold, xnew, fdg, vnew, vold, term);
}
