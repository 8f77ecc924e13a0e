/* ----------------------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix bagogab: BAOAB Langevin dynamics, and BAGOGAB with in-triangle
   points; see doc/fix_bagogab.rst.  The mathematics lives in lib/geomint/.
------------------------------------------------------------------------- */

#include "fix_bagogab.h"

#include "bagogab_mesh.h"

#include "geomint_comm.h"
#include "geomint_compat.h"
#include "geomint_restart.h"
#include "geomint_target.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "group.h"
#include "input.h"
#include "memory.h"
#include "neighbor.h"
#include "modify.h"
#include "respa.h"
#include "update.h"
#include "utils.h"
#include "variable.h"

#include "geomint/baoab.h"
#include "geomint/triangle.h"
#include "geomint/random.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <unordered_map>

using namespace LAMMPS_NS;
using namespace FixConst;

static const char *const STYLE = "Fix bagogab";

/* ---------------------------------------------------------------------- */

FixBagogab::FixBagogab(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), tstr(nullptr), tvar(-1), zero_flag(false), tally_flag(true),
    snap_flag(false), intri_group(-1), t_target(0.0), dtf(0.0), kt_mvv2e(0.0), e_bath_local(0.0),
    e_bath_restart(0.0), v_is_half(false), dt_half(0.0), corr_after_run(0.0), nmax_delta(0), delta(nullptr), mesh_active(false), intri_bit(0),
    mesh(nullptr), state(nullptr), vtx(nullptr), vtx_valid(false), nmax_work(0),
    fc(nullptr), dp(nullptr), wat(nullptr), rev_buf(nullptr), n_transfers(0), n_reflections(0),
    max_segments(0), timing(getenv("GEOMINT_TIMING") != nullptr), substep_seconds{0.0, 0.0, 0.0, 0.0}
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

  // the O step draws 3d noise and the in-triangle points move in 3d triangles:
  // under fix enforce2d z would take up noise and drift
  if (domain->dimension == 2)
    error->all(FLERR, "{}: 2d simulations are not supported (its noise and its in-triangle points "
               "are 3d); for 2d Langevin dynamics use fix nve with fix langevin and fix enforce2d",
               STYLE);

  // keywords

  ratio.assign(atom->ntypes + 1, 1.0);
  nofriction.assign(atom->ntypes + 1, 0);
  vout_half = true;
  auto type_of = [&](const char *kw, const char *str) {
    const int itype = utils::inumeric(FLERR, str, false, lmp);
    if (itype < 1 || itype > atom->ntypes)
      error->all(FLERR, "{}: {} type {} is outside 1..{} (the number of atom types)", STYLE, kw,
                 itype, atom->ntypes);
    return itype;
  };
  int iarg = 7;
  while (iarg < narg) {
    const std::string kw = arg[iarg];
    const int nvalues = (kw == "scale") ? 2 : 1;
    if (kw != "scale" && kw != "nofriction" && kw != "mesh" && kw != "intri" && kw != "snap" &&
        kw != "zero" && kw != "tally" && kw != "vout")
      error->all(FLERR,
                 "{}: unknown keyword '{}'; valid keywords are mesh, intri, scale, nofriction, "
                 "snap, zero, tally, vout",
                 STYLE, kw);
    if (iarg + nvalues >= narg)
      error->all(FLERR, "{}: keyword {} needs {} value{}", STYLE, kw, nvalues,
                 nvalues > 1 ? "s (TYPE RATIO)" : "");
    if (kw == "scale") {
      // as in fix langevin: the type's damp is damp * RATIO (RATIO 2 = weaker friction)
      const int itype = type_of("scale", arg[iarg + 1]);
      const double r = utils::numeric(FLERR, arg[iarg + 2], false, lmp);
      if (!(r > 0.0))
        error->all(FLERR,
                   "{}: scale ratio must be > 0 (got {}); type {} uses damp*ratio as in fix "
                   "langevin (ratio 2 = weaker friction); to switch its friction and noise off "
                   "use 'nofriction {}'",
                   STYLE, arg[iarg + 2], itype, itype);
      ratio[itype] = r;
    } else if (kw == "nofriction") {
      nofriction[type_of("nofriction", arg[iarg + 1])] = 1;
    } else if (kw == "vout") {
      if (strcmp(arg[iarg + 1], "half") == 0)
        vout_half = true;
      else if (strcmp(arg[iarg + 1], "full") == 0)
        vout_half = false;
      else
        error->all(FLERR, "{}: vout must be half or full (got '{}')", STYLE, arg[iarg + 1]);
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
  if (snap_flag && mesh_file.empty())
    error->all(FLERR, "{}: snap requires the mesh and intri keywords", STYLE);

  if (!mesh_file.empty()) {
    mesh_active = true;
    if (intri_group < 0 && comm->me == 0)
      error->warning(FLERR, "{}: mesh {} without intri: no in-triangle points, plain BAOAB", STYLE,
                     mesh_file);
    if (intri_group >= 0) intri_bit = group->bitmask[intri_group];
    if (atom->map_style == 0)
      error->all(FLERR, "{}: the mesh keyword needs an atom map; use 'atom_modify map array' (or "
                 "map yes) before the simulation box is defined", STYLE);
    mesh = new BagogabMesh(lmp, mesh_file, STYLE);

    // per-atom state (triangle id, l1, l2, l3): migrates, restarts, dumps as f_ID[1-4]
    peratom_flag = 1;
    size_peratom_cols = 4;
    peratom_freq = 1;
    restart_peratom = 1;
    maxexchange = 3;
    comm_forward = 3;
    comm_reverse = 3;
    vector_flag = 1;
    size_vector = 3;
    extvector = 0;
    dof_flag = 1;
    create_attribute = 1;    // atoms created later (create_atoms, fix deposit) get set_arrays()
    grow_arrays(atom->nmax);
    atom->add_callback(Atom::GROW);
    atom->add_callback(Atom::RESTART);
    for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
  }

  ecouple_flag = tally_flag ? 1 : 0;
  c1_type.assign(atom->ntypes + 1, 1.0);
  s_type.assign(atom->ntypes + 1, 0.0);
  sigma_type.assign(atom->ntypes + 1, 0.0);
  dtfm_type.assign(atom->ntypes + 1, 0.0);
  invm_type.assign(atom->ntypes + 1, 0.0);
}

/* ---------------------------------------------------------------------- */

FixBagogab::~FixBagogab()
{
  if (copymode) return;    // a Kokkos functor's copy owns nothing
  delete mesh;
  delete[] tstr;
  memory->destroy(delta);
  if (mesh_active && geomint_compat::fix_exists(modify, id)) {
    atom->delete_callback(id, Atom::GROW);
    atom->delete_callback(id, Atom::RESTART);
  }
  memory->destroy(state);
  memory->destroy(vtx);
  memory->destroy(fc);
  memory->destroy(dp);
  memory->destroy(wat);
}

/* ---------------------------------------------------------------------- */

int FixBagogab::setmask()
{
  int mask = 0;
  mask |= INITIAL_INTEGRATE;
  mask |= FINAL_INTEGRATE;
  if (mesh_active) mask |= PRE_NEIGHBOR;
  return mask;
}

/* ---------------------------------------------------------------------- */

void FixBagogab::init()
{
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "{}: run_style respa is not supported; use run_style verlet", STYLE);

  if (tstr) tvar = geomint_target::find_equal_variable(lmp, STYLE, tstr);

  // constraints cannot be combined with the BAOAB splitting of this fix

  for (int i = 0; i < modify->nfix; i++) {
    Fix *other = modify->fix[i];
    // (also their suffixed variants, e.g. shake/kk under -sf kk)
    if ((utils::strmatch(other->style, "^shake") || utils::strmatch(other->style, "^rattle")) &&
        (group->bitmask[other->igroup] & groupbit))
      error->all(FLERR, "{}: fix {} on atoms of this fix is not supported", STYLE, other->style);
  }

  if (intri_bit) {
    // the points must be integrated by this fix alone, and belong to its group
    const int *mask = atom->mask;
    bigint outside = 0;
    for (int i = 0; i < atom->nlocal; i++)
      if ((mask[i] & intri_bit) && !(mask[i] & groupbit)) outside++;
    bigint all = 0;
    MPI_Allreduce(&outside, &all, 1, MPI_LMP_BIGINT, MPI_SUM, world);
    if (all)
      error->all(FLERR, "{}: {} atoms of intri group {} are not in the fix group {}; the points "
                 "must be a subset of the fix group",
                 STYLE, all, group->names[intri_group], group->names[igroup]);
    for (int f = 0; f < modify->nfix; f++) {
      Fix *other = modify->fix[f];
      if (other == this || !other->time_integrate) continue;
      const bigint total = geomint_target::atoms_in_both(lmp, intri_bit, other->groupbit);
      if (total)
        error->all(FLERR, "{}: fix {} ({}) also integrates {} in-triangle points; the points must "
                   "be moved by fix bagogab only",
                   STYLE, other->id, other->style, total);
    }
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
    for (int t = 1; t <= atom->ntypes; t++) {
      dtfm_type[t] = dtf / atom->mass[t];
      invm_type[t] = 1.0 / atom->mass[t];
    }
  for (int t = 1; t <= atom->ntypes; t++) {
    const double rate = nofriction[t] ? 0.0 : 1.0 / (damp * ratio[t]);    // gamma/M
    const geomint::OUCoefficients c = geomint::ou_coefficients(update->dt, rate);
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
  t_target = geomint_target::target(lmp, STYLE, t_start, t_stop, tstr ? tvar : -1, tstr ? tstr : "");
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
  // vout half: the closing kick of the last step (same forces, same positions,
  // its own timestep) comes first, as a kick of its own: the operations are
  // those of vout full, and of a run that ended (post_run) and goes on
  const double s_def = v_is_half ? dt_half / update->dt : 0.0;
  v_is_half = false;
  corr_after_run = 0.0;
  if (mesh_active)
    bagogab_step(s_def);
  else if (zero_flag)
    baoa_step_zero(s_def);
  else
    baoa_step(s_def);
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

void FixBagogab::baoa_step(double s_def)
{
  double **x = atom->x;
  double **v = atom->v;
  double **f = atom->f;
  const double *const rmass = atom->rmass;
  const double *const mass = atom->mass;
  const int *const type = atom->type;
  const int nlocal = atom->nlocal;
  const double half_h = 0.5 * update->dt;
  const double ddtf = s_def * dtf;
  const bool deferred = s_def != 0.0;
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
        if (deferred) geomint::kick(v[i], f[i], ddtf / rmass[i]);
        geomint::kick(v[i], f[i], dtf / rmass[i]);
        geomint::drift(x[i], v[i], half_h);
        de += rmass[i] * geomint::ou_kick(v[i], c1_type[t], noise_sigma(i), xi[j]);
        geomint::drift(x[i], v[i], half_h);
      }
    } else {
      for (int j = 0; j < n; j++) {
        const int i = idx[j];
        const int t = type[i];
        if (deferred) geomint::kick(v[i], f[i], s_def * dtfm_type[t]);
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
   zero yes: the random impulses sum to zero momentum over the atoms that
   receive noise (types with friction); nofriction atoms are left alone, so
   that they are integrated by velocity Verlet exactly
------------------------------------------------------------------------- */

void FixBagogab::baoa_step_zero(double s_def)
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

  // B A and the random velocity changes delta of the atoms with noise; their
  // momentum and their total mass

  double local[4] = {0.0, 0.0, 0.0, 0.0};
  for (int i0 = 0; i0 < nlocal; i0 += B) {
    const int n = draw_block(i0, std::min(i0 + B, nlocal), idx, xi);
    for (int j = 0; j < n; j++) {
      const int i = idx[j];
      const double m = rmass ? rmass[i] : mass[type[i]];
      if (s_def != 0.0) geomint::kick(v[i], f[i], s_def * dtf / m);
      geomint::kick(v[i], f[i], dtf / m);
      geomint::drift(x[i], v[i], half_h);
      if (!geomint::ou_has_noise(s_type[type[i]])) continue;
      const double sigma = noise_sigma(i);
      for (int k = 0; k < 3; k++) {
        delta[i][k] = sigma * xi[j][k];
        local[k] += m * delta[i][k];
      }
      local[3] += m;
    }
  }
  double vshift[3];
  random_momentum_shift(local, vshift);

  // O with the shifted changes (atoms without noise: c1 = 1, v unchanged), then A

  double de = 0.0;
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    const int t = type[i];
    if (geomint::ou_has_noise(s_type[t])) {
      const double m = rmass ? rmass[i] : mass[t];
      const double d[3] = {delta[i][0] - vshift[0], delta[i][1] - vshift[1],
                           delta[i][2] - vshift[2]};
      de += m * geomint::ou_kick(v[i], c1_type[t], 1.0, d);
    }
    geomint::drift(x[i], v[i], half_h);
  }
  if (tally_flag) e_bath_local += 0.5 * force->mvv2e * de;
}

/* ----------------------------------------------------------------------
   zero yes: the velocity shift that removes the net random momentum, the
   mass-weighted mean of the random changes over the atoms that receive
   noise; local = this rank's (sum m delta_x, sum m delta_y, sum m delta_z,
   sum m) over them
------------------------------------------------------------------------- */

void FixBagogab::random_momentum_shift(const double local[4], double shift[3]) const
{
  double global[4];
  MPI_Allreduce(local, global, 4, MPI_DOUBLE, MPI_SUM, world);
  for (int k = 0; k < 3; k++) shift[k] = global[3] > 0.0 ? global[k] / global[3] : 0.0;
}

/* ---------------------------------------------------------------------- */

void FixBagogab::final_integrate()
{
  if (vout_half) {
    // the closing B(h/2) waits for the next step: atom->v stays post-O
    v_is_half = true;
    dt_half = update->dt;
    return;
  }
  kick_all(1.0, true);
}

/* ----------------------------------------------------------------------
   B(scale h/2) on all group atoms; returns this rank's kinetic-energy change
   (only summed when apply is false: the vout half bookkeeping).  Collective
   with a mesh (reverse communication, agreement on failures).
------------------------------------------------------------------------- */

double FixBagogab::kick_all(double scale, bool apply)
{
  if (mesh_active) {
    const double dke = b_step(scale, 0.0, apply);
    agree_on_failures();
    return dke;
  }
  double **v = atom->v;
  double **f = atom->f;
  const double *const rmass = atom->rmass;
  const double *const mass = atom->mass;
  const int *const type = atom->type;
  const int *const mask = atom->mask;
  const int nlocal = atom->nlocal;
  const double sdtf = scale * dtf;

  if (apply) {
    if (rmass) {
      for (int i = 0; i < nlocal; i++)
        if (mask[i] & groupbit) geomint::kick(v[i], f[i], sdtf / rmass[i]);
    } else {
      for (int i = 0; i < nlocal; i++)
        if (mask[i] & groupbit) geomint::kick(v[i], f[i], scale * dtfm_type[type[i]]);
    }
    return 0.0;
  }
  // sum of m (v.dv + |dv|^2/2) with dv = dtfm f
  double dke = 0.0;
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    const double m = rmass ? rmass[i] : mass[type[i]];
    const double c = rmass ? sdtf / m : scale * dtfm_type[type[i]];
    const double dv[3] = {c * f[i][0], c * f[i][1], c * f[i][2]};
    dke += m * (geomint::dot3(v[i], dv) + 0.5 * geomint::dot3(dv, dv));
  }
  return force->mvv2e * dke;
}

// a new run recomputes the kinetic energy from the full-step velocities
void FixBagogab::setup(int /*vflag*/)
{
  corr_after_run = 0.0;
}

/* ----------------------------------------------------------------------
   end of a run: with vout half the atoms get the closing kick of the last
   step, so that between runs they hold full-step velocities as LAMMPS means
   them (for write_data, velocity, unfix, a new fix, another integrator); the
   forces of every fix are complete here.  The next run's first step then has
   no kick to catch up.  The same floating-point operations as in one long
   run: two-part runs and restarts continue bitwise.
------------------------------------------------------------------------- */

void FixBagogab::post_run()
{
  if (v_is_half) {
    // thermo keywords between runs report the kinetic energy of the last step
    // (computes are not invoked again): f_ID keeps the correction it had
    // there, until the next run starts
    corr_after_run = kick_all(dt_half / update->dt, false);
    kick_all(dt_half / update->dt, true);
    v_is_half = false;
  }
  vtx_valid = false;    // commands between runs may move, delete or create atoms
  if (!timing || !mesh_active) return;
  double tmax[4];
  MPI_Allreduce(substep_seconds, tmax, 4, MPI_DOUBLE, MPI_MAX, world);
  if (comm->me == 0)
    utils::logmesg(lmp, "GEOMINT_TIMING fix {} bagogab: G sub-steps {:.6g} s; B (initial) {:.6g} "
                   "s, A {:.6g} s, O {:.6g} s (max over ranks)\n",
                   id, tmax[2], tmax[0], tmax[1], tmax[3]);
  for (double &t : substep_seconds) t = 0.0;
}

// KE(full) - KE(half) on this rank: what the missing closing kick would add
double FixBagogab::half_correction()
{
  if (!v_is_half) return 0.0;
  return kick_all(dt_half / update->dt, false);
}

/* ----------------------------------------------------------------------
   cumulative energy given to the bath (ecouple sign: etotal + f_ID is conserved)
------------------------------------------------------------------------- */

double FixBagogab::compute_scalar()
{
  if (!tally_flag) return 0.0;
  // vout half: thermo's KE is that of the half-step velocities; adding
  // KE(full) - KE(half) keeps etotal + f_ID the same conserved quantity
  double local = e_bath_local + e_bath_restart + half_correction() + corr_after_run;
  double total = 0.0;
  MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, world);
  return total;
}

