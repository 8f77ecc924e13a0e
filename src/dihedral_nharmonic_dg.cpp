/* ----------------------------------------------------------------------
   GEOMINT - dihedral nharmonic/dg: sum_i A_i cos^(i-1) phi with cos phi
   from the six distances of the four atoms (Grimm, Kliesch and Quispel,
   arXiv:2212.14344, Lemma 4; geomint::dg::dihedral_cos)
------------------------------------------------------------------------- */

#include "dihedral_nharmonic_dg.h"

#include "atom.h"

#include <cmath>

using namespace LAMMPS_NS;

void DihedralNHarmonicDG::dg_row(int t, double *row) const
{
  row[0] = nterms[t];
  for (int i = 0; i < nterms[t]; i++) row[1 + i] = a[t][i];
}

int DihedralNHarmonicDG::dg_stride() const
{
  int n = 0;
  for (int t = 1; t <= atom->ndihedraltypes; t++)
    if (setflag[t] && nterms[t] > n) n = nterms[t];
  return 1 + n;
}
