/* ----------------------------------------------------------------------
   GEOMINT - shared part of fix rigid/quat/hi: keywords, temperature, the
   friction without HI, the noise and the dense RPY step.  The mathematics
   is in lib/geomint (quaternion.h, rpy.h, ou_hi.h, random.h).
------------------------------------------------------------------------- */

#include "rigid_quat_hi_core.h"

#include "geomint_compat.h"
#include "geomint_groups.h"
#include "geomint_mpi_stubs.h"
#include "geomint_parse.h"
#include "geomint_target.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "fix.h"
#include "force.h"
#include "input.h"
#include "modify.h"
#include "update.h"
#include "utils.h"
#include "variable.h"

#include "geomint/quaternion.h"
#include "geomint/random.h"
#include "geomint/rpy.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

using namespace LAMMPS_NS;

RigidQuatHiCore::RigidQuatHiCore(LAMMPS *lmp, const std::string &style_) :
    Pointers(lmp), hi(HI_OFF), noise(rqh::NOISE_GAUSSIAN), rotor(ROTOR_SPLIT), every(1), tally(true),
    normalize(true), eta(0.0), radius_mode(RADIUS_NONE), radius_const(0.0), gamma_t_given(0),
    gamma_r_given(0), gamma_t{0.0, 0.0, 0.0}, gamma_r{0.0, 0.0, 0.0}, t_start(0.0), t_stop(0.0),
    t_target(0.0), tvar(-1), seed(0), style(style_), factor_valid(false), first_factor_of_run(true),
    factor_step(-1), factor_h(0.0), restored(false), mobility_min(0.0), last_hi_seconds(0.0), last_factor_seconds(0.0)
{
}

RigidQuatHiCore::~RigidQuatHiCore() = default;

/* ----------------------------------------------------------------------
   Tstart Tstop seed [keyword value ...]
------------------------------------------------------------------------- */

