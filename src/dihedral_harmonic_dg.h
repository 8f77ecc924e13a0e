/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - dihedral harmonic/dg: dihedral harmonic K [1 + d cos(n phi)]
   (d = +-1) with a discrete gradient
------------------------------------------------------------------------- */

#ifdef DIHEDRAL_CLASS
// clang-format off
DihedralStyle(harmonic/dg,DihedralHarmonicDG);
// clang-format on
#else

#ifndef GEOMINT_DIHEDRAL_HARMONIC_DG_H
#define GEOMINT_DIHEDRAL_HARMONIC_DG_H

#include "dg_bonded.h"
#include "dihedral_charmm_dg.h"
#include "dihedral_harmonic.h"

namespace LAMMPS_NS {

// the torsion of charmm/dg, K [1 + cos(n phi - delta)], with delta = 0 (d = 1)
// or 180 degrees (d = -1): c(t, 0..3) = K, n, d, 0, so every DG variant applies
class DihedralHarmonicDG
    : public DGBondedStyle<DihedralHarmonicDG, DihedralHarmonic, DGPathStyle, DG_DIHEDRALS> {
 public:
  DihedralHarmonicDG(class LAMMPS *lmp) :
      DGBondedStyle<DihedralHarmonicDG, DihedralHarmonic, DGPathStyle, DG_DIHEDRALS>(lmp)
  {
  }
  using Term = DGPathTerm<DihedralCharmmDGModel>;
  Term dg_term(const DGCoeffTable &c) const { return Term{c, this->variant, this->degtol}; }

 protected:
  int dg_stride() const override { return 4; }
  void dg_row(int t, double *row) const override
  {
    row[0] = k[t];
    row[1] = multiplicity[t];
    row[2] = cos_shift[t];
    row[3] = sin_shift[t];
  }
};

}    // namespace LAMMPS_NS

#endif
#endif
