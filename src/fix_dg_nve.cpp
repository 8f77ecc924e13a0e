/* ----------------------------------------------------------------------
   GEOMINT - fix dg/nve (spec/discrete_gradients.md sections 2, 3.3, 5)

   The Velocity-DG step of seed 003: with the discrete force
   fbar = -grad_bar V(x^n, x^{n+1}),
     x^{n+1} = x^n + dt (v^n + dtfm fbar)
     v^{n+1} = v^n + 2 dtfm fbar
   solved by fixed-point iteration from the Verlet predictor.  The energy
   KE + V is conserved to the solver tolerance; momentum exactly.
------------------------------------------------------------------------- */

#include "fix_dg_nve.h"

#include "dg_style.h"
#include "geomint_comm.h"
#include "geomint_compat.h"

#include "angle.h"
#include "atom.h"
#include "bond.h"
#include "comm.h"
#include "dihedral.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "group.h"
#include "improper.h"
#include "kspace.h"
#include "memory.h"
#include "modify.h"
#include "neighbor.h"
#include "pair.h"
#include "pair_hybrid.h"
#include "update.h"
#include "utils.h"

#include <cmath>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;

static const char *const STYLE = "Fix dg/nve";

enum { ONFAIL_ERROR, ONFAIL_WARN, ONFAIL_IGNORE };

namespace {
// the sub-styles of pair hybrid (protected members, read through member pointers)
struct HybridAccess : public PairHybrid {
  static int PairHybrid::*count() { return &HybridAccess::nstyles; }
  static Pair **PairHybrid::*list() { return &HybridAccess::styles; }
  static char **PairHybrid::*names() { return &HybridAccess::keywords; }
};
}    // namespace

// declared in dg_style.h: the neighbor-list margin of the DG pair styles
double LAMMPS_NS::dg_nve_margin(LAMMPS *lmp)
{
  for (int i = 0; i < lmp->modify->nfix; i++)
    if (strcmp(lmp->modify->fix[i]->style, "dg/nve") == 0) {
      int dim = 0;
      auto *md = static_cast<double *>(lmp->modify->fix[i]->extract("maxdisp", dim));
      if (md) return 2.0 * (*md);
    }
  return 0.0;
}

/* ---------------------------------------------------------------------- */

FixDGNVE::FixDGNVE(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), tol(1e-10), maxiter(50), predictor(1), maxdisp(-1.0), variant(-1),
    onfail(ONFAIL_ERROR), dtv(0.0), dtf(0.0), last_iter(0), last_inc(0.0), last_maxdisp(0.0),
    last_energy_error(0.0), nsteps(0), total_iter(0), nfail(0), nmax(0), xold(nullptr),
    vold(nullptr), fdg(nullptr), gcur(nullptr), rcur(nullptr), gprev(nullptr), rprev(nullptr),
    anderson(0), newton_solver(0), krylov(10), ktol(1e-3)
{
  time_integrate = 1;
  dynamic_group_allow = 0;
  restart_global = 1;
  scalar_flag = 1;
  vector_flag = 1;
  size_vector = 6;
  extscalar = 0;
  extvector = 0;
  global_freq = 1;
  comm_reverse = 3;

  if (igroup != 0)
    error->all(FLERR, "{}: the group must be all (the discrete gradient couples every atom "
               "through the forces)", STYLE);

  int iarg = 3;
  while (iarg < narg) {
    const std::string kw = arg[iarg];
    if (iarg + 1 >= narg) error->all(FLERR, "{}: keyword {} needs a value", STYLE, kw);
    const char *val = arg[iarg + 1];
    if (kw == "tol") {
      tol = utils::numeric(FLERR, val, false, lmp);
      if (!(tol > 0.0)) error->all(FLERR, "{}: tol must be > 0 (got {})", STYLE, val);
    } else if (kw == "maxiter") {
      maxiter = utils::inumeric(FLERR, val, false, lmp);
      if (maxiter < 1) error->all(FLERR, "{}: maxiter must be >= 1 (got {})", STYLE, val);
    } else if (kw == "solver") {
      if (strcmp(val, "fixed") == 0) {
        anderson = 0;
      } else if (strcmp(val, "anderson") == 0) {
        anderson = 1;
      } else if (strcmp(val, "newton") == 0) {
        anderson = 0;
        newton_solver = 1;
      } else {
        error->all(FLERR, "{}: solver must be anderson, fixed or newton (got {})", STYLE, val);
      }
    } else if (kw == "krylov") {
      krylov = utils::inumeric(FLERR, val, false, lmp);
      if (krylov < 1) error->all(FLERR, "{}: krylov must be >= 1 (got {})", STYLE, val);
    } else if (kw == "ktol") {
      ktol = utils::numeric(FLERR, val, false, lmp);
      if (!(ktol > 0.0 && ktol < 1.0))
        error->all(FLERR, "{}: ktol must be between 0 and 1 (got {})", STYLE, val);
    } else if (kw == "predictor") {
      if (strcmp(val, "verlet") == 0) predictor = 1;
      else if (strcmp(val, "none") == 0) predictor = 0;
      else error->all(FLERR, "{}: predictor must be verlet or none (got {})", STYLE, val);
    } else if (kw == "maxdisp") {
      maxdisp = utils::numeric(FLERR, val, false, lmp);
      if (!(maxdisp > 0.0)) error->all(FLERR, "{}: maxdisp must be > 0 (got {})", STYLE, val);
    } else if (kw == "dg") {
      if (strcmp(val, "sym") == 0) variant = geomint::dg::SYM;
      else if (strcmp(val, "left") == 0) variant = geomint::dg::LEFT;
      else if (strcmp(val, "right") == 0) variant = geomint::dg::RIGHT;
      else error->all(FLERR, "{}: dg must be sym, left or right (got {})", STYLE, val);
    } else if (kw == "onfail") {
      if (strcmp(val, "error") == 0) onfail = ONFAIL_ERROR;
      else if (strcmp(val, "warn") == 0) onfail = ONFAIL_WARN;
      else if (strcmp(val, "ignore") == 0) onfail = ONFAIL_IGNORE;
      else error->all(FLERR, "{}: onfail must be error, warn or ignore (got {})", STYLE, val);
    } else {
      error->all(FLERR, "{}: unknown keyword '{}'; valid keywords are tol, maxiter, solver, "
                 "krylov, ktol, predictor, maxdisp, dg, onfail", STYLE, kw);
    }
    iarg += 2;
  }
  // default: half the neighbor skin (the margin of the pair lists is 2 maxdisp)
  if (maxdisp < 0.0) maxdisp = 0.5 * neighbor->skin;
}