void RigidQuatHiCore::parse(int narg, char **arg, int k)
{
  if (narg < 3)
    error->all(FLERR, "{}: expected Tstart Tstop seed after the body style", style);
  if (utils::strmatch(arg[0], "^v_")) {
    tvar_name = geomint_target::variable_name(lmp, style, arg[0]);
  } else {
    t_start = utils::numeric(FLERR, arg[0], false, lmp);
    t_stop = utils::numeric(FLERR, arg[1], false, lmp);
    if (t_start < 0.0 || t_stop < 0.0)
      error->all(FLERR, "{}: temperatures must be >= 0 (got Tstart {} Tstop {})", style, arg[0],
                 arg[1]);
  }
  seed = static_cast<unsigned>(geomint_parse::seed(lmp->error, style, arg[2]));

  const int ntypes = atom->ntypes;
  auto need = [&](const std::string &kw, int n) {
    if (k + n >= narg)
      error->all(FLERR, "{}: keyword {} needs {} value{}", style, kw, n, n > 1 ? "s" : "");
  };
  auto positive = [&](const std::string &kw, const char *str, bool allow_zero) {
    const double v = utils::numeric(FLERR, str, false, lmp);
    if (allow_zero ? !(v >= 0.0) : !(v > 0.0))
      error->all(FLERR, "{}: {} must be {} 0 (got {}); a friction matrix must be symmetric "
                 "positive {}definite",
                 style, kw, allow_zero ? ">=" : ">", str, allow_zero ? "semi-" : "");
    return v;
  };
  while (k < narg) {
    const std::string kw = arg[k];
    if (kw == "hi") {
      need(kw, 1);
      if (strcmp(arg[k + 1], "off") == 0)
        hi = HI_OFF;
      else if (strcmp(arg[k + 1], "rpy") == 0)
        hi = HI_RPY;
      else if (strcmp(arg[k + 1], "user") == 0)
        error->all(FLERR, "{}: hi user (a friction matrix given by the user) is not implemented; "
                   "use hi off with gamma_t/gamma_r (or their _eigen forms), or hi rpy", style);
      else
        error->all(FLERR, "{}: hi must be off or rpy (got '{}')", style, arg[k + 1]);
      k += 2;
    } else if (kw == "viscosity") {
      need(kw, 1);
      eta = positive(kw, arg[k + 1], false);
      k += 2;
    } else if (kw == "radius") {
      need(kw, 1);
      if (strcmp(arg[k + 1], "atom") == 0) {
        radius_mode = RADIUS_ATOM;
        k += 2;
      } else if (strcmp(arg[k + 1], "type") == 0) {
        need(kw, 1 + ntypes);
        radius_mode = RADIUS_TYPE;
        radius_type.assign(ntypes + 1, 0.0);
        for (int t = 1; t <= ntypes; t++) radius_type[t] = positive("radius", arg[k + 1 + t], false);
        k += 2 + ntypes;
      } else {
        radius_mode = RADIUS_CONST;
        radius_const = positive(kw, arg[k + 1], false);
        k += 2;
      }
    } else if (kw == "gamma_t" || kw == "gamma_r") {
      need(kw, 1);
      const double g = positive(kw, arg[k + 1], true);
      double *dst = kw == "gamma_t" ? gamma_t : gamma_r;
      dst[0] = dst[1] = dst[2] = g;
      (kw == "gamma_t" ? gamma_t_given : gamma_r_given) = 1;
      k += 2;
    } else if (kw == "gamma_t_eigen" || kw == "gamma_r_eigen") {
      need(kw, 3);
      double *dst = kw == "gamma_t_eigen" ? gamma_t : gamma_r;
      for (int a = 0; a < 3; a++) dst[a] = positive(kw, arg[k + 1 + a], true);
      (kw == "gamma_t_eigen" ? gamma_t_given : gamma_r_given) = 3;
      k += 4;
    } else if (kw == "noise") {
      need(kw, 1);
      if (strcmp(arg[k + 1], "gaussian") == 0)
        noise = rqh::NOISE_GAUSSIAN;
      else if (strcmp(arg[k + 1], "threepoint") == 0)
        noise = rqh::NOISE_THREEPOINT;
      else if (strcmp(arg[k + 1], "uniform") == 0)
        noise = rqh::NOISE_UNIFORM;
      else
        error->all(FLERR, "{}: noise must be gaussian, threepoint or uniform (got '{}')", style,
                   arg[k + 1]);
      k += 2;
    } else if (kw == "rotor") {
      need(kw, 1);
      if (strcmp(arg[k + 1], "split") == 0)
        rotor = ROTOR_SPLIT;
      else if (strcmp(arg[k + 1], "nosquish") == 0)
        rotor = ROTOR_NOSQUISH;
      else
        error->all(FLERR, "{}: rotor must be split or nosquish (got '{}')", style, arg[k + 1]);
      k += 2;
    } else if (kw == "ou") {
      // the exact OU step: eig (eigendecomposition, the only one implemented)
      need(kw, 1);
      if (strcmp(arg[k + 1], "padechol") == 0)
        error->all(FLERR, "{}: ou padechol (the paper's Pade exponential with a Cholesky factor) "
                   "is not implemented; ou eig (the default) computes the same exact OU step from "
                   "an eigendecomposition", style);
      if (strcmp(arg[k + 1], "eig") != 0)
        error->all(FLERR, "{}: ou must be eig (got '{}')", style, arg[k + 1]);
      k += 2;
    } else if (kw == "every") {
      need(kw, 1);
      every = utils::inumeric(FLERR, arg[k + 1], false, lmp);
      if (every < 1) error->all(FLERR, "{}: every must be >= 1 (got {})", style, arg[k + 1]);
      k += 2;
    } else if (kw == "tally") {
      need(kw, 1);
      tally = geomint_parse::yes_no(error, style, kw, arg[k + 1]);
      k += 2;
    } else if (kw == "normalize") {
      need(kw, 1);
      normalize = geomint_parse::yes_no(error, style, kw, arg[k + 1]);
      k += 2;
    } else {
      // (a number here: a keyword before it got more values than it takes)
      const std::string hint = utils::is_double(kw)
          ? fmt::format(" (a number where a keyword belongs: radius type takes one value per atom "
                        "type, {} here; gamma_t and gamma_r one, their _eigen forms three)", ntypes)
          : "";
      error->all(FLERR, "{}: unknown keyword '{}'{}; valid keywords are hi, viscosity, radius, "
                 "gamma_t, gamma_r, gamma_t_eigen, gamma_r_eigen, noise, rotor, ou, every, tally, "
                 "normalize",
                 style, kw, hint);
    }
  }

  // what the friction is made of
  if (hi == HI_RPY) {
    if (eta <= 0.0 || radius_mode == RADIUS_NONE)
      error->all(FLERR, "{}: hi rpy needs the viscosity and radius keywords (the RPY mobility "
                 "of spheres of radius a in a fluid of viscosity eta)",
                 style);
    if (gamma_t_given || gamma_r_given)
      error->all(FLERR, "{}: gamma_t/gamma_r/gamma_*_eigen set the friction of hi off only; with "
                 "hi rpy the friction is the inverse of the RPY mobility",
                 style);
  } else {
    const bool stokes = eta > 0.0 && radius_mode != RADIUS_NONE;
    if ((!gamma_t_given || !gamma_r_given) && !stokes)
      error->all(FLERR, "{}: no friction given: use viscosity and radius (Stokes friction "
                 "6 pi eta a and 8 pi eta a^3) or gamma_t and gamma_r (or their _eigen forms)",
                 style);
    if (every != 1 && comm->me == 0)
      error->warning(FLERR, "{}: every applies to hi rpy only; ignored with hi off", style);
  }
}

