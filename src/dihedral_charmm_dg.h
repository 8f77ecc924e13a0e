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
#include "dg_style.h"

namespace LAMMPS_NS {

class DihedralCharmmDG : public DGStyleOf<DihedralCharmm, DGPathStyle> {
 public:
  DihedralCharmmDG(class LAMMPS *lmp) : DGStyleOf<DihedralCharmm, DGPathStyle>(lmp) {}
  void compute_dg(double **, double **, double **, double &, double &) override;
  void init_style() override;
  void set_dg_variant(int) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
