/* ----------------------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix rigid/quat/hi, bodystyle single | molecule | custom | group N ...:
   the bodies of LAMMPS fix rigid (replicated on every rank) moved by the
   step of bodystyle atom: half kick; half drift and the rotor R3 R2 R1 over h/2;
   the exact OU step with the friction at this midpoint; half drift and the
   rotor R1 R2 R3; q renormalised; set_xv; forces; half kick (fix rigid's
   final_integrate: body forces and torques, then set_v).
   See doc/fix_rigid_quat_hi.rst.
------------------------------------------------------------------------- */

#include "fix_rigid_quat_hi_body.h"

#include "rigid_quat_hi_core.h"

#include "geomint_error.h"
#include "geomint_groups.h"
#include "geomint_mpi_stubs.h"
#include "geomint_restart.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "group.h"
#include "math_extra.h"
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
#include <cstring>
#include <limits>

using namespace LAMMPS_NS;
using namespace FixConst;

static const char *const STYLE = "Fix rigid/quat/hi";
static constexpr int RESTART_VERSION = 1;
static constexpr int BODY_VALUES = 18;     // per body in the restart file
// per atom (pack_restart): [size, version 2, displace[3], orient[orientflag],
// dorient[3 if dorientflag]]; version 1 had no version word: [size, displace, ...]
static constexpr int PERATOM_VERSION = 2;
static constexpr int ATOM_COLS = 12;       // at most: size, version, displace[3], orient[4], dorient[3]

/* ----------------------------------------------------------------------
   fix ID group rigid/quat/hi bodystyle args Tstart Tstop seed keyword value ...
   fix rigid parses: bodystyle args, infile, reinit, gravity
   the GEOMINT core parses: Tstart Tstop seed and its keywords
------------------------------------------------------------------------- */

