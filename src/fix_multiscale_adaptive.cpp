/* ----------------------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix multiscale/adaptive: force-scaling multiscale dynamics (Guy 2018,
   ch. 2, 4, 5; see doc/fix_multiscale_adaptive.rst).

   Per step (integrate yes):
     initial_integrate: [atomistic: thermostat half-step] kick, drift
     final_integrate:   the forces of the step (G1-G2 force and the switch,
                        drag at the current velocities, Brownian draw),
                        kick, [atomistic: thermostat half-step]
   where a kick adds over h/2 the forces a2 b2 f_others + a2* f_p +
   a2 f_drag + s f_Brownian (s = a2, sqrt(a2) or 1), and credits each with
   its work (lib/geomint/multiscale.h).  atom->f is never rescaled, so the
   order of the fixes cannot break the scaling.
   integrate no: final_integrate (and setup) write that same force sum into
   atom->f before fix rigid / rigid/small / poems, defined after this fix,
   sum it over the bodies.
------------------------------------------------------------------------- */

#include "fix_multiscale_adaptive.h"
#include "geomint_error.h"

#include "geomint_compat.h"
#include "geomint_groups.h"
#include "geomint_mpi_stubs.h"
#include "geomint_restart.h"

#include "atom.h"
#include "comm.h"
#include "compute.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "group.h"
#include "kspace.h"
#include "memory.h"
#include "modify.h"
#include "neighbor.h"
#include "pair.h"
#include "update.h"
#include "utils.h"

#include "geomint/multiscale.h"
#include "geomint/nh_mod.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

static const char *const STYLE = "Fix multiscale/adaptive";
static constexpr int RESTART_VERSION = 1;

/* ----------------------------------------------------------------------
   fix ID group multiscale/adaptive a2 A2 mode atomistic|continuum keyword value ...
------------------------------------------------------------------------- */

FixMultiscaleAdaptive::FixMultiscaleAdaptive(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), eps_continuum(0.0), excluded(false), on(false), switch_step(-1),
    last_switch(-1), signal(0.0), phi_p(0.0), wk(0.0), wp(0.0), wd(0.0), wb(0.0), fpot(nullptr),
    state(nullptr), nstate(0), wcol(0), nmax_fpot(0), dtv(0.0), dtf(0.0), pair(nullptr)
{
  static_cast<MultiscaleAdaptiveParams &>(*this) = parse_multiscale_adaptive(lmp, narg, arg);
  static_cast<NHModParams &>(thermo) = thermostat;

  time_integrate = integrate ? 1 : 0;
  restart_global = 1;
  restart_peratom = 1;
  create_attribute = 1;
  scalar_flag = 1;
  extscalar = 1;
  ecouple_flag = 1;
  vector_flag = 1;
  size_vector = 12;
  // a2* a2 F_p step: intensive; the works: extensive; zeta zetadot eps:
  // intensive; the scaled potential energy: extensive
  extvector = -1;
  extlist = new int[size_vector];
  const int ext[12] = {0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1};
  for (int e = 0; e < size_vector; e++) extlist[e] = ext[e];
  global_freq = 1;

  if (mode == ATOMISTIC) {
    thermo.create_compute(lmp, id, igroup);
  }

  nstate = rdrag_style != DRAG_NONE ? TD + 3 : TD;
  // integrate no: the applied force parts and the velocities around their kicks
  wcol = nstate;
  if (!integrate) nstate += WNSTATE;
  maxexchange = nstate;
  grow_arrays(atom->nmax);
  atom->add_callback(Atom::GROW);
  atom->add_callback(Atom::RESTART);
  for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
}

FixMultiscaleAdaptive::~FixMultiscaleAdaptive()
{
  if (copymode) return;
  atom->delete_callback(id, Atom::GROW);
  atom->delete_callback(id, Atom::RESTART);
  memory->destroy(state);
  memory->destroy(fpot);
  delete[] extlist;
  thermo.delete_compute(lmp);
}

int FixMultiscaleAdaptive::setmask()
{
  int mask = FINAL_INTEGRATE;
  if (integrate) mask |= INITIAL_INTEGRATE;
  else mask |= END_OF_STEP;
  return mask;
}

/* ---------------------------------------------------------------------- */

