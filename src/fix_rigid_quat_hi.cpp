/* ----------------------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix rigid/quat/hi, bodystyle atom: each ellipsoid (atom_style ellipsoid:
   rmass, bonus quaternion and shape, space-frame angmom and torque) or each
   sphere (atom_style sphere: rmass, radius, omega and torque; the fix keeps
   its quaternion, L = I omega with I = 0.4 m r^2) is one rigid body.  One
   step: half kick; half drift and the rotor R3 R2 R1 over h/2; the exact OU
   step of all momenta with the friction at this midpoint; half drift and
   the rotor R1 R2 R3 over h/2; q renormalised; forces; half kick.
   See doc/fix_rigid_quat_hi.rst.
------------------------------------------------------------------------- */

#include "fix_rigid_quat_hi.h"

#include "rigid_quat_hi_core.h"

#include "geomint_compat.h"
#include "geomint_error.h"
#include "geomint_groups.h"
#include "geomint_mpi_stubs.h"
#include "geomint_restart.h"

#include "atom.h"
#include "atom_vec_ellipsoid.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "group.h"
#include "memory.h"
#include "modify.h"
#include "update.h"
#include "utils.h"

#include "geomint/baoab.h"
#include "geomint/quaternion.h"
#include "geomint/random.h"
#include "geomint/rigid_body.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace LAMMPS_NS;
using namespace FixConst;

static const char *const STYLE = "Fix rigid/quat/hi";
// global restart layout: 2 = [tally, reference taken (1/0), erot_ref, core
// values ...]; 1 (read too) = [tally, core values ...], without the reference
static constexpr int RESTART_VERSION = 2;
static constexpr int PERATOM_VERSION = 1;    // sphere mode: [size, version, q0, q1, q2, q3]
static constexpr double INERTIA = 0.2;    // moment prefactor of a solid ellipsoid (as LAMMPS)

/* ----------------------------------------------------------------------
   fix ID group rigid/quat/hi atom Tstart Tstop seed keyword value ...
------------------------------------------------------------------------- */

FixRigidQuatHi::FixRigidQuatHi(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), core(nullptr), avec(nullptr), sphere(false), quat(nullptr), dtf(0.0),
    e_bath_local(0.0), erot_ref(0.0), erot_ref_pending(true), lambda_local(0.0), per_type(false),
    tmin_types(0.0)
{
  if (narg < 7 || strcmp(arg[3], "atom") != 0)
    error->all(FLERR, "Illegal fix rigid/quat/hi command: expected 'fix ID group rigid/quat/hi "
               "atom Tstart Tstop seed [keyword value ...]'");

  time_integrate = 1;
  dynamic_group_allow = 0;
  restart_global = 1;
  scalar_flag = 1;
  extscalar = 1;
  vector_flag = 1;
  size_vector = 8;
  extvector = -1;    // 1-7 intensive, 8 (the rotational kinetic energy) extensive
  extlist = new int[size_vector]{0, 0, 0, 0, 0, 0, 0, 1};
  global_freq = 1;

  core = new RigidQuatHiCore(lmp, STYLE);
  core->parse(narg - 4, &arg[4], 3);
  ecouple_flag = core->tally ? 1 : 0;

  // spheres (an atom style with radius, omega and torque, not ellipsoid) have
  // no orientation in LAMMPS: the fix keeps their quaternions, which migrate
  // with the atoms, go into restart files and are output as f_ID[1-4]
  sphere = sphere_style(atom);
  if (sphere) {
    peratom_flag = 1;
    size_peratom_cols = 4;
    peratom_freq = 1;
    restart_peratom = 1;
    maxexchange = 4;
    create_attribute = 1;    // atoms created later start at q = (1, 0, 0, 0)
    grow_arrays(atom->nmax);
    atom->add_callback(Atom::GROW);
    atom->add_callback(Atom::RESTART);
    for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
  }
}

bool FixRigidQuatHi::sphere_style(Atom *atom)
{
  return !atom->style_match("ellipsoid") && atom->radius_flag && atom->omega_flag &&
      atom->torque_flag && atom->rmass_flag;
}