FixDGNVE::~FixDGNVE()
{
  memory->destroy(xold);
  memory->destroy(vold);
  memory->destroy(fdg);
  memory->destroy(gcur);
  memory->destroy(rcur);
  memory->destroy(gprev);
  memory->destroy(rprev);
}

int FixDGNVE::setmask()
{
  return INITIAL_INTEGRATE;
}

/* ----------------------------------------------------------------------
   every active force style must have a DG variant
------------------------------------------------------------------------- */

void FixDGNVE::init()
{
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "{}: run_style respa is not supported; use run_style verlet", STYLE);
  if (force->kspace)
    error->all(FLERR, "{}: kspace styles have no discrete gradient; fix dg/nve supports short-range "
               "pair, bond, angle and dihedral styles only", STYLE);
  for (int i = 0; i < modify->nfix; i++) {
    Fix *other = modify->fix[i];
    if (other != this && other->time_integrate)
      error->all(FLERR, "{}: fix {} ({}) also integrates atoms; fix dg/nve must be the only "
                 "integrator", STYLE, other->id, other->style);
  }

  dgstyles.clear();
  auto need = [this](auto *style, const char *kind, const char *name, const char *hint) {
    if (!style) return;
    DGStyle *dg = dynamic_cast<DGStyle *>(style);
    if (!dg)
      error->all(FLERR, "{}: {} style {} has no discrete-gradient variant; use {}", STYLE, kind,
                 name, hint);
    dgstyles.push_back(dg);
  };
  std::vector<Pair *> pairs;
  if (force->pair && utils::strmatch(force->pair_style, "^hybrid")) {
    auto *hybrid = dynamic_cast<PairHybrid *>(force->pair);
    const int n = hybrid->*HybridAccess::count();
    for (int m = 0; m < n; m++) {
      Pair *sub = (hybrid->*HybridAccess::list())[m];
      need(sub, "pair", (hybrid->*HybridAccess::names())[m], "lj/cut/dg or lj/mdf/dg");
      pairs.push_back(sub);
    }
  } else if (force->pair) {
    need(force->pair, "pair", force->pair_style, "lj/cut/dg or lj/mdf/dg");
    pairs.push_back(force->pair);
  }
  need(force->bond, "bond", force->bond_style, "harmonic/dg");
  need(force->angle, "angle", force->angle_style, "harmonic/dg or cosine/squared/dg");
  need(force->dihedral, "dihedral", force->dihedral_style, "nharmonic/dg or opls/dg");
  need(force->improper, "improper", force->improper_style, "none (no improper DG styles yet)");
  if (dgstyles.empty() && comm->me == 0)
    error->warning(FLERR, "{}: no force styles are defined; atoms move in straight lines", STYLE);

  for (DGStyle *dg : dgstyles) {
    if (variant >= 0) dg->set_dg_variant(variant);
  }
  for (Pair *p : pairs) {
    DGStyle *pdg = dynamic_cast<DGStyle *>(p);
    if (pdg->dg_margin() < 2.0 * maxdisp * (1.0 - 1e-12))
      error->all(FLERR, "{}: pair style margin {} is smaller than 2 x maxdisp = {}", STYLE,
                 pdg->dg_margin(), 2.0 * maxdisp);
  }
  bool sym = true;
  for (DGStyle *dg : dgstyles) sym = sym && dg->dg_symmetric();
  if (!sym && comm->me == 0)
    error->warning(FLERR, "{}: a left/right discrete gradient is in use: the method is first "
                   "order and not time-symmetric (use dg sym for second order)", STYLE);
  if ((neighbor->every != 1 || neighbor->delay != 0 || !neighbor->dist_check) && comm->me == 0)
    error->warning(FLERR, "{}: use 'neigh_modify every 1 delay 0 check yes': the neighbor lists "
                   "must be rebuilt as soon as atoms move skin/2", STYLE);
  reset_dt();
}