void FixMultiscaleAdaptive::init()
{
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "{}: run_style respa is not supported; use run_style verlet", STYLE);
  if (mode == ATOMISTIC) {
    thermo.init(lmp, STYLE);
  }

  if (integrate) {
    geomint_groups::refuse_shared_integrators(lmp, this, STYLE,
                                              "use one time integrator per atom (or integrate no "
                                              "under fix rigid, rigid/small or poems)");
  } else {
    // the body integrators: every atom of the group moved by one, each
    // defined after this fix (its setup and final_integrate sum atom->f
    // after this fix has written the scaled forces)
    int nbody = 0, bodybits = 0;
    for (int f = 0; f < modify->nfix; f++) {
      Fix *other = modify->fix[f];
      if (other == this || !other->time_integrate) continue;
      if (!geomint_groups::atoms_in_both(lmp, groupbit, other->groupbit)) continue;
      // a body integrator with its own thermostat: its bath and this fix's
      // drag (and noise) would both act on the bodies
      if (utils::strmatch(other->style, "^rigid/quat/hi") || utils::strmatch(other->style, "^rigid/nvt") ||
          utils::strmatch(other->style, "^rigid/npt"))
        error->all(FLERR, "{}: integrate no: fix {} ({}) thermostats its bodies itself, so its "
                   "bath and the drag{} of this fix would both act on them (the drag twice). "
                   "Use fix rigid, rigid/small, rigid/nve or poems (without their langevin "
                   "keyword) as the body integrator of this fix, or fix {} alone", STYLE,
                   other->id, other->style, brownian ? " and noise" : "", other->style);
      const bool body = utils::strmatch(other->style, "^rigid") || utils::strmatch(other->style, "^poems");
      if (!body)
        error->all(FLERR, "{}: integrate no is for bodies, but fix {} ({}) integrates atoms of "
                   "this fix; use integrate yes, or fix rigid, rigid/small or poems", STYLE,
                   other->id, other->style);
      if (f < geomint_compat::fix_index(modify, this))
        error->all(FLERR, "{}: fix {} ({}) is defined before this fix; with integrate no define "
                   "fix multiscale/adaptive first, so that its scaled forces are in atom->f when "
                   "fix {} sums them over the bodies", STYLE, other->id, other->style, other->id);
      nbody++;
      bodybits |= other->groupbit;
    }
    if (nbody == 0)
      error->all(FLERR, "{}: integrate no needs a body integrator (fix rigid, rigid/small or "
                 "poems) on the atoms of group {}; with none, nothing moves them. Use integrate "
                 "yes for free atoms", STYLE, group->names[igroup]);
    // an atom of the group outside every body integrator's group would stand still
    std::string outside;
    for (int i = 0; i < atom->nlocal && outside.empty(); i++)
      if ((atom->mask[i] & groupbit) && !(atom->mask[i] & bodybits))
        outside = fmt::format("{}: integrate no: atom {} of group {} is in the group of no body "
                              "integrator, so nothing moves it; put it in a body integrator's "
                              "group, or leave it out of this fix's group (free atoms: a fix "
                              "multiscale/adaptive of their own with integrate yes)",
                              STYLE, atom->tag[i], group->names[igroup]);
    outside = geomint_error::first_failure(lmp, outside);
    if (!outside.empty()) error->all(FLERR, outside);
  }

  if (mode == CONTINUUM) {
    for (int f = 0; f < modify->nfix; f++) {
      Fix *other = modify->fix[f];
      if (other == this) continue;
      if (!(utils::strmatch(other->style, "^langevin") || utils::strmatch(other->style, "^viscous")))
        continue;
      const bigint n = geomint_groups::atoms_in_both(lmp, groupbit, other->groupbit);
      if (n)
        error->all(FLERR, "{}: fix {} ({}) adds drag or noise to {} atoms of this fix, which "
                   "already owns their drag and noise (scaled by a2); remove it, or use the "
                   "brownian keyword", STYLE, other->id, other->style, n);
    }
  }

  if (adaptive) {
    const int ig1 = group->find(g1_name), ig2 = group->find(g2_name);
    if (ig1 < 0 || ig2 < 0)
      error->all(FLERR, "{}: adaptive group {} no longer exists", STYLE, ig1 < 0 ? g1_name : g2_name);
    pair = force->pair;
    if (!pair)
      error->all(FLERR, "{}: adaptive pot evaluates the pair style between {} and {}, but no pair "
                 "style is defined", STYLE, g1_name, g2_name);
    if (!pair->single_enable)
      error->all(FLERR, "{}: adaptive pot needs a pair style with single() (pair {} has none)",
                 STYLE, force->pair_style);
    if (force->kspace)
      error->all(FLERR, "{}: adaptive pot cannot split the long-range part of kspace style {} "
                 "into the {}-{} pairs and the rest; use a cut-off Coulomb (coul/cut, coul/dsf, "
                 "coul/wolf) or drop adaptive", STYLE, force->kspace_style, g1_name, g2_name);
    // G1-G2 excluded from the neighbor lists: the pair style leaves those
    // pairs to this fix; otherwise they are in atom->f and this fix takes
    // them out of the "others"
    excluded = false;
    for (int e = 0; e < neighbor->nex_group; e++)
      if ((neighbor->ex1_group[e] == ig1 && neighbor->ex2_group[e] == ig2) ||
          (neighbor->ex1_group[e] == ig2 && neighbor->ex2_group[e] == ig1))
        excluded = true;
  }
  reset_dt();
}