FixRigidQuatHi::~FixRigidQuatHi()
{
  delete core;
  if (sphere && geomint_compat::fix_exists(modify, id)) {
    atom->delete_callback(id, Atom::GROW);
    atom->delete_callback(id, Atom::RESTART);
  }
  memory->destroy(quat);
  delete[] extlist;
  extlist = nullptr;
}

int FixRigidQuatHi::setmask()
{
  int mask = 0;
  mask |= INITIAL_INTEGRATE;
  mask |= FINAL_INTEGRATE;
  return mask;
}

/* ---------------------------------------------------------------------- */

void FixRigidQuatHi::init()
{
  avec = dynamic_cast<AtomVecEllipsoid *>(atom->style_match("ellipsoid"));
  if (!avec && !sphere)
    error->all(FLERR, "{}: bodystyle atom needs atom_style ellipsoid or sphere (each atom one "
               "rigid body: an ellipsoid with its quaternion and shape, or a sphere with radius, "
               "omega and torque, whose quaternion the fix keeps)",
               STYLE);
  core->refuse_unsupported_runs();

  check_bodies();

  // no other thermostat or integrator may act on these atoms
  core->refuse_thermostats(this);
  geomint_groups::refuse_shared_integrators(lmp, this, STYLE, "each body must be moved by one integrator only");

  core->init();
  dtf = 0.5 * update->dt * force->ftm2v;
}

// collective: every atom of the group is an ellipsoid or a sphere with three
// positive moments
void FixRigidQuatHi::check_bodies()
{
  const int *mask = atom->mask;
  std::string failure;
  for (int i = 0; i < atom->nlocal && failure.empty(); i++) {
    if (!(mask[i] & groupbit)) continue;
    if (!sphere && atom->ellipsoid[i] < 0) {
      failure = fmt::format("{}: atom {} has no shape: every atom of bodystyle atom must be an "
                            "ellipsoid (set its shape with 'set atom {} shape a b c')",
                            STYLE, atom->tag[i], atom->tag[i]);
    } else {
      double inertia[3];
      principal_moments(i, inertia);
      if (!(inertia[0] > 0.0 && inertia[1] > 0.0 && inertia[2] > 0.0))
        failure = fmt::format("{}: atom {} has principal moments {} {} {}; all three must be > 0 "
                              "(a body with a zero moment, e.g. a needle{}, makes K singular)",
                              STYLE, atom->tag[i], inertia[0], inertia[1], inertia[2],
                              sphere ? " or a point particle of radius 0" : "");
      // (the friction of radius atom: a zero radius gave the atom no bath at all)
      else if (core->radius_mode == RigidQuatHiCore::RADIUS_ATOM && atom->radius &&
               !(atom->radius[i] > 0.0))
        failure = fmt::format("{}: atom {} has radius {} under 'radius atom'; its Stokes friction "
                              "needs a radius > 0 (set its diameter, or use radius type or a "
                              "constant radius)", STYLE, atom->tag[i], atom->radius[i]);
    }
  }
  failure = geomint_error::first_failure(lmp, failure);
  if (!failure.empty()) error->all(FLERR, failure);
}

// atoms added during a run (fix deposit, fix pour, ...): checked as at init,
// and the per-type coefficients redone (a new type, or another mass)
bool FixRigidQuatHi::atoms_changed()
{
  if (atom->natoms == natoms_setup) return false;
  check_bodies();
  setup_type_coeff();
  natoms_setup = atom->natoms;
  return true;
}

