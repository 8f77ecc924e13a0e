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

#include "dg_passes.h"
#include "geomint/dg.h"

#include <cmath>
#include <cstring>
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
  // pair styles: pair_modify shift yes is in force (their offset_flag)
  virtual bool dg_shifted() const { return true; }

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
// paper's distance path DGs sym, left, right (dg_bonded.h): the style's own
// (its settings: variant, degtol), unless the dg keyword of fix dg/nve
// overrides it for every style
class DGPathStyle : public DGStyle {
 public:
  bool dg_symmetric() const override
  {
    return variant == geomint::dg::SYM || variant == geomint::dg::MIDPOINT;
  }
  // v < 0: the style's own variant
  void set_dg_variant(int v) override { variant = v >= 0 ? v : style_variant; }
  // [variant midpoint|sym|left|right] [degtol D] of angle_style etc.
  void parse_dg_settings(class LAMMPS *lmp, const char *kind, int narg, char **arg);

 protected:
  int style_variant = geomint::dg::MIDPOINT;
  int variant = geomint::dg::MIDPOINT;
  double degtol = geomint::dg::DEGENERATE_REL;
};

// the DG variant named midpoint, sym, left or right (geomint::dg::Variant); -1
// for another name (fix dg/nve's dg keyword, the styles' variant setting)
inline int dg_variant_of(const char *name)
{
  if (strcmp(name, "midpoint") == 0) return geomint::dg::MIDPOINT;
  if (strcmp(name, "sym") == 0) return geomint::dg::SYM;
  if (strcmp(name, "left") == 0) return geomint::dg::LEFT;
  if (strcmp(name, "right") == 0) return geomint::dg::RIGHT;
  return -1;
}

// bond DG styles take no settings: an ERROR for any argument
void dg_no_settings(class LAMMPS *lmp, const char *kind, int narg, char **arg);

// 2 x maxdisp of the fix dg/nve of this run (0 if none): the margin DG pair
// styles add to their neighbor cutoff (pairs inside the cutoff at the old or
// the new positions of a step)
double dg_nve_margin(class LAMMPS *lmp);

// Pair DG styles: a trailing "margin M" of pair_style is removed from the
// arguments and M returned (0 if absent)
double dg_pair_margin_arg(class LAMMPS *lmp, const char *style, int &narg, char **arg);

// dg_passes.h's accessor of the bonded terms of the CPU styles: a LAMMPS
// bonded list (bondlist, anglelist, ...: atoms in columns 0..NATOM-1, the type
// in column NATOM) and LAMMPS's arrays
template <int NATOM> struct DGHostTerms {
  int **list;
  double **x_old, **x_new, **f_dg;
  int nlocal, newton_bond;
  int atom(int n, int k) const { return list[n][k]; }
  int kind(int n) const { return list[n][NATOM]; }
  double xo(int j, int d) const { return x_old[j][d]; }
  double xn(int j, int d) const { return x_new[j][d]; }
  void add(int j, int d, double value) const { f_dg[j][d] += value; }
};

// every term of a bonded list through term(idx, kind, xo, xn, f, vo, vn)
// (dg_bonded_term)
template <int NATOM, class Term>
inline void dg_term_list(LAMMPS *lmp, int **list, int nlist, double **xold, double **xnew,
                         double **fdg, const Term &term, double &vnew, double &vold)
{
  const DGHostTerms<NATOM> a{list, xold, xnew, fdg, lmp->atom->nlocal, lmp->force->newton_bond};
  for (int n = 0; n < nlist; n++) dg_bonded_term<NATOM>(a, n, term, vnew, vold);
}

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

// dg_passes.h's pair accessor of the CPU styles: LAMMPS's arrays and a
// neighbor list
struct DGHostPairs {
  double **x_old, **x_new, **f_dg, **cut_sq;
  const int *types, *numneigh;
  int *const *firstneigh;
  const double *slj, *scoul;
  int nlocal, newton_pair;
  double xo(int j, int d) const { return x_old[j][d]; }
  double xn(int j, int d) const { return x_new[j][d]; }
  int type(int j) const { return types[j]; }
  int num(int i) const { return numneigh[i]; }
  int entry(int i, int jj) const { return firstneigh[i][jj]; }
  static int index(int e) { return e & NEIGHMASK; }
  static int special(int e) { return e >> SBBITS & 3; }
  double cutsq(int it, int jt) const { return cut_sq[it][jt]; }
  double special_lj(int k) const { return slj[k]; }
  double special_coul(int k) const { return scoul[k]; }
  bool owned_or_newton(int j) const { return newton_pair || j < nlocal; }
  void add(int j, int d, double value) const { f_dg[j][d] += value; }
};

template <bool ENERGY, class TermSq>
inline void dg_pair_loop_sq(LAMMPS *lmp, const DGPairs &list, double **cutsq, double **xold,
                            double **xnew, double **fdg, double &vnew, double &vold,
                            const TermSq &term)
{
  const DGHostPairs a{xold,
                      xnew,
                      fdg,
                      cutsq,
                      lmp->atom->type,
                      list.numneigh,
                      list.firstneigh,
                      lmp->force->special_lj,
                      lmp->force->special_coul,
                      lmp->atom->nlocal,
                      lmp->force->newton_pair};
  for (int ii = 0; ii < list.inum; ii++) dg_pair_atom<ENERGY>(a, list.ilist[ii], term, vnew, vold);
}

// All pairs of a half neighbor list with min(r, r') < cutoff (cutsq: the true
// outer cutoffs; dg_pair_atom), with or without the energies as list.energy
// says: term(const DGPairIJ &, q, vo, vn) sets the quotient q = (V(s') - V(s))
// / (s' - s) in squared distances and the two energies (V = 0 beyond the
// cutoff; a style with inner cutoffs tests rsq and rnsq against them itself)
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

// A pair term in distances as a term in squared distances: term(const
// DGPairIJ &, r, rn, delta, vo, vn) sets Delta = (V(r') - V(r)) / (r' - r);
// the force is Delta e with the mean direction e = (R + R') / (r + r')
// (geomint::dg::mean_direction), i.e. q = Delta / (r + r')
template <class Term> struct DGPairTermIJ {
  Term term;
  GEOMINT_INLINE void operator()(const DGPairIJ &p, double &q, double &vo, double &vn) const
  {
    const double r = std::sqrt(p.rsq), rn = std::sqrt(p.rnsq);
    double delta;
    term(p, r, rn, delta, vo, vn);
    q = delta / (r + rn);
  }
};

// all pairs of the list with such a term
template <class Term>
inline void dg_pair_list_ij(LAMMPS *lmp, const DGPairs &list, double **cutsq, double **xold,
                            double **xnew, double **fdg, double &vnew, double &vold,
                            const Term &term)
{
  dg_pair_list_sq(lmp, list, cutsq, xold, xnew, fdg, vnew, vold, DGPairTermIJ<Term>{term});
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
