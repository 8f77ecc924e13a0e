/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - dihedral multi/harmonic/dg: dihedral multi/harmonic sum_n A_n cos^(n-1) phi with a discrete gradient
------------------------------------------------------------------------- */

#ifdef DIHEDRAL_CLASS
// clang-format off
DihedralStyle(multi/harmonic/dg,DihedralMultiHarmonicDG);
// clang-format on
#else

#ifndef GEOMINT_DIHEDRAL_MULTI_HARMONIC_DG_H
#define GEOMINT_DIHEDRAL_MULTI_HARMONIC_DG_H

#include "dihedral_multi_harmonic.h"
#include "dg_style.h"

namespace LAMMPS_NS {

class DihedralMultiHarmonicDG : public DGStyleOf<DihedralMultiHarmonic, DGPathStyle> {
 public:
  DihedralMultiHarmonicDG(class LAMMPS *lmp) : DGStyleOf<DihedralMultiHarmonic, DGPathStyle>(lmp) {}
  void compute_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
