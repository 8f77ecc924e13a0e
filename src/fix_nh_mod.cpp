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

#include "geomint_compat.h"
#include "geomint_restart.h"
#include "geomint_target.h"

#include "atom.h"
#include "comm.h"
#include "compute.h"
#include "error.h"
#include "force.h"
#include "group.h"
#include "modify.h"
#include "update.h"
#include "utils.h"

#include "geomint/nh_mod.h"

#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

static const char *const STYLE = "Fix nh/mod";
static constexpr int RESTART_VERSION = 1;

/* ----------------------------------------------------------------------
   fix ID group nh/mod temp Tstart Tstop Tdamp kd Kd [qmass Q] [tloop N] [tchar t]
------------------------------------------------------------------------- */

FixNHMod::FixNHMod(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), t_start(0.0), t_stop(0.0), t_damp(0.0), t_target(0.0), tvar(-1), kd(0.0),
    qmass(0.0), qmass_given(false), tloop(1), tchar(1.0), zeta(0.0), work(0.0), y(0.0), tdof(0.0),
    dtv(0.0), dtf(0.0), own_temp(true), y_valid(false), temperature(nullptr)
{
  const char *usage = "expected 'fix ID group nh/mod temp Tstart Tstop Tdamp kd Kd [qmass Q] "
                      "[tloop N] [tchar t]'";
  if (narg < 9 || strcmp(arg[3], "temp") != 0 || strcmp(arg[7], "kd") != 0)
    error->all(FLERR, "Illegal {} command: {}", STYLE, usage);

  if (utils::strmatch(arg[4], "^v_")) {
    tvar_name = arg[4] + 2;
    t_stop = 0.0;
  } else {
    t_start = utils::numeric(FLERR, arg[4], false, lmp);
    t_stop = utils::numeric(FLERR, arg[5], false, lmp);
    if (!(t_start > 0.0) || !(t_stop > 0.0))
      error->all(FLERR, "{}: Tstart and Tstop must be > 0 (got {} {})", STYLE, arg[4], arg[5]);
  }
  t_damp = utils::numeric(FLERR, arg[6], false, lmp);
  if (!(t_damp > 0.0)) error->all(FLERR, "{}: Tdamp must be > 0 (got {})", STYLE, arg[6]);
  kd = utils::numeric(FLERR, arg[8], false, lmp);
  if (!(kd >= 0.0))
    error->all(FLERR, "{}: kd must be >= 0 (got {}); kd 0 is Nose-Hoover (fix nvt)", STYLE, arg[8]);

  int k = 9;
  while (k < narg) {
    const std::string kw = arg[k];
    if (k + 1 >= narg) error->all(FLERR, "{}: keyword {} needs a value", STYLE, kw);
    if (kw == "qmass") {
      qmass = utils::numeric(FLERR, arg[k + 1], false, lmp);
      if (!(qmass > 0.0)) error->all(FLERR, "{}: qmass must be > 0 (got {})", STYLE, arg[k + 1]);
      qmass_given = true;
    } else if (kw == "tloop") {
      tloop = utils::inumeric(FLERR, arg[k + 1], false, lmp);
      if (tloop < 1) error->all(FLERR, "{}: tloop must be >= 1 (got {})", STYLE, arg[k + 1]);
    } else if (kw == "tchar") {
      tchar = utils::numeric(FLERR, arg[k + 1], false, lmp);
      if (!(tchar > 0.0)) error->all(FLERR, "{}: tchar must be > 0 (got {})", STYLE, arg[k + 1]);
    } else {
      error->all(FLERR, "{}: unknown keyword '{}'; valid keywords are qmass, tloop, tchar", STYLE,
                 kw);
    }
    k += 2;
  }

  time_integrate = 1;
  restart_global = 1;
  scalar_flag = 1;
  extscalar = 1;
  ecouple_flag = 1;
  vector_flag = 1;
  size_vector = 7;
  extvector = 0;
  global_freq = 1;
  dynamic_group_allow = 1;

  // its own compute temp of the fix group, as fix nvt
  id_temp = std::string(id) + "_temp";
  modify->add_compute(id_temp + " " + group->names[igroup] + " temp");
}

FixNHMod::~FixNHMod()
{
  if (own_temp && geomint_compat::compute_by_id(modify, id_temp)) modify->delete_compute(id_temp);
}

int FixNHMod::setmask()
{
  return INITIAL_INTEGRATE | FINAL_INTEGRATE;
}

/* ---------------------------------------------------------------------- */

void FixNHMod::init()
{
  temperature = geomint_target::find_temperature(lmp, STYLE, id_temp);
  if (!tvar_name.empty()) tvar = geomint_target::find_equal_variable(lmp, STYLE, tvar_name);
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "{}: run_style respa is not supported; use run_style verlet", STYLE);

  // no other integrator may move these atoms
  geomint_target::refuse_shared_integrators(lmp, this, STYLE, "use one time integrator per atom");
  dtv = update->dt;
  dtf = 0.5 * update->dt * force->ftm2v;
}

