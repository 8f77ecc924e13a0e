/* ----------------------------------------------------------------------
   GEOMINT - pair lj/mdf/dg (spec/discrete_gradients.md 1.3, 3.1, 5.2)

   V = U(r) s(r): LJ times the C2 taper s = (1-x)^3 (1 + 3x + 6x^2),
   x = (r - r_in)/(r_c - r_in), of pair lj/mdf (the seed's switch).  The
   product quotient Delta(U s) = Delta U (s + s')/2 + Delta s (U + U')/2 is
   exact, with cancellation-free Delta U (inverse powers) and Delta s
   (powers of the clamped x).  Cutoff handling as pair lj/cut/dg.
------------------------------------------------------------------------- */

#include "pair_lj_mdf_dg.h"

#include "atom.h"
#include "error.h"
#include "force.h"
#include "neigh_list.h"

#include "geomint/dg.h"

#include <algorithm>
#include <cmath>

using namespace LAMMPS_NS;

PairLJMDFDG::PairLJMDFDG(LAMMPS *lmp) : PairLJMDF(lmp), margin_user(0.0), margin(0.0) {}

// pair_style lj/mdf/dg Rinner Rcut [margin M]
void PairLJMDFDG::settings(int narg, char **arg)
{
  margin_user = dg_pair_margin_arg(lmp, "lj/mdf/dg", narg, arg);
  if (narg != 2)
    error->all(FLERR, "Illegal pair_style lj/mdf/dg command: expected 'pair_style lj/mdf/dg "
               "inner cutoff [margin M]'");
  PairLJMDF::settings(narg, arg);
}

void PairLJMDFDG::init_style()
{
  PairLJMDF::init_style();
  margin = std::max(margin_user, dg_nve_margin(lmp));
}

double PairLJMDFDG::init_one(int i, int j)
{
  return PairLJMDF::init_one(i, j) + margin;
}

void PairLJMDFDG::setup()
{
  dg_true_cutsq(lmp, setflag, cut, cutsq);
}

namespace {
// the taper s(x) = 1 - 10 x^3 + 15 x^4 - 6 x^5 on the clamped x
inline double taper(double x)
{
  x = x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
  return 1.0 + x * x * x * (-10.0 + x * (15.0 - 6.0 * x));
}
}    // namespace

void PairLJMDFDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                             double &vold)
{
  using geomint::dg::power_quotient;
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
      const double cutsq_ij = cutsq[itype][jtype];
      if (rsq >= cutsq_ij && rnsq >= cutsq_ij) continue;
      const double r = std::sqrt(rsq), rn = std::sqrt(rnsq);
      const double c12 = factor_lj * lj3[itype][jtype], c6 = factor_lj * lj4[itype][jtype];
      const double rin = cut_inner[itype][jtype], width = std::sqrt(cutsq_ij) - rin;
      auto lj = [c12, c6](double rr) {
        const double r6inv = 1.0 / (rr * rr * rr * rr * rr * rr);
        return r6inv * (c12 * r6inv - c6);
      };
      const double u = lj(r), un = lj(rn);
      const double x = (r - rin) / width, xn = (rn - rin) / width;
      const double s = taper(x), sn = taper(xn);
      const double du = geomint::dg::lj_quotient(c12, c6, r, rn);
      // Delta s = (s(xc') - s(xc)) / (r' - r), xc clamped to [0, 1]
      const double xc = std::min(std::max(x, 0.0), 1.0), xcn = std::min(std::max(xn, 0.0), 1.0);
      double ds = 0.0;
      if (xc != xcn) {
        const double poly = -10.0 * power_quotient(xc, xcn, 3) +
            15.0 * power_quotient(xc, xcn, 4) - 6.0 * power_quotient(xc, xcn, 5);
        // unclamped: (x' - x)/(r' - r) = 1/width exactly (no cancellation)
        const bool inside = x >= 0.0 && x <= 1.0 && xn >= 0.0 && xn <= 1.0;
        ds = poly * (inside ? 1.0 / width : (xcn - xc) / (rn - r));
      } else if (x > 0.0 && x < 1.0) {
        ds = (-30.0 * x * x + 60.0 * x * x * x - 30.0 * x * x * x * x) / width;    // s'(r)
      }
      const double delta = 0.5 * du * (s + sn) + 0.5 * ds * (u + un);
      double e[3];
      geomint::dg::mean_direction(R, Rn, r, rn, e);
      for (int d = 0; d < 3; d++) fdg[i][d] += delta * e[d];
      double w = 1.0;
      if (newton_pair || j < nlocal) {
        for (int d = 0; d < 3; d++) fdg[j][d] -= delta * e[d];
      } else {
        w = 0.5;
      }
      // V = 0 beyond the cutoff (s = 0 there)
      vnew += w * un * sn;
      vold += w * u * s;
    }
  }
}
