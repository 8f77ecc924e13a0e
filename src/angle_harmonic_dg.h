/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - angle harmonic/dg: angle harmonic with a discrete gradient
------------------------------------------------------------------------- */

#ifdef ANGLE_CLASS
// clang-format off
AngleStyle(harmonic/dg,AngleHarmonicDG);
// clang-format on
#else

#ifndef GEOMINT_ANGLE_HARMONIC_DG_H
#define GEOMINT_ANGLE_HARMONIC_DG_H

#include "angle_harmonic.h"
#include "dg_bonded.h"

namespace LAMMPS_NS {

// angle harmonic/dg: c(t, 0..1) = K, theta0; the path DGs take theta = acos
// of the cosine from the three distances, clamped to [-1, 1]
struct AngleHarmonicDGModel {
  static constexpr int NATOM = 3;
  GEOMINT_INLINE static geomint::dg::AngleHarmonic u(const DGCoeffTable &c, int t)
  {
    return {c(t, 0), c(t, 1)};
  }
  GEOMINT_INLINE static double pot(const DGCoeffTable &c, int t, const double *d)
  {
    const double kk = c(t, 0), t0 = c(t, 1);
    double cs = geomint::dg::angle_cos(d[0], d[1], d[2]);
    cs = cs > 1.0 ? 1.0 : (cs < -1.0 ? -1.0 : cs);
    const double dt = std::acos(cs) - t0;
    return kk * dt * dt;
  }
};

class AngleHarmonicDG : public DGBondedStyle<AngleHarmonicDG, AngleHarmonic, DGPathStyle, DG_ANGLES> {
 public:
  AngleHarmonicDG(class LAMMPS *lmp) : DGBondedStyle<AngleHarmonicDG, AngleHarmonic, DGPathStyle, DG_ANGLES>(lmp) {}
  using Term = DGPathTerm<AngleHarmonicDGModel>;
  Term dg_term(const DGCoeffTable &c) const { return Term{c, this->variant, this->degtol}; }
 protected:
  int dg_stride() const override { return 2; }
  void dg_row(int t, double *row) const override;
};

}    // namespace LAMMPS_NS

#endif
#endif
