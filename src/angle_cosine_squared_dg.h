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
#include "dg_style.h"

namespace LAMMPS_NS {

class AngleCosineSquaredDG : public DGStyleOf<AngleCosineSquared, DGPathStyle> {
 public:
  AngleCosineSquaredDG(class LAMMPS *lmp) : DGStyleOf<AngleCosineSquared, DGPathStyle>(lmp) {}
  void compute_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