/* ---------------------------------------------------------------------- */

void RigidQuatHiCore::init()
{
  if (!tvar_name.empty()) tvar = geomint_target::find_equal_variable(lmp, style, tvar_name);
  if (radius_mode == RADIUS_ATOM && !atom->radius_flag)
    error->all(FLERR, "{}: radius atom needs per-atom radii (an atom style with a radius, e.g. "
               "atom_style hybrid ellipsoid sphere); give radius a or radius type a1 .. aN instead",
               style);
  if (hi == HI_RPY && domain->triclinic && (domain->xperiodic || domain->yperiodic || domain->zperiodic))
    error->all(FLERR, "{}: hi rpy in a periodic triclinic box is not supported", style);
  if (hi == HI_RPY && (domain->xperiodic || domain->yperiodic || domain->zperiodic) && comm->me == 0)
    error->warning(FLERR, "{}: hi rpy in a periodic box uses the minimum-image RPY mobility, which "
                   "is not guaranteed positive definite (Ewald-summed RPY is not implemented); the "
                   "run stops if it is not. Use a non-periodic box (boundary f f f or s s s) with "
                   "confining forces",
                   style);
}

// the thermostats of LAMMPS and GEOMINT that act on atom velocities (forces,
// velocity rescaling or an integrator with a thermostat): on the atoms of a
// body of this fix they would be a second heat bath, and the bodies would
// reach neither temperature (e.g. T = 2.1 for targets 1 and 3)
static bool is_thermostat(const char *style)
{
  if (utils::strmatch(style, "^langevin/spin")) return false;    // acts on spins only
  for (const char *pattern : {"^langevin", "^viscous", "^temp/", "^nvt", "^npt", "^gld", "^gle",
                              "^ttm", "^nh/mod", "^bagogab", "^brownian", "^nve/dotc/langevin"})
    if (utils::strmatch(style, pattern)) return true;
  return false;
}

