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
#include "dg_bond.h"
#include "dg_bonded.h"
#include "geomint/dg_radial.h"

namespace LAMMPS_NS {

// bond morse/dg: c(t, 0..2) = D0, alpha, r0
struct BondMorseDGRadial {
  DGCoeffTable c;
  GEOMINT_INLINE void operator()(int, int, int type, double r, double rn, double &delta,
                                 double &vo, double &vn) const
  {
    using namespace geomint::dg;
    const double d0 = c(type, 0), alpha = c(type, 1), req = c(type, 2);
    delta = morse_quotient(d0, alpha, req, r, rn);
    vo = morse_bond_energy(d0, alpha, req, r);
    vn = morse_bond_energy(d0, alpha, req, rn);
  }
};

class BondMorseDG : public DGBondedStyle<BondMorseDG, BondMorse, DGStyle, DG_BONDS> {
 public:
  BondMorseDG(class LAMMPS *lmp) : DGBondedStyle<BondMorseDG, BondMorse, DGStyle, DG_BONDS>(lmp) {}
  using Term = DGRadialTerm<BondMorseDGRadial>;
  Term dg_term(const DGCoeffTable &c) const { return Term{c}; }
 protected:
  int dg_stride() const override { return 3; }
  void dg_row(int t, double *row) const override;
};

}    // namespace LAMMPS_NS

#endif
#endif