/* ----------------------------------------------------------------------
   global restart state (geomint_restart.h layout, version 3): the tally, the
   mesh identity (ntri, checksum), and whether atom->v holds half-step
   velocities (with the timestep of the missing kick).
   Legacy layouts without the magic word, recognised by content:
     version 1 (until the mesh): [tally, 0, 0]
     version 2: [tally, ntri, checksum >> 31, checksum & (2^31-1)]
   (entries 1-2 are 0 in both without a mesh: entry 3 is read only if ntri > 0)
------------------------------------------------------------------------- */

static constexpr int RESTART_VERSION = 3;

void FixBagogab::write_restart(FILE *fp)
{
  // the checksum is split into two exact 31-bit halves
  const uint64_t cks = mesh_active ? mesh->table.checksum() : 0;
  // the bath tally alone (the vout half correction is recomputed after reading)
  double local = e_bath_local + e_bath_restart, tally = 0.0;
  MPI_Allreduce(&local, &tally, 1, MPI_DOUBLE, MPI_SUM, world);
  const std::vector<double> list = {tally,
                                    mesh_active ? static_cast<double>(mesh->table.ntri) : 0.0,
                                    static_cast<double>(cks >> 31),
                                    static_cast<double>(cks & 0x7fffffffULL),
                                    v_is_half ? 1.0 : 0.0,
                                    dt_half};
  geomint_restart::write_global(fp, comm->me, RESTART_VERSION, list);
}

