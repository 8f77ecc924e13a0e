/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - what the thermostatting fixes share: the target temperature of
   a step (a linear ramp Tstart -> Tstop over the run, as fix langevin, or an
   equal-style variable), the count of atoms two groups share (another
   integrator on the atoms of a fix), and a thermostat's velocity scaling
------------------------------------------------------------------------- */

#ifndef GEOMINT_TARGET_H
#define GEOMINT_TARGET_H

#include "atom.h"
#include "comm.h"
#include "compute.h"
#include "error.h"
#include "fix.h"
#include "force.h"
#include "geomint_compat.h"
#include "input.h"
#include "lammps.h"
#include "modify.h"
#include "update.h"
#include "variable.h"

#include <cmath>
#include <string>

namespace LAMMPS_NS {
namespace geomint_target {

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

  // collective: the number of atoms in both groups (bitmasks)
  inline bigint atoms_in_both(LAMMPS *lmp, int bit1, int bit2)
  {
    const int *mask = lmp->atom->mask;
    bigint local = 0, all = 0;
    for (int i = 0; i < lmp->atom->nlocal; i++)
      if ((mask[i] & bit1) && (mask[i] & bit2)) local++;
    MPI_Allreduce(&local, &all, 1, MPI_LMP_BIGINT, MPI_SUM, lmp->world);
    return all;
  }

  // collective: an ERROR if another time-integrating fix moves atoms of
  // `self`'s group (`advice`: what the user should do)
  inline void refuse_shared_integrators(LAMMPS *lmp, Fix *self, const std::string &style,
                                        const std::string &advice)
  {
    Modify *modify = lmp->modify;
    for (int f = 0; f < modify->nfix; f++) {
      Fix *other = modify->fix[f];
      if (other == self || !other->time_integrate) continue;
      const bigint total = atoms_in_both(lmp, self->groupbit, other->groupbit);
      if (total)
        lmp->error->all(FLERR, "{}: fix {} ({}) also integrates {} atoms of this fix; {}", style,
                        other->id, other->style, total, advice);
    }
  }

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

  // an nh/mod thermostat's setup: the kinetic energy y = Nf kB T carried
  // from the last step (of the previous run or the restart file) goes on
  // while the velocities agree with it (y_now, to 1e-10): the same number up
  // to round-off, and keeping it makes split and restarted runs the same
  // trajectory; changed velocities replace it.  Q is fixed (Guy 2018 keeps
  // it when the target steps): unless given, Nf kB Tstart Tdamp^2 at the
  // first setup
  inline void nhmod_setup(LAMMPS *lmp, const std::string &style, double y_now, double tdof,
                          double t_target, double t_damp, bool qmass_given, double &y,
                          bool &y_valid, double &qmass)
  {
    if (!(y_valid && std::fabs(y_now - y) <= 1e-10 * std::fabs(y_now))) y = y_now;
    y_valid = true;
    if (qmass_given || qmass != 0.0) return;
    qmass = tdof * lmp->force->boltz * t_target * t_damp * t_damp;
    if (!(qmass > 0.0))
      lmp->error->all(FLERR, "{}: the default thermostat mass Nf kB Tstart Tdamp^2 is {} (Nf = "
                      "{}, Tstart = {}): give a group with degrees of freedom and Tstart > 0, or "
                      "qmass", style, qmass, tdof, t_target);
  }

  // a thermostat's v *= factor over the atoms of `groupbit`, with the bias of
  // its temperature compute (if any) taken out meanwhile
  inline void scale_velocities(LAMMPS *lmp, int groupbit, Compute *temperature, double factor)
  {
    double **v = lmp->atom->v;
    const int *mask = lmp->atom->mask;
    const int nlocal = lmp->atom->nlocal;
    if (temperature->tempbias) temperature->remove_bias_all();
    for (int i = 0; i < nlocal; i++)
      if (mask[i] & groupbit) {
        v[i][0] *= factor;
        v[i][1] *= factor;
        v[i][2] *= factor;
      }
    if (temperature->tempbias) temperature->restore_bias_all();
  }

}    // namespace geomint_target
}    // namespace LAMMPS_NS

#endif