void RigidQuatHiCore::refuse_unsupported_runs() const
{
  if (domain->dimension == 2)
    error->all(FLERR, "{}: 2d simulations are not supported (quaternion rotations in 3d); "
               "in 2d use fix rigid/small with its langevin keyword (bodies) or fix nve/sphere "
               "with fix langevin ... omega yes (spheres), and fix enforce2d", style);
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "{}: run_style respa is not supported; use run_style verlet", style);
}

void RigidQuatHiCore::refuse_thermostats(Fix *self) const
{
  for (int f = 0; f < modify->nfix; f++) {
    Fix *other = modify->fix[f];
    if (other == self || !is_thermostat(other->style)) continue;
    const bigint n = geomint_groups::atoms_in_both(lmp, self->groupbit, other->groupbit);
    if (n)
      error->all(FLERR, "{}: fix {} ({}) also thermostats {} atoms of this fix, whose bodies this "
                 "fix already thermostats (its friction and noise at Tstart/Tstop); with two heat "
                 "baths the bodies reach neither temperature. Remove fix {} (unfix {}) or leave "
                 "these atoms out of its group; set the friction with this fix's keywords",
                 style, other->id, other->style, n, other->id, other->id);
  }
}

void RigidQuatHiCore::compute_target()
{
  t_target = geomint_target::target(lmp, style, t_start, t_stop, tvar, tvar_name);
}

/* ---------------------------------------------------------------------- */

double RigidQuatHiCore::atom_radius(int i) const
{
  return rqh::hydro_radius(radius_mode, radius_const,
                           radius_mode == RADIUS_TYPE ? radius_type[atom->type[i]] : 0.0,
                           radius_mode == RADIUS_ATOM ? atom->radius[i] : 0.0);
}

geomint::RigidFriction RigidQuatHiCore::friction() const
{
  geomint::RigidFriction fr;
  fr.eta = eta;
  fr.gamma_t_given = gamma_t_given;
  fr.gamma_r_given = gamma_r_given;
  for (int a = 0; a < 3; a++) fr.gamma_t[a] = gamma_t[a], fr.gamma_r[a] = gamma_r[a];
  return fr;
}

rqh::StepParams RigidQuatHiCore::step_params(double kT, double dtf, bool per_type) const
{
  rqh::StepParams p;
  p.friction = friction();
  p.per_type = per_type ? 1 : 0;
  const bool nosquish = rotor == ROTOR_NOSQUISH;
  p.rotor_before = nosquish ? geomint::ROTOR_HALF_NOSQUISH : geomint::ROTOR_HALF_BEFORE;
  p.rotor_after = nosquish ? geomint::ROTOR_HALF_NOSQUISH : geomint::ROTOR_HALF_AFTER;
  p.normalize = normalize ? 1 : 0;
  p.noisy = kT > 0.0 ? 1 : 0;    // at T = 0 the noise is multiplied by 0: it is not drawn
  p.noise_kind = noise;
  p.seed = seed;
  p.step = update->ntimestep;
  p.h = update->dt;
  p.half_h = 0.5 * update->dt;
  p.dtf = dtf;
  p.skt = std::sqrt(kT);
  return p;
}

void RigidQuatHiCore::noise3(long long tag, long long step, unsigned stream, double xi[3]) const
{
  rqh::deviates(seed, tag, step, stream, noise, xi);
}

/* ----------------------------------------------------------------------
   hi rpy: the exact OU step of all momenta with the RPY friction at the
   midpoint.  Rank 0 gathers the bodies, sorts them by tag, builds the
   6n x 6n mobility, factorises it (LAPACK dsyevd) and applies the step;
   each rank gets its own bodies' momenta back.  One rank, not all: the
   matrix (288 n^2 bytes) and the eigensolver's threads are needed once,
   not once per rank, and the messages (19 and 6 doubles per body) cost
   nothing next to the (6n)^3 eigensolve.  The noise of body `tag` is
   Philox(seed, tag, step), so the result does not depend on the ranks.
------------------------------------------------------------------------- */

