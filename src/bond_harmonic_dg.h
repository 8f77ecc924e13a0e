/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - bond harmonic/dg: bond harmonic with a discrete gradient
------------------------------------------------------------------------- */

#ifdef BOND_CLASS
// clang-format off
BondStyle(harmonic/dg,BondHarmonicDG);
// clang-format on
#else

#ifndef GEOMINT_BOND_HARMONIC_DG_H
#define GEOMINT_BOND_HARMONIC_DG_H

#include "bond_harmonic.h"
#include "dg_style.h"

namespace LAMMPS_NS {

class BondHarmonicDG : public DGStyleOf<BondHarmonic> {
 public:
  BondHarmonicDG(class LAMMPS *lmp) : DGStyleOf<BondHarmonic>(lmp) {}
  void compute_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
