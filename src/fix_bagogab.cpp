/* ----------------------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix bagogab: BAOAB Langevin dynamics; see doc/fix_bagogab.rst and
   ../shared/spec/bagogab.md.  The mathematics lives in lib/geomint/.
------------------------------------------------------------------------- */

#include "fix_bagogab.h"

#include "geomint_compat.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "group.h"
#include "input.h"
#include "memory.h"
#include "modify.h"
#include "respa.h"
#include "update.h"
#include "utils.h"
#include "variable.h"

#include "geomint/baoab.h"
#include "geomint/random.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

static const char *const STYLE = "Fix bagogab";

/* ---------------------------------------------------------------------- */

FixBagogab::FixBagogab(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), tstr(nullptr), tvar(-1), zero_flag(false), tally_flag(true),
    snap_flag(false), intri_group(-1), t_target(0.0), dtf(0.0), kt_mvv2e(0.0), e_bath_local(0.0),
    e_bath_restart(0.0), nmax_delta(0), delta(nullptr)
{
  if (narg < 7)
    error->all(FLERR,
               "Illegal fix bagogab command: expected 'fix ID group bagogab Tstart Tstop damp "
               "seed [keyword value ...]'");

  time_integrate = 1;
  dynamic_group_allow = 0;
  restart_global = 1;
  scalar_flag = 1;
  extscalar = 1;
  global_freq = 1;

  // Tstart Tstop damp seed

  if (utils::strmatch(arg[3], "^v_")) {
    tstr = utils::strdup(arg[3] + 2);
    t_start = t_stop = 0.0;
  } else {
    t_start = utils::numeric(FLERR, arg[3], false, lmp);
    t_stop = utils::numeric(FLERR, arg[4], false, lmp);
    if (t_start < 0.0 || t_stop < 0.0)
      error->all(FLERR, "{}: temperatures must be >= 0 (got Tstart {} Tstop {})", STYLE, arg[3],
                 arg[4]);
  }
  damp = utils::numeric(FLERR, arg[5], false, lmp);
  if (!(damp > 0.0))
    error->all(FLERR,
               "{}: damp must be > 0 (got {}); damp is the velocity relaxation time M/gamma in "
               "time units",
               STYLE, arg[5]);
  const double seed_value = utils::numeric(FLERR, arg[6], false, lmp);
  if (seed_value < 1.0 || seed_value > 2147483647.0 || seed_value != std::floor(seed_value))
    error->all(FLERR, "{}: seed must be an integer from 1 to 2147483647 (got {})", STYLE, arg[6]);
  seed = static_cast<int>(seed_value);

  // keywords

  ratio.assign(atom->ntypes + 1, 1.0);
  int iarg = 7;
  while (iarg < narg) {
    const std::string kw = arg[iarg];
    const int nvalues = (kw == "scale") ? 2 : 1;
    if (kw != "scale" && kw != "mesh" && kw != "intri" && kw != "snap" && kw != "zero" &&
        kw != "tally")
      error->all(FLERR,
                 "{}: unknown keyword '{}'; valid keywords are mesh, intri, scale, snap, zero, "
                 "tally",
                 STYLE, kw);
    if (iarg + nvalues >= narg)
      error->all(FLERR, "{}: keyword {} needs {} value{}", STYLE, kw, nvalues,
                 nvalues > 1 ? "s (TYPE RATIO)" : "");
    if (kw == "scale") {
      const int itype = utils::inumeric(FLERR, arg[iarg + 1], false, lmp);
      if (itype < 1 || itype > atom->ntypes)
        error->all(FLERR, "{}: scale type {} is outside 1..{} (the number of atom types)", STYLE,
                   itype, atom->ntypes);
      const double r = utils::numeric(FLERR, arg[iarg + 2], false, lmp);
      if (r < 0.0)
        error->all(FLERR,
                   "{}: scale ratio must be >= 0 (got {}); type {} uses damp/ratio, and 0 "
                   "switches its friction and noise off",
                   STYLE, arg[iarg + 2], itype);
      ratio[itype] = r;
    } else if (kw == "mesh") {
      mesh_file = arg[iarg + 1];
    } else if (kw == "intri") {
      intri_group = group->find(arg[iarg + 1]);
      if (intri_group < 0)
        error->all(FLERR, "{}: intri group {} does not exist; define it with the group command",
                   STYLE, arg[iarg + 1]);
    } else if (kw == "snap") {
      snap_flag = geomint_compat::yes_no(error, STYLE, kw, arg[iarg + 1]);
    } else if (kw == "zero") {
      zero_flag = geomint_compat::yes_no(error, STYLE, kw, arg[iarg + 1]);
    } else if (kw == "tally") {
      tally_flag = geomint_compat::yes_no(error, STYLE, kw, arg[iarg + 1]);
    }
    iarg += nvalues + 1;
  }

  if (intri_group >= 0 && mesh_file.empty())
    error->all(FLERR, "{}: intri requires the mesh keyword (the triangles the points live on)",
               STYLE);
  if (!mesh_file.empty() || intri_group >= 0 || snap_flag)
    error->all(FLERR,
               "{}: in-triangle points (keywords mesh, intri, snap) are not implemented yet in "
               "this GEOMINT version; run without them for plain BAOAB",
               STYLE);

  ecouple_flag = tally_flag ? 1 : 0;
  c1_type.assign(atom->ntypes + 1, 1.0);
  s_type.assign(atom->ntypes + 1, 0.0);
  sigma_type.assign(atom->ntypes + 1, 0.0);
  dtfm_type.assign(atom->ntypes + 1, 0.0);
}