void FixRigidQuatHi::setup(int /*vflag*/)
{
  setup_ran = true;
  core->start_run();
  if (core->has_noise()) noise_steps.check(lmp, STYLE, id);
  setup_type_coeff();
  natoms_setup = atom->natoms;
  // f_ID[1] with hi off: the shortest relaxation time of the bodies as they
  // are now, from the first thermo line of a run on (the steps update it; it
  // read 0 at setup, and after read_restart, where the last step showed it)
  if (core->hi == RigidQuatHiCore::HI_OFF && (avec || sphere)) {
    double tmin = std::numeric_limits<double>::infinity();
    if (per_type) {
      tmin = tmin_types;
    } else {
      const geomint::RigidFriction friction = core->friction();
      for (int i = 0; i < atom->nlocal; i++) {
        if (!(atom->mask[i] & groupbit)) continue;
        double v[5];
        body_properties(i, v);
        TypeCoeff unused;
        rqh::body_coeff(friction, update->dt, v[0], v + 1, v[4], unused, tmin);
      }
    }
    lambda_local = tmin;
  }
  if (erot_ref_pending) {
    erot_ref = rotational_energy();
    erot_ref_pending = false;
  }
}

void FixRigidQuatHi::reset_dt()
{
  dtf = 0.5 * update->dt * force->ftm2v;
  core->invalidate();
  setup_type_coeff();
}

// per-type coefficients if all bodies of each type present agree (collective)
void FixRigidQuatHi::setup_type_coeff()
{
  per_type = false;
  if (core->hi != RigidQuatHiCore::HI_OFF || (!avec && !sphere)) return;
  // fix adapt may change masses and radii during a run: the coefficients of
  // each body from its own values at every step then
  for (int f = 0; f < modify->nfix; f++)
    if (utils::strmatch(modify->fix[f]->style, "^adapt")) return;
  const int ntypes = atom->ntypes;
  // per type: mass, moments, radius of the first body seen, and a conflict flag
  std::vector<double> ref(5 * (ntypes + 1), 0.0);
  std::vector<int> seen(ntypes + 1, 0), bad(ntypes + 1, 0);
  const int *mask = atom->mask, *type = atom->type;
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    const int t = type[i];
    double v[5];
    body_properties(i, v);
    if (!seen[t]) {
      seen[t] = 1;
      std::copy(v, v + 5, &ref[5 * t]);
    }
  }
  // agree over the ranks: the lowest rank that has type t defines it
  for (int t = 1; t <= ntypes; t++) {
    int owner = seen[t] ? comm->me : comm->nprocs, first = 0;
    MPI_Allreduce(&owner, &first, 1, MPI_INT, MPI_MIN, world);
    if (first == comm->nprocs) continue;
    MPI_Bcast(&ref[5 * t], 5, MPI_DOUBLE, first, world);
  }
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    double v[5];
    body_properties(i, v);
    if (!std::equal(v, v + 5, &ref[5 * type[i]])) bad[type[i]] = 1;
  }
  int any = 0, all = 0;
  for (int t = 1; t <= ntypes; t++) any |= bad[t];
  MPI_Allreduce(&any, &all, 1, MPI_INT, MPI_MAX, world);
  if (all) return;
  type_coeff.assign(ntypes + 1, TypeCoeff());
  const geomint::RigidFriction friction = core->friction();
  tmin_types = std::numeric_limits<double>::infinity();
  for (int t = 1; t <= ntypes; t++)
    if (ref[5 * t] > 0.0)
      rqh::body_coeff(friction, update->dt, ref[5 * t], &ref[5 * t + 1], ref[5 * t + 4], type_coeff[t],
                      tmin_types);
  per_type = true;
}

void FixRigidQuatHi::reset_target(double t)
{
  core->reset_target(t);
}

/* ---------------------------------------------------------------------- */