void FixMultiscaleAdaptive::reset_dt()
{
  dtv = update->dt;
  dtf = 0.5 * update->dt * force->ftm2v;
  fill_types();
}

// the per-type table of the passes (the number of types is fixed)
void FixMultiscaleAdaptive::fill_types()
{
  auto table = [](const std::vector<double> &t, int type) {
    return type < static_cast<int>(t.size()) ? t[type] : 0.0;
  };
  ptype.assign((atom->ntypes + 1) * geomint_msa::PT_N, 0.0);
  for (int t = 1; t <= atom->ntypes; t++) {
    double *row = &ptype[t * geomint_msa::PT_N];
    row[geomint_msa::PT_BETA] = table(beta_type, t);
    row[geomint_msa::PT_RBETA] = table(rbeta_type, t);
    row[geomint_msa::PT_RADIUS] = table(radius_type, t);
    row[geomint_msa::PT_DTFM] = atom->mass ? dtf / atom->mass[t] : 0.0;
  }
}

void FixMultiscaleAdaptive::reset_target(double t)
{
  thermo.reset_target(t);
}

void FixMultiscaleAdaptive::compute_target()
{
  thermo.compute_target(lmp, STYLE);
}

/* ---------------------------------------------------------------------- */

double FixMultiscaleAdaptive::noise_factor() const
{
  if (b_scale == NOISE_A2) return a2;
  if (b_scale == NOISE_SQRT) return std::sqrt(a2);
  return 1.0;
}

double FixMultiscaleAdaptive::total(double local, bool max) const
{
  double all = 0.0;
  MPI_Allreduce(&local, &all, 1, MPI_DOUBLE, max ? MPI_MAX : MPI_SUM, world);
  return all;
}

void FixMultiscaleAdaptive::setup(int /*vflag*/)
{
  setup_ran = true;
  if (brownian) noise_steps.check(lmp, STYLE, id);
  // (the groups may have been deleted or defined anew since the fix; here, not
  // in init(), so that run N pre no checks them too)
  if (adaptive) check_adaptive_groups(lmp);
  if (mode == ATOMISTIC) {
    compute_target();
    thermo.setup(lmp, STYLE, thermo.kinetic_y(lmp, temperature_scalar()));
  } else {
    // eps = m / beta (the inertial time) in units of tchar, the largest in the group
    const HostPass p = host_pass(pass_scalars());
    double e = 0.0;
    for (int i = 0; i < atom->nlocal; i++)
      if (p.in_group(i)) {
        const double beta = p.beta_of(i);
        if (beta > 0.0) e = std::max(e, p.mass_of(i) / (beta * force->ftm2v) / thermo.tchar);
      }
    eps_continuum = total(e, true);
    if (exact_damp) {
      // (the first such atom by ID, on every rank: an ERROR line, not an abort)
      bigint first = -1;
      for (int i = 0; i < atom->nlocal; i++)
        if (p.in_group(i) && !(p.beta_of(i) > 0.0) && (first < 0 || atom->tag[i] < first))
          first = atom->tag[i];
      const bigint mine = first < 0 ? MAXBIGINT : first;
      bigint all = MAXBIGINT;
      MPI_Allreduce(&mine, &all, 1, MPI_LMP_BIGINT, MPI_MIN, world);
      if (all != MAXBIGINT)
        error->all(FLERR, "{}: damp_integrator exact needs a drag > 0 on every atom (atom {} "
                   "has none); give it a drag or use damp_integrator explicit", STYLE, all);
    }
  }
  step_forces(true);
  if (!integrate) apply_forces(true);
}