/* ---------------------------------------------------------------------- */

FixBagogab::~FixBagogab()
{
  delete[] tstr;
  memory->destroy(delta);
}

/* ---------------------------------------------------------------------- */

int FixBagogab::setmask()
{
  int mask = 0;
  mask |= INITIAL_INTEGRATE;
  mask |= FINAL_INTEGRATE;
  return mask;
}

/* ---------------------------------------------------------------------- */

void FixBagogab::init()
{
  if (domain->dimension == 2)
    error->all(FLERR, "{}: 2d simulations are not supported; use fix langevin with fix enforce2d",
               STYLE);
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "{}: run_style respa is not supported; use run_style verlet", STYLE);

  if (tstr) {
    tvar = input->variable->find(tstr);
    if (tvar < 0)
      error->all(FLERR, "{}: temperature variable {} does not exist; define it with 'variable {} "
                 "equal ...'",
                 STYLE, tstr, tstr);
    if (!input->variable->equalstyle(tvar))
      error->all(FLERR, "{}: temperature variable {} must be equal-style", STYLE, tstr);
  }

  // constraints cannot be combined with the BAOAB splitting of this fix

  for (int i = 0; i < modify->nfix; i++) {
    Fix *other = modify->fix[i];
    if ((strcmp(other->style, "shake") == 0 || strcmp(other->style, "rattle") == 0) &&
        (group->bitmask[other->igroup] & groupbit))
      error->all(FLERR, "{}: fix {} on atoms of this fix is not supported", STYLE, other->style);
  }

  update_coefficients();
}

/* ----------------------------------------------------------------------
   per-type OU coefficients for the full time step h
------------------------------------------------------------------------- */

void FixBagogab::update_coefficients()
{
  dtf = 0.5 * update->dt * force->ftm2v;
  if (!atom->rmass)
    for (int t = 1; t <= atom->ntypes; t++) dtfm_type[t] = dtf / atom->mass[t];
  for (int t = 1; t <= atom->ntypes; t++) {
    const geomint::OUCoefficients c = geomint::ou_coefficients(update->dt, damp, ratio[t]);
    c1_type[t] = c.c1;
    s_type[t] = c.s;
  }
}

void FixBagogab::reset_dt()
{
  update_coefficients();
}

void FixBagogab::reset_target(double t_new)
{
  t_start = t_stop = t_new;
}

/* ----------------------------------------------------------------------
   temperature of this step: ramp as in fix langevin, or an equal-style variable
------------------------------------------------------------------------- */

void FixBagogab::compute_target()
{
  if (!tstr) {
    double frac = update->ntimestep - update->beginstep;
    if (frac != 0.0) frac /= update->endstep - update->beginstep;
    t_target = t_start + frac * (t_stop - t_start);
  } else {
    modify->clearstep_compute();
    t_target = input->variable->compute_equal(tvar);
    if (t_target < 0.0)
      error->all(FLERR, "{}: temperature variable {} returned {} < 0 at step {}", STYLE, tstr,
                 t_target, update->ntimestep);
    modify->addstep_compute(update->ntimestep + 1);
  }
}