void FixBagogab::restart(char *buf)
{
  const geomint_restart::Global g = geomint_restart::read_global(buf);
  const double *list = g.values;
  double ntri_file = 0.0, cks_hi = 0.0, cks_lo = 0.0;
  if (!g.versioned) {
    // legacy (version 1 or 2): full-step velocities
    ntri_file = list[1];
    cks_hi = list[2];
    if (ntri_file > 0.0) cks_lo = list[3];
    v_is_half = false;
  } else if (g.version == RESTART_VERSION && g.count >= 6) {
    ntri_file = list[1];
    cks_hi = list[2];
    cks_lo = list[3];
    v_is_half = list[4] != 0.0;
    dt_half = list[5];
  } else {
    geomint_restart::refuse_global(error, STYLE, id, g, RESTART_VERSION,
                                   "Use the GEOMINT that wrote it, or a new fix ID to start the "
                                   "fix afresh");
  }
  e_bath_local = 0.0;
  e_bath_restart = (comm->me == 0) ? list[0] : 0.0;
  const uint64_t cks = mesh_active ? mesh->table.checksum() : 0;
  const int ntri = mesh_active ? mesh->table.ntri : 0;
  if (static_cast<int>(ntri_file) != ntri || static_cast<uint64_t>(cks_hi) != (cks >> 31) ||
      static_cast<uint64_t>(cks_lo) != (cks & 0x7fffffffULL))
    error->all(FLERR, "{}: the mesh differs from the one in the restart file ({} triangles there, "
               "{} here{}); use the same mesh file, or a new fix ID to start afresh",
               STYLE, static_cast<int>(ntri_file), ntri,
               static_cast<int>(ntri_file) == ntri ? ", other connectivity" : "");
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
  double bytes = 3.0 * nmax_delta * sizeof(double);
  if (mesh_active) {
    bytes += 4.0 * atom->nmax * sizeof(double);
    bytes += nmax_work * (4.0 * sizeof(int) + 8.0 * sizeof(double));
    bytes += mesh->memory_usage();
  }
  return bytes;
}