// ellipsoids (SPHERE false): LAMMPS's angmom, quaternion and the moments
// of a solid ellipsoid of the body's shape; spheres: omega (L = I omega)
// and the fix's quaternion
template <bool SPHERE> struct FixRigidQuatHi::Bodies {
  static constexpr bool sphere = SPHERE;
  double **x, **v, **f, **torque, **omega, **angmom, **quat;
  const double *rmass, *radius;
  const int *mask, *type, *ellipsoid;
  const tagint *tag;
  AtomVecEllipsoid::Bonus *bonus;
  const RigidQuatHiCore *core;
  const TypeCoeff *tcoeff;
  int groupbit;

  bool in_group(int i) const { return mask[i] & groupbit; }
  double mass(int i) const { return rmass[i]; }
  void moments(int i, double I[3]) const
  {
    if (SPHERE) {
      I[0] = I[1] = I[2] = geomint::sphere_moment(rmass[i], radius[i]);
      return;
    }
    const double *shape = bonus[ellipsoid[i]].shape;
    I[0] = INERTIA * rmass[i] * (shape[1] * shape[1] + shape[2] * shape[2]);
    I[1] = INERTIA * rmass[i] * (shape[0] * shape[0] + shape[2] * shape[2]);
    I[2] = INERTIA * rmass[i] * (shape[0] * shape[0] + shape[1] * shape[1]);
  }
  double &pos(int i, int k) const { return x[i][k]; }
  double &vel(int i, int k) const { return v[i][k]; }
  double &orient(int i, int k) const { return SPHERE ? quat[i][k] : bonus[ellipsoid[i]].quat[k]; }
  double force(int i, int k) const { return f[i][k]; }
  double torque_of(int i, int k) const { return torque[i][k]; }
  void load_L(int i, const double I[3], double L[3]) const
  {
    if (SPHERE)
      geomint::sphere_angmom(I[0], omega[i], L);
    else
      for (int a = 0; a < 3; a++) L[a] = angmom[i][a];
  }
  void store_L(int i, const double I[3], const double L[3]) const
  {
    if (SPHERE)
      geomint::sphere_omega(I[0], L, omega[i]);
    else
      for (int a = 0; a < 3; a++) angmom[i][a] = L[a];
  }
  int64_t tag_of(int i) const { return tag[i]; }
  double hydro_radius(int i) const { return core->atom_radius(i); }
  const TypeCoeff &type_coeff(int i) const { return tcoeff[type[i]]; }
};

template <bool SPHERE> FixRigidQuatHi::Bodies<SPHERE> FixRigidQuatHi::bodies() const
{
  Bodies<SPHERE> b;
  b.x = atom->x;
  b.v = atom->v;
  b.f = atom->f;
  b.torque = atom->torque;
  b.omega = SPHERE ? atom->omega : nullptr;
  b.angmom = SPHERE ? nullptr : atom->angmom;
  b.quat = quat;
  b.rmass = atom->rmass;
  b.radius = atom->radius;
  b.mask = atom->mask;
  b.type = atom->type;
  b.ellipsoid = atom->ellipsoid;
  b.tag = atom->tag;
  b.bonus = avec ? avec->bonus : nullptr;
  b.core = core;
  b.tcoeff = type_coeff.data();
  b.groupbit = groupbit;
  return b;
}

// f(the bodies' accessor) for spheres or ellipsoids
template <class F> void FixRigidQuatHi::with_bodies(F &&f) const
{
  if (sphere)
    f(bodies<true>());
  else
    f(bodies<false>());
}

// a body's mass, principal moments and hydrodynamic radius (what its hi-off
// coefficients depend on)
void FixRigidQuatHi::body_properties(int i, double v[5]) const
{
  v[0] = atom->rmass[i];
  principal_moments(i, v + 1);
  v[4] = core->atom_radius(i);
}

void FixRigidQuatHi::principal_moments(int i, double inertia[3]) const
{
  with_bodies([&](const auto &b) { b.moments(i, inertia); });
}

/* ----------------------------------------------------------------------
   the scalars of this step's passes
------------------------------------------------------------------------- */

rqh::StepParams FixRigidQuatHi::step_params(double kT) const
{
  return core->step_params(kT, dtf, per_type);
}

/* ----------------------------------------------------------------------
   half kick, half drift + rotor, OU (blocks of bodies sharing their
   Gaussian draws), half drift + rotor
------------------------------------------------------------------------- */

void FixRigidQuatHi::initial_integrate(int /*vflag*/)
{
  geomint_error::require_setup(lmp, style, id, setup_ran);
  atoms_changed();
  core->compute_target();
  const double kT = force->boltz * core->t_target / force->mvv2e;
  const rqh::StepParams p = step_params(kT);
  if (core->hi == RigidQuatHiCore::HI_RPY) {
    first_half_pass(p);
    dense_pass(kT);
    second_half_pass(p);
  } else {
    double de = 0.0;
    double tmin = per_type ? tmin_types : std::numeric_limits<double>::infinity();
    hi_off_pass(p, de, tmin);
    lambda_local = tmin;
    if (core->tally) e_bath_local += force->mvv2e * de;
  }
  end_step();
}

