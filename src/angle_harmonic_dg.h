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
#include "dg_style.h"

namespace LAMMPS_NS {

class AngleHarmonicDG : public DGStyleOf<AngleHarmonic, DGPathStyle> {
 public:
  AngleHarmonicDG(class LAMMPS *lmp) : DGStyleOf<AngleHarmonic, DGPathStyle>(lmp) {}
  void compute_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