/* ---------------------------------------------------------------------- */

void FixMultiscaleAdaptive::initial_integrate(int /*vflag*/)
{
  geomint_error::require_setup(lmp, style, id, setup_ran);
  if (mode == ATOMISTIC) {
    compute_target();
    thermostat_half();
  }
  geomint::MSAWork w = {0.0, 0.0, 0.0, 0.0};
  kick_drift_pass(pass_scalars(), w);
  add_works(w);
}

void FixMultiscaleAdaptive::final_integrate()
{
  if (!integrate) {
    step_forces(false);
    apply_forces(false);
    return;
  }
  // the drags and draws of a block of atoms, then its kick: one pass
  potential_forces();
  const double s2 = noise_variance();
  geomint::MSAWork w = {0.0, 0.0, 0.0, 0.0};
  forces_kick_pass(pass_scalars(false, s2), true, w);
  add_works(w);
  if (mode == ATOMISTIC) {
    thermo.y = thermo.kinetic_y(lmp, temperature_scalar());
    thermostat_half();
  }
}

/* ----------------------------------------------------------------------
   the forces of the step, after all forces are in: G1-G2 force and the
   switch, drags at the current velocities, Brownian draws
------------------------------------------------------------------------- */

void FixMultiscaleAdaptive::step_forces(bool setup)
{
  potential_forces();
  if (mode != CONTINUUM) return;
  const double s2 = noise_variance();
  geomint::MSAWork w = {0.0, 0.0, 0.0, 0.0};
  forces_kick_pass(pass_scalars(setup, s2), false, w);
}

// initial_integrate's pass: the half-kick and the positions' step
void FixMultiscaleAdaptive::kick_drift_pass(const geomint_msa::PassScalars &p, geomint::MSAWork &w)
{
  host_pass(p).kick_range(0, atom->nlocal, true, w);
}

// a block of NORMAL_BLOCK atoms at a time: its drags and draws (mode
// continuum), then (with_kick) its half-kick
void FixMultiscaleAdaptive::forces_kick_pass(const geomint_msa::PassScalars &p, bool with_kick,
                                             geomint::MSAWork &w)
{
  const HostPass pass = host_pass(p);
  const int nlocal = atom->nlocal;
  for (int i0 = 0; i0 < nlocal; i0 += geomint::NORMAL_BLOCK)
    pass.forces_kick_block(i0, std::min(nlocal, i0 + geomint::NORMAL_BLOCK), with_kick, w);
}

// sigma_i^2 / beta_i = 2 kB T / (N h) of this step's draws (a collective with temp instant)
double FixMultiscaleAdaptive::noise_variance()
{
  if (mode != CONTINUUM || !brownian) return 0.0;
  const double s2 =
      2.0 * force->boltz * (b_instant ? kinetic_temperature() : b_temp) / (b_every * update->dt);
  // sigma of each type where beta is per type
  if (!(drag_style == DRAG_STOKES && radius_peratom))
    for (int t = 1; t <= atom->ntypes; t++) {
      double *row = &ptype[t * geomint_msa::PT_N];
      row[geomint_msa::PT_SIGMA] = geomint::msa_brownian_sigma(s2, row[geomint_msa::PT_BETA]);
    }
  return s2;
}

void FixMultiscaleAdaptive::add_works(const geomint::MSAWork &w)
{
  wk += w.k;
  wp += w.p;
  wd += w.d;
  wb += w.b;
}

// room for atom->nmax rows of f_p (their values are set each step)
void FixMultiscaleAdaptive::grow_fpot()
{
  nmax_fpot = atom->nmax;
  memory->destroy(fpot);
  memory->create(fpot, nmax_fpot, 3, "multiscale/adaptive:fpot");
}

