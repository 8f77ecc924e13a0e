/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - pair coul/dsf/dg: pair coul/dsf with a discrete gradient for fix dg/nve
------------------------------------------------------------------------- */

#ifdef PAIR_CLASS
// clang-format off
PairStyle(coul/dsf/dg,PairCoulDSFDG);
// clang-format on
#else

#ifndef GEOMINT_PAIR_COUL_DSF_DG_H
#define GEOMINT_PAIR_COUL_DSF_DG_H

#include "dg_dsf.h"
#include "pair_coul_dsf.h"

namespace LAMMPS_NS {

class PairCoulDSFDG : public DGPairDSF<PairCoulDSF> {
 public:
  // pair_style coul/dsf/dg alpha Rc; pair_coeff I J (the cutoff is global)
  PairCoulDSFDG(class LAMMPS *lmp) :
      DGPairDSF<PairCoulDSF>(lmp, "coul/dsf/dg",
                          {{"alpha", "damping parameter", DGCutoffArg::PARAMETER},
                           {"Rc", "cutoff", DGCutoffArg::CUTOFF, false, false, false}},
                          0)
  {
  }

 protected:
  void pair_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
