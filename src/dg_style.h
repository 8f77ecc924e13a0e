/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   The interface between fix dg/nve and the discrete-gradient force styles.
   A DG style is the LAMMPS style whose coefficients it reads, plus
   compute_dg().
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_STYLE_H
#define GEOMINT_DG_STYLE_H

#include "atom.h"
#include "force.h"
#include "neigh_list.h"
#include "neighbor.h"
#include "pointers.h"
#include "update.h"

#include "geomint/dg.h"

#include <cmath>
#include <type_traits>

namespace LAMMPS_NS {

class DGStyle {
 public:
  // a DG style derives from a LAMMPS style too: its destructor must not be
  // stricter than theirs (~Pointers() is noexcept(false) in LAMMPS since 2023)
  virtual ~DGStyle() noexcept(std::is_nothrow_destructible<Pointers>::value) {}

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

  // fix dg/nve brackets the iterations of one step with these: xold (owned and
  // ghost atoms) is fixed in between, so a style may prepare what depends on
  // it alone.  reach (<= maxdisp of the fix) bounds how far any atom moves in
  // the step: the pair styles keep only the pairs within cutoff + 2 reach at
  // xold (the others are beyond the cutoff at both ends).  The fix calls it
  // again with a larger reach if its solution moved an atom farther.
  virtual void dg_step_begin(double ** /*xold*/, double /*reach*/) {}
  virtual void dg_step_end() {}

  // fix dg/nve names the step (-1: none) whose force call nothing reads (no
  // output, no energy or virial tally, no end-of-step fix due: its own step
  // needs only its discrete force); compute() then leaves the style's forces
  // out in that step's force call, not in a setup and not if LAMMPS asks for
  // an energy or virial after all
  virtual void dg_set_skip(bigint step) { dg_skip_step = step; }

  // fix dg/nve says whether it reads the energies vnew, vold of compute_dg()
  // (only for its energy error, vector entry 6, in steps with output): a style
  // may leave them out (and add 0) while it is false
  void dg_set_energy(bool on) { dg_energy = on; }

 protected:
  bigint dg_skip_step = -1;
  bool dg_energy = true;
  bool dg_skip(const Update *update, int eflag, int vflag) const
  {
    return dg_skip_step >= 0 && update->ntimestep == dg_skip_step && !update->setupflag &&
        !eflag && !vflag;
  }
};

// a LAMMPS style with a discrete gradient: Parent's compute() unless fix
// dg/nve says that nothing reads its forces in this step
template <class Parent, class Base = DGStyle> class DGStyleOf : public Parent, public Base {
 public:
  DGStyleOf(LAMMPS *lmp) : Parent(lmp) {}
  void compute(int eflag, int vflag) override
  {
    if (!this->dg_skip(this->update, eflag, vflag)) Parent::compute(eflag, vflag);
  }
};

// angle, dihedral and improper DG styles: the midpoint DG (default) or the
// paper's distance path DGs sym, left, right (dg_bonded.h)
class DGPathStyle : public DGStyle {
 public:
  bool dg_symmetric() const override
  {
    return variant == geomint::dg::SYM || variant == geomint::dg::MIDPOINT;
  }
  void set_dg_variant(int v) override { variant = v; }

