/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - pair lj/cut/dg: pair lj/cut with a discrete gradient for fix dg/nve
------------------------------------------------------------------------- */

#ifdef PAIR_CLASS
// clang-format off
PairStyle(lj/cut/dg,PairLJCutDG);
// clang-format on
#else

#ifndef GEOMINT_PAIR_LJ_CUT_DG_H
#define GEOMINT_PAIR_LJ_CUT_DG_H

#include "dg_style.h"
#include "pair_lj_cut.h"

namespace LAMMPS_NS {

class PairLJCutDG : public PairLJCut, public DGStyle {
 public:
  PairLJCutDG(class LAMMPS *);
  void settings(int, char **) override;
  void init_style() override;
  double init_one(int, int) override;
  void setup() override;
  void compute_dg(double **, double **, double **, double &, double &) override;
  double dg_margin() const override { return margin; }

 protected:
  double margin_user;    // margin keyword
  double margin;         // in use: max(margin_user, 2 x maxdisp of fix dg/nve)
};

}    // namespace LAMMPS_NS

#endif
#endif
