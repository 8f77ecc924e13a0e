/* ----------------------------------------------------------------------
   GEOMINT - bond harmonic/dg: K (r - r0)^2 with the cancellation-free
   LaBudde-Greenspan quotient Delta = K (r + r' - 2 r0)
------------------------------------------------------------------------- */

#include "bond_harmonic_dg.h"

#include "dg_bond.h"

#include <cmath>

using namespace LAMMPS_NS;

void BondHarmonicDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                double &vold)
{
  dg_bond_list(lmp, xold, xnew, fdg, vnew, vold,
               [this](int, int, int type, double r, double rn, double &delta, double &vo,
                      double &vn) {
                 const double kk = k[type], req = r0[type];
                 delta = geomint::dg::harmonic_quotient(kk, req, r, rn);
                 vo = kk * (r - req) * (r - req);
                 vn = kk * (rn - req) * (rn - req);
               });
}
