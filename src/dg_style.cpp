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

void DGPathStyle::parse_dg_settings(LAMMPS *lmp, const char *kind, int narg, char **arg)
{
  const std::string usage =
      fmt::format("expected '{} name [variant midpoint|sym|left|right] [degtol D]'", kind);
  style_variant = geomint::dg::MIDPOINT;
  degtol = geomint::dg::DEGENERATE_REL;
  for (int k = 0; k < narg; k += 2) {
    if (k + 1 >= narg)
      lmp->error->all(FLERR, "Illegal {} command: keyword {} needs a value; {}", kind, arg[k], usage);
    const char *val = arg[k + 1];
    if (strcmp(arg[k], "variant") == 0) {
      style_variant = dg_variant_of(val);
      if (style_variant < 0)
        lmp->error->all(FLERR, "{}: variant must be midpoint, sym, left or right (got {})", kind,
                        val);
    } else if (strcmp(arg[k], "degtol") == 0) {
      degtol = utils::numeric(FLERR, val, false, lmp);
      if (!(degtol > 0.0 && degtol < 1.0))
        lmp->error->all(FLERR, "{}: degtol must be between 0 and 1 (got {})", kind, val);
    } else {
      lmp->error->all(FLERR, "Illegal {} command: unknown keyword '{}'; {}", kind, arg[k], usage);
    }
  }
  variant = style_variant;
}

void LAMMPS_NS::dg_no_settings(LAMMPS *lmp, const char *kind, int narg, char **arg)
{
  if (narg > 0)
    lmp->error->all(FLERR, "Illegal {} command: the discrete-gradient bond styles take no "
                    "arguments (got '{}')", kind, arg[0]);
}