// f_p on each owned atom of G1 or G2 from the atoms (owned and ghost) of the
// other group within the pair cutoff, through pair->single() with the
// special-bond factors; then the unscaled signal and the switch
void FixMultiscaleAdaptive::potential_forces()
{
  if (!adaptive) return;
  // dynamic groups change every step (one reduction more per step for them only)
  if (groups_dynamic) check_adaptive_groups(lmp);
  if (atom->nmax > nmax_fpot) grow_fpot();
  for (int i = 0; i < atom->nlocal; i++) fpot[i][0] = fpot[i][1] = fpot[i][2] = 0.0;
  double **x = atom->x;
  const int *type = atom->type;
  const int *mask = atom->mask;
  const tagint *tag = atom->tag;
  const int nlocal = atom->nlocal;
  const int nall = nlocal + atom->nghost;
  double **cutsq = pair->cutsq;
  const double *special_lj = force->special_lj;
  const double *special_coul = force->special_coul;
  const bool molecular = atom->molecular != Atom::ATOMIC && atom->nspecial && atom->special;

  std::vector<int> all1, all2;
  for (int j = 0; j < nall; j++) {
    if (mask[j] & g1_bit) all1.push_back(j);
    else if (mask[j] & g2_bit) all2.push_back(j);
  }
  double energy = 0.0;
  for (int i = 0; i < nlocal; i++) {
    const std::vector<int> *others = nullptr;
    if (mask[i] & g1_bit) others = &all2;
    else if (mask[i] & g2_bit) others = &all1;
    else continue;
    const int itype = type[i];
    for (int j : *others) {
      const double dx = x[i][0] - x[j][0], dy = x[i][1] - x[j][1], dz = x[i][2] - x[j][2];
      const double rsq = dx * dx + dy * dy + dz * dz;
      const int jtype = type[j];
      if (rsq >= cutsq[itype][jtype]) continue;
      double factor_lj = 1.0, factor_coul = 1.0;
      if (molecular) {
        const int *ns = atom->nspecial[i];
        for (int s = 0; s < ns[2]; s++)
          if (atom->special[i][s] == tag[j]) {
            const int which = s < ns[0] ? 1 : (s < ns[1] ? 2 : 3);
            factor_lj = special_lj[which];
            factor_coul = special_coul[which];
            break;
          }
      }
      double fforce = 0.0;
      energy += pair->single(i, j, itype, jtype, rsq, factor_coul, factor_lj, fforce);
      fpot[i][0] += dx * fforce;
      fpot[i][1] += dy * fforce;
      fpot[i][2] += dz * fforce;
    }
  }
  // each pair is seen from both of its atoms' owners
  phi_p = 0.5 * total(energy);

  double s = 0.0;
  const HostPass p = host_pass(pass_scalars());
  for (int i = 0; i < nlocal; i++)
    if ((mask[i] & groupbit) && (mask[i] & (g1_bit | g2_bit))) {
      double m = std::sqrt(fpot[i][0] * fpot[i][0] + fpot[i][1] * fpot[i][1] + fpot[i][2] * fpot[i][2]);
      if (per_beta) {
        const double beta = p.beta_of(i);
        m = beta > 0.0 ? m / beta : 0.0;
      }
      s = metric_max ? std::max(s, m) : s + m;
    }
  signal = total(s, metric_max) / (per_beta ? 1.0 : beta_ref);
  const bigint step = update->ntimestep;
  const bool now = geomint::msa_switch(on, signal, alpha, hysteresis, step, last_switch, hold);
  if (now != on) {
    on = now;
    switch_step = last_switch = step;
  }
}

// sum m v^2 / (dim N kB) over the group: all dim N degrees of freedom
double FixMultiscaleAdaptive::kinetic_temperature()
{
  double local[2] = {0.0, 0.0}, all[2];
  kinetic_sums(pass_scalars(), local);
  MPI_Allreduce(local, all, 2, MPI_DOUBLE, MPI_SUM, world);
  if (all[1] == 0.0) return 0.0;
  return all[0] * force->mvv2e / (domain->dimension * all[1] * force->boltz);
}

// this rank's sum m v^2 over the group and its atom count
void FixMultiscaleAdaptive::kinetic_sums(const geomint_msa::PassScalars &p, double local[2])
{
  const HostPass pass = host_pass(p);
  for (int i = 0; i < atom->nlocal; i++)
    if (pass.in_group(i)) pass.kinetic(i, local);
}

/* ----------------------------------------------------------------------
   one half-kick of the scaled forces, with the works (drift: then the
   positions' full step, initial_integrate)
------------------------------------------------------------------------- */

