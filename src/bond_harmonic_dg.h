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
#include "dg_bond.h"
#include "dg_bonded.h"

namespace LAMMPS_NS {

// bond harmonic/dg: K (r - r0)^2, Delta = K (r + r' - 2 r0); c(t, 0..1) = K, r0
struct BondHarmonicDGRadial {
  DGCoeffTable c;
  GEOMINT_INLINE void operator()(int, int, int type, double r, double rn, double &delta,
                                 double &vo, double &vn) const
  {
    const double kk = c(type, 0), req = c(type, 1);
    delta = geomint::dg::harmonic_quotient(kk, req, r, rn);
    vo = kk * (r - req) * (r - req);
    vn = kk * (rn - req) * (rn - req);
  }
};

class BondHarmonicDG : public DGBondedStyle<BondHarmonicDG, BondHarmonic, DGStyle, DG_BONDS> {
 public:
  BondHarmonicDG(class LAMMPS *lmp) : DGBondedStyle<BondHarmonicDG, BondHarmonic, DGStyle, DG_BONDS>(lmp) {}
  using Term = DGRadialTerm<BondHarmonicDGRadial>;
  Term dg_term(const DGCoeffTable &c) const { return Term{c}; }
 protected:
  int dg_stride() const override { return 2; }
  void dg_row(int t, double *row) const override;
};

}    // namespace LAMMPS_NS

#endif
#endif
