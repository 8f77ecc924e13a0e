/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - what every discrete-gradient pair style adds to its parent:
   the "margin M" argument, neighbor lists that reach cutoff + margin
   (margin >= 2 x maxdisp of fix dg/nve: a pair interacts if it is inside the
   cutoff at the old or the new positions of a step), checks of the cutoff
   arguments, and the true cutoff for everything that computes with cutsq.

   init_one() must return the extended cutoff: Pair::init() stores its square
   in cutsq, and Neighbor::init() sizes the neighbor lists and the ghost shell
   from pair->cutsq.  Everything that computes (compute, compute_dg, single)
   then needs the true cutsq back.  LAMMPS calls init() without setup() in
   write_restart, write_data, write_coeff, pair_write, ... and a following
   `run N pre no` has no setup() at all, so the true cutsq is restored lazily
   at the top of each of them (and in setup()) whenever init_one() has run
   since the last restore.
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_PAIR_H
#define GEOMINT_DG_PAIR_H

#include "dg_style.h"
#include "error.h"
#include "utils.h"

#include <algorithm>
#include <string>
#include <vector>

namespace LAMMPS_NS {

// a cutoff argument of a DG pair style: its symbol in the usage and what it is
struct DGCutoffArg {
  const char *symbol;         // "Rc"
  const char *description;    // "cutoff"
};

template <class Parent> class DGPair : public Parent, public DGStyle {
 public:
  // cutoffs: the parent's pair_style arguments, all cutoffs, in increasing order
  // (they are also the optional trailing arguments of its pair_coeff)
  DGPair(LAMMPS *lmp, const char *style, std::vector<DGCutoffArg> cutoffs) :
      Parent(lmp), style_name(style), cutoffs(std::move(cutoffs))
  {
    this->respa_enable = 0;
  }

  void settings(int narg, char **arg) override
  {
    margin_user = dg_pair_margin_arg(this->lmp, style_name, narg, arg);
    if (narg != static_cast<int>(cutoffs.size())) {
      std::string usage;
      for (const DGCutoffArg &c : cutoffs) usage += std::string(c.symbol) + " ";
      this->error->all(FLERR, "Illegal pair_style {} command: expected 'pair_style {} {}[margin M]'",
                       style_name, style_name, usage);
    }
    check_cutoffs(arg, "");
    Parent::settings(narg, arg);
  }

  // pair_coeff I J <parent coefficients> [cutoffs]: the trailing cutoffs checked
  void coeff(int narg, char **arg) override
  {
    const int ncut = static_cast<int>(cutoffs.size());
    if (narg == 4 + ncut)
      check_cutoffs(arg + 4, fmt::format(" of pair_coeff {} {}", arg[0], arg[1]));
    Parent::coeff(narg, arg);
  }

  void init_style() override
  {
    Parent::init_style();
    margin = std::max(margin_user, dg_nve_margin(this->lmp));
  }

  double init_one(int i, int j) override
  {
    cutsq_widened = true;    // Pair::init() (or pair hybrid) stores cutoff + margin in cutsq
    return Parent::init_one(i, j) + margin;
  }

  void setup() override { restore_true_cutsq(); }

  void compute(int eflag, int vflag) override
  {
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

 protected:
  const char *style_name;
  std::vector<DGCutoffArg> cutoffs;
  double margin_user = 0.0;      // margin keyword
  double margin = 0.0;           // in use: max(margin_user, 2 x maxdisp of fix dg/nve)
  bool cutsq_widened = false;    // cutsq holds cutoff + margin (init_one ran since the restore)

  // the discrete gradient over the pairs of the neighbor list (cutsq is the true one)
  virtual void pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                       double &vold) = 0;

  void restore_true_cutsq()
  {
    if (!cutsq_widened) return;
    dg_true_cutsq(this->lmp, this->setflag, this->cut, this->cutsq);
    cutsq_widened = false;
  }

  // every cutoff > 0, and each larger than the one before (inner < outer)
  void check_cutoffs(char **arg, const std::string &where)
  {
    double prev = 0.0;
    for (size_t k = 0; k < cutoffs.size(); k++) {
      const double c = utils::numeric(FLERR, arg[k], false, this->lmp);
      if (!(c > 0.0))
        this->error->all(FLERR, "Pair {}: the {} {}{} must be > 0 (got {})", style_name,
                         cutoffs[k].description, cutoffs[k].symbol, where, arg[k]);
      if (k > 0 && !(c > prev))
        this->error->all(FLERR, "Pair {}: the {} {}{} ({}) must be larger than the {} {} ({})",
                         style_name, cutoffs[k].description, cutoffs[k].symbol, where, arg[k],
                         cutoffs[k - 1].description, cutoffs[k - 1].symbol, arg[k - 1]);
      prev = c;
    }
  }
};

}    // namespace LAMMPS_NS

#endif