/* ======================================================================
   in-triangle points: the G sub-steps of BAGOGAB (doc/fix_bagogab.rst,
   "In-triangle points")
   ====================================================================== */

namespace {

// what the G-drift kernel sees of LAMMPS for point i (see geomint/triangle.h)
struct MeshAccess {
  double **x;
  const int *mask;
  int groupbit;
  double **dp;
  const geomint::MeshTable *mesh;
  Atom *atom;
  Domain *domain;
  int i;

  const double *pos(int j) const { return x[j]; }
  int64_t tag(int t, int k) const { return mesh->corner(t, k); }
  int neighbor(int t, int k) const { return mesh->adj[3 * t + k]; }
  int apex(int t, int k) const { return mesh->apex[3 * t + k]; }
  int image(int64_t vtag) const
  {
    if (vtag > atom->map_tag_max) return -1;
    const int j = atom->map(static_cast<tagint>(vtag));
    return j < 0 ? -1 : domain->closest_image(i, j);
  }
  void recoil(int j, double c, const double v[3]) const
  {
    if (!(mask[j] & groupbit)) return;    // frozen geometry: recoil dropped
    dp[j][0] += c * v[0];
    dp[j][1] += c * v[1];
    dp[j][2] += c * v[2];
  }
};

}    // namespace