// the factors and scalars of this step's kicks and forces (CPU and /kk)
geomint::MSAStep FixMultiscaleAdaptive::step_scalars() const
{
  geomint::MSAStep s;
  s.ak = a2 * b2;
  s.ap = a2star();
  s.ad = a2;
  s.ab = noise_factor();
  s.tau = 0.5 * update->dt;
  s.dtf = dtf;
  s.ftm2v = force->ftm2v;
  s.mvv2e = force->mvv2e;
  for (int c = 0; c < 3; c++) s.flow[c] = flow[c];
  s.adaptive = adaptive ? 1 : 0;
  s.sub = adaptive && !excluded ? 1 : 0;
  s.continuum = mode == CONTINUUM ? 1 : 0;
  s.noise = mode == CONTINUUM && brownian ? 1 : 0;
  s.exact = exact_damp ? 1 : 0;
  s.planar = domain->dimension == 2 ? 1 : 0;
  return s;
}

// the scalars of a pass (CPU and /kk); setup: at a setup (the stored drags
// of the step stay; every atom is looked at for a due draw); s2 =
// noise_variance()
geomint_msa::PassScalars FixMultiscaleAdaptive::pass_scalars(bool setup, double s2) const
{
  geomint_msa::PassScalars p;
  p.k = step_scalars();
  p.groupbit = groupbit;
  p.use_rmass = atom->rmass ? 1 : 0;
  p.drag = drag_style;
  p.rdrag = rdrag_style;
  p.radius_peratom = radius_peratom ? 1 : 0;
  p.rotate = rotate ? 1 : 0;
  p.torque_flag = atom->torque_flag ? 1 : 0;
  p.spin_w = atom->torque_flag && atom->omega_flag ? 1 : 0;
  p.wcol = wcol;
  p.eta = eta;
  p.dtv = dtv;
  p.dtf = dtf;
  p.now = static_cast<double>(update->ntimestep);
  p.q = 0.25 * update->dt;
  p.setup = setup ? 1 : 0;
  p.drags = !exact_damp ? 1 : 0;
  p.spin = !exact_damp && rdrag_style != DRAG_NONE ? 1 : 0;
  p.brownian = brownian ? 1 : 0;
  p.step = update->ntimestep;
  p.every = b_every;
  p.regular = p.step % b_every == 0 ? 1 : 0;
  // drawn at every step (after a first run's setup): no need to look
  p.every_step = b_every == 1 && !setup ? 1 : 0;
  p.dist = b_dist;
  p.sigma_per_type = !(drag_style == DRAG_STOKES && radius_peratom) ? 1 : 0;
  p.seed = static_cast<uint32_t>(b_seed);
  p.s2 = s2;
  return p;
}

FixMultiscaleAdaptive::HostPass FixMultiscaleAdaptive::host_pass(const geomint_msa::PassScalars &p) const
{
  HostPass pass;
  static_cast<geomint_msa::PassScalars &>(pass) = p;
  typedef geomint_msa::HostAtoms<tagint> A;
  pass.a = {A::rows(atom->x), A::rows(atom->v), A::rows(atom->f), A::rows(atom->omega),
            A::rows(atom->torque), A::rows(state), A::rows(fpot), nstate, atom->rmass, atom->mass,
            atom->radius, ptype.data(), atom->type, atom->mask, atom->tag};
  return pass;
}

// integrate no: the scaled force sum into atom->f (and torque), for the body
// integrator to sum.  The works: each force is applied in two half-kicks of
// the body integrator (its final_integrate of this step and its
// initial_integrate of the next), whose kinetic-energy change for a rigid
// body is exactly sum_i (h/2) f_i . (v_i before + v_i after)/2 (the
// torque's part included, kicks do not turn the body).  So each part of
// the applied force is kept per atom with the velocities around its kicks
// (geomint::msa_apply_atom): the first half-kick is credited at
// end_of_step, the second at the next final_integrate, before the new
// forces replace the parts.  (A setup credits nothing: a continued run does
// not count a step twice.)
void FixMultiscaleAdaptive::apply_forces(bool setup)
{
  geomint::MSAWork w = {0.0, 0.0, 0.0, 0.0};
  apply_pass(pass_scalars(setup), w);
  add_works(w);
}

void FixMultiscaleAdaptive::apply_pass(const geomint_msa::PassScalars &p, geomint::MSAWork &w)
{
  const HostPass pass = host_pass(p);
  for (int i = 0; i < atom->nlocal; i++)
    if (pass.in_group(i)) pass.apply(i, w);
}

