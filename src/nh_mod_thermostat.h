/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the modified Nose-Hoover thermostat of fix nh/mod and of fix
   multiscale/adaptive mode atomistic (Guy 2018, ch. 3), one component for
   both: its parameters and their parsing (the same messages in both
   fixes), its state (zeta, y = sum m v^2, the work W), its temperature
   compute, the target of a step, the first setup's Q and the half-step
   (the kernel lib/geomint/nh_mod.h with b = s kd / Q: s = 1 for fix
   nh/mod, a2 for fix multiscale/adaptive).  Each fix keeps its own step
   order, outputs and restart layout.  The per-atom velocity scaling is
   the Scale pass of nh_mod_passes.h: a loop here, a Kokkos kernel in the
   /kk variants (nh_mod_thermostat_kokkos.h).
------------------------------------------------------------------------- */

#ifndef GEOMINT_NH_MOD_THERMOSTAT_H
#define GEOMINT_NH_MOD_THERMOSTAT_H

#include "geomint_compat.h"
#include "geomint_target.h"
#include "geomint_temperature.h"
#include "nh_mod_passes.h"

#include "atom.h"
#include "compute.h"
#include "error.h"
#include "force.h"
#include "group.h"
#include "lammps.h"
#include "modify.h"
#include "update.h"
#include "utils.h"

#include "geomint/nh_mod.h"

#include <cmath>
#include <cstring>
#include <string>

namespace LAMMPS_NS {

// what the input gives
struct NHModParams {
  double t_start = 0.0, t_stop = 0.0, t_damp = 0.0;
  std::string tvar_name;    // temp v_name: the target from an equal-style variable
  double kd = 0.0;          // derivative gain (time units)
  double qmass = 0.0;       // thermostat mass Q (energy time^2); 0: from Tstart at the first setup
  bool qmass_given = false;
  int tloop = 1;            // sub-steps of each thermostat half-step
  double tchar = 1.0;       // characteristic time of eps = 1 / (|kd zetadot| tchar)
  bool frozen = false;      // solver exp: step (b) with the friction frozen (default bernoulli)

  // temp Tstart Tstop Tdamp (Tstart v_name: the variable; Tstop is not read)
  void parse_temp(LAMMPS *lmp, const std::string &style, const char *tstart, const char *tstop,
                  const char *tdamp)
  {
    if (utils::strmatch(tstart, "^v_")) {
      tvar_name = geomint_target::variable_name(lmp, style, tstart);
      t_stop = 0.0;
    } else {
      t_start = utils::numeric(FLERR, tstart, false, lmp);
      t_stop = utils::numeric(FLERR, tstop, false, lmp);
      if (!(t_start > 0.0) || !(t_stop > 0.0))
        lmp->error->all(FLERR, "{}: Tstart and Tstop must be > 0 (got {} {})", style, tstart, tstop);
    }
    t_damp = utils::numeric(FLERR, tdamp, false, lmp);
    if (!(t_damp > 0.0)) lmp->error->all(FLERR, "{}: Tdamp must be > 0 (got {})", style, tdamp);
  }
  // qmass Q, tloop N, solver bernoulli|exp or tchar t; false for another keyword
  bool parse_keyword(LAMMPS *lmp, const std::string &style, const std::string &kw, const char *value)
  {
    if (kw == "qmass") {
      qmass = utils::numeric(FLERR, value, false, lmp);
      if (!(qmass > 0.0)) lmp->error->all(FLERR, "{}: qmass must be > 0 (got {})", style, value);
      qmass_given = true;
    } else if (kw == "tloop") {
      tloop = utils::inumeric(FLERR, value, false, lmp);
      if (tloop < 1) lmp->error->all(FLERR, "{}: tloop must be >= 1 (got {})", style, value);
    } else if (kw == "solver") {
      if (strcmp(value, "bernoulli") == 0)
        frozen = false;
      else if (strcmp(value, "exp") == 0)
        frozen = true;
      else
        lmp->error->all(FLERR, "{}: solver must be bernoulli (the exact sub-step, default) or exp "
                        "(friction frozen over the sub-step) (got {})", style, value);
    } else if (kw == "tchar") {
      tchar = utils::numeric(FLERR, value, false, lmp);
      if (!(tchar > 0.0)) lmp->error->all(FLERR, "{}: tchar must be > 0 (got {})", style, value);
    } else {
      return false;
    }
    return true;
  }
};

class NHModThermostat : public NHModParams {
 public:
  double t_target = 0.0;
  int tvar = -1;
  double zeta = 0.0;     // the NH friction (1/time)
  double y = 0.0;        // sum m v^2 = dof kB T of the thermostatted atoms (energy)
  double tdof = 0.0;
  double work = 0.0;     // W: kinetic energy the thermostat added (energy; the same on every rank)
  bool y_valid = false;  // y is the kinetic energy of the last step (a run or restart before)
  std::string id_temp;
  bool own_temp = false;    // the fix created its compute temp
  Compute *temperature = nullptr;