/* ----------------------------------------------------------------------
   failures during a step (a point without triangle, a missing vertex, a
   degenerate triangle, too many edge events) are recorded on the rank that
   sees them: the point is left alone for the rest of the step (vtx[i][3] =
   -1), and all ranks agree on the first failure at the end of the sub-steps
   (agree_on_failures), so that the ERROR is an error->all() that reaches the
   screen and log.lammps whichever rank found it
------------------------------------------------------------------------- */

void FixBagogab::fail(int i, const std::string &msg)
{
  if (failure.empty()) failure = msg;
  vtx[i][3] = -1;
}

// the messages of the failures of point i that are not the mesh's
std::string FixBagogab::no_triangle_msg(int i) const
{
  return fmt::format("point {} has no triangle at step {}: it joined group {} or was created "
                     "after the last setup; run with 'pre yes' (the default) so that setup "
                     "assigns it a triangle",
                     atom->tag[i], update->ntimestep, group->names[intri_group]);
}

std::string FixBagogab::too_many_segments_msg(int i) const
{
  return fmt::format("time step too large for the mesh: point {} crossed more than {} triangle "
                     "edges in one G half-step at step {}; reduce the timestep",
                     atom->tag[i], geomint::MAX_SEGMENTS, update->ntimestep);
}

void FixBagogab::agree_on_failures()
{
  const std::string msg = geomint_compat::first_failure(lmp, failure);
  failure.clear();
  if (!msg.empty()) error->all(FLERR, "{}: {}", STYLE, msg);
}

/* ----------------------------------------------------------------------
   corner indices of every owned point (valid until the next reneighboring)
------------------------------------------------------------------------- */

void FixBagogab::find_corners()
{
  grow_work();
  const int *mask = atom->mask;
  for (int i = 0; i < atom->nlocal; i++) {
    vtx[i][3] = 0;
    if (mask[i] & intri_bit) corners_of(i);
  }
  vtx_valid = true;
}

// corners and frame of point i; vtx[i][3] = 1 marks the row as computed (an
// atom that joins the point group between runs without a setup has 0), -1 as
// failed (see fail())
void FixBagogab::corners_of(int i)
{
  const int t = static_cast<int>(state[i][0]) - 1;
  if (t < 0) return fail(i, no_triangle_msg(i));
  for (int k = 0; k < 3; k++) {
    vtx[i][k] = mesh->corner_image(i, t, k);
    if (vtx[i][k] < 0) return fail(i, mesh->missing_vertex_msg(i, t));
  }
  vtx[i][3] = 1;
  frame_of(atom->x, vtx[i], frames[i]);
  if (geomint::tri_degenerate(frames[i])) fail(i, mesh->degenerate_msg(t + 1));
}

void FixBagogab::grow_work()
{
  if (atom->nmax <= nmax_work) return;
  nmax_work = atom->nmax;
  memory->destroy(vtx);
  memory->destroy(fc);
  memory->destroy(dp);
  memory->destroy(wat);
  memory->create(vtx, nmax_work, 4, "bagogab:vtx");
  memory->create(fc, nmax_work, 3, "bagogab:fc");
  memory->create(dp, nmax_work, 3, "bagogab:dp");
  memory->create(wat, nmax_work, 2, "bagogab:wat");
  frames.resize(nmax_work);
  vtx_valid = false;
}

void FixBagogab::pre_neighbor()
{
  vtx_valid = false;
}

/* ----------------------------------------------------------------------
   setup: checks, then every owned point keeps its triangle or gets the
   closest one
------------------------------------------------------------------------- */

void FixBagogab::setup_pre_neighbor()
{
  if (!mesh_active) return;
  mesh->check(groupbit, intri_bit, intri_group >= 0 ? group->names[intri_group] : "", tally_flag,
              id);
  mesh->assign(intri_bit, snap_flag, state);
  geomint_compat::forward_comm(comm, this);
  vtx_valid = false;
}

