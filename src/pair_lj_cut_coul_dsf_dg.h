/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - pair lj/cut/coul/dsf/dg: pair lj/cut/coul/dsf with a discrete
   gradient for fix dg/nve
------------------------------------------------------------------------- */

#ifdef PAIR_CLASS
// clang-format off
PairStyle(lj/cut/coul/dsf/dg,PairLJCutCoulDSFDG);
// clang-format on
#else

#ifndef GEOMINT_PAIR_LJ_CUT_COUL_DSF_DG_H
#define GEOMINT_PAIR_LJ_CUT_COUL_DSF_DG_H

#include "dg_dsf.h"
#include "pair_lj_cut_coul_dsf.h"

namespace LAMMPS_NS {

class PairLJCutCoulDSFDG : public DGPairDSF<PairLJCutCoulDSF> {
 public:
  // pair_style lj/cut/coul/dsf/dg alpha Rc [Rcoul] (Rcoul global, default Rc);
  // pair_coeff I J epsilon sigma [Rc]
  PairLJCutCoulDSFDG(class LAMMPS *lmp) :
      DGPairDSF<PairLJCutCoulDSF>(
          lmp, "lj/cut/coul/dsf/dg",
          {{"alpha", "damping parameter", DGCutoffArg::PARAMETER},
           {"Rc", "LJ cutoff"},
           {"Rcoul", "Coulomb cutoff", DGCutoffArg::CUTOFF, true, false, false}},
          2)
  {
  }

 protected:
  void pair_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