double RigidQuatHiCore::dense_step(std::vector<double> &pack, int nlocal_b, double kT, double h)
{
  static_assert(sizeof(DenseStatus) == DenseStatus::NVALUES * sizeof(double),
                "DenseStatus is broadcast as NVALUES doubles");
  const long long step = update->ntimestep;
  const int n = gather_bodies(pack, nlocal_b);
  DenseStatus status;
  double heat = 0.0;
  if (comm->me == 0 && n > 0) {
    sort_by_tag(n);
    update_factor(n, h, step, status);
    if (status.code() == DENSE_OK) heat = ou_step(n, kT, step);
    status.lambda_min = mobility_min;
    status.factor_seconds = last_factor_seconds;
  }
  MPI_Bcast(&status, DenseStatus::NVALUES, MPI_DOUBLE, 0, world);
  mobility_min = status.lambda_min;
  last_factor_seconds = status.factor_seconds;
  raise_failure(status, step, nlocal_b);
  scatter_momenta(pack, nlocal_b);
  return heat;
}

/* ----------------------------------------------------------------------
   the records of all ranks' bodies into `gathered` on rank 0 (counts and
   displs: the ranks' shares in doubles); returns their number there (0 on
   the other ranks)
------------------------------------------------------------------------- */

int RigidQuatHiCore::gather_bodies(const std::vector<double> &pack, int nlocal_b)
{
  const int me = comm->me, nprocs = comm->nprocs;
  const int nsend = PACK * nlocal_b;
  counts.resize(nprocs);
  displs.resize(nprocs);
  MPI_Gather(&nsend, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, world);
  int total = 0;
  if (me == 0)
    for (int p = 0; p < nprocs; p++) displs[p] = total, total += counts[p];
  gathered.resize(std::max(total, 1));
  MPI_Gatherv(const_cast<double *>(pack.data()), nsend, MPI_DOUBLE, gathered.data(), counts.data(),
              displs.data(), MPI_DOUBLE, 0, world);
  return total / PACK;
}

/* ----------------------------------------------------------------------
   rank 0: order (gathered record of the j-th body by tag) and cur (their
   configurations, without the momenta, in tag order)
------------------------------------------------------------------------- */

void RigidQuatHiCore::sort_by_tag(int n)
{
  order.resize(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return gathered[PACK * a + REC_TAG] < gathered[PACK * b + REC_TAG];
  });
  cur.resize(static_cast<size_t>(CONF) * n);
  for (int j = 0; j < n; j++)
    std::copy(&gathered[PACK * order[j]], &gathered[PACK * order[j]] + CONF, &cur[CONF * j]);
}

/* ----------------------------------------------------------------------
   rank 0: mass, inertia, rot (space-to-body rotations) of configurations conf
------------------------------------------------------------------------- */

void RigidQuatHiCore::frames_from(const std::vector<double> &conf, int n)
{
  mass.resize(n);
  inertia.resize(3 * n);
  rot.resize(9 * n);
  for (int j = 0; j < n; j++) {
    const double *c = &conf[CONF * j];
    mass[j] = c[REC_MASS];
    for (int a = 0; a < 3; a++) inertia[3 * j + a] = c[REC_INERTIA + a];
    geomint::quat_space_to_body_matrix(c + REC_Q, &rot[9 * j]);
  }
}

/* ----------------------------------------------------------------------
   rank 0: the factor for this step.  The cached one (or the configuration
   restored from a restart file) is kept while it is for the same bodies
   (tags, masses, moments, radii) and the same h, for at most `every` steps
   and as long as time goes forward (reset_timestep to an earlier step makes
   a new one); a new one is checked first (equal radii, no two bodies at
   one place) and then factorised.  A failure is left in status.
------------------------------------------------------------------------- */

