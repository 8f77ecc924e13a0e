/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - what every discrete-gradient pair style adds to its parent:
   the "margin M" argument, neighbor lists that reach cutoff + margin
   (margin >= 2 x maxdisp of fix dg/nve: a pair interacts if it is inside the
   cutoff at the old or the new positions of a step), checks of the cutoff
   arguments, and the true cutoff for everything that computes with cutsq.

   init_one() must return the extended cutoff: Pair::init() stores its square
   in cutsq, and Neighbor::init() sizes the neighbor lists and the ghost shell
   from pair->cutsq.  Everything that computes (compute, compute_dg, single)
   then needs the true cutsq back: init_one() records the true cutoff of each
   type pair it is asked for (the parent's init_one() value, which is the
   outer cutoff of styles with several: max(cut_lj, cut_coul) for
   lj/cut/coul/dsf), and the restore puts those back.  LAMMPS calls init()
   without setup() in write_restart, write_data, write_coeff, pair_write, ...
   and a following `run N pre no` has no setup() at all, so the true cutsq is
   restored lazily at the top of each of them (and in setup()) whenever
   init_one() has run since the last restore.
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_PAIR_H
#define GEOMINT_DG_PAIR_H

#include "dg_style.h"
#include "error.h"
#include "utils.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace LAMMPS_NS {

// an argument of a DG pair style's pair_style command: its symbol in the usage
// and what it is.  Cutoffs must be > 0, other parameters (alpha) >= 0; an
// ordered cutoff must be larger than the cutoff argument right before it
// (inner < outer); a per-pair cutoff is also an optional trailing argument of
// pair_coeff (after the style's ncoeff coefficients).
struct DGCutoffArg {
  enum Kind { CUTOFF, PARAMETER };
  const char *symbol;         // "Rc"
  const char *description;    // "cutoff"
  Kind kind = CUTOFF;
  bool optional = false;      // may be left out (then all after it too)
  bool ordered = true;        // > the previous argument, if that is a cutoff
  bool per_pair = true;       // a cutoff also given per pair in pair_coeff
};