RigidQuatHiArgs::RigidQuatHiArgs(LAMMPS *lmp, int narg, char **arg)
{
  Error *error = lmp->error;
  const std::string usage = "expected 'fix ID group rigid/quat/hi atom|single|molecule|custom "
                            "name|group N g1 .. gN Tstart Tstop seed [keyword value ...]'";
  if (narg < 4) error->all(FLERR, "Illegal {} command: {}", STYLE, usage);
  int k = 4;
  const std::string bodystyle = arg[3];
  if (bodystyle == "custom") {
    k = 5;
  } else if (bodystyle == "group") {
    if (narg < 5) error->all(FLERR, "Illegal {} command: {}", STYLE, usage);
    const int n = utils::inumeric(FLERR, arg[4], false, lmp);
    if (n < 1) error->all(FLERR, "{}: group N needs N >= 1 (got {})", STYLE, arg[4]);
    k = 5 + n;
    if (k > narg) error->all(FLERR, "{}: group {} needs {} group IDs", STYLE, n, n);
    // each atom in one body only: say which atom and which groups
    const int fixgroup = lmp->group->find(arg[1]);
    std::vector<int> bits(n);
    for (int b = 0; b < n; b++) {
      const int g = lmp->group->find(arg[5 + b]);
      if (g < 0) error->all(FLERR, "{}: group {} (body {}) does not exist", STYLE, arg[5 + b], b + 1);
      bits[b] = lmp->group->bitmask[g];
      body_groups.emplace_back(arg[5 + b]);
    }
    std::string failure;
    if (fixgroup >= 0) {
      const int fixbit = lmp->group->bitmask[fixgroup];
      for (int i = 0; i < lmp->atom->nlocal && failure.empty(); i++) {
        if (!(lmp->atom->mask[i] & fixbit)) continue;
        int first = -1;
        for (int b = 0; b < n && failure.empty(); b++) {
          if (!(lmp->atom->mask[i] & bits[b])) continue;
          if (first < 0)
            first = b;
          else
            failure = fmt::format("{}: atom {} is in group {} and in group {}: the body groups "
                                  "overlap. Each atom can belong to one body only; make the "
                                  "groups disjoint",
                                  STYLE, lmp->atom->tag[i], arg[5 + first], arg[5 + b]);
        }
      }
    }
    failure = geomint_error::first_failure(lmp, failure);
    if (!failure.empty()) error->all(FLERR, failure);
  } else if (bodystyle == "molecule") {
    if (!lmp->atom->molecule_flag)
      error->all(FLERR, "{}: bodystyle molecule needs molecule IDs (an atom style with them, e.g. "
                 "atom_style molecular or bond)", STYLE);
  } else if (bodystyle != "single") {
    error->all(FLERR, "{}: unknown bodystyle '{}'; {}", STYLE, bodystyle, usage);
  }
  if (k + 3 > narg) error->all(FLERR, "Illegal {} command: {}", STYLE, usage);
  for (int i = 0; i < k; i++) rigid_str.emplace_back(arg[i]);
  for (int i = k; i < k + 3; i++) own_str.emplace_back(arg[i]);

  // the keywords: the fix rigid ones that carry over go to fix rigid
  auto arity = [&](const std::string &kw, int at) -> int {
    if (kw == "gamma_t_eigen" || kw == "gamma_r_eigen") return 3;
    if (kw == "radius" && at + 1 < narg && strcmp(arg[at + 1], "type") == 0)
      return 1 + lmp->atom->ntypes;
    return 1;
  };
  int i = k + 3;
  while (i < narg) {
    const std::string kw = arg[i];
    if (kw == "infile" || kw == "reinit" || kw == "gravity") {
      if (i + 1 >= narg) error->all(FLERR, "{}: keyword {} needs 1 value", STYLE, kw);
      rigid_str.emplace_back(arg[i]);
      rigid_str.emplace_back(arg[i + 1]);
      i += 2;
    } else if (kw == "langevin" || kw == "temp" || kw == "tparam" || kw == "iso" ||
               kw == "aniso" || kw == "x" || kw == "y" || kw == "z" || kw == "couple" ||
               kw == "pchain" || kw == "dilate") {
      error->all(FLERR, "{}: fix rigid keyword {} does not carry over: the bodies are "
                 "thermostatted by this fix (Tstart Tstop and the friction keywords), and "
                 "barostats are not supported",
                 STYLE, kw);
    } else if (kw == "force" || kw == "torque") {
      error->all(FLERR, "{}: fix rigid keyword {} does not carry over (a frozen component "
                 "would still get friction and noise); use fix setforce or fix aveforce on the "
                 "body atoms instead",
                 STYLE, kw);
    } else {
      const int n = std::min(arity(kw, i), narg - i - 1);
      for (int j = 0; j <= n; j++) own_str.emplace_back(arg[i + j]);
      i += 1 + n;
    }
  }
  for (auto &s : rigid_str) rigid_argv.push_back(&s[0]);
  for (auto &s : own_str) own_argv.push_back(&s[0]);

  core.reset(new RigidQuatHiCore(lmp, STYLE));
  core->parse(static_cast<int>(own_argv.size()), own_argv.data(), 3);
  if (core->radius_mode == RigidQuatHiCore::RADIUS_TYPE ||
      core->radius_mode == RigidQuatHiCore::RADIUS_ATOM)
    error->all(FLERR, "{}: radius type and radius atom apply to bodystyle atom; a body of "
               "several atoms takes one hydrodynamic radius: radius a",
               STYLE);
}

RigidQuatHiArgs::~RigidQuatHiArgs() = default;

FixRigidQuatHiBody::FixRigidQuatHiBody(LAMMPS *lmp, int narg, char **arg) :
    RigidQuatHiArgs(lmp, narg, arg), FixRigid(lmp, rigid_narg(), rigid_args()), e_bath(0.0),
    tmin(0.0), saved_atoms(nullptr), saved_cols(ATOM_COLS), restore_pending(false),
    restore_from_file(false)
{
  // fix rigid's array (per body) stays; its scalar becomes the bath tally
  scalar_flag = 1;
  extscalar = 1;
  vector_flag = 1;
  size_vector = 8;
  extvector = -1;    // 1-7 intensive, 8 (the rotational kinetic energy) extensive
  extlist = new int[size_vector]{0, 0, 0, 0, 0, 0, 0, 1};
  global_freq = 1;
  core->tag_name = "bodies";    // the noise and the messages number the bodies 1..nbody
  restart_global = 1;
  restart_peratom = 1;
  atom->add_callback(Atom::RESTART);
  ecouple_flag = core->tally ? 1 : 0;
}

FixRigidQuatHiBody::~FixRigidQuatHiBody()
{
  atom->delete_callback(id, Atom::RESTART);
  memory->destroy(saved_atoms);
  delete[] extlist;
  extlist = nullptr;
}

int FixRigidQuatHiBody::setmask()
{
  int mask = 0;
  mask |= INITIAL_INTEGRATE;
  mask |= FINAL_INTEGRATE;
  mask |= PRE_NEIGHBOR;
  if (earlyflag) mask |= POST_FORCE;
  return mask;
}

