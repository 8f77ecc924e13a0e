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
