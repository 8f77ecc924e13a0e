/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - improper cvff/dg: improper cvff K [1 + d cos(n phi)] with a discrete gradient
------------------------------------------------------------------------- */

#ifdef IMPROPER_CLASS
// clang-format off
ImproperStyle(cvff/dg,ImproperCvffDG);
// clang-format on
#else

#ifndef GEOMINT_IMPROPER_CVFF_DG_H
#define GEOMINT_IMPROPER_CVFF_DG_H

#include "improper_cvff.h"
#include "dg_bonded.h"

namespace LAMMPS_NS {

// improper cvff/dg: K [1 + d cos(n phi)]; c(t, 0..2) = K, d, n
struct ImproperCvffDGModel {
  static constexpr int NATOM = 4;
  GEOMINT_INLINE static geomint::dg::ImproperCvff u(const DGCoeffTable &c, int t)
  {
    return {c(t, 0), static_cast<int>(c(t, 1)), static_cast<int>(c(t, 2))};
  }
  GEOMINT_INLINE static double pot(const DGCoeffTable &c, int t, const double *d)
  {
    const int sg = static_cast<int>(c(t, 1)), n = static_cast<int>(c(t, 2));
    return c(t, 0) * (1.0 + sg * geomint::dg::chebyshev(geomint::dg::dihedral_cos(d), n));
  }
};

class ImproperCvffDG : public DGBondedStyle<ImproperCvffDG, ImproperCvff, DGPathStyle, DG_IMPROPERS> {
 public:
  ImproperCvffDG(class LAMMPS *lmp) : DGBondedStyle<ImproperCvffDG, ImproperCvff, DGPathStyle, DG_IMPROPERS>(lmp) {}
  using Term = DGPathTerm<ImproperCvffDGModel>;
  Term dg_term(const DGCoeffTable &c) const { return Term{c, this->variant, this->degtol}; }
 protected:
  int dg_stride() const override { return 3; }
  void dg_row(int t, double *row) const override;
};

}    // namespace LAMMPS_NS

#endif
#endif