void FixDGNVE::reset_dt()
{
  dtv = update->dt;
  dtf = 0.5 * update->dt * force->ftm2v;
}

void FixDGNVE::grow()
{
  if (atom->nmax <= nmax) return;
  nmax = atom->nmax;
  memory->destroy(xold);
  memory->destroy(vold);
  memory->destroy(fdg);
  memory->create(xold, nmax, 3, "dg/nve:xold");
  memory->create(vold, nmax, 3, "dg/nve:vold");
  memory->create(fdg, nmax, 3, "dg/nve:fdg");
  memory->destroy(gcur);
  memory->destroy(rcur);
  memory->destroy(gprev);
  memory->destroy(rprev);
  memory->create(gcur, nmax, 3, "dg/nve:gcur");
  memory->create(rcur, nmax, 3, "dg/nve:rcur");
  memory->create(gprev, nmax, 3, "dg/nve:gprev");
  memory->create(rprev, nmax, 3, "dg/nve:rprev");
}

/* ----------------------------------------------------------------------
   the whole step (spec 5.4); final_integrate has nothing to do
------------------------------------------------------------------------- */

void FixDGNVE::initial_integrate(int /*vflag*/)
{
  grow();
  double **x = atom->x;
  double **v = atom->v;
  double **f = atom->f;
  const double *rmass = atom->rmass;
  const double *mass = atom->mass;
  const int *type = atom->type;
  const int nlocal = atom->nlocal;
  const int nall = nlocal + atom->nghost;

  // x^n for owned and (current) ghost atoms, v^n; kinetic energy before
  double ke_old = 0.0;
  for (int i = 0; i < nall; i++)
    for (int d = 0; d < 3; d++) xold[i][d] = x[i][d];
  for (int i = 0; i < nlocal; i++) {
    const double m = rmass ? rmass[i] : mass[type[i]];
    for (int d = 0; d < 3; d++) vold[i][d] = v[i][d];
    ke_old += m * (v[i][0] * v[i][0] + v[i][1] * v[i][1] + v[i][2] * v[i][2]);
  }

  // predictor: the Verlet position (f holds the force at x^n)
  for (int i = 0; i < nlocal; i++) {
    const double dtfm = dtf / (rmass ? rmass[i] : mass[type[i]]);
    for (int d = 0; d < 3; d++) x[i][d] = xold[i][d] + dtv * (vold[i][d] + predictor * dtfm * f[i][d]);
  }

  double inc = 0.0, vnew = 0.0, vold_sum = 0.0;
  int iter = newton_solver ? newton_krylov(inc, vnew, vold_sum) : fixed_point(inc, vnew, vold_sum);
  const bool converged = iter <= maxiter;
  if (!converged) iter = maxiter;

  // velocities with the same discrete force as the last position update
  double disp_local = 0.0, ke_new = 0.0;
  for (int i = 0; i < nlocal; i++) {
    const double m = rmass ? rmass[i] : mass[type[i]];
    const double dtfm = dtf / m;
    double d2 = 0.0;
    for (int d = 0; d < 3; d++) {
      v[i][d] = vold[i][d] + 2.0 * dtfm * fdg[i][d];
      d2 += (x[i][d] - xold[i][d]) * (x[i][d] - xold[i][d]);
    }
    disp_local = std::max(disp_local, d2);
    ke_new += m * (v[i][0] * v[i][0] + v[i][1] * v[i][1] + v[i][2] * v[i][2]);
  }
  double local[4] = {ke_old, ke_new, vold_sum, vnew}, global[4];
  MPI_Allreduce(local, global, 4, MPI_DOUBLE, MPI_SUM, world);
  double dmax = 0.0;
  MPI_Allreduce(&disp_local, &dmax, 1, MPI_DOUBLE, MPI_MAX, world);
  dmax = std::sqrt(dmax);

  last_iter = iter;
  last_inc = inc;
  last_maxdisp = dmax;
  // |dKE + dV| with V at the last evaluated iterate: the solver's energy error
  last_energy_error =
      std::fabs(0.5 * force->mvv2e * (global[1] - global[0]) + (global[3] - global[2]));
  nsteps++;
  total_iter += iter;

  if (dmax > maxdisp)
    error->all(FLERR, "{}: an atom moved {:.6g} in step {}, more than maxdisp {:.6g}; the DG "
               "neighbor lists may miss pairs: reduce the timestep or raise maxdisp (and the "
               "neighbor skin)", STYLE, dmax, update->ntimestep, maxdisp);
  if (!converged) {
    nfail++;
    if (onfail == ONFAIL_ERROR)
      error->all(FLERR, "{}: the implicit step did not converge in {} iterations at step {} "
                 "(last increment {:.3g} > tol {:.3g}); reduce the timestep, raise maxiter, or "
                 "use onfail warn", STYLE, maxiter, update->ntimestep, inc, tol);
    if (onfail == ONFAIL_WARN && comm->me == 0)
      error->warning(FLERR, "{}: the implicit step did not converge in {} iterations at step {} "
                     "(last increment {:.3g} > tol {:.3g})", STYLE, maxiter, update->ntimestep,
                     inc, tol);
  }
}