/* ----------------------------------------------------------------------
   one step with points: B(h/2) A(h/2) G(h/2) O(h) G(h/2) A(h/2) [B(h/2)]
------------------------------------------------------------------------- */

void FixBagogab::bagogab_step(double s_def)
{
  n_transfers = n_reflections = max_segments = 0;
  if (!timing) {
    b_step(s_def, 1.0, true);
    a_step();
    g_step(0.5 * update->dt);
    o_step();
    g_step(0.5 * update->dt);
    a_step();
    agree_on_failures();
    return;
  }
  double t[7];
  t[0] = MPI_Wtime();
  b_step(s_def, 1.0, true);
  t[1] = MPI_Wtime();
  a_step();
  t[2] = MPI_Wtime();
  g_step(0.5 * update->dt);
  t[3] = MPI_Wtime();
  o_step();
  t[4] = MPI_Wtime();
  g_step(0.5 * update->dt);
  t[5] = MPI_Wtime();
  a_step();
  t[6] = MPI_Wtime();
  substep_seconds[0] += t[1] - t[0];
  substep_seconds[1] += (t[2] - t[1]) + (t[6] - t[5]);
  substep_seconds[2] += (t[3] - t[2]) + (t[5] - t[4]);
  substep_seconds[3] += t[4] - t[3];
  agree_on_failures();
}

// B(s h/2): points get (s h/2) Pi f, vertices the chain-rule forces lambda_k f;
// with s2 != 0 a second kick B(s2 h/2) follows as its own addition (the
// deferred closing kick of vout half, then the step's opening kick).
// apply = false leaves v alone and returns the kinetic-energy change that
// B(s h/2) would make on this rank (energy units).
double FixBagogab::b_step(double s, double s2, bool apply)
{
  grow_work();
  if (!vtx_valid) find_corners();
  double **v = atom->v;
  double **f = atom->f;
  const int *mask = atom->mask;
  const int *type = atom->type;
  const double *rmass = atom->rmass;
  const double *mass = atom->mass;
  const int nlocal = atom->nlocal;
  const int nall = nlocal + atom->nghost;
  const double sdtf = s * dtf, s2dtf = s2 * dtf;
  double dke = 0.0;
  auto kick = [&](int i, const double *fi) {
    const double dtfm = rmass ? sdtf / rmass[i] : s * dtfm_type[type[i]];
    if (apply) {
      if (s != 0.0) geomint::kick(v[i], fi, dtfm);
      if (s2 != 0.0) geomint::kick(v[i], fi, rmass ? s2dtf / rmass[i] : s2 * dtfm_type[type[i]]);
    } else {
      const double m = rmass ? rmass[i] : mass[type[i]];
      const double dv[3] = {dtfm * fi[0], dtfm * fi[1], dtfm * fi[2]};
      dke += m * (geomint::dot3(v[i], dv) + 0.5 * geomint::dot3(dv, dv));
    }
  };

  for (int j = 0; j < nall; j++) fc[j][0] = fc[j][1] = fc[j][2] = 0.0;
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & intri_bit)) continue;
    if (!vtx[i][3]) corners_of(i);    // joined the points since the last setup
    if (vtx[i][3] < 0) continue;      // failed (see fail())
    for (int k = 0; k < 3; k++) {
      const int j = vtx[i][k];
      if (!(mask[j] & groupbit)) continue;
      const double lam = state[i][k + 1];
      fc[j][0] += lam * f[i][0];
      fc[j][1] += lam * f[i][1];
      fc[j][2] += lam * f[i][2];
    }
    double ldot[3], pf[3];
    geomint::tri_project(frames[i], f[i], ldot, pf);
    kick(i, pf);
  }
  rev_buf = fc;
  geomint_compat::reverse_comm(comm, this);

  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit) || (mask[i] & intri_bit)) continue;
    const double ft[3] = {f[i][0] + fc[i][0], f[i][1] + fc[i][1], f[i][2] + fc[i][2]};
    kick(i, ft);
  }
  return force->mvv2e * dke;
}

// A(h/2): free atoms drift; points keep lambda and p_lambda = m A^T v while A changes
void FixBagogab::a_step()
{
  double **x = atom->x;
  double **v = atom->v;
  const int *mask = atom->mask;
  const int nlocal = atom->nlocal;
  const double half_h = 0.5 * update->dt;

  for (int i = 0; i < nlocal; i++)
    if ((mask[i] & intri_bit) && vtx[i][3] > 0) geomint::tri_at(frames[i], v[i], wat[i]);
  for (int i = 0; i < nlocal; i++)
    if ((mask[i] & groupbit) && !(mask[i] & intri_bit)) geomint::drift(x[i], v[i], half_h);
  geomint_compat::forward_comm(comm, this);
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & intri_bit) || vtx[i][3] < 0) continue;
    geomint::TriFrame &F = frames[i];
    frame_of(x, vtx[i], F);
    if (geomint::tri_degenerate(F)) {
      fail(i, mesh->degenerate_msg(static_cast<int>(state[i][0])));
      continue;
    }
    double ldot[3];
    geomint::tri_from_at(F, wat[i], ldot, v[i]);
    const double lam[3] = {state[i][1], state[i][2], state[i][3]};
    geomint::tri_point(F, lam, x[i]);
  }
}

