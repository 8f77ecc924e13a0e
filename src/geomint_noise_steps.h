/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the steps whose noise a fix has drawn.  The noise of fix
   bagogab, multiscale/adaptive (brownian) and rigid/quat/hi is keyed by
   (seed, atom ID, step): a run that goes back to steps the fix has run
   already (reset_timestep) draws the same numbers again, so two runs meant
   to be independent are not.  The fix calls check() at the setup of each
   run: a warning then says so and what to do.
------------------------------------------------------------------------- */

#ifndef GEOMINT_NOISE_STEPS_H
#define GEOMINT_NOISE_STEPS_H

#include "comm.h"
#include "error.h"
#include "lammps.h"
#include "update.h"

#include <algorithm>
#include <string>

namespace LAMMPS_NS {

class NoiseSteps {
 public:
  // at the setup of a run that draws noise (fix ID `id` of `style`)
  void check(LAMMPS *lmp, const std::string &style, const char *id)
  {
    const Update *update = lmp->update;
    if (run_to >= 0 && update->ntimestep < run_to && lmp->comm->me == 0)
      lmp->error->warning(FLERR, "{} (ID {}): this run starts at step {}, before step {} that "
                          "an earlier run of the fix reached; the noise is keyed by (seed, atom "
                          "ID, step), so up to that step it repeats the earlier run's noise (e.g. "
                          "after reset_timestep): give the fix another seed for a run independent "
                          "of the earlier one", style, id, update->ntimestep, run_to);
    run_to = std::max(run_to, update->laststep);
  }

 private:
  bigint run_to = -1;    // the last step of the runs so far (-1: none)
};

}    // namespace LAMMPS_NS

#endif
