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
#include "dg_style.h"

namespace LAMMPS_NS {

class ImproperHarmonicDG : public DGStyleOf<ImproperHarmonic, DGPathStyle> {
 public:
  ImproperHarmonicDG(class LAMMPS *lmp) : DGStyleOf<ImproperHarmonic, DGPathStyle>(lmp) {}
  void compute_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
