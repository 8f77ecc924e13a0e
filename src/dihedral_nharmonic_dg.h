/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - dihedral nharmonic/dg: dihedral nharmonic with a discrete gradient
------------------------------------------------------------------------- */

#ifdef DIHEDRAL_CLASS
// clang-format off
DihedralStyle(nharmonic/dg,DihedralNHarmonicDG);
// clang-format on
#else

#ifndef GEOMINT_DIHEDRAL_NHARMONIC_DG_H
#define GEOMINT_DIHEDRAL_NHARMONIC_DG_H

#include "dg_style.h"
#include "dihedral_nharmonic.h"

namespace LAMMPS_NS {

class DihedralNHarmonicDG : public DGStyleOf<DihedralNHarmonic, DGPathStyle> {
 public:
  DihedralNHarmonicDG(class LAMMPS *lmp) : DGStyleOf<DihedralNHarmonic, DGPathStyle>(lmp) {}
  void compute_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