/* ----------------------------------------------------------------------
   velocity noise amplitude of atom i: sqrt(kT/m (1 - c1^2)) in velocity units
------------------------------------------------------------------------- */

void FixBagogab::update_sigma()
{
  kt_mvv2e = force->boltz * t_target / force->mvv2e;
  if (!atom->rmass)
    for (int t = 1; t <= atom->ntypes; t++)
      sigma_type[t] = std::sqrt(kt_mvv2e * s_type[t] / atom->mass[t]);
}

inline double FixBagogab::noise_sigma(int i) const
{
  const int t = atom->type[i];
  if (atom->rmass) return std::sqrt(kt_mvv2e * s_type[t] / atom->rmass[i]);
  return sigma_type[t];
}

/* ----------------------------------------------------------------------
   B(h/2) A(h/2) O(h) A(h/2) of the step; B(h/2) closes it in final_integrate()
------------------------------------------------------------------------- */

void FixBagogab::initial_integrate(int /*vflag*/)
{
  compute_target();
  update_sigma();
  if (zero_flag)
    baoa_step_zero();
  else
    baoa_step();
}

/* ----------------------------------------------------------------------
   standard normals of the group atoms among local atoms [i0,i1), drawn as a
   block so that Box-Muller vectorizes; idx[] gets their local indices
------------------------------------------------------------------------- */

int FixBagogab::draw_block(int i0, int i1, int *idx, double (*xi)[3]) const
{
  const int *const mask = atom->mask;
  const tagint *const tag = atom->tag;
  int64_t tags[geomint::NORMAL_BLOCK];
  int n = 0;
  for (int i = i0; i < i1; i++)
    if (mask[i] & groupbit) {
      idx[n] = i;
      tags[n] = tag[i];
      n++;
    }
  geomint::normal3_block(static_cast<uint32_t>(seed), tags, n, update->ntimestep,
                         geomint::STREAM_O, xi);
  return n;
}

void FixBagogab::baoa_step()
{
  double **x = atom->x;
  double **v = atom->v;
  double **f = atom->f;
  const double *const rmass = atom->rmass;
  const double *const mass = atom->mass;
  const int *const type = atom->type;
  const int nlocal = atom->nlocal;
  const double half_h = 0.5 * update->dt;
  const int B = geomint::NORMAL_BLOCK;
  int idx[geomint::NORMAL_BLOCK];
  double xi[geomint::NORMAL_BLOCK][3];
  double de = 0.0;

  for (int i0 = 0; i0 < nlocal; i0 += B) {
    const int n = draw_block(i0, std::min(i0 + B, nlocal), idx, xi);
    // ratio 0 types: c1 = 1 and sigma = 0 leave v unchanged exactly
    if (rmass) {
      for (int j = 0; j < n; j++) {
        const int i = idx[j];
        const int t = type[i];
        geomint::kick(v[i], f[i], dtf / rmass[i]);
        geomint::drift(x[i], v[i], half_h);
        de += rmass[i] * geomint::ou_kick(v[i], c1_type[t], noise_sigma(i), xi[j]);
        geomint::drift(x[i], v[i], half_h);
      }
    } else {
      for (int j = 0; j < n; j++) {
        const int i = idx[j];
        const int t = type[i];
        geomint::kick(v[i], f[i], dtfm_type[t]);
        geomint::drift(x[i], v[i], half_h);
        de += mass[t] * geomint::ou_kick(v[i], c1_type[t], sigma_type[t], xi[j]);
        geomint::drift(x[i], v[i], half_h);
      }
    }
  }
  if (tally_flag) e_bath_local += 0.5 * force->mvv2e * de;
}

/* ----------------------------------------------------------------------
   zero yes: the random impulses of the group sum to zero momentum
------------------------------------------------------------------------- */