/* ---------------------------------------------------------------------- */

void FixRigidQuatHiBody::init()
{
  core->refuse_unsupported_runs();

  // no other thermostat or integrator may act on these atoms
  core->refuse_thermostats(this);
  geomint_groups::refuse_shared_integrators(lmp, this, STYLE, "each body must be moved by one integrator only");

  // fix rigid rebuilds the bodies from the atoms at every init() (reinit
  // yes, its default; write_restart calls init() too), which moves their
  // principal axes by round-off or relabels them: a continued run would not
  // be the same trajectory.  Bodies whose atoms still sit where the bodies
  // put them keep their state; bodies are rebuilt only if the atoms changed.
  refuse_empty_bodies();
  if (!restore_pending && setupflag && reinitflag && atoms_follow_bodies()) snapshot_bodies();
  FixRigid::init();
  if (restore_pending) restore_bodies();

  // three positive principal moments (a linear body makes K singular)
  for (int b = 0; b < nbody; b++)
    if (!(inertia[b][0] > 0.0 && inertia[b][1] > 0.0 && inertia[b][2] > 0.0))
      error->all(FLERR, "{}: body {} has principal moments {} {} {}; all three must be > 0 (a "
                 "linear body, e.g. two point atoms, has a zero moment and makes K singular: give "
                 "its atoms a size, e.g. atom_style sphere with a diameter, or add an atom off "
                 "the axis)",
                 STYLE, b + 1, inertia[b][0], inertia[b][1], inertia[b][2]);

  core->init();
  if (core->hi == RigidQuatHiCore::HI_RPY)
    for (int b = 0; b < nbody; b++)
      if (masstotal[b] <= 0.0) error->all(FLERR, "{}: body {} has no mass", STYLE, b + 1);
}

void FixRigidQuatHiBody::setup(int vflag)
{
  // (in the setup of a run or minimization, not in init(): write_data and
  // write_restart of the changed system still work)
  refuse_atoms_outside_bodies();
  setup_ran = true;
  FixRigid::setup(vflag);
  core->start_run();
  if (core->has_noise()) noise_steps.check(lmp, STYLE, id);
  setup_coeff();
}

void FixRigidQuatHiBody::reset_dt()
{
  FixRigid::reset_dt();
  core->invalidate();
  setup_coeff();
}

void FixRigidQuatHiBody::reset_target(double t)
{
  core->reset_target(t);
}

// hi off: c = exp(-zeta h / m) and the noise amplitude without sqrt(kT), per body
void FixRigidQuatHiBody::setup_coeff()
{
  coeff.assign(nbody, geomint::RigidOUCoeff());
  tmin = std::numeric_limits<double>::infinity();
  if (core->hi != RigidQuatHiCore::HI_OFF) return;
  const geomint::RigidFriction fr = core->friction();
  for (int b = 0; b < nbody; b++)
    rqh::body_coeff(fr, update->dt, masstotal[b], inertia[b], core->radius_const, coeff[b], tmin);
}

/* ----------------------------------------------------------------------
   fix rigid's bodies (replicated on every rank) as the passes of
   rigid_quat_hi_passes.h read them: body b has ID b + 1 and its own OU
   coefficients (setup_coeff)
------------------------------------------------------------------------- */

namespace {
struct RigidBodies {
  double **xcm, **vcm, **fcm, **torque, **angmom, **quat, **inertia;
  const double *masstotal;
  const geomint::RigidOUCoeff *coeff;
  double radius;

  bool in_group(int) const { return true; }
  double mass(int b) const { return masstotal[b]; }
  void moments(int b, double I[3]) const
  {
    for (int a = 0; a < 3; a++) I[a] = inertia[b][a];
  }
  double &pos(int b, int k) const { return xcm[b][k]; }
  double &vel(int b, int k) const { return vcm[b][k]; }
  double &orient(int b, int k) const { return quat[b][k]; }
  double force(int b, int k) const { return fcm[b][k]; }
  double torque_of(int b, int k) const { return torque[b][k]; }
  void load_L(int b, const double *, double L[3]) const
  {
    for (int a = 0; a < 3; a++) L[a] = angmom[b][a];
  }
  void store_L(int b, const double *, const double L[3]) const
  {
    for (int a = 0; a < 3; a++) angmom[b][a] = L[a];
  }
  int64_t tag_of(int b) const { return b + 1; }
  double hydro_radius(int) const { return radius; }
  const geomint::RigidOUCoeff &type_coeff(int b) const { return coeff[b]; }
};
}    // namespace

