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

#include "geomint/dg_radial.h"

namespace LAMMPS_NS {

// the pair term of morse/dg in distances (DGPairTermIJ), over its coefficients
// c.d0(it, jt), c.alpha, c.r0, c.offset: the CPU style's arrays, or a view of
// them in pair morse/dg/kk
template <class Coeff> struct MorseDGTerm {
  Coeff c;
  GEOMINT_INLINE void operator()(const DGPairIJ &p, double r, double rn, double &delta,
                                 double &vo, double &vn) const
  {
    const int it = p.itype, jt = p.jtype;
    geomint::dg::morse_pair(c.d0(it, jt), c.alpha(it, jt), c.r0(it, jt), c.offset(it, jt),
                            p.factor_lj, r, rn, p.in_old, p.in_new, delta, vo, vn);
  }
};

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
