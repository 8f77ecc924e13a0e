/* ----------------------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix nh/mod: the modified Nose-Hoover thermostat (Guy 2018, ch. 3).
   Per step: thermostat half-step (tau = h/2), v += h/2 f/m,
   x += h v; forces; v += h/2 f/m, thermostat half-step.  The half-step is
   the kernel lib/geomint/nh_mod.h: zeta drifts by tau/2 zetadot, the
   kinetic energy follows y' = -2 (zeta + kd zetadot) y exactly, zeta drifts
   again.  kd = 0 is fix nvt with one thermostat.
------------------------------------------------------------------------- */

#include "fix_nh_mod.h"
#include "geomint_error.h"

#include "geomint_groups.h"
#include "geomint_restart.h"
#include "nh_mod_passes.h"

#include "atom.h"
#include "comm.h"
#include "compute.h"
#include "error.h"
#include "force.h"
#include "group.h"
#include "modify.h"
#include "update.h"
#include "utils.h"

#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

static const char *const STYLE = "Fix nh/mod";
static constexpr int RESTART_VERSION = 1;

/* ----------------------------------------------------------------------
   fix ID group nh/mod temp Tstart Tstop Tdamp kd Kd [qmass Q] [tloop N]
       [solver bernoulli|exp] [tchar t]
------------------------------------------------------------------------- */

FixNHMod::FixNHMod(LAMMPS *lmp, int narg, char **arg) : Fix(lmp, narg, arg), dtv(0.0), dtf(0.0)
{
  const char *usage = "expected 'fix ID group nh/mod temp Tstart Tstop Tdamp kd Kd [qmass Q] "
                      "[tloop N] [solver bernoulli|exp] [tchar t]'";
  if (narg < 9 || strcmp(arg[3], "temp") != 0 || strcmp(arg[7], "kd") != 0)
    error->all(FLERR, "Illegal {} command: {}", STYLE, usage);

  thermo.parse_temp(lmp, STYLE, arg[4], arg[5], arg[6]);
  thermo.kd = utils::numeric(FLERR, arg[8], false, lmp);
  if (!(thermo.kd >= 0.0))
    error->all(FLERR, "{}: kd must be >= 0 (got {}); kd 0 is Nose-Hoover (fix nvt)", STYLE, arg[8]);

  for (int k = 9; k < narg; k += 2) {
    const std::string kw = arg[k];
    if (k + 1 >= narg) error->all(FLERR, "{}: keyword {} needs a value", STYLE, kw);
    if (!thermo.parse_keyword(lmp, STYLE, kw, arg[k + 1]))
      error->all(FLERR, "{}: unknown keyword '{}'; valid keywords are qmass, tloop, solver, tchar",
                 STYLE,
                 kw);
  }

  time_integrate = 1;
  restart_global = 1;
  scalar_flag = 1;
  extscalar = 1;
  ecouple_flag = 1;
  vector_flag = 1;
  size_vector = 7;
  // zeta zetadot gamma_eff: intensive; W: extensive (an energy, as the
  // scalar -W); T_target Q eps: intensive
  extvector = -1;
  extlist = new int[size_vector];
  const int ext[7] = {0, 0, 0, 1, 0, 0, 0};
  for (int e = 0; e < size_vector; e++) extlist[e] = ext[e];
  global_freq = 1;
  dynamic_group_allow = 1;

  // its own compute temp of the fix group, as fix nvt
  thermo.create_compute(lmp, id, igroup);
}

FixNHMod::~FixNHMod()
{
  delete[] extlist;
  thermo.delete_compute(lmp);
}

int FixNHMod::setmask()
{
  return INITIAL_INTEGRATE | FINAL_INTEGRATE;
}

/* ---------------------------------------------------------------------- */

void FixNHMod::init()
{
  thermo.init(lmp, STYLE);
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "{}: run_style respa is not supported; use run_style verlet", STYLE);

  // no other integrator may move these atoms
  geomint_groups::refuse_shared_integrators(lmp, this, STYLE, "use one time integrator per atom");
  dtv = update->dt;
  dtf = 0.5 * update->dt * force->ftm2v;
}