/* ----------------------------------------------------------------------
   half kick, half drift + rotor, OU, half drift + rotor, then the bodies'
   frames and omega, set_xv
------------------------------------------------------------------------- */

void FixRigidQuatHiBody::initial_integrate(int vflag)
{
  geomint_error::require_setup(lmp, style, id, setup_ran);
  const RigidBodies a{xcm, vcm, fcm, torque, angmom, quat, inertia, masstotal, coeff.data(),
                      core->radius_const};
  // the first half (it needs no temperature), then the target: a temperature
  // variable reading the bodies (f_ID) sees them after the half kick, as before
  const rqh::StepParams p_half = core->step_params(0.0, dtf, true);
  for (int b = 0; b < nbody; b++) rqh::first_half(a, b, p_half);
  core->compute_target();
  const double kT = force->boltz * core->t_target / force->mvv2e;
  const rqh::StepParams p = core->step_params(kT, dtf, true);
  if (core->hi == RigidQuatHiCore::HI_RPY) {
    ou_rpy(kT);
  } else {
    // (the bodies' relaxation times come from setup_coeff)
    double de = 0.0, tmin_step = 0.0;
    for (int b0 = 0; b0 < nbody; b0 += geomint::NORMAL_BLOCK)
      rqh::ou_off_block(a, b0, std::min(b0 + geomint::NORMAL_BLOCK, nbody), p, de, tmin_step);
    if (core->tally) e_bath += force->mvv2e * de;
  }
  for (int b = 0; b < nbody; b++) rqh::second_half(a, b, p);
  for (int b = 0; b < nbody; b++) {
    MathExtra::q_to_exyz(quat[b], ex_space[b], ey_space[b], ez_space[b]);
    MathExtra::angmom_to_omega(angmom[b], ex_space[b], ey_space[b], ez_space[b], inertia[b],
                               omega[b]);
  }

  // atoms follow their bodies (and the virial of the constraint forces)
  v_init(vflag);
  set_xv();
}

/* ----------------------------------------------------------------------
   hi rpy: rank 0 does the dense step for all bodies and broadcasts the
   new momenta (fix rigid's bodies are replicated on every rank)
------------------------------------------------------------------------- */

void FixRigidQuatHiBody::ou_rpy(double kT)
{
  constexpr int P = RigidQuatHiCore::PACK;
  const int nb = comm->me == 0 ? nbody : 0;
  pack.resize(static_cast<size_t>(P) * std::max(nb, 1));
  for (int b = 0; b < nb; b++) {
    double *v = &pack[static_cast<size_t>(P) * b];
    using C = RigidQuatHiCore;
    v[C::REC_TAG] = b + 1;
    for (int a = 0; a < 3; a++) v[C::REC_X + a] = xcm[b][a];
    for (int a = 0; a < 4; a++) v[C::REC_Q + a] = quat[b][a];
    v[C::REC_MASS] = masstotal[b];
    for (int a = 0; a < 3; a++) v[C::REC_INERTIA + a] = inertia[b][a];
    v[C::REC_RADIUS] = core->radius_const;
    for (int a = 0; a < 3; a++) {
      v[C::REC_P + a] = masstotal[b] * vcm[b][a];
      v[C::REC_L + a] = angmom[b][a];
    }
  }
  double heat = core->dense_step(pack, nb, kT, update->dt);
  moved.resize(6 * static_cast<size_t>(nbody) + 1);
  for (int b = 0; b < nb; b++)
    for (int a = 0; a < 6; a++) moved[6 * b + a] = pack[static_cast<size_t>(P) * b + RigidQuatHiCore::REC_P + a];
  moved[6 * nbody] = heat;
  MPI_Bcast(moved.data(), 6 * nbody + 1, MPI_DOUBLE, 0, world);
  for (int b = 0; b < nbody; b++)
    for (int a = 0; a < 3; a++) {
      vcm[b][a] = moved[6 * b + a] / masstotal[b];
      angmom[b][a] = moved[6 * b + 3 + a];
    }
  if (core->tally) e_bath += force->mvv2e * moved[6 * nbody];
}

/* ----------------------------------------------------------------------
   the energy given to the bath since the fix began (ecouple)
------------------------------------------------------------------------- */