template <class Parent> class DGPair : public Parent, public DGStyle {
 public:
  // args: the parent's pair_style arguments (for lj/cut, lj/mdf: all cutoffs, in
  // increasing order); ncoeff: the number of pair_coeff coefficients after
  // I J and before the per-pair cutoffs
  bool dg_shifted() const override { return this->offset_flag != 0; }

  DGPair(LAMMPS *lmp, const char *style, std::vector<DGCutoffArg> args, int ncoeff = 2) :
      Parent(lmp), style_name(style), cutoffs(std::move(args)), ncoeff(ncoeff)
  {
    this->respa_enable = 0;
    for (const DGCutoffArg &c : cutoffs)
      if (c.kind == DGCutoffArg::CUTOFF && c.per_pair) coeff_cutoffs.push_back(c);
  }

  void settings(int narg, char **arg) override
  {
    margin_user = dg_pair_margin_arg(this->lmp, style_name, narg, arg);
    int nrequired = 0;
    for (const DGCutoffArg &c : cutoffs) nrequired += c.optional ? 0 : 1;
    if (narg < nrequired || narg > static_cast<int>(cutoffs.size())) {
      std::string usage;
      for (const DGCutoffArg &c : cutoffs)
        usage += c.optional ? fmt::format("[{}] ", c.symbol) : fmt::format("{} ", c.symbol);
      this->error->all(FLERR, "Illegal pair_style {} command: expected 'pair_style {} {}[margin M]'",
                       style_name, style_name, usage);
    }
    check_args(cutoffs, narg, arg, "");
    Parent::settings(narg, arg);
  }

  // pair_coeff I J <parent coefficients> [cutoffs]: the trailing cutoffs checked
  void coeff(int narg, char **arg) override
  {
    const int ntrail = std::min(narg - 2 - ncoeff, static_cast<int>(coeff_cutoffs.size()));
    if (ntrail > 0)
      check_args(coeff_cutoffs, ntrail, arg + 2 + ncoeff,
                 fmt::format(" of pair_coeff {} {}", arg[0], arg[1]));
    Parent::coeff(narg, arg);
  }

  void init_style() override
  {
    Parent::init_style();
    margin = std::max(margin_user, dg_nve_margin(this->lmp));
    true_cut.clear();    // init_one() records them again
  }

  double init_one(int i, int j) override
  {
    const double cut = Parent::init_one(i, j);
    const int n = this->atom->ntypes + 1;
    if (static_cast<int>(true_cut.size()) != n * n) true_cut.assign(n * n, -1.0);
    true_cut[i * n + j] = true_cut[j * n + i] = cut;
    cutsq_widened = true;    // Pair::init() (or pair hybrid) stores cutoff + margin in cutsq
    return cut + margin;
  }

  void setup() override { restore_true_cutsq(); }

  void compute(int eflag, int vflag) override
  {
    if (this->dg_skip(this->update, eflag, vflag)) return;
    restore_true_cutsq();
    Parent::compute(eflag, vflag);
  }

  // callers (Pair::write_file, compute pair/local, pair hybrid) test rsq against
  // cutsq before calling single(): beyond the true cutoff the pair is not there
  double single(int i, int j, int itype, int jtype, double rsq, double factor_coul,
                double factor_lj, double &fforce) override
  {
    restore_true_cutsq();
    if (rsq >= this->cutsq[itype][jtype]) {
      fforce = 0.0;
      return 0.0;
    }
    return Parent::single(i, j, itype, jtype, rsq, factor_coul, factor_lj, fforce);
  }

  void compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                  double &vold) override
  {
    restore_true_cutsq();
    pair_dg(xold, xnew, fdg, vnew, vold);
  }

  double dg_margin() const override { return margin; }

  // the pairs that can interact in this step: within cutoff + 2 reach at x^n
  // (a pair farther apart would need a relative move of more than 2 reach;
  // reach <= maxdisp, and margin >= 2 maxdisp); the list reaches cutoff +
  // margin + skin, so this drops the skin shell and the unused margin (on an
  // LJ liquid at its usual step, reach from the predictor: 0.8 of the pairs
  // within cutoff + margin)
  void dg_step_begin(double **xold, double reach) override
  {
    restore_true_cutsq();
    NeighList *nl = this->list;
    const int n = this->atom->ntypes + 1;
    reachsq.assign(static_cast<size_t>(n) * n, 0.0);
    for (int i = 1; i < n; i++)
      for (int j = 1; j < n; j++) {
        reachsq[i * n + j] = dg_reach_sq(std::sqrt(this->cutsq[i][j]), margin, reach);
      }
    const int nall = this->atom->nlocal + this->atom->nghost;
    step_num.assign(nall, 0);
    step_first.assign(nall, nullptr);
    size_t total = 0;
    for (int ii = 0; ii < nl->inum; ii++) total += nl->numneigh[nl->ilist[ii]];
    step_j.resize(total);
    const StepAccess acc{nl, xold, this->atom->type, reachsq.data(), n};
    size_t k = 0;
    for (int ii = 0; ii < nl->inum; ii++) {
      const int i = nl->ilist[ii];
      int *out = step_j.data() + k;    // (step_j is not resized in this loop)
      step_first[i] = out;
      step_num[i] = dg_step_pairs_atom(acc, i, [out](int m, int e) { out[m] = e; });
      k += step_num[i];
    }
    step_active = true;
  }

  void dg_step_end() override { step_active = false; }

  // dg_step_pairs_atom's accessor: the neighbor list at x^n
  struct StepAccess {
    const NeighList *nl;
    double **x_old;
    const int *types;
    const double *reachsq;
    int n;
    int type(int j) const { return types[j]; }
    int num(int i) const { return nl->numneigh[i]; }
    int entry(int i, int jj) const { return nl->firstneigh[i][jj]; }
    static int index(int e) { return e & NEIGHMASK; }
    double xo(int j, int d) const { return x_old[j][d]; }
    double reach_sq(int it, int jt) const { return reachsq[it * n + jt]; }
  };

 protected:
  // the pairs compute_dg visits: the step's compaction inside a step of fix
  // dg/nve, the whole neighbor list otherwise
  DGPairs dg_pairs() const
  {
    if (step_active)
      return {this->list->inum, this->list->ilist, step_num.data(), step_first.data(),
              dg_energy};
    return dg_pairs_of(this->list, dg_energy);
  }

  const char *style_name;
  std::vector<DGCutoffArg> cutoffs;          // pair_style arguments
  std::vector<DGCutoffArg> coeff_cutoffs;    // the trailing cutoffs of pair_coeff
  int ncoeff;                                // pair_coeff coefficients before them
  double margin_user = 0.0;      // margin keyword
  double margin = 0.0;           // in use: max(margin_user, 2 x maxdisp of fix dg/nve)
  bool cutsq_widened = false;    // cutsq holds cutoff + margin (init_one ran since the restore)
  std::vector<double> true_cut;  // (ntypes+1)^2: the parent's init_one() cutoffs, -1 if not asked
  // dg_step_begin(): (cutoff + margin)^2 per type pair, and per atom the number
  // and the first of its pairs in step_j (neighbor entries with special bits)
  std::vector<double> reachsq;
  std::vector<int> step_num, step_j;
  std::vector<int *> step_first;
  bool step_active = false;

  // the discrete gradient over the pairs of the neighbor list (cutsq is the true one)
  virtual void pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                       double &vold) = 0;

  void restore_true_cutsq()
  {
    if (!cutsq_widened) return;
    const int n = this->atom->ntypes + 1;
    if (static_cast<int>(true_cut.size()) == n * n)
      for (int i = 1; i < n; i++)
        for (int j = 1; j < n; j++)
          if (true_cut[i * n + j] >= 0.0)
            this->cutsq[i][j] = true_cut[i * n + j] * true_cut[i * n + j];
    cutsq_widened = false;
  }

  // cutoffs > 0, parameters >= 0, an ordered cutoff larger than the one before
  void check_args(const std::vector<DGCutoffArg> &list, int narg, char **arg,
                  const std::string &where)
  {
    double prev = 0.0;
    for (int k = 0; k < narg && k < static_cast<int>(list.size()); k++) {
      const DGCutoffArg &c = list[k];
      const double v = utils::numeric(FLERR, arg[k], false, this->lmp);
      if (c.kind == DGCutoffArg::CUTOFF && !(v > 0.0))
        this->error->all(FLERR, "Pair {}: the {} {}{} must be > 0 (got {})", style_name,
                         c.description, c.symbol, where, arg[k]);
      if (c.kind == DGCutoffArg::PARAMETER && !(v >= 0.0))
        this->error->all(FLERR, "Pair {}: the {} {}{} must be >= 0 (got {})", style_name,
                         c.description, c.symbol, where, arg[k]);
      if (k > 0 && c.kind == DGCutoffArg::CUTOFF && c.ordered &&
          list[k - 1].kind == DGCutoffArg::CUTOFF && !(v > prev))
        this->error->all(FLERR, "Pair {}: the {} {}{} ({}) must be larger than the {} {} ({})",
                         style_name, c.description, c.symbol, where, arg[k],
                         list[k - 1].description, list[k - 1].symbol, arg[k - 1]);
      prev = v;
    }
  }
};

}    // namespace LAMMPS_NS

#endif
