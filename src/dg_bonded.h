/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the midpoint discrete gradient (lib/geomint/dg.h, midpoint_dg)
   over a bonded list of LAMMPS (anglelist, dihedrallist, improperlist):
   the default DG of the angle, dihedral and improper DG styles; the paper's
   distance path DGs (dg sym/left/right) are dg_bonded_list in dg_style.h.
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_BONDED_H
#define GEOMINT_DG_BONDED_H

#include "dg_style.h"

#include "geomint/dg.h"
#include "geomint/dg_terms.h"

namespace LAMMPS_NS {

// All terms of a bonded list (atoms in columns 0..NATOM-1, the type in column
// NATOM; same images in xold and xnew): energy_of_type(type) returns the
// term's energy(x, grad) (geomint::dg::midpoint_dg); forces added to fdg with
// LAMMPS's newton_bond rules, energy shares as ev_tally.
template <int NATOM, class EnergyOfType>
inline void dg_midpoint_list(LAMMPS *lmp, int **list, int nlist, double **xold, double **xnew,
                             double **fdg, const EnergyOfType &energy_of_type, double &vnew,
                             double &vold)
{
  auto term = [&](const int (&)[NATOM], int kind, const double (&xo)[NATOM][3],
                  const double (&xn)[NATOM][3], double (&f)[NATOM][3], double &vo, double &vn) {
    geomint::dg::midpoint_dg(xo, xn, energy_of_type(kind), f, vo, vn);
  };
  dg_term_list<NATOM>(lmp, list, nlist, xold, xnew, fdg, term, vnew, vold);
}

// the angle list with U(cos theta) per type (u_of_type(type) -> u(c, dudc))
template <class UOfType>
inline void dg_midpoint_angles(LAMMPS *lmp, double **xold, double **xnew, double **fdg,
                               const UOfType &u_of_type, double &vnew, double &vold)
{
  auto energy_of_type = [&](int type) {
    const auto u = u_of_type(type);
    return [u](const double (&x)[3][3], double (*grad)[3]) {
      return geomint::dg::angle_energy(x, grad, u);
    };
  };
  dg_midpoint_list<3>(lmp, lmp->neighbor->anglelist, lmp->neighbor->nanglelist, xold, xnew, fdg,
                      energy_of_type, vnew, vold);
}

// a dihedral-geometry list (dihedrallist or improperlist) with U(phi) per type
// (u_of_type(type) -> u(c, s, dudphi))
template <class UOfType>
inline void dg_midpoint_dihedrals(LAMMPS *lmp, int **list, int nlist, double **xold,
                                  double **xnew, double **fdg, const UOfType &u_of_type,
                                  double &vnew, double &vold)
{
  auto energy_of_type = [&](int type) {
    const auto u = u_of_type(type);
    return [u](const double (&x)[4][3], double (*grad)[3]) {
      return geomint::dg::dihedral_energy(x, grad, u);
    };
  };
  dg_midpoint_list<4>(lmp, list, nlist, xold, xnew, fdg, energy_of_type, vnew, vold);
}

}    // namespace LAMMPS_NS

#endif