// integrate no: the first half-kick of this step's forces, now that the body
// integrator has done it; the velocities after it start the next half-kick
void FixMultiscaleAdaptive::end_of_step()
{
  geomint::MSAWork w = {0.0, 0.0, 0.0, 0.0};
  first_half_pass(pass_scalars(), w);
  add_works(w);
}

void FixMultiscaleAdaptive::first_half_pass(const geomint_msa::PassScalars &p, geomint::MSAWork &w)
{
  const HostPass pass = host_pass(p);
  for (int i = 0; i < atom->nlocal; i++)
    if (pass.in_group(i)) pass.first_half(i, w);
}

/* ----------------------------------------------------------------------
   mode atomistic: the nh/mod thermostat half-step with b = a2 kd / Q
------------------------------------------------------------------------- */

void FixMultiscaleAdaptive::thermostat_half()
{
  scale_velocities(thermo.half_step(lmp, a2));
}

// v *= factor over the group (a temperature compute's bias taken out)
void FixMultiscaleAdaptive::scale_velocities(double factor)
{
  thermo.scale_velocities(lmp, groupbit, factor);
}

// the temperature of the thermostat's compute
double FixMultiscaleAdaptive::temperature_scalar()
{
  return thermo.temperature->compute_scalar();
}

int FixMultiscaleAdaptive::modify_param(int narg, char **arg)
{
  if (strcmp(arg[0], "temp") == 0) {
    if (mode != ATOMISTIC)
      error->all(FLERR, "{}: fix_modify temp is for mode atomistic (its thermostat)", STYLE);
    thermo.modify_temperature(lmp, STYLE, narg, arg, igroup);
    return 2;
  }
  return 0;
}

/* ----------------------------------------------------------------------
   scalar: -(W_d + W_b), the energy friction and noise took out (ecouple:
   etotal + f_ID is conserved for a2 = a2* = 1; for a2 < 1 check the
   balance KE - W_d - W_p - W_k - W_b = const with the vector)
   vector: a2* a2 F_p switch_step W_d W_p W_k W_b zeta zetadot eps a2*PE
------------------------------------------------------------------------- */

double FixMultiscaleAdaptive::compute_scalar()
{
  double w[2] = {wd, wb}, all[2];
  MPI_Allreduce(w, all, 2, MPI_DOUBLE, MPI_SUM, world);
  if (mode == ATOMISTIC) all[0] = thermo.work;
  const double removed = all[0] + all[1];
  return removed == 0.0 ? 0.0 : -removed;    // +0, not -0, before any work (thermo prints "-0")
}

double FixMultiscaleAdaptive::compute_vector(int n)
{
  switch (n) {
    case 0:
      return a2star();
    case 1:
      return a2;
    case 2:
      return signal;
    case 3:
      return static_cast<double>(switch_step);
    case 4:
      return mode == ATOMISTIC ? thermo.work : total(wd);
    case 5:
      return total(wp);
    case 6:
      return total(wk);
    case 7:
      return total(wb);
    case 8:
      return thermo.zeta;
    case 9:
      return mode == ATOMISTIC ? thermo.zetadot(lmp) : 0.0;
    case 10:
      return mode == CONTINUUM ? eps_continuum : thermo.eps(lmp);
    case 11: {
      // the scaled potential energy: a2 b2 (PE - Phi_p) + a2* Phi_p (Phi_p
      // is in thermo pe unless G1-G2 is excluded from the neighbor lists)
      Compute *pe = geomint_compat::compute_by_id(modify, "thermo_pe");
      if (!pe) error->all(FLERR, "{}: f_{}[12] needs the thermo_pe compute", STYLE, id);
      // LAMMPS tallies the energy only on steps where a compute asked for it
      // (thermo steps once thermo_pe has been invoked: marked below, as thermo
      // marks its own computes, so that output schedules the next thermo step)
      if (update->eflag_global != update->ntimestep)
        error->all(FLERR, "{}: f_{}[12] needs the potential energy of step {}, which was not "
                   "computed: output f_{}[12] on thermo steps only (thermo output, or fix print "
                   "or ave/time at multiples of the thermo interval)",
                   STYLE, id, update->ntimestep, id);
      const double epot = pe->invoked_scalar == update->ntimestep ? pe->scalar : pe->compute_scalar();
      pe->invoked_flag |= Compute::INVOKED_SCALAR;
      const double others = adaptive && !excluded ? epot - phi_p : epot;
      return a2 * b2 * others + (adaptive ? a2star() * phi_p : 0.0);
    }
    default:
      return 0.0;
  }
}