 protected:
  int variant = geomint::dg::MIDPOINT;
};

// 2 x maxdisp of the fix dg/nve of this run (0 if none): the margin DG pair
// styles add to their neighbor cutoff (pairs inside the cutoff at the old or
// the new positions of a step)
double dg_nve_margin(class LAMMPS *lmp);

// Pair DG styles: a trailing "margin M" of pair_style is removed from the
// arguments and M returned (0 if absent)
double dg_pair_margin_arg(class LAMMPS *lmp, const char *style, int &narg, char **arg);

// One bonded term (atoms idx[0..NATOM) in local indices, same images in xold
// and xnew) added to fdg with LAMMPS's newton_bond rules; energy shares as ev_tally.
// the atoms of one bonded term (local indices idx) gathered from xold and xnew
template <int NATOM>
inline void dg_gather_term(const int *idx, double **xold, double **xnew, double (&xo)[NATOM][3],
                           double (&xn)[NATOM][3])
{
  for (int a = 0; a < NATOM; a++)
    for (int d = 0; d < 3; d++) {
      xo[a][d] = xold[idx[a]][d];
      xn[a][d] = xnew[idx[a]][d];
    }
}

// the forces f of one bonded term added to fdg and its energies to vnew, vold,
// with LAMMPS's newton_bond rules (energy shares as ev_tally)
template <int NATOM>
inline void dg_scatter_term(const int *idx, const double (&f)[NATOM][3], double vo, double vn,
                            double **fdg, int nlocal, int newton_bond, double &vnew, double &vold)
{
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

template <int NDIST, int NATOM, class Pot>
inline void dg_bonded_term(const int *idx, double **xold, double **xnew, double **fdg, int nlocal,
                           int newton_bond, const int (&pairs)[NDIST][2], const Pot &pot,
                           int variant, double &vnew, double &vold)
{
  double xo[NATOM][3], xn[NATOM][3], f[NATOM][3] = {};
  dg_gather_term(idx, xold, xnew, xo, xn);
  double vo, vn;
  geomint::dg::term_dg(pairs, xo, xn, pot, variant, f, vo, vn);
  dg_scatter_term(idx, f, vo, vn, fdg, nlocal, newton_bond, vnew, vold);
}

// All terms of a bonded list (neighbor->anglelist, dihedrallist; the type in
// column NATOM): pot_of_type(type) returns the energy as a function of the
// NDIST distances of the term.
template <int NDIST, int NATOM, class PotOfType>
inline void dg_bonded_list(LAMMPS *lmp, int **list, int nlist, double **xold, double **xnew,
                           double **fdg, const int (&pairs)[NDIST][2],
                           const PotOfType &pot_of_type, int variant, double &vnew, double &vold)
{
  const int nlocal = lmp->atom->nlocal;
  const int newton_bond = lmp->force->newton_bond;
  for (int n = 0; n < nlist; n++)
    dg_bonded_term<NDIST, NATOM>(list[n], xold, xnew, fdg, nlocal, newton_bond, pairs,
                                 pot_of_type(list[n][NATOM]), variant, vnew, vold);
}

// One pair (i, j) of a DG pair list, in local indices: types, special_bonds
// factors, and whether it is inside the (true, outer) cutoff at the old and
// the new positions (rsq, rnsq: the squared distances, for the styles' own
// inner cutoffs).  Charges etc. are read by the term from i and j.
struct DGPairIJ {
  int i, j, itype, jtype;
  double factor_lj, factor_coul;
  double rsq, rnsq;
  bool in_old, in_new;
};

// The pairs one DG evaluation visits: a half neighbor list (first, num indexed
// by atom, as NeighList's firstneigh and numneigh), or DGPair's compaction of
// it for one step; energy: whether the energies are wanted.
struct DGPairs {
  int inum;
  const int *ilist;
  const int *numneigh;
  int *const *firstneigh;
  bool energy;
};

inline DGPairs dg_pairs_of(const NeighList *list, bool energy = true)
{
  return {list->inum, list->ilist, list->numneigh, list->firstneigh, energy};
}

// All pairs of a half neighbor list with min(r, r') < cutoff (cutsq: the true
// outer cutoffs), in squared distances s = r^2: term(const DGPairIJ &, q, vo, vn)
// sets the quotient q = (V(s') - V(s)) / (s' - s) and the two energies (V = 0
// beyond the cutoff; a style with inner cutoffs tests rsq and rnsq against
// them itself).  The pair's DG force is q (R + R') (R = x_j - x_i): with
// s' - s = (R' - R).(R' + R) the DG identity holds pair by pair, and it is
// central, so momentum and angular momentum are kept.  Forces and energy
// shares follow newton_pair.
template <bool ENERGY, class TermSq>
inline void dg_pair_loop_sq(LAMMPS *lmp, const DGPairs &list, double **cutsq, double **xold,
                            double **xnew, double **fdg, double &vnew, double &vold,
                            const TermSq &term)
{
  const int *type = lmp->atom->type;
  const int nlocal = lmp->atom->nlocal;
  const int newton_pair = lmp->force->newton_pair;
  const double *special_lj = lmp->force->special_lj;
  const double *special_coul = lmp->force->special_coul;
  for (int ii = 0; ii < list.inum; ii++) {
    const int i = list.ilist[ii];
    const int itype = type[i];
    const int *jlist = list.firstneigh[i];
    const double *cuti = cutsq[itype];
    double fi[3] = {0.0, 0.0, 0.0};
    for (int jj = 0; jj < list.numneigh[i]; jj++) {
      int j = jlist[jj];
      const int special = j >> SBBITS & 3;
      j &= NEIGHMASK;
      const int jtype = type[j];
      double R[3], Rn[3];
      for (int d = 0; d < 3; d++) {
        R[d] = xold[j][d] - xold[i][d];
        Rn[d] = xnew[j][d] - xnew[i][d];
      }
      const double rsq = R[0] * R[0] + R[1] * R[1] + R[2] * R[2];
      const double rnsq = Rn[0] * Rn[0] + Rn[1] * Rn[1] + Rn[2] * Rn[2];
      const double cutsq_ij = cuti[jtype];    // true cutoff (symmetric)
      if (rsq >= cutsq_ij && rnsq >= cutsq_ij) continue;
      const DGPairIJ p{i, j, itype, jtype, special_lj[special], special_coul[special],
                       rsq, rnsq, rsq < cutsq_ij, rnsq < cutsq_ij};
      double q, vo, vn;
      term(p, q, vo, vn);
      double w = 1.0;
      for (int d = 0; d < 3; d++) fi[d] += q * (R[d] + Rn[d]);
      if (newton_pair || j < nlocal) {
        for (int d = 0; d < 3; d++) fdg[j][d] -= q * (R[d] + Rn[d]);
      } else {
        w = 0.5;
      }
      if (ENERGY) {    // (else vo and vn are dead where q does not use them)
        vnew += w * vn;
        vold += w * vo;
      }
    }
    for (int d = 0; d < 3; d++) fdg[i][d] += fi[d];
  }
}

// (the loop with or without the energies, as list.energy says)
template <class TermSq>
inline void dg_pair_list_sq(LAMMPS *lmp, const DGPairs &list, double **cutsq, double **xold,
                            double **xnew, double **fdg, double &vnew, double &vold,
                            const TermSq &term)
{
  if (list.energy)
    dg_pair_loop_sq<true>(lmp, list, cutsq, xold, xnew, fdg, vnew, vold, term);
  else
    dg_pair_loop_sq<false>(lmp, list, cutsq, xold, xnew, fdg, vnew, vold, term);
}

// The same with terms in distances: term(const DGPairIJ &, r, rn, delta, vo,
// vn) sets Delta = (V(r') - V(r)) / (r' - r); the force is Delta e with the
// mean direction e = (R + R') / (r + r') (geomint::dg::mean_direction)
template <class Term>
inline void dg_pair_list_ij(LAMMPS *lmp, const DGPairs &list, double **cutsq, double **xold,
                            double **xnew, double **fdg, double &vnew, double &vold,
                            const Term &term)
{
  dg_pair_list_sq(lmp, list, cutsq, xold, xnew, fdg, vnew, vold,
                  [&term](const DGPairIJ &p, double &q, double &vo, double &vn) {
                    const double r = std::sqrt(p.rsq), rn = std::sqrt(p.rnsq);
                    double delta;
                    term(p, r, rn, delta, vo, vn);
                    q = delta / (r + rn);
                  });
}

// The same for terms of the LJ-like styles: term(itype, jtype, factor_lj, r, rn,
// in_old, in_new, delta, vo, vn)
template <class Term>
inline void dg_pair_list(LAMMPS *lmp, const DGPairs &list, double **cutsq, double **xold,
                         double **xnew, double **fdg, double &vnew, double &vold,
                         const Term &term)
{
  dg_pair_list_ij(lmp, list, cutsq, xold, xnew, fdg, vnew, vold,
                  [&term](const DGPairIJ &p, double r, double rn, double &delta, double &vo,
                          double &vn) {
                    term(p.itype, p.jtype, p.factor_lj, r, rn, p.in_old, p.in_new, delta, vo, vn);
                  });
}

}    // namespace LAMMPS_NS

#endif
