/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - pair morse/dg: pair morse with a discrete gradient for fix dg/nve
------------------------------------------------------------------------- */

#ifdef PAIR_CLASS
// clang-format off
PairStyle(morse/dg,PairMorseDG);
// clang-format on
#else

#ifndef GEOMINT_PAIR_MORSE_DG_H
#define GEOMINT_PAIR_MORSE_DG_H

#include "dg_pair.h"
#include "pair_morse.h"

namespace LAMMPS_NS {

class PairMorseDG : public DGPair<PairMorse> {
 public:
  // pair_coeff I J D0 alpha r0 [Rc]
  PairMorseDG(class LAMMPS *lmp) : DGPair<PairMorse>(lmp, "morse/dg", {{"Rc", "cutoff"}}, 3) {}

 protected:
  void pair_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