/* ----------------------------------------------------------------------
   solver fixed / anderson: the fixed-point iteration (see below); returns the
   iteration count (maxiter + 1 if not converged)
------------------------------------------------------------------------- */

int FixDGNVE::fixed_point(double &inc, double &vnew, double &vold_sum)
{
  // fixed point u = G(u) = x^n + dt (v^n + dtfm fbar(x^n, u)); with Anderson(1)
  // mixing the next iterate is G(u_k) - gamma (G(u_k) - G(u_k-1)), gamma from the
  // residuals r = G(u) - u.  The step always ends with the plain x = G(u_k), so
  // that x and v use the same fbar (exact momentum, energy error ~ tol).
  double **x = atom->x;
  const double *rmass = atom->rmass;
  const double *mass = atom->mass;
  const int *type = atom->type;
  const int nlocal = atom->nlocal;
  int iter;
  for (iter = 1; iter <= maxiter; iter++) {
    discrete_force(vnew, vold_sum);
    double inc_local = 0.0, dots[2] = {0.0, 0.0};
    for (int i = 0; i < nlocal; i++) {
      const double dtfm = dtf / (rmass ? rmass[i] : mass[type[i]]);
      for (int d = 0; d < 3; d++) {
        const double g = xold[i][d] + dtv * (vold[i][d] + dtfm * fdg[i][d]);
        const double r = g - x[i][d];
        inc_local = std::max(inc_local, std::fabs(r));
        if (anderson && iter > 1) {
          const double dr = r - rprev[i][d];
          dots[0] += r * dr;
          dots[1] += dr * dr;
        }
        gcur[i][d] = g;
        rcur[i][d] = r;
      }
    }
    MPI_Allreduce(&inc_local, &inc, 1, MPI_DOUBLE, MPI_MAX, world);
    double gamma = 0.0;
    if (anderson && iter > 1) {
      double all[2];
      MPI_Allreduce(dots, all, 2, MPI_DOUBLE, MPI_SUM, world);
      if (all[1] > 0.0) gamma = all[0] / all[1];
    }
    // (gprev is only read once it was written, in an earlier iteration of this step)
    const bool mix = anderson && iter > 1 && !(inc < tol || iter == maxiter);
    for (int i = 0; i < nlocal; i++)
      for (int d = 0; d < 3; d++) {
        const double g = gcur[i][d];
        x[i][d] = mix ? g - gamma * (g - gprev[i][d]) : g;
        gprev[i][d] = g;
        rprev[i][d] = rcur[i][d];
      }
    if (inc < tol) break;
  }
  return iter;
}

