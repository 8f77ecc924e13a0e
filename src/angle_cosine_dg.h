/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - angle cosine/dg: angle cosine K (1 + cos theta) with a discrete gradient
------------------------------------------------------------------------- */

#ifdef ANGLE_CLASS
// clang-format off
AngleStyle(cosine/dg,AngleCosineDG);
// clang-format on
#else

#ifndef GEOMINT_ANGLE_COSINE_DG_H
#define GEOMINT_ANGLE_COSINE_DG_H

#include "angle_cosine.h"
#include "dg_bonded.h"

namespace LAMMPS_NS {

// angle cosine/dg: K (1 + cos theta); c(t, 0) = K
struct AngleCosineDGModel {
  static constexpr int NATOM = 3;
  GEOMINT_INLINE static geomint::dg::AngleCosine u(const DGCoeffTable &c, int t) { return {c(t, 0)}; }
  GEOMINT_INLINE static double pot(const DGCoeffTable &c, int t, const double *d)
  {
    return c(t, 0) * (1.0 + geomint::dg::angle_cos(d[0], d[1], d[2]));
  }
};

class AngleCosineDG : public DGBondedStyle<AngleCosineDG, AngleCosine, DGPathStyle, DG_ANGLES> {
 public:
  AngleCosineDG(class LAMMPS *lmp) : DGBondedStyle<AngleCosineDG, AngleCosine, DGPathStyle, DG_ANGLES>(lmp) {}
  using Term = DGPathTerm<AngleCosineDGModel>;
  Term dg_term(const DGCoeffTable &c) const { return Term{c, this->variant, this->degtol}; }
 protected:
  int dg_stride() const override { return 1; }
  void dg_row(int t, double *row) const override;
};

}    // namespace LAMMPS_NS

#endif
#endif
