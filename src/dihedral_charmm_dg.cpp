/* ----------------------------------------------------------------------
   GEOMINT - dihedral charmm/dg: the torsion K [1 + cos(n phi - d)] of
   dihedral charmm, any phase d, with the midpoint DG (default).  The
   distance path DGs (dg sym/left/right) see only cos phi, so they take
   phases 0 and 180 only (cos(n phi - d) = +-T_n(cos phi)).  The 1-4 pair part
   of dihedral charmm needs pair lj/charmm/coul/charmm, which has no DG
   variant: every weight must be 0 (the 1-4 pairs then come from the pair
   style and special_bonds, as for dihedral_style charmmfsw users).
------------------------------------------------------------------------- */

#include "dihedral_charmm_dg.h"

#include "atom.h"
#include "error.h"

#include <cmath>

using namespace LAMMPS_NS;

void DihedralCharmmDG::dg_row(int t, double *row) const
{
  row[0] = k[t];
  row[1] = multiplicity[t];
  row[2] = cos_shift[t];
  row[3] = sin_shift[t];
}

void DihedralCharmmDG::init_style()
{
  if (weightflag)
    error->all(FLERR, "Dihedral charmm/dg: a 1-4 weight > 0 needs pair lj/charmm/coul/charmm, "
               "which has no discrete-gradient variant; use weight 0 in every dihedral_coeff "
               "and let the pair style and special_bonds lj/coul 0 0 W give the 1-4 pairs");
  DihedralCharmm::init_style();
}

void DihedralCharmmDG::set_dg_variant(int v)
{
  DGPathStyle::set_dg_variant(v);    // (v < 0: the style's own variant)
  if (variant != geomint::dg::MIDPOINT)
    for (int t = 1; t <= atom->ndihedraltypes; t++)
      if (setflag[t] && shift[t] % 180 != 0)    // (sin_shift of 180 degrees is 1.2e-16)
        error->all(FLERR, "Dihedral charmm/dg: dihedral type {} has phase {} degrees; the "
                   "distance discrete gradients (variant sym, left or right, of the style or "
                   "of fix dg/nve's dg keyword) see only cos phi and take phases 0 and 180 "
                   "only: use the midpoint variant (the default)", t,
                   shift[t]);
}
