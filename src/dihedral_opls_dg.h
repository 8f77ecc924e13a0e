/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - dihedral opls/dg: dihedral opls with a discrete gradient
------------------------------------------------------------------------- */

#ifdef DIHEDRAL_CLASS
// clang-format off
DihedralStyle(opls/dg,DihedralOPLSDG);
// clang-format on
#else

#ifndef GEOMINT_DIHEDRAL_OPLS_DG_H
#define GEOMINT_DIHEDRAL_OPLS_DG_H

#include "dg_style.h"
#include "dihedral_opls.h"

namespace LAMMPS_NS {

class DihedralOPLSDG : public DGStyleOf<DihedralOPLS, DGPathStyle> {
 public:
  DihedralOPLSDG(class LAMMPS *lmp) : DGStyleOf<DihedralOPLS, DGPathStyle>(lmp) {}
  void compute_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