/* ----------------------------------------------------------------------
   fdg = fbar(xold, x) for owned atoms (ghost trial positions communicated,
   ghost contributions summed onto their owners)
------------------------------------------------------------------------- */

void FixDGNVE::discrete_force(double &vnew, double &vold_sum)
{
  const int nall = atom->nlocal + atom->nghost;
  comm->forward_comm();    // trial positions of the ghosts (same PBC images as xold)
  for (int i = 0; i < nall; i++) fdg[i][0] = fdg[i][1] = fdg[i][2] = 0.0;
  vnew = vold_sum = 0.0;
  for (DGStyle *dg : dgstyles) dg->compute_dg(xold, atom->x, fdg, vnew, vold_sum);
  if (force->newton_pair || force->newton_bond) geomint_compat::reverse_comm(comm, this);
}

/* ----------------------------------------------------------------------
   solver newton: Jacobian-free Newton-Krylov on F(u) = u - G(u),
   G(u) = x^n + dt (v^n + dtfm fbar(x^n, u)); J w = w - dG w with
   dG w = dt dtfm (fbar(u + eps w) - fbar(u)) / eps, GMRES (no restart).
   Every fbar evaluation counts as an iteration; the step ends, like the
   fixed point, with the plain x = G(u_k) of the last residual evaluation.
   Returns the iteration count (maxiter + 1 if not converged).
------------------------------------------------------------------------- */

int FixDGNVE::newton_krylov(double &inc, double &vnew, double &vold_sum)
{
  double **x = atom->x;
  const double *rmass = atom->rmass;
  const double *mass = atom->mass;
  const int *type = atom->type;
  const int nlocal = atom->nlocal;
  const int n = 3 * nlocal;
  auto dtfm_of = [&](int i) { return dtf / (rmass ? rmass[i] : mass[type[i]]); };
  auto dot = [this, n](const std::vector<double> &a, const std::vector<double> &b) {
    double local = 0.0, all = 0.0;
    for (int k = 0; k < n; k++) local += a[k] * b[k];
    MPI_Allreduce(&local, &all, 1, MPI_DOUBLE, MPI_SUM, world);
    return all;
  };
  std::vector<double> u(n), r(n), fu(n);
  std::vector<std::vector<double>> V;
  int evals = 0;
  while (true) {
    // residual r = G(u) - u at the current u = x
    discrete_force(vnew, vold_sum);
    evals++;
    double inc_local = 0.0;
    for (int i = 0; i < nlocal; i++)
      for (int d = 0; d < 3; d++) {
        const double g = xold[i][d] + dtv * (vold[i][d] + dtfm_of(i) * fdg[i][d]);
        u[3 * i + d] = x[i][d];
        r[3 * i + d] = g - x[i][d];
        fu[3 * i + d] = fdg[i][d];
        inc_local = std::max(inc_local, std::fabs(g - x[i][d]));
      }
    MPI_Allreduce(&inc_local, &inc, 1, MPI_DOUBLE, MPI_MAX, world);
    if (inc < tol || evals >= maxiter) {
      for (int i = 0; i < nlocal; i++)
        for (int d = 0; d < 3; d++) x[i][d] += r[3 * i + d];    // plain x = G(u)
      return inc < tol ? evals : maxiter + 1;
    }

    // GMRES for J delta = r (J = I - dG), from delta = 0
    const double beta = std::sqrt(dot(r, r));
    const int m = std::min(krylov, maxiter - evals);
    V.assign(1, r);
    for (double &q : V[0]) q /= beta;
    std::vector<std::vector<double>> H(m + 1, std::vector<double>(m, 0.0));
    std::vector<double> cs(m, 0.0), sn(m, 0.0), e(m + 1, 0.0);
    e[0] = beta;
    int k = 0;
    const double unorm = std::sqrt(dot(u, u));
    for (; k < m; k++) {
      // w = J v_k by a finite difference of fbar
      const double eps = 1.4901161193847656e-08 * (1.0 + unorm);
      for (int i = 0; i < nlocal; i++)
        for (int d = 0; d < 3; d++) x[i][d] = u[3 * i + d] + eps * V[k][3 * i + d];
      double vn_dummy, vo_dummy;
      discrete_force(vn_dummy, vo_dummy);
      evals++;
      std::vector<double> w(n);
      for (int i = 0; i < nlocal; i++)
        for (int d = 0; d < 3; d++)
          w[3 * i + d] = V[k][3 * i + d] -
              dtv * dtfm_of(i) * (fdg[i][d] - fu[3 * i + d]) / eps;
      // Arnoldi (modified Gram-Schmidt)
      for (int j = 0; j <= k; j++) {
        H[j][k] = dot(w, V[j]);
        for (int q = 0; q < n; q++) w[q] -= H[j][k] * V[j][q];
      }
      H[k + 1][k] = std::sqrt(dot(w, w));
      // Givens rotations keep H upper triangular; e holds the residual norms
      for (int j = 0; j < k; j++) {
        const double t = cs[j] * H[j][k] + sn[j] * H[j + 1][k];
        H[j + 1][k] = -sn[j] * H[j][k] + cs[j] * H[j + 1][k];
        H[j][k] = t;
      }
      const double den = std::sqrt(H[k][k] * H[k][k] + H[k + 1][k] * H[k + 1][k]);
      cs[k] = den > 0.0 ? H[k][k] / den : 1.0;
      sn[k] = den > 0.0 ? H[k + 1][k] / den : 0.0;
      const double hkk1 = H[k + 1][k];
      H[k][k] = cs[k] * H[k][k] + sn[k] * H[k + 1][k];
      H[k + 1][k] = 0.0;
      e[k + 1] = -sn[k] * e[k];
      e[k] = cs[k] * e[k];
      if (std::fabs(e[k + 1]) <= ktol * beta || !(hkk1 > 0.0) || evals >= maxiter) {
        k++;
        break;
      }
      V.push_back(w);
      for (double &q : V[k + 1]) q /= hkk1;
    }
    // y = H^-1 e (upper triangular k x k), u += V y
    std::vector<double> y(k, 0.0);
    for (int j = k - 1; j >= 0; j--) {
      double sum = e[j];
      for (int q = j + 1; q < k; q++) sum -= H[j][q] * y[q];
      y[j] = sum / H[j][j];
    }
    for (int i = 0; i < nlocal; i++)
      for (int d = 0; d < 3; d++) {
        double du = 0.0;
        for (int j = 0; j < k; j++) du += y[j] * V[j][3 * i + d];
        x[i][d] = u[3 * i + d] + du;
      }
  }
}

