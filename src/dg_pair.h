/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - what every discrete-gradient pair style adds to its parent:
   the "margin M" argument, neighbor lists that reach cutoff + margin
   (margin >= 2 x maxdisp of fix dg/nve: a pair interacts if it is inside the
   cutoff at the old or the new positions of a step), and the true cutoff
   for the parent's compute().  init_one() returns the extended cutoff, so
   LAMMPS sizes lists and ghosts; setup() puts the true cutsq back.
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_PAIR_H
#define GEOMINT_DG_PAIR_H

#include "dg_style.h"
#include "error.h"

#include <algorithm>

namespace LAMMPS_NS {

template <class Parent> class DGPair : public Parent, public DGStyle {
 public:
  // usage: the parent's pair_style arguments (nargs of them), for the error message
  DGPair(LAMMPS *lmp, const char *style, int nargs, const char *usage) :
      Parent(lmp), style_name(style), nargs(nargs), usage(usage)
  {
    this->respa_enable = 0;
  }

  void settings(int narg, char **arg) override
  {
    margin_user = dg_pair_margin_arg(this->lmp, style_name, narg, arg);
    if (narg != nargs)
      this->error->all(FLERR, "Illegal pair_style {} command: expected 'pair_style {} {} "
                       "[margin M]'", style_name, style_name, usage);
    Parent::settings(narg, arg);
  }

  void init_style() override
  {
    Parent::init_style();
    margin = std::max(margin_user, dg_nve_margin(this->lmp));
  }

  double init_one(int i, int j) override { return Parent::init_one(i, j) + margin; }

  void setup() override { dg_true_cutsq(this->lmp, this->setflag, this->cut, this->cutsq); }

  double dg_margin() const override { return margin; }

 protected:
  const char *style_name;
  int nargs;
  const char *usage;
  double margin_user = 0.0;    // margin keyword
  double margin = 0.0;         // in use: max(margin_user, 2 x maxdisp of fix dg/nve)
};

}    // namespace LAMMPS_NS

#endif
