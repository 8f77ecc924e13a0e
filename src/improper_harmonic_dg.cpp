/* ----------------------------------------------------------------------
   GEOMINT - improper harmonic/dg: K (chi - chi0)^2, chi the angle between the
   planes (1,2,3) and (2,3,4) = acos of the cos phi of the dihedral 1-2-3-4
   (LAMMPS's improper harmonic); midpoint DG (default) or the distance path
   DGs (chi from the cos phi of the six distances, clamped)
------------------------------------------------------------------------- */

#include "improper_harmonic_dg.h"

#include "dg_bonded.h"
#include "neighbor.h"

#include <cmath>

using namespace LAMMPS_NS;

void ImproperHarmonicDG::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                    double &vold)
{
  if (variant == geomint::dg::MIDPOINT) {
    dg_midpoint_dihedrals(
        lmp, neighbor->improperlist, neighbor->nimproperlist, xold, xnew, fdg,
        [this](int type) { return geomint::dg::ImproperHarmonic{k[type], chi[type]}; }, vnew,
        vold);
    return;
  }
  auto pot_of_type = [this](int type) {
    const double kk = k[type], chi0 = chi[type];
    return [kk, chi0](const double *d) {
      const double dchi = std::acos(geomint::dg::clamp1(geomint::dg::dihedral_cos(d))) - chi0;
      return kk * dchi * dchi;
    };
  };
  dg_bonded_list<6, 4>(lmp, neighbor->improperlist, neighbor->nimproperlist, xold, xnew, fdg,
                       geomint::dg::DIHEDRAL_PAIRS, pot_of_type, variant, vnew, vold);
}
