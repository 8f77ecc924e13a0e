/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - improper harmonic/dg: improper harmonic K (chi - chi0)^2 with a discrete gradient
------------------------------------------------------------------------- */

#ifdef IMPROPER_CLASS
// clang-format off
ImproperStyle(harmonic/dg,ImproperHarmonicDG);
// clang-format on
#else

#ifndef GEOMINT_IMPROPER_HARMONIC_DG_H
#define GEOMINT_IMPROPER_HARMONIC_DG_H

#include "improper_harmonic.h"
#include "dg_bonded.h"

namespace LAMMPS_NS {

// improper harmonic/dg: K (chi - chi0)^2; c(t, 0..1) = K, chi0; the path DGs
// take chi from the cos phi of the six distances, clamped
struct ImproperHarmonicDGModel {
  static constexpr int NATOM = 4;
  GEOMINT_INLINE static geomint::dg::ImproperHarmonic u(const DGCoeffTable &c, int t)
  {
    return {c(t, 0), c(t, 1)};
  }
  GEOMINT_INLINE static double pot(const DGCoeffTable &c, int t, const double *d)
  {
    const double dchi = std::acos(geomint::dg::clamp1(geomint::dg::dihedral_cos(d))) - c(t, 1);
    return c(t, 0) * dchi * dchi;
  }
};

class ImproperHarmonicDG : public DGBondedStyle<ImproperHarmonicDG, ImproperHarmonic, DGPathStyle, DG_IMPROPERS> {
 public:
  ImproperHarmonicDG(class LAMMPS *lmp) : DGBondedStyle<ImproperHarmonicDG, ImproperHarmonic, DGPathStyle, DG_IMPROPERS>(lmp) {}
  using Term = DGPathTerm<ImproperHarmonicDGModel>;
  Term dg_term(const DGCoeffTable &c) const { return Term{c, this->variant, this->degtol}; }
 protected:
  int dg_stride() const override { return 2; }
  void dg_row(int t, double *row) const override;
};

}    // namespace LAMMPS_NS

#endif
#endif