void RigidQuatHiCore::update_factor(int n, double h, long long step, DenseStatus &status)
{
  bool match = (factor_valid || restored) && factor_h == h && static_cast<int>(snap.size()) == CONF * n;
  for (int j = 0; match && j < n; j++)
    for (int c : {int(REC_TAG), int(REC_MASS), REC_INERTIA + 0, REC_INERTIA + 1, REC_INERTIA + 2, int(REC_RADIUS)})
      match = match && snap[CONF * j + c] == cur[CONF * j + c];
  restored = false;
  if (!match || step - factor_step >= every || step <= factor_step) {
    snap = cur;
    factor_step = step;
    factor_valid = false;
  }
  if (factor_valid) return;
  frames_from(snap, n);
  // all radii must be equal (RPY of equal spheres)
  for (int j = 1; j < n; j++)
    if (snap[CONF * j + REC_RADIUS] != snap[REC_RADIUS]) {
      status.fail(DENSE_UNEQUAL_RADII);
      status.value = snap[CONF * j + REC_TAG];
      return;
    }
  // two bodies at the same place (e.g. atoms created twice): the RPY
  // blocks of the pair have no direction e = r/|r|, and the mobility
  // would be singular (the two would move as one)
  long long ti = 0, tj = 0;
  double dist = 0.0;
  if (coincident_pair(n, ti, tj, dist)) {
    status.fail(DENSE_COINCIDENT);
    status.tag_i = static_cast<double>(ti);
    status.tag_j = static_cast<double>(tj);
    status.dist = dist;
    return;
  }
  factor_h = h;
  const int info = factorise(n, h, first_factor_of_run);
  if (info) {
    status.fail(DENSE_LAPACK_FAILED);
    status.value = info;
  } else if (!factor_valid) {
    status.fail(DENSE_NOT_POSITIVE);
    status.value = mobility_min;
  }
}

/* ----------------------------------------------------------------------
   rank 0: the exact OU step of all momenta with the factor; the new momenta
   in `back` in the gathered (rank) order, 6 per body; returns the heat
   given to the bath (tally yes; 0 otherwise)
------------------------------------------------------------------------- */

double RigidQuatHiCore::ou_step(int n, double kT, long long step)
{
  // a lagged factor turns with the bodies: the current orientations
  // (masses and moments are those of the factor: update_factor checked them)
  if (factor_step != step) {
    frames_from(cur, n);
    geomint::ou_hi_set_frames(n, mass.data(), inertia.data(), rot.data(), factor);
  }
  chi.resize(6 * n);
  Z.resize(6 * n);
  for (int j = 0; j < n; j++) {
    const double *g = &gathered[PACK * order[j]];
    const long long tag = static_cast<long long>(g[REC_TAG]);
    noise3(tag, step, geomint::STREAM_RQH_T, &chi[3 * j]);
    noise3(tag, step, geomint::STREAM_RQH_R, &chi[3 * n + 3 * j]);
    for (int a = 0; a < 3; a++) {
      Z[3 * j + a] = g[REC_P + a];
      Z[3 * n + 3 * j + a] = g[REC_L + a];
    }
  }
  auto kinetic = [&]() {
    double e = 0.0;
    for (int j = 0; j < n; j++) {
      const double *p = &Z[3 * j], *L = &Z[3 * n + 3 * j];
      e += (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) / (2.0 * mass[j]);
      double b[3];
      geomint::quat_space_to_body(&gathered[PACK * order[j] + REC_Q], L, b);
      for (int a = 0; a < 3; a++) e += b[a] * b[a] / (2.0 * inertia[3 * j + a]);
    }
    return e;
  };
  const double e0 = tally ? kinetic() : 0.0;
  geomint::ou_hi_apply(factor, kT, chi.data(), Z.data());
  const double heat = tally ? e0 - kinetic() : 0.0;
  back.resize(6 * n);
  for (int j = 0; j < n; j++) {
    double *b = &back[6 * order[j]];
    for (int a = 0; a < 3; a++) {
      b[a] = Z[3 * j + a];
      b[3 + a] = Z[3 * n + 3 * j + a];
    }
  }
  return heat;
}

/* ----------------------------------------------------------------------
   collective: the ERROR of a failure of the dense step (status from rank 0;
   nlocal_b: this rank's bodies)
------------------------------------------------------------------------- */

