/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - pair lj/mdf/dg: pair lj/mdf with a discrete gradient for fix dg/nve
------------------------------------------------------------------------- */

#ifdef PAIR_CLASS
// clang-format off
PairStyle(lj/mdf/dg,PairLJMDFDG);
// clang-format on
#else

#ifndef GEOMINT_PAIR_LJ_MDF_DG_H
#define GEOMINT_PAIR_LJ_MDF_DG_H

#include "dg_pair.h"
#include "pair_lj_mdf.h"

namespace LAMMPS_NS {

class PairLJMDFDG : public DGPair<PairLJMDF> {
 public:
  PairLJMDFDG(class LAMMPS *lmp) :
      DGPair<PairLJMDF>(lmp, "lj/mdf/dg", {{"Rinner", "inner cutoff"}, {"Rc", "cutoff"}})
  {
  }

 protected:
  void pair_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
