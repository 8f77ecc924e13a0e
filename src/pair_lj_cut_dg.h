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

#include "dg_pair.h"
#include "pair_lj_cut.h"

namespace LAMMPS_NS {

class PairLJCutDG : public DGPair<PairLJCut> {
 public:
  PairLJCutDG(class LAMMPS *lmp) : DGPair<PairLJCut>(lmp, "lj/cut/dg", {{"Rc", "cutoff"}}) {}

 protected:
  void pair_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
