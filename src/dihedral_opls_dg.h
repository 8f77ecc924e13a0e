/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - dihedral opls/dg: dihedral opls with a discrete gradient
------------------------------------------------------------------------- */

#ifdef DIHEDRAL_CLASS
// clang-format off
DihedralStyle(opls/dg,DihedralOPLSDG);
// clang-format on
#else

#ifndef GEOMINT_DIHEDRAL_OPLS_DG_H
#define GEOMINT_DIHEDRAL_OPLS_DG_H

#include "dihedral_opls.h"
#include "dg_bonded.h"

namespace LAMMPS_NS {

// dihedral opls/dg: c(t, 0..3) = k1..k4 (K_i/2, as dihedral opls stores them);
// the path DGs write it as a polynomial in cos phi of the six distances
struct DihedralOPLSDGModel {
  static constexpr int NATOM = 4;
  GEOMINT_INLINE static geomint::dg::DihedralOPLS u(const DGCoeffTable &c, int t)
  {
    return {c(t, 0), c(t, 1), c(t, 2), c(t, 3)};
  }
  GEOMINT_INLINE static double pot(const DGCoeffTable &cf, int t, const double *d)
  {
    const double K1 = cf(t, 0), K2 = cf(t, 1), K3 = cf(t, 2), K4 = cf(t, 3);
    const double c = geomint::dg::dihedral_cos(d), c2 = c * c;
    const double cos2 = 2.0 * c2 - 1.0, cos3 = (4.0 * c2 - 3.0) * c;
    const double cos4 = 8.0 * c2 * (c2 - 1.0) + 1.0;
    return K1 * (1.0 + c) + K2 * (1.0 - cos2) + K3 * (1.0 + cos3) + K4 * (1.0 - cos4);
  }
};

class DihedralOPLSDG : public DGBondedStyle<DihedralOPLSDG, DihedralOPLS, DGPathStyle, DG_DIHEDRALS> {
 public:
  DihedralOPLSDG(class LAMMPS *lmp) : DGBondedStyle<DihedralOPLSDG, DihedralOPLS, DGPathStyle, DG_DIHEDRALS>(lmp) {}
  using Term = DGPathTerm<DihedralOPLSDGModel>;
  Term dg_term(const DGCoeffTable &c) const { return Term{c, this->variant, this->degtol}; }
 protected:
  int dg_stride() const override { return 4; }
  void dg_row(int t, double *row) const override;
};

}    // namespace LAMMPS_NS

#endif
#endif
