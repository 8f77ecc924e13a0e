/* ----------------------------------------------------------------------
   GEOMINT - helpers shared by the discrete-gradient pair styles
------------------------------------------------------------------------- */

#include "dg_style.h"

#include "atom.h"
#include "error.h"
#include "lammps.h"
#include "utils.h"

#include <cstring>

using namespace LAMMPS_NS;

double LAMMPS_NS::dg_pair_margin_arg(LAMMPS *lmp, const char *style, int &narg, char **arg)
{
  if (narg < 2 || strcmp(arg[narg - 2], "margin") != 0) return 0.0;
  const double m = utils::numeric(FLERR, arg[narg - 1], false, lmp);
  if (m < 0.0) lmp->error->all(FLERR, "Pair {}: margin must be >= 0 (got {})", style, arg[narg - 1]);
  narg -= 2;
  return m;
}

void LAMMPS_NS::dg_true_cutsq(LAMMPS *lmp, int **setflag, double **cut, double **cutsq)
{
  const int n = lmp->atom->ntypes;
  for (int i = 1; i <= n; i++)
    for (int j = i; j <= n; j++)
      if (setflag[i][j] || (setflag[i][i] && setflag[j][j]))
        cutsq[i][j] = cutsq[j][i] = cut[i][j] * cut[i][j];
}
