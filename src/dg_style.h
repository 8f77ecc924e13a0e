/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   The interface between fix dg/nve and the discrete-gradient force styles
   (spec/discrete_gradients.md 5.3).  A DG style is the LAMMPS style whose
   coefficients it reads, plus compute_dg().
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_STYLE_H
#define GEOMINT_DG_STYLE_H

#include "geomint/dg.h"

namespace LAMMPS_NS {
class LAMMPS;

class DGStyle {
 public:
  virtual ~DGStyle() = default;

  // fdg[i] += -(discrete gradient of this style's energy between xold and xnew),
  // for owned and ghost atoms as compute() adds forces (newton rules); adds
  // this rank's shares of V(xnew) and V(xold) to vnew and vold
  virtual void compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                          double &vold) = 0;

  // false if a left/right (first-order, not time-symmetric) DG is in use
  virtual bool dg_symmetric() const { return true; }

  // pair styles: the extra neighbor-list reach in use (>= 2 x maxdisp of fix dg/nve)
  virtual double dg_margin() const { return 0.0; }

  // angle and dihedral styles: the DG variant (dg keyword of fix dg/nve)
  virtual void set_dg_variant(int) {}
};

// 2 x maxdisp of the fix dg/nve of this run (0 if none): the margin DG pair
// styles add to their neighbor cutoff (pairs inside the cutoff at the old or
// the new positions of a step)
double dg_nve_margin(class LAMMPS *lmp);

// Pair DG styles: a trailing "margin M" of pair_style is removed from the
// arguments and M returned (0 if absent)
double dg_pair_margin_arg(class LAMMPS *lmp, const char *style, int &narg, char **arg);

// Pair DG styles, in setup(): the neighbor lists were sized with cutoff + margin
// (init_one), forces use the true cutoff: cutsq[i][j] = cutsq[j][i] = cut[i][j]^2
// (cut is stored for i <= j only by the parents)
void dg_true_cutsq(class LAMMPS *lmp, int **setflag, double **cut, double **cutsq);

// One bonded term (atoms idx[0..NATOM) in local indices, same images in xold
// and xnew) added to fdg with LAMMPS's newton_bond rules; energy shares as ev_tally.
template <int NDIST, int NATOM, class Pot>
inline void dg_bonded_term(const int *idx, double **xold, double **xnew, double **fdg, int nlocal,
                           int newton_bond, const int (&pairs)[NDIST][2], const Pot &pot,
                           int variant, double &vnew, double &vold)
{
  double xo[NATOM][3], xn[NATOM][3], f[NATOM][3];
  for (int a = 0; a < NATOM; a++)
    for (int d = 0; d < 3; d++) {
      xo[a][d] = xold[idx[a]][d];
      xn[a][d] = xnew[idx[a]][d];
      f[a][d] = 0.0;
    }
  double vo, vn;
  geomint::dg::term_dg(pairs, xo, xn, pot, variant, f, vo, vn);
  int owned = 0;
  for (int a = 0; a < NATOM; a++) {
    if (idx[a] < nlocal) owned++;
    if (newton_bond || idx[a] < nlocal)
      for (int d = 0; d < 3; d++) fdg[idx[a]][d] += f[a][d];
  }
  const double w = newton_bond ? 1.0 : static_cast<double>(owned) / NATOM;
  vnew += w * vn;
  vold += w * vo;
}

}    // namespace LAMMPS_NS

#endif