  // its own compute temp of the fix group (as fix nvt), ID_temp
  void create_compute(LAMMPS *lmp, const std::string &fix_id, int igroup)
  {
    id_temp = fix_id + "_temp";
    lmp->modify->add_compute(id_temp + " " + lmp->group->names[igroup] + " temp");
    own_temp = true;
  }
  void delete_compute(LAMMPS *lmp)
  {
    if (own_temp && geomint_compat::compute_by_id(lmp->modify, id_temp))
      lmp->modify->delete_compute(id_temp);
  }
  // init: the compute and the target's variable
  void init(LAMMPS *lmp, const std::string &style)
  {
    temperature = geomint_temperature::find_temperature(lmp, style, id_temp);
    if (!tvar_name.empty()) tvar = geomint_target::find_equal_variable(lmp, style, tvar_name);
  }
  // fix_modify temp ID
  void modify_temperature(LAMMPS *lmp, const std::string &style, int narg, char **arg, int igroup)
  {
    geomint_temperature::modify_temperature(lmp, style, narg, arg, igroup, own_temp, id_temp);
  }
  void reset_target(double t) { t_start = t_stop = t; }
  void compute_target(LAMMPS *lmp, const std::string &style)
  {
    t_target = geomint_target::target(lmp, style, t_start, t_stop, tvar, tvar_name);
  }
  // y = tdof kB T of the compute's temperature t_current (its dof now)
  double kinetic_y(LAMMPS *lmp, double t_current)
  {
    tdof = temperature->dof;
    return tdof * lmp->force->boltz * t_current;
  }
  // setup: the kinetic energy y = Nf kB T carried from the last step (of
  // the previous run or the restart file) goes on while the velocities agree
  // with it (y_now, to 1e-10): the same number up to round-off, and keeping
  // it makes split and restarted runs the same trajectory; changed
  // velocities replace it.  Q is fixed (Guy 2018 keeps it when the target
  // steps): unless given, Nf kB Tstart Tdamp^2 at the first setup
  void setup(LAMMPS *lmp, const std::string &style, double y_now)
  {
    if (!(y_valid && std::fabs(y_now - y) <= 1e-10 * std::fabs(y_now))) y = y_now;
    y_valid = true;
    if (qmass_given || qmass != 0.0) return;
    // (Tstart itself, also where the first run starts its ramp later with
    // start/stop; a variable target: its value now)
    const double t0 = tvar_name.empty() ? t_start : t_target;
    qmass = tdof * lmp->force->boltz * t0 * t_damp * t_damp;
    if (!(qmass > 0.0))
      lmp->error->all(FLERR, "{}: the default thermostat mass Nf kB Tstart Tdamp^2 is {} (Nf = "
                      "{}, Tstart = {}): give a group with degrees of freedom and Tstart > 0, or "
                      "qmass", style, qmass, tdof, t0);
  }
  // v *= factor over the atoms of `groupbit` on the CPU (nh_mod_passes.h),
  // less the compute's bias
  void scale_velocities(LAMMPS *lmp, int groupbit, double factor)
  {
    geomint_temperature::without_bias(temperature, [&]() {
      geomint_nhmod::for_each(geomint_nhmod::HostAtoms::of(lmp->atom), lmp->atom->nlocal,
                              geomint_nhmod::Scale{groupbit, factor});
    });
  }
  // a half-step of h/2 in tloop sub-steps with b = s kd / Q: zeta, y and W
  // go on; returns the factor of the velocities
  double half_step(LAMMPS *lmp, double s)
  {
    const double yt = tdof * lmp->force->boltz * t_target;
    const double tau = 0.5 * lmp->update->dt / tloop;
    const double b = s * kd / qmass;
    return geomint::nhmod_half_steps(zeta, y, work, yt, qmass, b, tau, tloop, frozen);
  }
  // (y - y_t)/Q, the unscaled kinetic-energy error
  double zetadot(LAMMPS *lmp) const
  {
    const double yt = tdof * lmp->force->boltz * t_target;
    return qmass > 0.0 ? (y - yt) / qmass : 0.0;
  }
  // eps = 1 / (|kd zetadot| tchar) (0 where kd zetadot = 0)
  double eps(LAMMPS *lmp) const
  {
    const double d = std::fabs(kd * zetadot(lmp)) * tchar;
    return d > 0.0 ? 1.0 / d : 0.0;
  }
};

}    // namespace LAMMPS_NS

#endif