void FixBagogab::baoa_step_zero()
{
  double **x = atom->x;
  double **v = atom->v;
  double **f = atom->f;
  const double *const rmass = atom->rmass;
  const double *const mass = atom->mass;
  const int *const type = atom->type;
  const int *const mask = atom->mask;
  const int nlocal = atom->nlocal;
  const double half_h = 0.5 * update->dt;
  const int B = geomint::NORMAL_BLOCK;
  int idx[geomint::NORMAL_BLOCK];
  double xi[geomint::NORMAL_BLOCK][3];

  if (atom->nmax > nmax_delta) {
    memory->destroy(delta);
    nmax_delta = atom->nmax;
    memory->create(delta, nmax_delta, 3, "bagogab:delta");
  }

  // B A and the random velocity changes delta; their momentum and the total mass

  double local[4] = {0.0, 0.0, 0.0, 0.0};
  for (int i0 = 0; i0 < nlocal; i0 += B) {
    const int n = draw_block(i0, std::min(i0 + B, nlocal), idx, xi);
    for (int j = 0; j < n; j++) {
      const int i = idx[j];
      const double m = rmass ? rmass[i] : mass[type[i]];
      geomint::kick(v[i], f[i], dtf / m);
      geomint::drift(x[i], v[i], half_h);
      const double sigma = noise_sigma(i);
      for (int k = 0; k < 3; k++) {
        delta[i][k] = sigma * xi[j][k];
        local[k] += m * delta[i][k];
      }
      local[3] += m;
    }
  }
  double global[4];
  MPI_Allreduce(local, global, 4, MPI_DOUBLE, MPI_SUM, world);
  double vshift[3] = {0.0, 0.0, 0.0};
  if (global[3] > 0.0)
    for (int k = 0; k < 3; k++) vshift[k] = global[k] / global[3];

  // O with the shifted changes, then A

  double de = 0.0;
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    const int t = type[i];
    const double m = rmass ? rmass[i] : mass[t];
    const double d[3] = {delta[i][0] - vshift[0], delta[i][1] - vshift[1],
                         delta[i][2] - vshift[2]};
    de += m * geomint::ou_kick(v[i], c1_type[t], 1.0, d);
    geomint::drift(x[i], v[i], half_h);
  }
  if (tally_flag) e_bath_local += 0.5 * force->mvv2e * de;
}

/* ---------------------------------------------------------------------- */

void FixBagogab::final_integrate()
{
  double **v = atom->v;
  double **f = atom->f;
  const double *const rmass = atom->rmass;
  const int *const type = atom->type;
  const int *const mask = atom->mask;
  const int nlocal = atom->nlocal;

  if (rmass) {
    for (int i = 0; i < nlocal; i++)
      if (mask[i] & groupbit) geomint::kick(v[i], f[i], dtf / rmass[i]);
  } else {
    for (int i = 0; i < nlocal; i++)
      if (mask[i] & groupbit) geomint::kick(v[i], f[i], dtfm_type[type[i]]);
  }
}

/* ----------------------------------------------------------------------
   cumulative energy given to the bath (ecouple sign: etotal + f_ID is conserved)
------------------------------------------------------------------------- */

double FixBagogab::compute_scalar()
{
  if (!tally_flag) return 0.0;
  double local = e_bath_local + e_bath_restart;
  double total = 0.0;
  MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, world);
  return total;
}

/* ----------------------------------------------------------------------
   global restart state: the tally, and the mesh identity (ntri, checksum)
------------------------------------------------------------------------- */

void FixBagogab::write_restart(FILE *fp)
{
  double list[3];
  list[0] = compute_scalar();
  list[1] = 0.0;    // number of mesh triangles
  list[2] = 0.0;    // mesh connectivity checksum
  if (comm->me == 0) {
    int size = 3 * sizeof(double);
    fwrite(&size, sizeof(int), 1, fp);
    fwrite(list, sizeof(double), 3, fp);
  }
}

void FixBagogab::restart(char *buf)
{
  const double *list = reinterpret_cast<const double *>(buf);
  e_bath_local = 0.0;
  e_bath_restart = (comm->me == 0) ? list[0] : 0.0;
}

/* ---------------------------------------------------------------------- */

void *FixBagogab::extract(const char *str, int &dim)
{
  dim = 0;
  if (strcmp(str, "t_target") == 0) return &t_target;
  return nullptr;
}

double FixBagogab::memory_usage()
{
  return 3.0 * nmax_delta * sizeof(double);
}