double FixRigidQuatHiBody::compute_scalar()
{
  return e_bath;
}

/* ----------------------------------------------------------------------
   as bodystyle atom: 1 shortest momentum relaxation time, 2 translational
   and 3 rotational kinetic temperature of the bodies, 4-6 per body axis,
   7 seconds of the last dsyevd, 8 the bodies' rotational kinetic energy
------------------------------------------------------------------------- */

double FixRigidQuatHiBody::compute_vector(int n)
{
  if (n == 0) {
    if (core->hi == RigidQuatHiCore::HI_RPY) return core->lambda_min();
    return std::isinf(tmin) ? 0.0 : tmin;
  }
  if (n == 6) return core->factor_seconds();
  if (nbody == 0) return 0.0;
  double sum[4] = {0.0, 0.0, 0.0, 0.0};
  for (int b = 0; b < nbody; b++) {
    sum[0] += masstotal[b] * (vcm[b][0] * vcm[b][0] + vcm[b][1] * vcm[b][1] + vcm[b][2] * vcm[b][2]);
    double l[3];
    geomint::quat_space_to_body(quat[b], angmom[b], l);
    for (int a = 0; a < 3; a++) sum[1 + a] += l[a] * l[a] / inertia[b][a];
  }
  if (n == 7) return 0.5 * force->mvv2e * (sum[1] + sum[2] + sum[3]);
  const double s = force->mvv2e / (force->boltz * nbody);
  if (n == 1) return s * sum[0] / 3.0;
  if (n == 2) return s * (sum[1] + sum[2] + sum[3]) / 3.0;
  return s * sum[n - 2];
}

/* ----------------------------------------------------------------------
   restart: the tally, the core's factor configuration, the bodies' state
   (global); the atoms' body coordinates (per atom).  Fix rigid rebuilds
   its bodies from the atoms at init(); the restored state replaces that
   once, so that the continued run is the same trajectory.
------------------------------------------------------------------------- */

// BODY_VALUES per body: mass, xcm, vcm, angmom, quat, principal moments, image flags
std::vector<double> FixRigidQuatHiBody::body_state() const
{
  std::vector<double> list;
  list.reserve(static_cast<size_t>(BODY_VALUES) * nbody);
  for (int b = 0; b < nbody; b++) {
    list.push_back(masstotal[b]);
    for (int a = 0; a < 3; a++) list.push_back(xcm[b][a]);
    for (int a = 0; a < 3; a++) list.push_back(vcm[b][a]);
    for (int a = 0; a < 3; a++) list.push_back(angmom[b][a]);
    for (int a = 0; a < 4; a++) list.push_back(quat[b][a]);
    for (int a = 0; a < 3; a++) list.push_back(inertia[b][a]);
    list.push_back(ubuf(imagebody[b]).d);
  }
  return list;
}

void FixRigidQuatHiBody::write_restart(FILE *fp)
{
  std::vector<double> list = {e_bath};
  const std::vector<double> hi = core->restart_values();
  list.push_back(static_cast<double>(hi.size()));
  list.insert(list.end(), hi.begin(), hi.end());
  list.push_back(nbody);
  const std::vector<double> bodies = body_state();
  list.insert(list.end(), bodies.begin(), bodies.end());
  geomint_restart::write_global(fp, comm->me, RESTART_VERSION, list);
}

void FixRigidQuatHiBody::restart(char *buf)
{
  const geomint_restart::Global g = geomint_restart::read_global(buf);
  bool ok = g.versioned && g.version == RESTART_VERSION && g.count >= 3;
  int nhi = 0;
  if (ok) {
    nhi = static_cast<int>(g.values[1]);
    ok = nhi >= 0 && 2 + nhi + 1 <= g.count &&
        g.count == 2 + nhi + 1 + BODY_VALUES * static_cast<int>(g.values[2 + nhi]);
  }
  if (!ok)
    geomint_restart::refuse_global(error, STYLE, id, g, RESTART_VERSION,
                                   "Use the GEOMINT that wrote it, or a new fix ID to start the fix afresh");
  e_bath = g.values[0];
  core->restart_values(g.values + 2, nhi);
  const int nsaved = static_cast<int>(g.values[2 + nhi]);
  if (nsaved != nbody)
    error->all(FLERR, "{}: the restart file has {} bodies for fix {}, this command defines {}; "
               "use the same body definition as the run that wrote the file",
               STYLE, nsaved, id, nbody);
  saved_bodies.assign(g.values + 3 + nhi, g.values + g.count);
  memory->destroy(saved_atoms);
  memory->create(saved_atoms, std::max(atom->nmax, 1), saved_cols, "rigid/quat/hi:saved_atoms");
  for (int i = 0; i < atom->nmax; i++) saved_atoms[i][0] = 0.0;
  restore_pending = true;
  restore_from_file = true;
}

