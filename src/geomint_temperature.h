/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the temperature compute of a thermostat: found at init, replaced by
   fix_modify temp, and its velocity bias taken out while the thermostat
   scales the velocities
------------------------------------------------------------------------- */

#ifndef GEOMINT_TEMPERATURE_H
#define GEOMINT_TEMPERATURE_H

#include "geomint_compat.h"

#include "comm.h"
#include "compute.h"
#include "error.h"
#include "lammps.h"
#include "modify.h"

#include <string>

namespace LAMMPS_NS {
namespace geomint_temperature {

  // a thermostat's temperature compute at init: an ERROR if it is gone or
  // does not compute a temperature
  inline Compute *find_temperature(LAMMPS *lmp, const std::string &style, const std::string &id)
  {
    Compute *c = geomint_compat::compute_by_id(lmp->modify, id);
    if (!c)
      lmp->error->all(FLERR, "{}: temperature compute {} does not exist (fix_modify temp names an "
                      "existing compute temp)", style, id);
    if (!c->tempflag)
      lmp->error->all(FLERR, "{}: compute {} does not compute a temperature", style, id);
    return c;
  }

  // fix_modify ID temp CID of a thermostat that made its own compute temp
  // (own, id): checks CID, deletes the own compute, takes CID
  inline void modify_temperature(LAMMPS *lmp, const std::string &style, int narg, char **arg,
                                 int igroup, bool &own, std::string &id)
  {
    if (narg < 2) lmp->error->all(FLERR, "{}: fix_modify temp needs a compute ID", style);
    Compute *c = geomint_compat::compute_by_id(lmp->modify, arg[1]);
    if (!c)
      lmp->error->all(FLERR, "{}: fix_modify temp: compute {} does not exist", style, arg[1]);
    if (!c->tempflag)
      lmp->error->all(FLERR, "{}: fix_modify temp: compute {} does not compute a temperature",
                      style, arg[1]);
    if (own) lmp->modify->delete_compute(id);
    own = false;
    id = arg[1];
    if (c->igroup != igroup && lmp->comm->me == 0)
      lmp->error->warning(FLERR, "{}: the group of temperature compute {} is not the fix group",
                          style, arg[1]);
  }

  // f() (a thermostat's velocity scaling) with the bias of its temperature
  // compute (if any) taken out meanwhile
  template <class F> void without_bias(Compute *temperature, F &&f)
  {
    if (temperature->tempbias) temperature->remove_bias_all();
    f();
    if (temperature->tempbias) temperature->restore_bias_all();
  }

}    // namespace geomint_temperature
}    // namespace LAMMPS_NS

#endif