/* ----------------------------------------------------------------------
   restart: the switch state, the works, the thermostat; per atom the drags
   and the held noise with their steps
------------------------------------------------------------------------- */

void FixMultiscaleAdaptive::write_restart(FILE *fp)
{
  double w[4] = {wk, wp, wd, wb}, all[4];
  MPI_Allreduce(w, all, 4, MPI_DOUBLE, MPI_SUM, world);
  geomint_restart::write_global(fp, comm->me, RESTART_VERSION,
                                {on ? 1.0 : 0.0, static_cast<double>(switch_step),
                                 static_cast<double>(last_switch), all[0], all[1], all[2], all[3],
                                 thermo.zeta, thermo.y, thermo.qmass, thermo.work,
                                 thermo.y_valid ? 1.0 : 0.0});
}

void FixMultiscaleAdaptive::restart(char *buf)
{
  const geomint_restart::Global g = geomint_restart::read_global(buf);
  if (!g.versioned || g.version != RESTART_VERSION || g.count != 12)
    geomint_restart::refuse_global(error, STYLE, id, g, RESTART_VERSION,
                                   "Use a new fix ID to start afresh");
  const double *v = g.values;
  on = v[0] != 0.0;
  switch_step = static_cast<bigint>(v[1]);
  last_switch = static_cast<bigint>(v[2]);
  // the works are sums over the ranks: rank 0 carries them on
  const bool me0 = comm->me == 0;
  wk = me0 ? v[3] : 0.0;
  wp = me0 ? v[4] : 0.0;
  wd = me0 ? v[5] : 0.0;
  wb = me0 ? v[6] : 0.0;
  thermo.zeta = v[7];
  thermo.y = v[8];
  if (!thermo.qmass_given) thermo.qmass = v[9];
  thermo.work = v[10];
  thermo.y_valid = v[11] != 0.0;
}

/* ---------------------------------------------------------------------- */

void FixMultiscaleAdaptive::grow_arrays(int nmax)
{
  memory->grow(state, nmax, nstate, "multiscale/adaptive:state");
}

void FixMultiscaleAdaptive::copy_arrays(int i, int j, int /*delflag*/)
{
  for (int k = 0; k < nstate; k++) state[j][k] = state[i][k];
}

// a new atom: no drag yet (it is computed at its first step), no noise
void FixMultiscaleAdaptive::set_arrays(int i)
{
  for (int k = 0; k < nstate; k++) state[i][k] = 0.0;
  state[i][FBSTEP] = -1.0;
  state[i][DSTEP] = -1.0;
  if (!integrate) state[i][wcol + WSTEP] = -1.0;
}

int FixMultiscaleAdaptive::pack_exchange(int i, double *buf)
{
  for (int k = 0; k < nstate; k++) buf[k] = state[i][k];
  return nstate;
}

int FixMultiscaleAdaptive::unpack_exchange(int nlocal, double *buf)
{
  for (int k = 0; k < nstate; k++) state[nlocal][k] = buf[k];
  return nstate;
}

int FixMultiscaleAdaptive::pack_restart(int i, double *buf)
{
  buf[0] = nstate + 2;
  buf[1] = RESTART_VERSION;
  for (int k = 0; k < nstate; k++) buf[2 + k] = state[i][k];
  return nstate + 2;
}

void FixMultiscaleAdaptive::unpack_restart(int nlocal, int nth)
{
  const double *record = geomint_restart::peratom_record(lmp, nlocal, nth);
  const int size = static_cast<int>(record[0]);
  if (size != nstate + 2 || record[1] != RESTART_VERSION)
    geomint_restart::refuse_peratom(lmp, STYLE, id, record, RESTART_VERSION, nstate,
                                    "Define the fix with the keywords of the run that wrote the "
                                    "file (rdrag and integrate no add per-atom values), or use a "
                                    "new fix ID to start afresh");
  for (int k = 0; k < nstate; k++) state[nlocal][k] = record[2 + k];
}

int FixMultiscaleAdaptive::size_restart(int /*nlocal*/)
{
  return nstate + 2;
}

int FixMultiscaleAdaptive::maxsize_restart()
{
  return nstate + 2;
}

double FixMultiscaleAdaptive::memory_usage()
{
  return static_cast<double>(atom->nmax) * nstate * sizeof(double) +
      static_cast<double>(nmax_fpot) * 3 * sizeof(double);
}
