/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - dihedral nharmonic/dg: dihedral nharmonic with a discrete gradient
------------------------------------------------------------------------- */

#ifdef DIHEDRAL_CLASS
// clang-format off
DihedralStyle(nharmonic/dg,DihedralNHarmonicDG);
// clang-format on
#else

#ifndef GEOMINT_DIHEDRAL_NHARMONIC_DG_H
#define GEOMINT_DIHEDRAL_NHARMONIC_DG_H

#include "dihedral_nharmonic.h"
#include "dg_bonded.h"

namespace LAMMPS_NS {

// dihedral nharmonic/dg: sum_i A_i cos^(i-1) phi; c(t, 0) = n, c(t, 1..n) = A_i
struct DihedralNHarmonicDGModel {
  static constexpr int NATOM = 4;
  GEOMINT_INLINE static geomint::dg::DihedralCosPolynomial u(const DGCoeffTable &c, int t)
  {
    return {c.row(t) + 1, static_cast<int>(c(t, 0))};
  }
  GEOMINT_INLINE static double pot(const DGCoeffTable &cf, int t, const double *d)
  {
    const double *coeff = cf.row(t) + 1;
    const int nt = static_cast<int>(cf(t, 0));
    const double c = geomint::dg::dihedral_cos(d);
    double p = 0.0;
    for (int i = nt - 1; i >= 0; i--) p = p * c + coeff[i];
    return p;
  }
};

class DihedralNHarmonicDG : public DGBondedStyle<DihedralNHarmonicDG, DihedralNHarmonic, DGPathStyle, DG_DIHEDRALS> {
 public:
  DihedralNHarmonicDG(class LAMMPS *lmp) : DGBondedStyle<DihedralNHarmonicDG, DihedralNHarmonic, DGPathStyle, DG_DIHEDRALS>(lmp) {}
  using Term = DGPathTerm<DihedralNHarmonicDGModel>;
  Term dg_term(const DGCoeffTable &c) const { return Term{c, this->variant, this->degtol}; }
 protected:
  int dg_stride() const override;
  void dg_row(int t, double *row) const override;
};

}    // namespace LAMMPS_NS

#endif
#endif
