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
#include "dg_style.h"

namespace LAMMPS_NS {

class AngleCosineDG : public DGStyleOf<AngleCosine, DGPathStyle> {
 public:
  AngleCosineDG(class LAMMPS *lmp) : DGStyleOf<AngleCosine, DGPathStyle>(lmp) {}
  void compute_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
