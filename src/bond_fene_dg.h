/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - bond fene/dg: bond fene with a discrete gradient for fix dg/nve
------------------------------------------------------------------------- */

#ifdef BOND_CLASS
// clang-format off
BondStyle(fene/dg,BondFENEDG);
// clang-format on
#else

#ifndef GEOMINT_BOND_FENE_DG_H
#define GEOMINT_BOND_FENE_DG_H

#include "bond_fene.h"
#include "dg_style.h"

namespace LAMMPS_NS {

class BondFENEDG : public DGStyleOf<BondFENE> {
 public:
  BondFENEDG(class LAMMPS *lmp) : DGStyleOf<BondFENE>(lmp) {}
  void init_style() override;
  void compute_dg(double **, double **, double **, double &, double &) override;

 protected:
  bool warned_long = false;    // "FENE bond too long" said for a trial configuration of this run
};

}    // namespace LAMMPS_NS

#endif
#endif