void FixRigidQuatHiBody::grow_arrays(int nmax)
{
  FixRigid::grow_arrays(nmax);
  if (saved_atoms) memory->grow(saved_atoms, nmax, saved_cols, "rigid/quat/hi:saved_atoms");
}

void FixRigidQuatHiBody::copy_arrays(int i, int j, int delflag)
{
  FixRigid::copy_arrays(i, j, delflag);
  if (saved_atoms) std::copy(saved_atoms[i], saved_atoms[i] + saved_cols, saved_atoms[j]);
}

// an atom created after the fix was defined (create_atoms, fix deposit, ...):
// fix rigid leaves it in no body (body -1); CREATED marks it, so that setup()
// names it as created (refuse_atoms_outside_bodies)
static constexpr int CREATED = -2;

void FixRigidQuatHiBody::set_arrays(int i)
{
  FixRigid::set_arrays(i);
  body[i] = CREATED;
}

int FixRigidQuatHiBody::pack_restart(int i, double *buf)
{
  buf[1] = PERATOM_VERSION;
  int m = 2;
  const bool in_body = body[i] >= 0;
  for (int a = 0; a < 3; a++) buf[m++] = in_body ? displace[i][a] : 0.0;
  if (orientflag)
    for (int a = 0; a < orientflag; a++) buf[m++] = in_body && orient ? orient[i][a] : 0.0;
  if (dorientflag)
    for (int a = 0; a < 3; a++) buf[m++] = in_body && dorient ? dorient[i][a] : 0.0;
  buf[0] = m;
  return m;
}

void FixRigidQuatHiBody::unpack_restart(int nlocal, int nth)
{
  const double *record = geomint_restart::peratom_record(lmp, nlocal, nth);
  const int size = static_cast<int>(record[0]);
  const int nvalues = size_restart(nlocal) - 2;
  int first = 2;    // where the values start
  if (size == nvalues + 1)    // version 1 (no version word)
    first = 1;
  else if (size != nvalues + 2 || record[1] != PERATOM_VERSION)
    geomint_restart::refuse_peratom(lmp, STYLE, id, record, PERATOM_VERSION, nvalues,
                                    "Use the GEOMINT that wrote it, with the body definition and "
                                    "atom style of that run, or a new fix ID to start the fix afresh",
                                    " (and version 1, without the version word)");
  // no global record (restart() was not called): nothing to restore
  if (!saved_atoms) return;
  saved_atoms[nlocal][0] = nvalues + 2;
  saved_atoms[nlocal][1] = PERATOM_VERSION;
  for (int a = 0; a < nvalues; a++) saved_atoms[nlocal][2 + a] = record[first + a];
}

int FixRigidQuatHiBody::size_restart(int /*i*/)
{
  return 5 + orientflag + (dorientflag ? 3 : 0);
}

int FixRigidQuatHiBody::maxsize_restart()
{
  return ATOM_COLS;
}

// the longest edge of the box: the length the round-off of positions scales with
double FixRigidQuatHiBody::box_length() const
{
  double box = 0.0;
  for (int a = 0; a < 3; a++) box = std::max(box, domain->boxhi[a] - domain->boxlo[a]);
  return box;
}