// G(tau): exact drift of every point over the frozen mesh; recoil onto vertices
void FixBagogab::g_step(double tau)
{
  double **x = atom->x;
  double **v = atom->v;
  const int *mask = atom->mask;
  const int *type = atom->type;
  const double *rmass = atom->rmass;
  const double *mass = atom->mass;
  const int nlocal = atom->nlocal;
  const int nall = nlocal + atom->nghost;

  for (int j = 0; j < nall; j++) dp[j][0] = dp[j][1] = dp[j][2] = 0.0;
  MeshAccess acc = {x, mask, groupbit, dp, &mesh->table, atom, domain, 0};
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & intri_bit) || vtx[i][3] < 0) continue;
    acc.i = i;
    int t = static_cast<int>(state[i][0]) - 1;
    double lam[3] = {state[i][1], state[i][2], state[i][3]};
    const double m = rmass ? rmass[i] : mass[type[i]];
    const geomint::GDriftResult r = geomint::g_drift_frame(acc, t, vtx[i], frames[i], lam, v[i], m, tau);
    if (r.status == geomint::G_MISSING_VERTEX) {
      fail(i, mesh->missing_vertex_msg(i, t));
      continue;
    } else if (r.status == geomint::G_DEGENERATE) {
      fail(i, mesh->degenerate_msg(t + 1));
      continue;
    } else if (r.status == geomint::G_TOO_MANY_SEGMENTS) {
      fail(i, too_many_segments_msg(i));
      continue;
    }
    state[i][0] = t + 1;
    for (int k = 0; k < 3; k++) state[i][k + 1] = lam[k];
    n_transfers += r.transfers;
    n_reflections += r.reflections;
    max_segments = std::max(max_segments, r.segments);
  }
  rev_buf = dp;
  geomint_compat::reverse_comm(comm, this);
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit) || (mask[i] & intri_bit)) continue;
    const double im = rmass ? 1.0 / rmass[i] : invm_type[type[i]];
    v[i][0] += dp[i][0] * im;
    v[i][1] += dp[i][1] * im;
    v[i][2] += dp[i][2] * im;
  }
}

// O(h) on every group atom; points tally Pi v.  zero yes acts on the atoms that
// are not points and receive noise: a point's noise is projected into its
// triangle's plane and its velocity is relative to the mesh, so that no common
// shift could cancel it
void FixBagogab::o_step()
{
  double **v = atom->v;
  const int *mask = atom->mask;
  const int *type = atom->type;
  const double *rmass = atom->rmass;
  const double *mass = atom->mass;
  const int nlocal = atom->nlocal;
  const int B = geomint::NORMAL_BLOCK;
  int idx[geomint::NORMAL_BLOCK];
  double xi[geomint::NORMAL_BLOCK][3];

  if (zero_flag && atom->nmax > nmax_delta) {
    memory->destroy(delta);
    nmax_delta = atom->nmax;
    memory->create(delta, nmax_delta, 3, "bagogab:delta");
  }

  double de = 0.0;
  double local[4] = {0.0, 0.0, 0.0, 0.0};
  for (int i0 = 0; i0 < nlocal; i0 += B) {
    const int n = draw_block(i0, std::min(i0 + B, nlocal), idx, xi);
    for (int j = 0; j < n; j++) {
      const int i = idx[j];
      const int t = type[i];
      const double m = rmass ? rmass[i] : mass[t];
      const double sigma = noise_sigma(i);
      if (mask[i] & intri_bit) {
        if (vtx[i][3] < 0) continue;                          // failed this step (see fail())
        if (c1_type[t] == 1.0 && sigma == 0.0) continue;    // no friction: v unchanged exactly
        // the out-of-plane part of the noise is dropped by the next projection
        const double v2 = geomint::dot3(v[i], v[i]);
        for (int d = 0; d < 3; d++) v[i][d] = c1_type[t] * v[i][d] + sigma * xi[j][d];
        double ldot[3], pv[3];
        geomint::tri_project(frames[i], v[i], ldot, pv);
        de += m * (v2 - geomint::dot3(pv, pv));
      } else if (zero_flag) {
        if (!geomint::ou_has_noise(s_type[t])) continue;    // nofriction: v unchanged exactly
        for (int d = 0; d < 3; d++) {
          delta[i][d] = sigma * xi[j][d];
          local[d] += m * delta[i][d];
        }
        local[3] += m;
      } else {
        de += m * geomint::ou_kick(v[i], c1_type[t], sigma, xi[j]);
      }
    }
  }
  if (zero_flag) {
    double shift[3];
    random_momentum_shift(local, shift);
    for (int i = 0; i < nlocal; i++) {
      if (!(mask[i] & groupbit) || (mask[i] & intri_bit)) continue;
      const int t = type[i];
      if (!geomint::ou_has_noise(s_type[t])) continue;
      const double m = rmass ? rmass[i] : mass[t];
      const double d3[3] = {delta[i][0] - shift[0], delta[i][1] - shift[1],
                            delta[i][2] - shift[2]};
      de += m * geomint::ou_kick(v[i], c1_type[t], 1.0, d3);
    }
  }
  if (tally_flag) e_bath_local += 0.5 * force->mvv2e * de;
}

