/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - bond morse/dg: bond morse with a discrete gradient for fix dg/nve
------------------------------------------------------------------------- */

#ifdef BOND_CLASS
// clang-format off
BondStyle(morse/dg,BondMorseDG);
// clang-format on
#else

#ifndef GEOMINT_BOND_MORSE_DG_H
#define GEOMINT_BOND_MORSE_DG_H

#include "bond_morse.h"
#include "dg_style.h"

namespace LAMMPS_NS {

class BondMorseDG : public DGStyleOf<BondMorse> {
 public:
  BondMorseDG(class LAMMPS *lmp) : DGStyleOf<BondMorse>(lmp) {}
  void compute_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
