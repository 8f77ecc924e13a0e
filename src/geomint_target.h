/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the target temperature of a thermostatting fix at a step: a linear
   ramp Tstart -> Tstop over the run (as fix langevin) or the value of an
   equal-style variable
------------------------------------------------------------------------- */

#ifndef GEOMINT_TARGET_H
#define GEOMINT_TARGET_H

#include "error.h"
#include "input.h"
#include "lammps.h"
#include "modify.h"
#include "update.h"
#include "variable.h"

#include <string>

namespace LAMMPS_NS {
namespace geomint_target {

  // the variable name of a temperature argument v_name; an ERROR for a bare "v_"
  inline std::string variable_name(LAMMPS *lmp, const std::string &style, const char *arg)
  {
    const std::string name(arg + 2);
    if (name.empty())
      lmp->error->all(FLERR, "{}: temperature argument 'v_' names no variable; give v_name of "
                      "an equal-style variable, or a number", style);
    return name;
  }

  // the index of equal-style variable `name`; an ERROR if there is none
  inline int find_equal_variable(LAMMPS *lmp, const std::string &style, const std::string &name)
  {
    const int v = lmp->input->variable->find(name.c_str());
    if (v < 0)
      lmp->error->all(FLERR, "{}: temperature variable {} does not exist; define it with "
                      "'variable {} equal ...'",
                      style, name, name);
    if (!lmp->input->variable->equalstyle(v))
      lmp->error->all(FLERR, "{}: temperature variable {} must be equal-style", style, name);
    return v;
  }

  // the temperature of this step: the ramp (tvar < 0) or the variable's value
  inline double target(LAMMPS *lmp, const std::string &style, double t_start, double t_stop,
                       int tvar, const std::string &name)
  {
    Update *update = lmp->update;
    if (tvar < 0) {
      double frac = update->ntimestep - update->beginstep;
      if (frac != 0.0) frac /= update->endstep - update->beginstep;
      return t_start + frac * (t_stop - t_start);
    }
    lmp->modify->clearstep_compute();
    const double t = lmp->input->variable->compute_equal(tvar);
    if (t < 0.0)
      lmp->error->all(FLERR, "{}: temperature variable {} returned {} < 0 at step {}", style, name,
                      t, update->ntimestep);
    lmp->modify->addstep_compute(update->ntimestep + 1);
    return t;
  }

}    // namespace geomint_target
}    // namespace LAMMPS_NS

#endif