// all atoms of all bodies at x = xcm + R displace and v = vcm + omega x
// (R displace), as set_xv/set_v left them, to the round-off of those
// formulas: 1e-8 relative to the lengths (the box and the position) and to
// the speeds (|vcm| + |omega| |R displace|) of the system itself, in any
// units; anything the user changed between runs is far larger
bool FixRigidQuatHiBody::atoms_follow_bodies()
{
  if (!displace || nbody == 0) return false;
  constexpr double REL = 1e-8;
  double **x = atom->x;
  double **v = atom->v;
  const double box = box_length();
  int moved_local = 0;
  for (int i = 0; i < atom->nlocal && !moved_local; i++) {
    const int b = body[i];
    if (b < 0) continue;
    double unwrap[3], r[3], xb[3], vb[3];
    domain->unmap(x[i], xcmimage[i], unwrap);
    MathExtra::matvec(ex_space[b], ey_space[b], ez_space[b], displace[i], r);
    for (int a = 0; a < 3; a++) xb[a] = xcm[b][a] + r[a];
    MathExtra::cross3(omega[b], r, vb);
    const double speed = MathExtra::len3(vcm[b]) + MathExtra::len3(omega[b]) * MathExtra::len3(r);
    for (int a = 0; a < 3; a++) {
      vb[a] += vcm[b][a];
      if (std::fabs(unwrap[a] - xb[a]) > REL * (box + std::fabs(xb[a])) ||
          std::fabs(v[i][a] - vb[a]) > REL * speed)
        moved_local = 1;
    }
  }
  int moved_any = 0;
  MPI_Allreduce(&moved_local, &moved_any, 1, MPI_INT, MPI_MAX, world);
  return !moved_any;
}

// a body whose atoms are all gone (delete_atoms, fix evaporate, lost atoms):
// fix rigid fixes the bodies when the fix is defined and would divide by
// its zero mass; name it and say how to define the bodies anew
void FixRigidQuatHiBody::refuse_empty_bodies()
{
  if (nbody == 0 || !body) return;
  std::vector<int> local(nbody, 0), all(nbody, 0);
  for (int i = 0; i < atom->nlocal; i++)
    if (body[i] >= 0) local[body[i]] = 1;
  MPI_Allreduce(local.data(), all.data(), nbody, MPI_INT, MPI_MAX, world);
  for (int b = 0; b < nbody; b++)
    if (!all[b])
      error->all(FLERR, "{}: body {} of fix {} has no atoms left (deleted or lost since the fix "
                 "was defined); its bodies are fixed when the fix is defined: unfix {} and "
                 "define it again to make bodies of the atoms now present",
                 STYLE, b + 1, id, id);
}

// an atom in no body (created after the fix was defined, or outside the
// group then) that the body definition would put in a body now (bodystyle
// single, molecule, custom: any atom of the group; group: an atom of the
// group and of a body group): fix rigid fixes the bodies when the fix is
// defined and would leave the atom standing still, moved by no integrator;
// name it and say how to define the bodies anew
void FixRigidQuatHiBody::refuse_atoms_outside_bodies()
{
  if (!body) return;
  int bodybits = 0;
  for (const auto &name : body_groups) {
    const int g = group->find(name);
    if (g >= 0) bodybits |= group->bitmask[g];
  }
  std::string failure;
  for (int i = 0; i < atom->nlocal && failure.empty(); i++)
    if (body[i] < 0 && (atom->mask[i] & groupbit) &&
        (body_groups.empty() || (atom->mask[i] & bodybits)))
      failure = fmt::format("{}: atom {} {} after fix {} was defined and is in no rigid body (the "
                            "bodies are made when the fix is defined; it would not move): unfix "
                            "{} and define it again after changing the atoms, or leave the atom "
                            "out of the group of the fix",
                            STYLE, atom->tag[i],
                            body[i] == CREATED ? "was created"
                            : body_groups.empty() ? "joined the group of the fix"
                                                  : "joined the group of the fix or of a body",
                            id, id);
  failure = geomint_error::first_failure(lmp, failure);
  if (!failure.empty()) error->all(FLERR, failure);
}

// the snapshot of the bodies and the atoms' body coordinates, to be put
// back after fix rigid's rebuild
void FixRigidQuatHiBody::snapshot_bodies()
{
  saved_bodies = body_state();
  memory->destroy(saved_atoms);
  memory->create(saved_atoms, std::max(atom->nmax, 1), saved_cols, "rigid/quat/hi:saved_atoms");
  for (int i = 0; i < atom->nlocal; i++) pack_restart(i, saved_atoms[i]);
  restore_pending = true;
  restore_from_file = false;
}