void RigidQuatHiCore::raise_failure(const DenseStatus &status, long long step, int nlocal_b)
{
  switch (status.code()) {
    case DENSE_UNEQUAL_RADII:
      error->all(FLERR, "{}: hi rpy needs equal radii for all bodies (RPY of equal spheres); body "
                 "{} has another radius",
                 style, static_cast<long long>(status.value));
      break;
    case DENSE_NOT_POSITIVE:
      error->all(FLERR, "{}: the RPY mobility is not positive definite at step {} (smallest "
                 "eigenvalue of K^-1/2 mu K^-1/2: {:.6g}). Minimum-image RPY in a periodic box can be "
                 "indefinite (Ewald-summed RPY is not implemented): use a non-periodic box with "
                 "confining forces, or hi off",
                 style, step, status.value);
      break;
    case DENSE_COINCIDENT:
      error->all(FLERR, "{}: hi rpy: {} {} and {} are at distance {} at step {}: the RPY mobility "
                 "of two spheres at one place is singular (they would move as one). Move one of "
                 "them or delete it (e.g. atoms created twice at the same place: delete_atoms "
                 "overlap)",
                 style, tag_name, static_cast<long long>(status.tag_i),
                 static_cast<long long>(status.tag_j), status.dist, step);
      break;
    case DENSE_LAPACK_FAILED: {
      int n = 0;
      MPI_Allreduce(&nlocal_b, &n, 1, MPI_INT, MPI_SUM, world);
      error->all(FLERR, "{}: LAPACK dsyevd failed at step {} (info {}) on the {}x{} mobility",
                 style, step, static_cast<int>(status.value), n * 6, n * 6);
      break;
    }
    case DENSE_OK:
      break;
  }
}

/* ----------------------------------------------------------------------
   the new momenta from rank 0's `back` into each rank's records
------------------------------------------------------------------------- */

void RigidQuatHiCore::scatter_momenta(std::vector<double> &pack, int nlocal_b)
{
  if (comm->me == 0)
    for (int p = 0; p < comm->nprocs; p++)
      counts[p] = counts[p] / PACK * 6, displs[p] = displs[p] / PACK * 6;
  back.resize(std::max<size_t>(back.size(), 1));
  mine.resize(std::max(6 * nlocal_b, 1));
  MPI_Scatterv(back.data(), counts.data(), displs.data(), MPI_DOUBLE, mine.data(), 6 * nlocal_b,
               MPI_DOUBLE, 0, world);
  for (int j = 0; j < nlocal_b; j++)
    for (int a = 0; a < 6; a++) pack[PACK * j + REC_P + a] = mine[6 * j + a];
}

/* ----------------------------------------------------------------------
   rank 0: two bodies of the configuration in snap at the same place (a
   separation without a direction for rpy_pair, after the minimum image in a
   periodic box): their tags and distance
------------------------------------------------------------------------- */

bool RigidQuatHiCore::coincident_pair(int n, long long &tag_i, long long &tag_j, double &dist) const
{
  const bool periodic = domain->xperiodic || domain->yperiodic || domain->zperiodic;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double d[3];
      for (int a = 0; a < 3; a++) d[a] = snap[CONF * i + REC_X + a] - snap[CONF * j + REC_X + a];
      if (periodic) geomint_compat::minimum_image(domain, FLERR, d);
      const double r = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      // (r = 0 also where r^2 underflows: e = d/r is then undefined too)
      if (r != 0.0) continue;
      tag_i = static_cast<long long>(snap[CONF * i + REC_TAG]);
      tag_j = static_cast<long long>(snap[CONF * j + REC_TAG]);
      dist = r;
      return true;
    }
  return false;
}

/* ----------------------------------------------------------------------
   rank 0: factorise the mobility of the configuration in snap (and the
   frames in mass/inertia/rot); sets factor_valid and mobility_min;
   returns the LAPACK info
------------------------------------------------------------------------- */