void FixRigidQuatHi::final_integrate()
{
  kick_pass(step_params(0.0));
}

/* ----------------------------------------------------------------------
   the CPU passes: plain loops over the bodies
------------------------------------------------------------------------- */

void FixRigidQuatHi::first_half_pass(const rqh::StepParams &p)
{
  with_bodies([&](const auto &b) {
    for (int i = 0; i < atom->nlocal; i++)
      if (b.in_group(i)) rqh::first_half(b, i, p);
  });
}

void FixRigidQuatHi::second_half_pass(const rqh::StepParams &p)
{
  with_bodies([&](const auto &b) {
    for (int i = 0; i < atom->nlocal; i++)
      if (b.in_group(i)) rqh::second_half(b, i, p);
  });
}

void FixRigidQuatHi::hi_off_pass(const rqh::StepParams &p, double &de, double &tmin)
{
  const int nlocal = atom->nlocal;
  // spheres: the whole step of a body at once (its state loaded and stored
  // once), as the /kk kernels do; ellipsoids: three passes
  if (sphere) {
    const Bodies<true> b = bodies<true>();
    for (int i0 = 0; i0 < nlocal; i0 += geomint::NORMAL_BLOCK)
      rqh::step_hi_off_block(b, i0, std::min(i0 + geomint::NORMAL_BLOCK, nlocal), p, de, tmin);
    return;
  }
  const Bodies<false> b = bodies<false>();
  for (int i = 0; i < nlocal; i++)
    if (b.in_group(i)) rqh::first_half(b, i, p);
  for (int i0 = 0; i0 < nlocal; i0 += geomint::NORMAL_BLOCK)
    rqh::ou_off_block(b, i0, std::min(i0 + geomint::NORMAL_BLOCK, nlocal), p, de, tmin);
  for (int i = 0; i < nlocal; i++)
    if (b.in_group(i)) rqh::second_half(b, i, p);
}

void FixRigidQuatHi::kick_pass(const rqh::StepParams &p)
{
  with_bodies([&](const auto &b) {
    for (int i = 0; i < atom->nlocal; i++)
      if (b.in_group(i)) rqh::kick(b, i, p.dtf);
  });
}

/* ----------------------------------------------------------------------
   hi rpy: the midpoint states go to rank 0, which does the dense step
------------------------------------------------------------------------- */

void FixRigidQuatHi::ou_rpy(double kT)
{
  double **x = atom->x;
  double **v = atom->v;
  const double *rmass = atom->rmass;
  const int *mask = atom->mask;
  const tagint *tag = atom->tag;
  const int nlocal = atom->nlocal;
  constexpr int P = RigidQuatHiCore::PACK;

  pack_index.clear();
  for (int i = 0; i < nlocal; i++)
    if (mask[i] & groupbit) pack_index.push_back(i);
  const int nb = static_cast<int>(pack_index.size());
  pack.resize(static_cast<size_t>(P) * std::max(nb, 1));
  using C = RigidQuatHiCore;
  with_bodies([&](const auto &bodies) {
    for (int j = 0; j < nb; j++) {
      const int i = pack_index[j];
      double *b = &pack[static_cast<size_t>(P) * j];
      b[C::REC_TAG] = static_cast<double>(tag[i]);
      for (int a = 0; a < 3; a++) b[C::REC_X + a] = x[i][a];
      for (int a = 0; a < 4; a++) b[C::REC_Q + a] = bodies.orient(i, a);
      b[C::REC_MASS] = rmass[i];
      bodies.moments(i, b + C::REC_INERTIA);
      b[C::REC_RADIUS] = core->atom_radius(i);
      for (int a = 0; a < 3; a++) b[C::REC_P + a] = rmass[i] * v[i][a];
      bodies.load_L(i, b + C::REC_INERTIA, b + C::REC_L);
    }
  });
  const double heat = core->dense_step(pack, nb, kT, update->dt);
  with_bodies([&](const auto &bodies) {
    for (int j = 0; j < nb; j++) {
      const int i = pack_index[j];
      const double *b = &pack[static_cast<size_t>(P) * j];
      for (int a = 0; a < 3; a++) v[i][a] = b[C::REC_P + a] / rmass[i];
      bodies.store_L(i, b + C::REC_INERTIA, b + C::REC_L);
    }
  });
  if (core->tally) e_bath_local += force->mvv2e * heat;
}