void FixNHMod::setup(int /*vflag*/)
{
  compute_target();
  const double y_now = measured_y();    // (sets tdof)
  geomint_target::nhmod_setup(lmp, STYLE, y_now, tdof, t_target, t_damp, qmass_given, y, y_valid,
                              qmass);
}

void FixNHMod::compute_target()
{
  t_target = geomint_target::target(lmp, STYLE, t_start, t_stop, tvar, tvar_name);
}

void FixNHMod::reset_target(double t)
{
  t_start = t_stop = t;
}

void FixNHMod::reset_dt()
{
  dtv = update->dt;
  dtf = 0.5 * update->dt * force->ftm2v;
}

/* ---------------------------------------------------------------------- */

void FixNHMod::initial_integrate(int /*vflag*/)
{
  compute_target();
  thermostat_half();
  half_kick();
  drift();
}

void FixNHMod::final_integrate()
{
  half_kick();
  y = measured_y();
  thermostat_half();
}

double FixNHMod::measured_y()
{
  const double t_current = temperature->compute_scalar();
  tdof = temperature->dof;
  return tdof * force->boltz * t_current;
}

void FixNHMod::half_kick()
{
  double **v = atom->v;
  double **f = atom->f;
  const double *rmass = atom->rmass;
  const double *mass = atom->mass;
  const int *type = atom->type;
  const int *mask = atom->mask;
  const int nlocal = atom->nlocal;
  for (int i = 0; i < nlocal; i++)
    if (mask[i] & groupbit) {
      const double dtfm = dtf / (rmass ? rmass[i] : mass[type[i]]);
      v[i][0] += dtfm * f[i][0];
      v[i][1] += dtfm * f[i][1];
      v[i][2] += dtfm * f[i][2];
    }
}

void FixNHMod::drift()
{
  double **x = atom->x;
  double **v = atom->v;
  const int *mask = atom->mask;
  const int nlocal = atom->nlocal;
  for (int i = 0; i < nlocal; i++)
    if (mask[i] & groupbit) {
      x[i][0] += dtv * v[i][0];
      x[i][1] += dtv * v[i][1];
      x[i][2] += dtv * v[i][2];
    }
}

// tloop sub-steps of tau = h/(2 tloop); the velocities (less the compute's
// bias, if any) scale by the product of the factors
void FixNHMod::thermostat_half()
{
  const double yt = tdof * force->boltz * t_target;
  const double tau = 0.5 * update->dt / tloop;
  const double b = kd / qmass;
  scale_velocities(geomint::nhmod_half_steps(zeta, y, work, yt, qmass, b, tau, tloop));
}

void FixNHMod::scale_velocities(double factor)
{
  geomint_target::scale_velocities(lmp, groupbit, temperature, factor);
}

/* ----------------------------------------------------------------------
   fix_modify temp ID
------------------------------------------------------------------------- */

int FixNHMod::modify_param(int narg, char **arg)
{
  if (strcmp(arg[0], "temp") == 0) {
    geomint_target::modify_temperature(lmp, STYLE, narg, arg, igroup, own_temp, id_temp);
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
  return work == 0.0 ? 0.0 : -work;    // +0, not -0, before any work (thermo prints "-0")
}

double FixNHMod::compute_vector(int n)
{
  const double yt = tdof * force->boltz * t_target;
  const double zetadot = qmass > 0.0 ? (y - yt) / qmass : 0.0;
  switch (n) {
    case 0:
      return zeta;
    case 1:
      return zetadot;
    case 2:
      return zeta + kd * zetadot;
    case 3:
      return work;
    case 4:
      return t_target;
    case 5:
      return qmass;
    case 6: {
      const double d = std::fabs(kd * zetadot) * tchar;
      return d > 0.0 ? 1.0 / d : 0.0;
    }
    default:
      return 0.0;
  }
}

/* ----------------------------------------------------------------------
   restart: zeta, W, Q and the kinetic energy of the last step
------------------------------------------------------------------------- */

void FixNHMod::write_restart(FILE *fp)
{
  geomint_restart::write_global(fp, comm->me, RESTART_VERSION, {zeta, work, qmass, y});
}

void FixNHMod::restart(char *buf)
{
  const geomint_restart::Global g = geomint_restart::read_global(buf);
  if (!g.versioned || g.version != RESTART_VERSION || g.count != 4)
    geomint_restart::refuse_global(error, STYLE, id, g, RESTART_VERSION,
                                   "Use a new fix ID to start afresh");
  zeta = g.values[0];
  work = g.values[1];
  if (!qmass_given) qmass = g.values[2];
  y = g.values[3];
  y_valid = true;
}