int RigidQuatHiCore::factorise(int n, double h, bool timed)
{
  const double t0 = MPI_Wtime();
  xs.resize(3 * n);
  for (int j = 0; j < n; j++)
    for (int a = 0; a < 3; a++) xs[3 * j + a] = snap[CONF * j + REC_X + a];
  const size_t N = 6 * static_cast<size_t>(n);
  mu.resize(N * N);
  const double a = snap[REC_RADIUS];
  const bool periodic = domain->xperiodic || domain->yperiodic || domain->zperiodic;
  if (periodic)
    geomint::rpy_mobility(n, xs.data(), a, eta, mu.data(), [this](double *d) {
      geomint_compat::minimum_image(domain, FLERR, d);
    });
  else
    geomint::rpy_mobility(n, xs.data(), a, eta, mu.data());
  const double t1 = MPI_Wtime();
  const int info = geomint::ou_hi_factor(n, mass.data(), inertia.data(), rot.data(), mu.data(), h, factor);
  last_factor_seconds = MPI_Wtime() - t1;
  if (info != 0) {
    factor_valid = false;
    mobility_min = 0.0;
    return info;
  }
  mobility_min = factor.mobility_min;
  factor_valid = mobility_min > 0.0;
  last_hi_seconds = MPI_Wtime() - t0;
  if (timed) {
    first_factor_of_run = false;
    if (n >= 100)
      utils::logmesg(lmp, "{}: hi rpy with {} bodies: mobility {:.1f} MiB, eigenvectors {:.1f} MiB; "
                     "one factorisation {:.3g} s (every {} step{})\n",
                     style, n, 8.0 * N * N / 1048576.0, 8.0 * N * N / 1048576.0, last_hi_seconds,
                     every, every > 1 ? "s" : "");
  }
  return 0;
}

/* ---------------------------------------------------------------------- */

std::vector<double> RigidQuatHiCore::restart_values() const
{
  // [factor_step, n_values, snap..., mobility_min] on rank 0; empty factor:
  // factor_step -1 (mobility_min, the last factorisation's smallest relaxation
  // time, f_ID[1] on the first thermo line of the continued run; layouts
  // written before 28 Nov 2026 end after the snapshot: f_ID[1] reads 0 there
  // until the first step)
  std::vector<double> v;
  const bool keep = hi == HI_RPY && every > 1 && factor_valid;
  v.push_back(keep ? static_cast<double>(factor_step) : -1.0);
  v.push_back(keep ? static_cast<double>(snap.size()) : 0.0);
  if (keep) v.insert(v.end(), snap.begin(), snap.end());
  v.push_back(mobility_min);
  return v;
}

void RigidQuatHiCore::restart_values(const double *v, int n)
{
  factor_valid = false;
  if (n < 2) return;
  const int ns = v[0] < 0.0 ? 0 : static_cast<int>(v[1]);
  if (ns >= 0 && ns + 3 <= n) mobility_min = v[ns + 2];
  if (v[0] < 0.0) return;
  if (ns + 2 > n || comm->me != 0) return;
  snap.assign(v + 2, v + 2 + ns);
  factor_step = static_cast<long long>(v[0]);
  factor_h = update->dt;
  restored = true;
}

double RigidQuatHiCore::memory_usage() const
{
  double n = 0.0;
  const std::vector<double> *const all[] = {&mu, &gathered, &cur, &chi, &Z, &mass, &inertia, &rot, &xs, &snap,
                                       &factor.u, &factor.fm, &factor.fp, &factor.decay,
                                       &factor.amp, &factor.w, &factor.work, &factor.y, &factor.c, &back, &mine};
  for (const std::vector<double> *v : all)
    n += static_cast<double>(v->capacity()) * sizeof(double);
  n += static_cast<double>(factor.iwork.capacity() + counts.capacity() + displs.capacity() +
                           order.capacity()) * sizeof(int);
  return n;
}