/* ----------------------------------------------------------------------
   the energy that left etotal through this fix since it began (ecouple):
   the energy given to the bath (translation and rotation) plus the change
   of the bodies' rotational kinetic energy, which LAMMPS's ke and etotal do
   not count for ellipsoids and spheres.  So econserve = etotal + f_ID =
   pe + KE_trans + KE_rot + heat - KE_rot(start) is conserved, also where
   torques move energy between pe and the rotations.
------------------------------------------------------------------------- */

double FixRigidQuatHi::compute_scalar()
{
  if (!core->tally) return 0.0;
  double local = e_bath_local, all = 0.0;
  MPI_Allreduce(&local, &all, 1, MPI_DOUBLE, MPI_SUM, world);
  if (erot_ref_pending) return all;
  return all + (rotational_energy() - erot_ref);
}

// through compute_vector, which a /kk subclass overrides to bring the
// angular velocities to the host first
double FixRigidQuatHi::rotational_energy()
{
  return compute_vector(7);
}

/* ----------------------------------------------------------------------
   1: smallest eigenvalue of K^-1/2 mu K^-1/2 at the last step (the
   shortest momentum relaxation time; time units), 2: translational kinetic
   temperature, 3: rotational kinetic temperature, 4-6: the rotational
   temperature of body axis 1, 2, 3, 7: wall-clock seconds of the last
   factorisation of hi rpy (the LAPACK eigendecomposition alone; 0 with hi off),
   8: the rotational kinetic energy of the bodies (energy units)
------------------------------------------------------------------------- */

double FixRigidQuatHi::compute_vector(int n)
{
  if (n == 0) {
    if (core->hi == RigidQuatHiCore::HI_RPY) return core->lambda_min();
    double all = 0.0;
    MPI_Allreduce(&lambda_local, &all, 1, MPI_DOUBLE, MPI_MIN, world);
    return std::isinf(all) ? 0.0 : all;
  }
  if (n == 6) return core->factor_seconds();
  double **v = atom->v;
  const double *rmass = atom->rmass;
  const int *mask = atom->mask;
  double local[5] = {0.0, 0.0, 0.0, 0.0, 0.0};    // 2 KE_t, 2 KE_r axes 1-3, count
  if (avec || sphere)
    with_bodies([&](const auto &bodies) {
      for (int i = 0; i < atom->nlocal; i++)
        if (mask[i] & groupbit) {
          double inertia[3], L[3], b[3], q[4];
          bodies.moments(i, inertia);
          bodies.load_L(i, inertia, L);
          local[0] += rmass[i] * (v[i][0] * v[i][0] + v[i][1] * v[i][1] + v[i][2] * v[i][2]);
          for (int a = 0; a < 4; a++) q[a] = bodies.orient(i, a);
          geomint::quat_space_to_body(q, L, b);
          for (int a = 0; a < 3; a++) local[1 + a] += b[a] * b[a] / inertia[a];
          local[4] += 1.0;
        }
    });
  double all[5];
  MPI_Allreduce(local, all, 5, MPI_DOUBLE, MPI_SUM, world);
  if (all[4] == 0.0) return 0.0;
  if (n == 7) return 0.5 * force->mvv2e * (all[1] + all[2] + all[3]);
  const double s = force->mvv2e / (force->boltz * all[4]);
  if (n == 1) return s * all[0] / 3.0;
  if (n == 2) return s * (all[1] + all[2] + all[3]) / 3.0;
  return s * all[n - 2];
}

