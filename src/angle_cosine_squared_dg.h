/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - angle cosine/squared/dg: angle cosine/squared with a discrete gradient
------------------------------------------------------------------------- */

#ifdef ANGLE_CLASS
// clang-format off
AngleStyle(cosine/squared/dg,AngleCosineSquaredDG);
// clang-format on
#else

#ifndef GEOMINT_ANGLE_COSINE_SQUARED_DG_H
#define GEOMINT_ANGLE_COSINE_SQUARED_DG_H

#include "angle_cosine_squared.h"
#include "dg_bonded.h"

namespace LAMMPS_NS {

// angle cosine/squared/dg: K (cos theta - cos theta0)^2; c(t, 0..1) = K, cos theta0
struct AngleCosineSquaredDGModel {
  static constexpr int NATOM = 3;
  GEOMINT_INLINE static geomint::dg::AngleCosineSquared u(const DGCoeffTable &c, int t)
  {
    return {c(t, 0), c(t, 1)};
  }
  GEOMINT_INLINE static double pot(const DGCoeffTable &c, int t, const double *d)
  {
    const double dc = geomint::dg::angle_cos(d[0], d[1], d[2]) - c(t, 1);
    return c(t, 0) * dc * dc;
  }
};

class AngleCosineSquaredDG : public DGBondedStyle<AngleCosineSquaredDG, AngleCosineSquared, DGPathStyle, DG_ANGLES> {
 public:
  AngleCosineSquaredDG(class LAMMPS *lmp) : DGBondedStyle<AngleCosineSquaredDG, AngleCosineSquared, DGPathStyle, DG_ANGLES>(lmp) {}
  using Term = DGPathTerm<AngleCosineSquaredDGModel>;
  Term dg_term(const DGCoeffTable &c) const { return Term{c, this->variant, this->degtol}; }
 protected:
  int dg_stride() const override { return 2; }
  void dg_row(int t, double *row) const override;
};

}    // namespace LAMMPS_NS

#endif
#endif
