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
#include "dg_style.h"

namespace LAMMPS_NS {

class ImproperCvffDG : public DGStyleOf<ImproperCvff, DGPathStyle> {
 public:
  ImproperCvffDG(class LAMMPS *lmp) : DGStyleOf<ImproperCvff, DGPathStyle>(lmp) {}
  void compute_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
