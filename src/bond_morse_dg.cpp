/* ----------------------------------------------------------------------
   GEOMINT - bond morse/dg: D0 (1 - exp(-alpha (r - r0)))^2 with the
   cancellation-free LaBudde-Greenspan quotient of lib/geomint/dg_radial.h
   (expm1 forms: exact at any displacement, the derivative at none)
------------------------------------------------------------------------- */

#include "bond_morse_dg.h"

#include "dg_bond.h"

#include "geomint/dg_radial.h"

using namespace LAMMPS_NS;

void BondMorseDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                             double &vold)
{
  dg_bond_list(lmp, xold, xnew, fdg, vnew, vold,
               [this](int, int, int type, double r, double rn, double &delta, double &vo,
                      double &vn) {
                 using namespace geomint::dg;
                 delta = morse_quotient(d0[type], alpha[type], r0[type], r, rn);
                 vo = morse_bond_energy(d0[type], alpha[type], r0[type], r);
                 vn = morse_bond_energy(d0[type], alpha[type], r0[type], rn);
               });
}
