/* ----------------------------------------------------------------------
   GEOMINT - bond fene/dg: the LaBudde-Greenspan discrete gradient of
   V = -K R0^2/2 ln(1 - (r/R0)^2) + WCA (r < 2^(1/6) sigma), with the log
   argument clamped at 0.1 exactly as bond fene clamps it in its energy.

   The clamp: bond fene's compute() evaluates the energy at max(1 - r^2/R0^2,
   0.1) (a constant beyond r = R0 sqrt(0.9)), warns "FENE bond too long" and
   stops with "Bad FENE bond" once the argument is <= -3 (r >= 2 R0).  The
   discrete gradient is that of the same clamped energy, so V stays finite and
   continuous on every trial configuration of fix dg/nve, and the energy that
   LAMMPS reports is the one conserved.  (Beyond the clamp bond fene's force,
   K r/0.1, is not the gradient of its own energy; the DG's log part is 0
   there, the gradient of the clamped energy.)  A trial configuration that
   reaches the clamp is warned about once per run, with the atoms and the
   step; one with r >= 2 R0 is the same error as bond fene's.
------------------------------------------------------------------------- */

#include "bond_fene_dg.h"

#include "atom.h"
#include "error.h"
#include "update.h"

#include <cmath>

using namespace LAMMPS_NS;

void BondFENEDG::init_style()
{
  BondFENE::init_style();
  warned_long = false;
}

void BondFENEDG::dg_row(int t, double *row) const
{
  row[0] = k[t];
  row[1] = r0[t];
  row[2] = epsilon[t];
  row[3] = sigma[t];
}

void BondFENEDG::report_long(int i1, int i2, int type, double rr, bool bad)
{
  const tagint *tag = atom->tag;
  if (bad)
    error->one(FLERR, "Bond fene/dg: Bad FENE bond: atoms {} {} at r = {:.8g} "
               "(>= 2 R0 = {:.8g}) in step {}", tag[i1], tag[i2], rr,
               2.0 * r0[type], update->ntimestep);
  if (!warned_long) {
    warned_long = true;
    error->warning(FLERR, "Bond fene/dg: FENE bond too long: atoms {} {} at "
                   "r = {:.8g} in step {}: its log argument is clamped at 0.1 "
                   "as bond fene does (said once per run)", tag[i1], tag[i2],
                   rr, update->ntimestep);
  }
}