/* ----------------------------------------------------------------------
   DOF: each point has 2 (it moves in its triangle's plane), so 1 is removed
------------------------------------------------------------------------- */

geomint_compat::dof_type FixBagogab::dof(int jgroup)
{
  if (!intri_bit) return 0;
  const int jbit = group->bitmask[jgroup];
  bigint n = 0, total = 0;
  for (int i = 0; i < atom->nlocal; i++)
    if ((atom->mask[i] & intri_bit) && (atom->mask[i] & jbit)) n++;
  MPI_Allreduce(&n, &total, 1, MPI_LMP_BIGINT, MPI_SUM, world);
  return static_cast<geomint_compat::dof_type>(total);
}

// [1] edge transfers, [2] border reflections (sums), [3] max segments in a G half-step
double FixBagogab::compute_vector(int n)
{
  if (n < 2) {
    const int local = n == 0 ? n_transfers : n_reflections;
    int total = 0;
    MPI_Allreduce(&local, &total, 1, MPI_INT, MPI_SUM, world);
    return total;
  }
  int total = 0;
  MPI_Allreduce(&max_segments, &total, 1, MPI_INT, MPI_MAX, world);
  return total;
}

/* ----------------------------------------------------------------------
   per-atom state: allocation, migration, restart
------------------------------------------------------------------------- */

void FixBagogab::grow_arrays(int nmax)
{
  memory->grow(state, nmax, 4, "bagogab:state");
  array_atom = state;
}

void FixBagogab::copy_arrays(int i, int j, int /*delflag*/)
{
  for (int k = 0; k < 4; k++) state[j][k] = state[i][k];
}

void FixBagogab::set_arrays(int i)
{
  for (int k = 0; k < 4; k++) state[i][k] = 0.0;
}

int FixBagogab::pack_exchange(int i, double *buf)
{
  buf[0] = state[i][0];
  buf[1] = state[i][2];
  buf[2] = state[i][3];
  return 3;
}

int FixBagogab::unpack_exchange(int nlocal, double *buf)
{
  state[nlocal][0] = buf[0];
  state[nlocal][2] = buf[1];
  state[nlocal][3] = buf[2];
  state[nlocal][1] = buf[0] > 0.0 ? 1.0 - buf[1] - buf[2] : 0.0;    // non-points hold zeros
  return 3;
}

// per-atom restart: [5, version 2, triangle, l2, l3]; legacy version 1: [4, triangle, l2, l3]
static constexpr int PERATOM_VERSION = 2;

int FixBagogab::pack_restart(int i, double *buf)
{
  buf[0] = 5;
  buf[1] = PERATOM_VERSION;
  buf[2] = state[i][0];
  buf[3] = state[i][2];
  buf[4] = state[i][3];
  return 5;
}

void FixBagogab::unpack_restart(int nlocal, int nth)
{
  const double *record = geomint_restart::peratom_record(lmp, nlocal, nth);
  const int size = static_cast<int>(record[0]);
  int first = 2;      // where the values start
  if (size == 4) {    // legacy version 1
    first = 1;
  } else if (!(size == 5 && record[1] == PERATOM_VERSION)) {
    geomint_restart::refuse_peratom(lmp, STYLE, id, record, PERATOM_VERSION, 3,
                                    "Use the GEOMINT that wrote it, or a new fix ID to start the "
                                    "fix afresh");
  }
  state[nlocal][0] = record[first];
  state[nlocal][2] = record[first + 1];
  state[nlocal][3] = record[first + 2];
  state[nlocal][1] = state[nlocal][0] > 0.0 ? 1.0 - state[nlocal][2] - state[nlocal][3] : 0.0;
}

int FixBagogab::size_restart(int /*nlocal*/)
{
  return 5;
}

int FixBagogab::maxsize_restart()
{
  return 5;
}

/* ----------------------------------------------------------------------
   forward communication of x inside the step (with the PBC shift, as
   AtomVec::pack_comm does); reverse sums of fc or dp onto owners
------------------------------------------------------------------------- */

int FixBagogab::pack_forward_comm(int n, int *list, double *buf, int pbc_flag, int *pbc)
{
  double **x = atom->x;
  double dx = 0.0, dy = 0.0, dz = 0.0;
  if (pbc_flag) {
    dx = pbc[0] * domain->xprd + pbc[5] * domain->xy + pbc[4] * domain->xz;
    dy = pbc[1] * domain->yprd + pbc[3] * domain->yz;
    dz = pbc[2] * domain->zprd;
  }
  int m = 0;
  for (int q = 0; q < n; q++) {
    const int j = list[q];
    buf[m++] = x[j][0] + dx;
    buf[m++] = x[j][1] + dy;
    buf[m++] = x[j][2] + dz;
  }
  return m;
}

void FixBagogab::unpack_forward_comm(int n, int first, double *buf)
{
  double **x = atom->x;
  int m = 0;
  for (int i = first; i < first + n; i++) {
    x[i][0] = buf[m++];
    x[i][1] = buf[m++];
    x[i][2] = buf[m++];
  }
}

int FixBagogab::pack_reverse_comm(int n, int first, double *buf)
{
  return geomint_comm::pack_reverse3(rev_buf, n, first, buf);
}

void FixBagogab::unpack_reverse_comm(int n, int *list, double *buf)
{
  geomint_comm::unpack_reverse3(rev_buf, n, list, buf);
}