/* ----------------------------------------------------------------------
   restart: the bath tally, the rotational kinetic energy it started from,
   and (hi rpy, every N > 1) the configuration of the last factorisation,
   so that the continued run reuses the same factor
------------------------------------------------------------------------- */

void FixRigidQuatHi::write_restart(FILE *fp)
{
  double local = e_bath_local, tally = 0.0;
  MPI_Allreduce(&local, &tally, 1, MPI_DOUBLE, MPI_SUM, world);
  std::vector<double> list = {tally, erot_ref_pending ? 0.0 : 1.0, erot_ref};
  const std::vector<double> hi = core->restart_values();
  list.insert(list.end(), hi.begin(), hi.end());
  geomint_restart::write_global(fp, comm->me, RESTART_VERSION, list);
}

void FixRigidQuatHi::restart(char *buf)
{
  const geomint_restart::Global g = geomint_restart::read_global(buf);
  // version 1 has no reference: it is taken when the continued run starts
  const int nown = g.versioned && g.version == 1 ? 1 : 3;
  if (!g.versioned || (g.version != RESTART_VERSION && g.version != 1) || g.count < nown + 2)
    geomint_restart::refuse_global(error, STYLE, id, g, RESTART_VERSION,
                                   "Use the GEOMINT that wrote it, or a new fix ID to start the fix afresh",
                                   " and version 1");
  // the sum goes on where it stopped (on one rank bit for bit)
  e_bath_local = comm->me == 0 ? g.values[0] : 0.0;
  erot_ref_pending = nown == 1 || g.values[1] == 0.0;
  erot_ref = erot_ref_pending ? 0.0 : g.values[2];
  core->restart_values(g.values + nown, g.count - nown);
}

double FixRigidQuatHi::memory_usage()
{
  double bytes = sphere ? 4.0 * sizeof(double) * atom->nmax : 0.0;
  bytes += static_cast<double>(pack.capacity()) * sizeof(double);
  bytes += static_cast<double>(pack_index.capacity()) * sizeof(int);
  bytes += core->memory_usage();
  return bytes;
}

/* ----------------------------------------------------------------------
   sphere mode: the per-atom quaternion (new atoms start at q = (1,0,0,0))
------------------------------------------------------------------------- */

void FixRigidQuatHi::grow_arrays(int nmax)
{
  memory->grow(quat, nmax, 4, "rigid/quat/hi:quat");
  array_atom = quat;
}

void FixRigidQuatHi::copy_arrays(int i, int j, int /*delflag*/)
{
  for (int k = 0; k < 4; k++) quat[j][k] = quat[i][k];
}

void FixRigidQuatHi::set_arrays(int i)
{
  quat[i][0] = 1.0;
  quat[i][1] = quat[i][2] = quat[i][3] = 0.0;
}

int FixRigidQuatHi::pack_exchange(int i, double *buf)
{
  for (int k = 0; k < 4; k++) buf[k] = quat[i][k];
  return 4;
}

int FixRigidQuatHi::unpack_exchange(int nlocal, double *buf)
{
  for (int k = 0; k < 4; k++) quat[nlocal][k] = buf[k];
  return 4;
}

int FixRigidQuatHi::pack_restart(int i, double *buf)
{
  buf[0] = 6;
  buf[1] = PERATOM_VERSION;
  for (int k = 0; k < 4; k++) buf[2 + k] = quat[i][k];
  return 6;
}

void FixRigidQuatHi::unpack_restart(int nlocal, int nth)
{
  const double *record = geomint_restart::peratom_record(lmp, nlocal, nth);
  const int size = static_cast<int>(record[0]);
  if (size != 6 || record[1] != PERATOM_VERSION)
    geomint_restart::refuse_peratom(lmp, STYLE, id, record, PERATOM_VERSION, 4,
                                    "Use the GEOMINT that wrote it, or a new fix ID to start the "
                                    "fix afresh");
  for (int k = 0; k < 4; k++) quat[nlocal][k] = record[2 + k];
}

int FixRigidQuatHi::size_restart(int /*nlocal*/)
{
  return 6;
}

int FixRigidQuatHi::maxsize_restart()
{
  return 6;
}