/* ----------------------------------------------------------------------
   outputs: scalar = iterations of the last step; vector (spec 5.1)
------------------------------------------------------------------------- */

double FixDGNVE::compute_scalar()
{
  return last_iter;
}

double FixDGNVE::compute_vector(int n)
{
  switch (n) {
    case 0: return last_iter;
    case 1: return nsteps ? static_cast<double>(total_iter) / nsteps : 0.0;
    case 2: return last_inc;
    case 3: return static_cast<double>(nfail);
    case 4: return last_maxdisp;
    case 5: return last_energy_error;
  }
  return 0.0;
}

void FixDGNVE::write_restart(FILE *fp)
{
  double list[3] = {static_cast<double>(nsteps), static_cast<double>(total_iter),
                    static_cast<double>(nfail)};
  if (comm->me == 0) {
    int size = 3 * sizeof(double);
    fwrite(&size, sizeof(int), 1, fp);
    fwrite(list, sizeof(double), 3, fp);
  }
}

void FixDGNVE::restart(char *buf)
{
  const double *list = reinterpret_cast<const double *>(buf);
  nsteps = static_cast<bigint>(list[0]);
  total_iter = static_cast<bigint>(list[1]);
  nfail = static_cast<bigint>(list[2]);
}

void *FixDGNVE::extract(const char *str, int &dim)
{
  dim = 0;
  if (strcmp(str, "maxdisp") == 0) return &maxdisp;
  return nullptr;
}

int FixDGNVE::pack_reverse_comm(int n, int first, double *buf)
{
  return geomint_comm::pack_reverse3(fdg, n, first, buf);
}

void FixDGNVE::unpack_reverse_comm(int n, int *list, double *buf)
{
  geomint_comm::unpack_reverse3(fdg, n, list, buf);
}

double FixDGNVE::memory_usage()
{
  return 21.0 * nmax * sizeof(double);
}
