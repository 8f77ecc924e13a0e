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

class AngleHarmonicDG : public AngleHarmonic, public DGStyle {
 public:
  AngleHarmonicDG(class LAMMPS *lmp) : AngleHarmonic(lmp), variant(0) {}
  void compute_dg(double **, double **, double **, double &, double &) override;
  bool dg_symmetric() const override { return variant == 0; }
  void set_dg_variant(int v) override { variant = v; }

 protected:
  int variant;
};

}    // namespace LAMMPS_NS

#endif
#endif