void FixNHMod::setup(int /*vflag*/)
{
  setup_ran = true;
  compute_target();
  thermo.setup(lmp, STYLE, measured_y());    // (measured_y sets tdof)
}

void FixNHMod::compute_target()
{
  thermo.compute_target(lmp, STYLE);
}

void FixNHMod::reset_target(double t)
{
  thermo.reset_target(t);
}

void FixNHMod::reset_dt()
{
  dtv = update->dt;
  dtf = 0.5 * update->dt * force->ftm2v;
}

/* ---------------------------------------------------------------------- */

void FixNHMod::initial_integrate(int /*vflag*/)
{
  geomint_error::require_setup(lmp, style, id, setup_ran);
  compute_target();
  thermostat_half();
  half_kick();
  drift();
}

void FixNHMod::final_integrate()
{
  half_kick();
  thermo.y = measured_y();
  thermostat_half();
}

double FixNHMod::measured_y()
{
  return thermo.kinetic_y(lmp, thermo.temperature->compute_scalar());
}

// the passes of nh_mod_passes.h over LAMMPS's arrays
void FixNHMod::half_kick()
{
  geomint_nhmod::for_each(geomint_nhmod::HostAtoms::of(atom), atom->nlocal,
                          geomint_nhmod::HalfKick{groupbit, atom->rmass != nullptr, dtf});
}

void FixNHMod::drift()
{
  geomint_nhmod::for_each(geomint_nhmod::HostAtoms::of(atom), atom->nlocal,
                          geomint_nhmod::Drift{groupbit, dtv});
}

// tloop sub-steps of tau = h/(2 tloop); the velocities (less the compute's
// bias, if any) scale by the product of the factors
void FixNHMod::thermostat_half()
{
  scale_velocities(thermo.half_step(lmp, 1.0));
}

void FixNHMod::scale_velocities(double factor)
{
  thermo.scale_velocities(lmp, groupbit, factor);
}

/* ----------------------------------------------------------------------
   fix_modify temp ID
------------------------------------------------------------------------- */

int FixNHMod::modify_param(int narg, char **arg)
{
  if (strcmp(arg[0], "temp") == 0) {
    thermo.modify_temperature(lmp, STYLE, narg, arg, igroup);
    return 2;
  }
  return 0;
}

/* ----------------------------------------------------------------------
   scalar: -W, the ecouple term (etotal + f_ID is conserved)
   vector: zeta, zetadot, gamma_eff, W, T_target, Q, eps
------------------------------------------------------------------------- */

double FixNHMod::compute_scalar()
{
  // +0, not -0, before any work (thermo prints "-0")
  return thermo.work == 0.0 ? 0.0 : -thermo.work;
}

double FixNHMod::compute_vector(int n)
{
  switch (n) {
    case 0:
      return thermo.zeta;
    case 1:
      return thermo.zetadot(lmp);
    case 2:
      return thermo.zeta + thermo.kd * thermo.zetadot(lmp);
    case 3:
      return thermo.work;
    case 4:
      return thermo.t_target;
    case 5:
      return thermo.qmass;
    case 6:
      return thermo.eps(lmp);
    default:
      return 0.0;
  }
}

/* ----------------------------------------------------------------------
   restart: zeta, W, Q and the kinetic energy of the last step
------------------------------------------------------------------------- */

void FixNHMod::write_restart(FILE *fp)
{
  geomint_restart::write_global(fp, comm->me, RESTART_VERSION,
                                {thermo.zeta, thermo.work, thermo.qmass, thermo.y});
}

void FixNHMod::restart(char *buf)
{
  const geomint_restart::Global g = geomint_restart::read_global(buf);
  if (!g.versioned || g.version != RESTART_VERSION || g.count != 4)
    geomint_restart::refuse_global(error, STYLE, id, g, RESTART_VERSION,
                                   "Use a new fix ID to start afresh");
  thermo.zeta = g.values[0];
  thermo.work = g.values[1];
  if (!thermo.qmass_given) thermo.qmass = g.values[2];
  thermo.y = g.values[3];
  thermo.y_valid = true;
}
