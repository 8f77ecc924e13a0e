/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - dihedral multi/harmonic/dg: dihedral multi/harmonic sum_n A_n cos^(n-1) phi with a discrete gradient
------------------------------------------------------------------------- */

#ifdef DIHEDRAL_CLASS
// clang-format off
DihedralStyle(multi/harmonic/dg,DihedralMultiHarmonicDG);
// clang-format on
#else

#ifndef GEOMINT_DIHEDRAL_MULTI_HARMONIC_DG_H
#define GEOMINT_DIHEDRAL_MULTI_HARMONIC_DG_H

#include "dihedral_multi_harmonic.h"
#include "dg_bonded.h"

namespace LAMMPS_NS {

// dihedral multi/harmonic/dg: sum_{n=1..5} A_n cos^(n-1) phi; c(t, 0..4) = A_1..A_5
struct DihedralMultiHarmonicDGModel {
  static constexpr int NATOM = 4;
  GEOMINT_INLINE static geomint::dg::DihedralCosPolynomial u(const DGCoeffTable &c, int t)
  {
    return {c.row(t), 5};
  }
  GEOMINT_INLINE static double pot(const DGCoeffTable &c, int t, const double *d)
  {
    double dudphi;
    return u(c, t)(geomint::dg::dihedral_cos(d), 0.0, dudphi);
  }
};

class DihedralMultiHarmonicDG : public DGBondedStyle<DihedralMultiHarmonicDG, DihedralMultiHarmonic, DGPathStyle, DG_DIHEDRALS> {
 public:
  DihedralMultiHarmonicDG(class LAMMPS *lmp) : DGBondedStyle<DihedralMultiHarmonicDG, DihedralMultiHarmonic, DGPathStyle, DG_DIHEDRALS>(lmp) {}
  using Term = DGPathTerm<DihedralMultiHarmonicDGModel>;
  Term dg_term(const DGCoeffTable &c) const { return Term{c, this->variant, this->degtol}; }
 protected:
  int dg_stride() const override { return 5; }
  void dg_row(int t, double *row) const override;
};

}    // namespace LAMMPS_NS

#endif
#endif