// "" if body b as fix rigid just rebuilt it from the atoms is the saved body
// (same mass, centre of mass and principal moments, to round-off); else what
// differs, saved ("there") and rebuilt ("now").  The same on every rank (bodies are replicated).
std::string FixRigidQuatHiBody::body_changed(int b, const double *saved) const
{
  if (!(std::fabs(saved[0] - masstotal[b]) <= 1e-12 * std::fabs(masstotal[b])))
    return fmt::format("mass: {} there, {} now", saved[0], masstotal[b]);
  double was[3], now[3];
  imageint img = static_cast<imageint>(ubuf(saved[17]).i);
  domain->unmap(saved + 1, img, was);
  domain->unmap(xcm[b], imagebody[b], now);
  const double box = box_length();
  for (int a = 0; a < 3; a++)
    if (!(std::fabs(was[a] - now[a]) <= 1e-8 * (box + std::fabs(now[a]))))
      return fmt::format("centre of mass: ({}, {}, {}) there, ({}, {}, {}) now", was[0], was[1],
                         was[2], now[0], now[1], now[2]);
  double m0[3] = {saved[14], saved[15], saved[16]}, m1[3] = {inertia[b][0], inertia[b][1], inertia[b][2]};
  std::sort(m0, m0 + 3);
  std::sort(m1, m1 + 3);
  for (int a = 0; a < 3; a++)
    if (!(std::fabs(m0[a] - m1[a]) <= 1e-8 * m1[2]))
      return fmt::format("principal moments: {} {} {} there, {} {} {} now", m0[0], m0[1], m0[2], m1[0],
                         m1[1], m1[2]);
  return "";
}

// the state of the run that wrote the restart file (or of the previous run)
// replaces the one that fix rigid just rebuilt from the atoms, unless the
// atoms changed in a way that changes the bodies (masses, sizes, atoms
// added or deleted): then the rebuilt bodies stay, as with fix rigid
void FixRigidQuatHiBody::restore_bodies()
{
  restore_pending = false;
  const bool from_file = restore_from_file;
  restore_from_file = false;
  for (int b = 0; b < nbody; b++) {
    const std::string what = body_changed(b, &saved_bodies[static_cast<size_t>(BODY_VALUES) * b]);
    if (what.empty()) continue;
    if (from_file)
      error->all(FLERR, "{}: body {} does not match the restart file ({}): its atoms (their "
                 "masses, sizes or number) are not those of the run that wrote the file. Restore "
                 "them, or define the fix with a new ID to build the bodies from the atoms as they "
                 "are now",
                 STYLE, b + 1, what);
    // changed between runs: keep fix rigid's rebuild
    memory->destroy(saved_atoms);
    saved_atoms = nullptr;
    saved_bodies.clear();
    return;
  }
  for (int b = 0; b < nbody; b++) {
    const double *v = &saved_bodies[static_cast<size_t>(BODY_VALUES) * b];
    masstotal[b] = v[0];
    for (int a = 0; a < 3; a++) {
      xcm[b][a] = v[1 + a];
      vcm[b][a] = v[4 + a];
      angmom[b][a] = v[7 + a];
      inertia[b][a] = v[14 + a];
    }
    for (int a = 0; a < 4; a++) quat[b][a] = v[10 + a];
    imagebody[b] = static_cast<imageint>(ubuf(v[17]).i);
    MathExtra::q_to_exyz(quat[b], ex_space[b], ey_space[b], ez_space[b]);
    MathExtra::angmom_to_omega(angmom[b], ex_space[b], ey_space[b], ez_space[b], inertia[b],
                               omega[b]);
  }
  const int ncols = size_restart(0);
  int bad = 0;
  for (int i = 0; i < atom->nlocal; i++) {
    if (body[i] < 0) continue;
    if (static_cast<int>(saved_atoms[i][0]) != ncols) {
      bad = 1;
      continue;
    }
    int m = 2;
    for (int a = 0; a < 3; a++) displace[i][a] = saved_atoms[i][m++];
    for (int a = 0; a < orientflag; a++) orient[i][a] = saved_atoms[i][m++];
    if (dorientflag)
      for (int a = 0; a < 3; a++) dorient[i][a] = saved_atoms[i][m++];
  }
  int anybad = 0;
  MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, world);
  if (anybad)
    error->all(FLERR, "{}: some body atoms have no body coordinates in the restart file (atoms "
               "added after it was written?); define the fix with a new ID to rebuild the bodies",
               STYLE);
  memory->destroy(saved_atoms);
  saved_atoms = nullptr;
  saved_bodies.clear();
}

double FixRigidQuatHiBody::memory_usage()
{
  double bytes = FixRigid::memory_usage();
  bytes += static_cast<double>(coeff.capacity()) * sizeof(geomint::RigidOUCoeff);
  bytes += static_cast<double>(pack.capacity() + moved.capacity()) * sizeof(double);
  if (saved_atoms) bytes += static_cast<double>(atom->nmax) * saved_cols * sizeof(double);
  bytes += core->memory_usage();
  return bytes;
}
