/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - dihedral charmm/dg: dihedral charmm K [1 + cos(n phi - d)] (1-4 weight 0) with a discrete gradient
------------------------------------------------------------------------- */

#ifdef DIHEDRAL_CLASS
// clang-format off
DihedralStyle(charmm/dg,DihedralCharmmDG);
// clang-format on
#else

#ifndef GEOMINT_DIHEDRAL_CHARMM_DG_H
#define GEOMINT_DIHEDRAL_CHARMM_DG_H

#include "dihedral_charmm.h"
#include "dg_bonded.h"

namespace LAMMPS_NS {

// dihedral charmm/dg, the torsion: c(t, 0..3) = K, n, cos d, sin d; the path
// DGs take phases 0 and 180 only (cos(n phi - d) = +-T_n(cos phi))
struct DihedralCharmmDGModel {
  static constexpr int NATOM = 4;
  GEOMINT_INLINE static geomint::dg::DihedralCharmmTorsion u(const DGCoeffTable &c, int t)
  {
    return {c(t, 0), static_cast<int>(c(t, 1)), c(t, 2), c(t, 3)};
  }
  GEOMINT_INLINE static double pot(const DGCoeffTable &c, int t, const double *d)
  {
    return c(t, 0) *
        (1.0 + c(t, 2) * geomint::dg::chebyshev(geomint::dg::dihedral_cos(d), static_cast<int>(c(t, 1))));
  }
};

class DihedralCharmmDG : public DGBondedStyle<DihedralCharmmDG, DihedralCharmm, DGPathStyle, DG_DIHEDRALS> {
 public:
  DihedralCharmmDG(class LAMMPS *lmp) : DGBondedStyle<DihedralCharmmDG, DihedralCharmm, DGPathStyle, DG_DIHEDRALS>(lmp) {}
  using Term = DGPathTerm<DihedralCharmmDGModel>;
  Term dg_term(const DGCoeffTable &c) const { return Term{c, this->variant, this->degtol}; }
  void init_style() override;
  void set_dg_variant(int) override;
 protected:
  int dg_stride() const override { return 4; }
  void dg_row(int t, double *row) const override;
};

}    // namespace LAMMPS_NS

#endif
#endif
