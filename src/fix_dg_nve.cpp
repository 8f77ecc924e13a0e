/* ----------------------------------------------------------------------
   GEOMINT - fix dg/nve: energy-conserving discrete-gradient NVE integrator

   The "Velocity-DG" step of V. Grimm, T. Kliesch and G. R. W. Quispel,
   Discrete gradients in short-range molecular dynamics simulations, Numer.
   Algorithms, doi:10.1007/s11075-023-01717-4 (arXiv:2212.14344): with the
   discrete force
   fbar = -grad_bar V(x^n, x^{n+1}),
     x^{n+1} = x^n + dt (v^n + dtfm fbar)
     v^{n+1} = v^n + 2 dtfm fbar
   solved by fixed-point iteration from the Verlet predictor.  The energy
   KE + V is conserved to the solver tolerance; momentum exactly.

   Forces that other fixes add (post_force: addforce, spring, walls, efield,
   ...) enter as an explicit force in a Strang splitting
     kick(F_ext, dt/2) . DG step(styles, dt) . kick(F_ext, dt/2),
   F_ext = f - f_styles at the positions of the step's end: the styles' forces
   are captured in pre_reverse() (after they are computed, before LAMMPS sums
   the ghost forces and before any post_force fix), the closing half kick is
   applied in final_integrate() (after all post_force fixes) and F_ext kept for
   the opening half kick of the next step.  The work W of the kicks is
   tallied, so that pe + ke - W is conserved to the solver tolerance.
------------------------------------------------------------------------- */

#include "fix_dg_nve.h"
#include "geomint_error.h"

#include "dg_hybrid.h"
#include "dg_passes.h"
#include "dg_style.h"
#include "geomint_comm.h"
#include "geomint_compat.h"
#include "geomint_member_pointer.h"
#include "geomint_mpi_stubs.h"
#include "geomint_restart.h"

#include "angle.h"
#include "angle_hybrid.h"
#include "atom.h"
#include "bond.h"
#include "bond_hybrid.h"
#include "comm.h"
#include "dihedral.h"
#include "dihedral_hybrid.h"
#include "domain.h"
#include "error.h"
#include "fix_momentum.h"
#include "force.h"
#include "group.h"
#include "improper.h"
#include "improper_hybrid.h"
#include "kspace.h"
#include "memory.h"
#include "modify.h"
#include "neighbor.h"
#include "output.h"
#include "timer.h"
#include "pair.h"
#include "pair_hybrid.h"
#include "update.h"
#include "utils.h"

#include <cmath>
#include <cstring>
#include <type_traits>
#include <utility>
#include <limits>

using namespace LAMMPS_NS;
using namespace FixConst;

static const char *const STYLE = "Fix dg/nve";

enum { ONFAIL_ERROR, ONFAIL_WARN, ONFAIL_IGNORE };

// the per-atom state: the discrete force of the atom's last step, how many of
// its last steps it has (0 to 3) and the discrete forces of the two steps
// before; the layout of its restart record: 1 = [fbar, flag] (flag 1: it has a
// last step), 2 = [fbar, count (0 to 2), fbar of the step before], 3 = [fbar,
// count, fbar of the step before, of the one before that]
static constexpr int NPREV = FixDGNVE::NPREV;
static constexpr int NPREV_V1 = 4;
static constexpr int NPREV_V2 = 7;
static constexpr int PERATOM_VERSION = 3;
enum { EXT_NONE, EXT_STYLE, EXT_FORCE };    // what fext holds

// the layout of the global restart payload: 1 = [nsteps, total_iter, nfail]
// without a version word (before GEOMINT versioned its payloads);
// 2 = versioned [nsteps, total_iter, nfail, W]; 3 = that and whether the next
// step's predictor extrapolates quadratically (1) or linearly (0)
static constexpr int RESTART_VERSION = 3;

// converged(): an increment below this fraction of the step's displacement
// that did not decrease is the round-off of the discrete force (waiting for two
// such iterations in a row costs 15.6 instead of 13.7 iterations per step on
// 648-atom water at 1 fs)
static constexpr double STALL_REL = 1e-10;

namespace {
// dg_passes.h's accessor of fix dg/nve's per-atom passes on the CPU
struct HostAtoms {
  double **x_, **v_, **f_, **fext_, **xold_, **vold_, **fdg_, **fprev_;
  double *dtfm_;
  const double *rmass_, *mass_;
  const int *type_;
  int nlocal;
  double &x(int i, int d) const { return x_[i][d]; }
  double &v(int i, int d) const { return v_[i][d]; }
  double f(int i, int d) const { return f_[i][d]; }
  double fext(int i, int d) const { return fext_[i][d]; }
  double xo(int i, int d) const { return xold_[i][d]; }
  double vo(int i, int d) const { return vold_[i][d]; }
  double &xo_w(int i, int d) const { return xold_[i][d]; }
  double &vo_w(int i, int d) const { return vold_[i][d]; }
  double fd(int i, int d) const { return fdg_[i][d]; }
  double &prev(int i, int k) const { return fprev_[i][k]; }
  double &dtfm(int i) const { return dtfm_[i]; }
  double mass(int i) const { return rmass_ ? rmass_[i] : mass_[type_[i]]; }
};
}    // namespace

// solver anderson: the largest history depth (the mixing solves a depth x depth
// least-squares problem per iteration)
static constexpr int MAX_DEPTH = DGFixedPoint::MAX_DEPTH;

// fixes whose post_force() sets forces instead of adding to them: their effect
// is no force that a kick could apply
static const char *const OVERWRITING_FIXES[] = {"setforce", "aveforce", "freeze", "lineforce",
                                                "planeforce"};

// the sub-styles of pair hybrid (protected members, geomint_access::MemberPointer)
namespace {
struct PairNStyles {
  using type = int PairHybrid::*;
};
struct PairStyles {
  using type = Pair **PairHybrid::*;
};
struct PairKeywords {
  using type = char **PairHybrid::*;
};
// per sub-style special factors (pair_modify pair X special lj|coul ...), or null
struct PairSpecialLJ {
  using type = double **PairHybrid::*;
};
struct PairSpecialCoul {
  using type = double **PairHybrid::*;
};
// what fix momentum removes, and whether it keeps the kinetic energy
struct MomentumLinear {
  using type = int FixMomentum::*;
};
struct MomentumAngular {
  using type = int FixMomentum::*;
};
struct MomentumRescale {
  using type = int FixMomentum::*;
};
}    // namespace
template struct geomint_access::MemberPointerSetter<PairNStyles, &PairHybrid::nstyles>;
template struct geomint_access::MemberPointerSetter<PairStyles, &PairHybrid::styles>;
template struct geomint_access::MemberPointerSetter<PairKeywords, &PairHybrid::keywords>;
template struct geomint_access::MemberPointerSetter<PairSpecialLJ, &PairHybrid::special_lj>;
template struct geomint_access::MemberPointerSetter<PairSpecialCoul, &PairHybrid::special_coul>;
template struct geomint_access::MemberPointerSetter<MomentumLinear, &FixMomentum::linear>;
template struct geomint_access::MemberPointerSetter<MomentumAngular, &FixMomentum::angular>;
template struct geomint_access::MemberPointerSetter<MomentumRescale, &FixMomentum::rescale>;
using geomint_access::MemberPointer;

// declared in dg_style.h: the neighbor-list margin of the DG pair styles
double LAMMPS_NS::dg_nve_margin(LAMMPS *lmp)
{
  for (int i = 0; i < lmp->modify->nfix; i++)
    if (utils::strmatch(lmp->modify->fix[i]->style, "^dg/nve")) {
      int dim = 0;
      auto *md = static_cast<double *>(lmp->modify->fix[i]->extract("maxdisp", dim));
      if (md) return 2.0 * (*md);
    }
  return 0.0;
}

/* ---------------------------------------------------------------------- */

FixDGNVE::FixDGNVE(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), tol(1e-12), xmax_local(0.0), last_target(0.0), prev_inc(0.0), worst_tag(0),
    maxiter(50), predictor(DG_PRED_EXTRAPOLATE), quadratic(false), last_quadratic(false),
    maxdisp(-1.0), variant(-1),
    onfail(ONFAIL_ERROR), dtv(0.0), dtf(0.0), last_iter(0), last_inc(0.0), last_maxdisp(0.0),
    last_energy_error(0.0), nsteps(0), total_iter(0), nfail(0), nmax(0), xold(nullptr),
    vold(nullptr), fdg(nullptr), fprev(nullptr), gcur(nullptr), rcur(nullptr), gprev(nullptr),
    rprev(nullptr), anderson(1), depth(3), forces_auto(1), skipped_forces(false),
    skip_allowed(false), timeout_run(false), nskipped(0), newton_solver(0), krylov(10),
    ktol(1e-3), ext_active(0), ext_state(EXT_NONE),
    fext(nullptr), nmax_ext(0), work(0.0), rev_buf(nullptr), built_nlocal(-1), built_nghost(-1),
    built_boxlo{0.0, 0.0, 0.0}, built_boxhi{0.0, 0.0, 0.0}, built_corners{}
{
  time_integrate = 1;
  dynamic_group_allow = 0;
  restart_global = 1;
  // (a step that rebuilt the lists in initial_integrate also reneighbors in
  // Verlet's place: see initial_integrate)
  force_reneighbor = 1;
  next_reneighbor = -1;
  scalar_flag = 1;
  vector_flag = 1;
  size_vector = 9;
  extscalar = 0;
  // the work W (last entry) is extensive, like pe and ke (thermo_modify norm)
  extvector = -1;
  extlist = new int[size_vector]{0, 0, 0, 0, 0, 0, 1, 0, 0};
  global_freq = 1;
  comm_reverse = 3;

  if (igroup != 0)
    error->all(FLERR, "{}: the group must be all (the discrete gradient couples every atom "
               "through the forces)", STYLE);

  int iarg = 3;
  bool depth_set = false, newton_set = false;    // (options of one solver)
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
        newton_solver = 0;
      } else if (strcmp(val, "anderson") == 0) {
        anderson = 1;
        newton_solver = 0;
      } else if (strcmp(val, "newton") == 0) {
        anderson = 0;
        newton_solver = 1;
      } else {
        error->all(FLERR, "{}: solver must be anderson, fixed or newton (got {})", STYLE, val);
      }
    } else if (kw == "forces") {
      if (strcmp(val, "auto") == 0) forces_auto = 1;
      else if (strcmp(val, "every") == 0) forces_auto = 0;
      else error->all(FLERR, "{}: forces must be auto or every (got {})", STYLE, val);
    } else if (kw == "depth") {
      depth_set = true;
      depth = utils::inumeric(FLERR, val, false, lmp);
      if (depth < 1 || depth > MAX_DEPTH)
        error->all(FLERR, "{}: depth must be between 1 and {} (got {})", STYLE, MAX_DEPTH, val);
    } else if (kw == "krylov") {
      newton_set = true;
      krylov = utils::inumeric(FLERR, val, false, lmp);
      if (krylov < 1) error->all(FLERR, "{}: krylov must be >= 1 (got {})", STYLE, val);
    } else if (kw == "ktol") {
      newton_set = true;
      ktol = utils::numeric(FLERR, val, false, lmp);
      if (!(ktol > 0.0 && ktol < 1.0))
        error->all(FLERR, "{}: ktol must be between 0 and 1 (got {})", STYLE, val);
    } else if (kw == "predictor") {
      if (strcmp(val, "extrapolate") == 0) predictor = DG_PRED_EXTRAPOLATE;
      else if (strcmp(val, "linear") == 0) predictor = DG_PRED_LINEAR;
      else if (strcmp(val, "verlet") == 0) predictor = DG_PRED_VERLET;
      // (euler: the explicit Euler position x + dt v, which none starts from too)
      else if (strcmp(val, "none") == 0 || strcmp(val, "euler") == 0) predictor = DG_PRED_NONE;
      else error->all(FLERR, "{}: predictor must be extrapolate, linear, verlet, euler or none "
                      "(got {})", STYLE, val);
    } else if (kw == "maxdisp") {
      maxdisp = utils::numeric(FLERR, val, false, lmp);
      if (!(maxdisp > 0.0)) error->all(FLERR, "{}: maxdisp must be > 0 (got {})", STYLE, val);
    } else if (kw == "dg") {
      variant = dg_variant_of(val);
      if (variant < 0)
        error->all(FLERR, "{}: dg must be midpoint, sym, left or right (got {})", STYLE, val);
    } else if (kw == "onfail") {
      if (strcmp(val, "error") == 0) onfail = ONFAIL_ERROR;
      else if (strcmp(val, "warn") == 0) onfail = ONFAIL_WARN;
      else if (strcmp(val, "ignore") == 0) onfail = ONFAIL_IGNORE;
      else error->all(FLERR, "{}: onfail must be error, warn or ignore (got {})", STYLE, val);
    } else {
      error->all(FLERR, "{}: unknown keyword '{}'; valid keywords are tol, maxiter, solver, "
                 "depth, krylov, ktol, predictor, maxdisp, dg, onfail, forces", STYLE, kw);
    }
    iarg += 2;
  }
  const char *solver_name = anderson ? "anderson" : newton_solver ? "newton" : "fixed";
  if (depth_set && !anderson && comm->me == 0)
    error->warning(FLERR, "{}: depth is an option of solver anderson; it has no effect with "
                   "solver {}", STYLE, solver_name);
  if (newton_set && !newton_solver && comm->me == 0)
    error->warning(FLERR, "{}: krylov and ktol are options of solver newton; they have no effect "
                   "with solver {}", STYLE, solver_name);
  // default: half the neighbor skin (the margin of the pair lists is 2 maxdisp)
  if (maxdisp < 0.0) maxdisp = 0.5 * neighbor->skin;

  // the last step's discrete force of each atom, for the extrapolating
  // predictor: it migrates with the atom and is in restart files
  restart_peratom = 1;
  create_attribute = 1;
  grow_arrays(atom->nmax);
  atom->add_callback(Atom::GROW);
  atom->add_callback(Atom::RESTART);
  for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
}

FixDGNVE::~FixDGNVE()
{
  if (copymode) return;    // a Kokkos functor's copy owns nothing
  atom->delete_callback(id, Atom::GROW);
  atom->delete_callback(id, Atom::RESTART);
  memory->destroy(fprev);
  delete[] extlist;
  memory->destroy(fext);
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
  // PRE_REVERSE and FINAL_INTEGRATE only do work when another fix adds forces;
  // POST_NEIGHBOR records what the neighbor lists were built for
  return INITIAL_INTEGRATE | POST_NEIGHBOR | PRE_REVERSE | FINAL_INTEGRATE;
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
  ext_active = 0;
  for (int i = 0; i < modify->nfix; i++) {
    Fix *other = modify->fix[i];
    if (other == this) continue;
    if (other->time_integrate)
      error->all(FLERR, "{}: fix {} ({}) also integrates atoms; fix dg/nve must be the only "
                 "integrator", STYLE, other->id, other->style);
    // velocity rescaling (fix temp/berendsen, temp/rescale, temp/csvr, ...)
    // would change the energy outside the step, unseen by f_ID[7]
    if (utils::strmatch(other->style, "^temp/"))
      error->all(FLERR, "{}: fix {} ({}) rescales velocities; fix dg/nve conserves the energy and "
                 "cannot be combined with a thermostat that rescales them (fix langevin, whose "
                 "forces are integrated as external forces, can be)", STYLE, other->id,
                 other->style);
    if (!(modify->fmask[i] & POST_FORCE)) continue;
    // a fix that may change forces after the styles computed them
    if (utils::strmatch(other->style, "^shake") || utils::strmatch(other->style, "^rattle"))
      error->all(FLERR, "{}: fix {} ({}) constrains bonds or angles; constraints have no "
                 "discrete gradient and are not supported by fix dg/nve", STYLE, other->id,
                 other->style);
    for (const char *name : OVERWRITING_FIXES)
      if (utils::strmatch(other->style, std::string("^") + name))
        error->all(FLERR, "{}: fix {} ({}) overwrites forces instead of adding to them, which "
                   "cannot be integrated as an external force of the DG step; remove it (fixes "
                   "that add forces, e.g. addforce, spring, wall/*, efield, are supported)",
                   STYLE, other->id, other->style);
    ext_active = 1;
  }
  // fix momentum changes velocities between steps: where the momentum it
  // removes is not conserved (that of a subgroup; angular in a periodic box;
  // either with forces from other fixes), the kinetic energy changes unseen,
  // unless it rescales (warned once per fix ID)
  for (int i = 0; i < modify->nfix; i++) {
    auto *mom = dynamic_cast<FixMomentum *>(modify->fix[i]);
    if (!mom || mom->*MemberPointer<MomentumRescale>::value) continue;
    const bool periodic = domain->xperiodic || domain->yperiodic || domain->zperiodic;
    const bool sub = mom->igroup != 0;
    const char *why = sub ? "of its group, which the dynamics does not conserve"
        : ext_active      ? "with the forces that other fixes add, which the dynamics does not "
                            "conserve"
                          : "in a periodic box, which the dynamics does not conserve";
    const bool angular = mom->*MemberPointer<MomentumAngular>::value && (periodic || sub || ext_active);
    const bool linear = mom->*MemberPointer<MomentumLinear>::value && (sub || ext_active);
    if (!(angular || linear) || momentum_warned.count(mom->id)) continue;
    momentum_warned.insert(mom->id);
    if (comm->me == 0)
      error->warning(FLERR, "{}: fix {} ({}) removes the {} momentum {}; each time it acts it "
                     "changes the kinetic energy outside the step, so that the energy is not "
                     "conserved: add 'rescale' to fix {} to keep the kinetic energy",
                     STYLE, mom->id, mom->style, linear ? (angular ? "linear and angular" : "linear")
                     : "angular", why, mom->id);
  }

  dgstyles.clear();
  dgnames.clear();
  dg_special.clear();
  // returns the style's DG (null for none and zero); dg_special is kept beside dgstyles
  auto need = [this](auto *style, const char *kind, const char *name,
                     const char *hint) -> DGStyle * {
    if (!style) return nullptr;
    // style zero: no forces, a zero discrete gradient (bond/angle/... none: no style)
    if (utils::strmatch(name, "^zero")) return nullptr;
    DGStyle *dg = dynamic_cast<DGStyle *>(style);
    if (!dg)
      error->all(FLERR, "{}: {} style {} has no discrete-gradient variant; use {}", STYLE, kind,
                 name, hint);
    dgstyles.push_back(dg);
    dgnames.push_back(fmt::format("{} style {}", kind, name));
    dg_special.emplace_back(nullptr, nullptr);
    return dg;
  };
  const char *const PAIR_HINT = "lj/cut/dg, lj/mdf/dg, morse/dg, coul/dsf/dg, lj/cut/coul/dsf/dg or zero";
  std::vector<Pair *> pairs;
  std::vector<std::string> pair_names;
  if (force->pair && utils::strmatch(force->pair_style, "^hybrid/scaled"))
    error->all(FLERR, "{}: pair_style hybrid/scaled is not supported (its scale factors have no "
               "discrete gradient here); use pair_style hybrid or hybrid/overlay and scale the "
               "coefficients (epsilon) instead", STYLE);
  if (force->pair && utils::strmatch(force->pair_style, "^hybrid")) {
    auto *hybrid = dynamic_cast<PairHybrid *>(force->pair);
    const int n = hybrid->*MemberPointer<PairNStyles>::value;
    for (int m = 0; m < n; m++) {
      Pair *sub = (hybrid->*MemberPointer<PairStyles>::value)[m];
      if (need(sub, "pair", (hybrid->*MemberPointer<PairKeywords>::value)[m], PAIR_HINT)) {
        pairs.push_back(sub);
        pair_names.emplace_back((hybrid->*MemberPointer<PairKeywords>::value)[m]);
        // pair hybrid swaps a sub-style's own special factors in around its
        // compute(); discrete_force() does the same around its compute_dg()
        dg_special.back() = {(hybrid->*MemberPointer<PairSpecialLJ>::value)[m],
                             (hybrid->*MemberPointer<PairSpecialCoul>::value)[m]};
      }
    }
  } else if (force->pair) {
    if (need(force->pair, "pair", force->pair_style, PAIR_HINT)) {
      pairs.push_back(force->pair);
      pair_names.emplace_back(force->pair_style);
    }
  }
  // styles whose energy does not go to zero at the cutoff unless shifted: with
  // pair_modify shift no it jumps there, and a pair that crosses the cutoff
  // within a step makes the implicit equation discontinuous (no convergence:
  // the DG conserves that jump exactly, as a step in the potential)
  jump_styles.clear();
  for (size_t k = 0; k < pairs.size(); k++)
    if (!dynamic_cast<DGStyle *>(pairs[k])->dg_shifted() &&
        (utils::strmatch(pair_names[k], "^lj/cut/dg") || utils::strmatch(pair_names[k], "^morse/dg") ||
         utils::strmatch(pair_names[k], "^lj/cut/coul/dsf/dg")))
      jump_styles += (jump_styles.empty() ? "" : ", ") + pair_names[k];
  // (once per fix: init() runs before every run and in write_data, write_restart, ...)
  if (!jump_styles.empty() && !jump_warned && comm->me == 0)
    error->warning(FLERR, "{}: pair style {} without pair_modify shift yes: its energy jumps at "
                   "the cutoff, and a pair that crosses the cutoff within a step can keep the "
                   "implicit step from converging; use pair_modify shift yes (the same forces)",
                   STYLE, jump_styles);
  if (!jump_styles.empty()) jump_warned = true;
  // the DSF styles keep their parents' energy of a special pair (special_bonds
  // coul < 1), which jumps by -(1 - factor) qq/rc at the Coulomb cutoff (the
  // parents subtract (1 - factor) qq/r inside it only): named where a step fails
  // (a special pair with both factors 0 is left out of the neighbor lists: no jump)
  dsf_special_styles.clear();
  bool special_jump = false;
  for (int k = 1; k <= 3; k++)
    special_jump = special_jump ||
        (force->special_coul[k] < 1.0 && (force->special_coul[k] > 0.0 || force->special_lj[k] > 0.0));
  if (special_jump)
    for (size_t k = 0; k < pairs.size(); k++)
      if (utils::strmatch(pair_names[k], "coul/dsf/dg"))
        dsf_special_styles += (dsf_special_styles.empty() ? "" : ", ") + pair_names[k];
  // bonded styles, hybrid ones through their sub-styles (dg_hybrid.h)
  hybrids.clear();
  auto need_bonded = [&](auto *style, auto *hybrid, const char *kind, const char *name,
                         DGBondedHybrid::Kind hkind, int ntypes, const char *hint) {
    if (!style) return;
    if (!hybrid) {
      need(style, kind, name, hint);
      return;
    }
    std::vector<DGStyle *> subs;
    for (int m = 0; m < hybrid->nstyles; m++) {
      const char *sub = hybrid->keywords[m];
      if (!hybrid->styles[m] || utils::strmatch(sub, "^zero")) {
        subs.push_back(nullptr);
        continue;
      }
      auto *dg = dynamic_cast<DGStyle *>(hybrid->styles[m]);
      if (!dg)
        error->all(FLERR, "{}: {} style {} (in {}_style hybrid) has no discrete-gradient "
                   "variant; use {}", STYLE, kind, sub, kind, hint);
      subs.push_back(dg);
    }
    hybrids.emplace_back(
        new DGBondedHybrid(lmp, hkind, dg_hybrid_type_map(hybrid), ntypes, subs));
    dgstyles.push_back(hybrids.back().get());
    dgnames.push_back(fmt::format("{} style {}", kind, name));
    dg_special.emplace_back(nullptr, nullptr);
  };
  const char *const BOND_HINT = "harmonic/dg, fene/dg, morse/dg or zero";
  const char *const ANGLE_HINT = "harmonic/dg, cosine/dg, cosine/squared/dg or zero";
  const char *const DIHEDRAL_HINT =
      "opls/dg, nharmonic/dg, multi/harmonic/dg, charmm/dg, harmonic/dg or zero";
  const char *const IMPROPER_HINT = "harmonic/dg, cvff/dg or zero";
  need_bonded(force->bond, dynamic_cast<BondHybrid *>(force->bond), "bond", force->bond_style,
              DGBondedHybrid::BOND, atom->nbondtypes, BOND_HINT);
  need_bonded(force->angle, dynamic_cast<AngleHybrid *>(force->angle), "angle",
              force->angle_style, DGBondedHybrid::ANGLE, atom->nangletypes, ANGLE_HINT);
  need_bonded(force->dihedral, dynamic_cast<DihedralHybrid *>(force->dihedral), "dihedral",
              force->dihedral_style, DGBondedHybrid::DIHEDRAL, atom->ndihedraltypes,
              DIHEDRAL_HINT);
  need_bonded(force->improper, dynamic_cast<ImproperHybrid *>(force->improper), "improper",
              force->improper_style, DGBondedHybrid::IMPROPER, atom->nimpropertypes,
              IMPROPER_HINT);
  if (dgstyles.empty() && comm->me == 0)
    error->warning(FLERR, "{}: no force styles are defined; atoms move in straight lines", STYLE);

  for (DGStyle *dg : dgstyles) {
    dg->set_dg_variant(variant);    // (-1: each style's own)
  }
  set_skip_compute(-1);
  skipped_forces = false;
  // forces auto: fixes that act between the integration and the end of a step
  // other than by adding forces may read the styles' forces at any step (fix
  // GROUP of a dynamic group, ipi, tmd, hyper, ...), as may dynamic groups
  skip_allowed = forces_auto && !ext_active;
  for (int i = 0; i < modify->nfix && skip_allowed; i++)
    if (modify->fix[i] != this &&
        (modify->fmask[i] & (INITIAL_INTEGRATE | POST_INTEGRATE | PRE_FORCE | PRE_REVERSE |
                             POST_FORCE | FINAL_INTEGRATE)))
      skip_allowed = false;
  for (int g = 0; g < group->ngroup && skip_allowed; g++)
    if (group->dynamic[g]) skip_allowed = false;
  // (the pair lists reach 2 maxdisp beyond the cutoff: maxdisp 100 in a box of
  // 5 made ghost shells of gigabytes and hung in the setup)
  for (int d = 0; d < domain->dimension; d++)
    if (2.0 * maxdisp > domain->prd[d])
      error->all(FLERR, "{}: maxdisp {} is more than half the box length {} in {}: the pair "
                 "lists reach 2 maxdisp beyond the cutoff, and an atom moves far less in a step; "
                 "use about half the neighbor skin (the default, {})",
                 STYLE, maxdisp, domain->prd[d], "xyz"[d], 0.5 * neighbor->skin);
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
  mixhist.assign(anderson ? 6 * static_cast<size_t>(depth) * nmax : 0, 0.0);
}

/* ----------------------------------------------------------------------
   the neighbor lists and the atoms they index

   The implicit step evaluates the discrete force many times at trial
   positions before Verlet decides whether to rebuild the lists (after
   initial_integrate), so it needs lists that are valid for x^n.  Inside a run
   they are: Verlet rebuilt them at the end of the last step if any atom had
   moved half the skin.  Between runs they may not be: write_restart and
   write_data wrap atoms back into the box (domain->pbc), migrate them
   (comm->exchange) and rebuild the ghosts (comm->borders); displace_atoms and
   change_box remap and migrate atoms and drop the ghosts (Irregular sets
   nghost = 0); create_atoms and delete_atoms add and remove atoms.  None of
   them builds new lists, and `run N pre no` has no setup.  The lists then
   hold indices of ghosts that are other atoms or other periodic images, and a
   wrapped atom meets its old neighbors a box length away: pairs are lost or
   wrong in the first step (relative energy jumps of 1e-4 to 4e-3, or a
   spurious maxdisp or convergence ERROR).  Verlet itself rebuilds only after initial_integrate (the
   wrapped atoms look as if they had moved a box length), which is why fix nve
   does not see this on one rank.

   So the fix records, whenever the lists are built, the tags of the owned and
   ghost atoms in list order, the owned positions and the box; at the start of
   each step it checks them as Neighbor::check_distance() would (and the tags),
   and rebuilds the lists itself, as Verlet does on a reneighboring step,
   when they are out of date.
------------------------------------------------------------------------- */

void FixDGNVE::setup_post_neighbor()
{
  record_neighbor_build();
}

void FixDGNVE::post_neighbor()
{
  record_neighbor_build();
}

void FixDGNVE::record_neighbor_build()
{
  const int nlocal = atom->nlocal;
  const int nall = nlocal + atom->nghost;
  built_nlocal = nlocal;
  built_nghost = atom->nghost;
  built_tag.assign(atom->tag ? atom->tag : nullptr, atom->tag ? atom->tag + nall : nullptr);
  built_x.resize(3 * static_cast<size_t>(nlocal));
  double **x = atom->x;
  for (int i = 0; i < nlocal; i++)
    for (int d = 0; d < 3; d++) built_x[3 * i + d] = x[i][d];
  for (int d = 0; d < 3; d++) {
    built_boxlo[d] = domain->boxlo[d];
    built_boxhi[d] = domain->boxhi[d];
  }
  if (domain->triclinic) {
    domain->box_corners();
    for (int c = 0; c < 8; c++)
      for (int d = 0; d < 3; d++) built_corners[c][d] = domain->corners[c][d];
  }
}

// true (on all ranks) if the lists were not built for the atoms as they are now:
// other atoms or ghosts in other slots, or an atom that moved farther than
// Neighbor's trigger (half the skin, less what the box moved) since the build
bool FixDGNVE::neighbor_lists_stale()
{
  const int nlocal = atom->nlocal;
  const int nall = nlocal + atom->nghost;
  int stale = (nlocal != built_nlocal || atom->nghost != built_nghost) ? 1 : 0;
  if (!stale && atom->tag) {
    const tagint *tag = atom->tag;
    for (int i = 0; i < nall; i++)
      if (tag[i] != built_tag[i]) {
        stale = 1;
        break;
      }
  }
  if (!stale) {
    auto dist = [](const double *a, const double *b) {
      return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
                       (a[2] - b[2]) * (a[2] - b[2]));
    };
    double delta1 = 0.0, delta2 = 0.0;    // the two largest moves of box corners
    if (!domain->triclinic) {
      delta1 = dist(domain->boxlo, built_boxlo);
      delta2 = dist(domain->boxhi, built_boxhi);
    } else {
      domain->box_corners();
      for (int c = 0; c < 8; c++) {
        const double delta = dist(domain->corners[c], built_corners[c]);
        if (delta > delta1) {
          delta2 = delta1;
          delta1 = delta;
        } else if (delta > delta2) {
          delta2 = delta;
        }
      }
    }
    const double trigger = std::max(0.0, 0.5 * (neighbor->skin - (delta1 + delta2)));
    const double triggersq = trigger * trigger;
    double **x = atom->x;
    for (int i = 0; i < nlocal && !stale; i++) {
      const double *xb = &built_x[3 * i];
      const double dx = x[i][0] - xb[0], dy = x[i][1] - xb[1], dz = x[i][2] - xb[2];
      if (dx * dx + dy * dy + dz * dz > triggersq) stale = 1;
    }
  }
  int any = 0;
  MPI_Allreduce(&stale, &any, 1, MPI_INT, MPI_MAX, world);
  return any != 0;
}

// the reneighboring of a Verlet step (without pre_exchange, whose fixes act on
// their own reneighboring steps, and without sorting); returns true (on all ranks)
// if the owned atoms of some rank are no longer those, in the same order, that the
// forces f (and F_ext) of the last step belong to: LAMMPS does not migrate f
bool FixDGNVE::rebuild_neighbor_lists()
{
  const int nlocal_before = built_nlocal;
  const size_t nbefore = std::min(built_tag.size(), static_cast<size_t>(std::max(0, built_nlocal)));
  const std::vector<tagint> owned_before(built_tag.begin(), built_tag.begin() + nbefore);
  if (domain->triclinic) domain->x2lamda(atom->nlocal);
  domain->pbc();
  domain->reset_box();
  comm->setup();
  if (neighbor->style) neighbor->setup_bins();
  comm->exchange();
  comm->borders();
  if (domain->triclinic) domain->lamda2x(atom->nlocal + atom->nghost);
  if (modify->n_pre_neighbor) modify->pre_neighbor();
  neighbor->build(1);
  if (modify->n_post_neighbor) modify->post_neighbor();
  record_neighbor_build();    // (also where this fix is not in Modify's post_neighbor list yet)

  int moved = (atom->nlocal != nlocal_before || !atom->tag ||
               owned_before.size() != static_cast<size_t>(atom->nlocal)) ? 1 : 0;
  for (int i = 0; i < atom->nlocal && !moved; i++)
    if (atom->tag[i] != owned_before[i]) moved = 1;
  int any = 0;
  MPI_Allreduce(&moved, &any, 1, MPI_INT, MPI_MAX, world);
  return any != 0;
}

/* ----------------------------------------------------------------------
   external forces: the styles' forces, captured after they are computed and
   before LAMMPS sums ghost forces and calls the post_force fixes
------------------------------------------------------------------------- */

void FixDGNVE::setup_pre_reverse(int eflag, int vflag)
{
  pre_reverse(eflag, vflag);
}

void FixDGNVE::pre_reverse(int /*eflag*/, int /*vflag*/)
{
  // the force call of this step is over
  set_skip_compute(-1);
  if (!ext_active) return;
  if (nmax_ext < atom->nmax) grow_fext();
  double **f = atom->f;
  const int nall = atom->nlocal + atom->nghost;
  for (int i = 0; i < nall; i++)
    for (int d = 0; d < 3; d++) fext[i][d] = f[i][d];
  if (force->newton) {    // as Verlet sums f next: ghost parts onto their owners
    rev_buf = fext;
    geomint_compat::reverse_comm(comm, this);
  }
  ext_state = EXT_STYLE;
}

void FixDGNVE::grow_fext()
{
  nmax_ext = atom->nmax;
  memory->destroy(fext);
  memory->create(fext, nmax_ext, 3, "dg/nve:fext");
}

/* ----------------------------------------------------------------------
   a half kick v += dt/2 F_ext / m on owned atoms, F_ext = f - f_styles (formed
   here if fext still holds the styles' forces); returns this rank's change of
   the kinetic energy (energy units)
------------------------------------------------------------------------- */

double FixDGNVE::external_kick()
{
  double **f = atom->f;
  double **v = atom->v;
  const double *rmass = atom->rmass;
  const double *mass = atom->mass;
  const int *type = atom->type;
  const int nlocal = atom->nlocal;
  if (nmax_ext < nlocal) ext_state = EXT_NONE;    // atoms were added since (run pre no)
  if (ext_state == EXT_STYLE) {
    for (int i = 0; i < nlocal; i++)
      for (int d = 0; d < 3; d++) fext[i][d] = f[i][d] - fext[i][d];
    ext_state = EXT_FORCE;
  }
  // EXT_NONE: no post_force fix ran at these positions (it was added since)
  if (ext_state != EXT_FORCE) return 0.0;
  double dke = 0.0;
  for (int i = 0; i < nlocal; i++) {
    const double m = rmass ? rmass[i] : mass[type[i]];
    const double dtfm = dtf / m;
    for (int d = 0; d < 3; d++) {
      const double dv = dtfm * fext[i][d];
      dke += m * dv * (v[i][d] + 0.5 * dv);    // m/2 (|v + dv|^2 - |v|^2) without cancellation
      v[i][d] += dv;
    }
  }
  return force->mvv2e * dke;
}

/* ----------------------------------------------------------------------
   the closing half kick of a step, after all post_force fixes
------------------------------------------------------------------------- */

void FixDGNVE::final_integrate()
{
  if (!ext_active) return;
  const double dke_local = external_kick();
  double dke = 0.0;
  MPI_Allreduce(&dke_local, &dke, 1, MPI_DOUBLE, MPI_SUM, world);
  work += dke;
}

/* ----------------------------------------------------------------------
   the whole step, between the half kicks of external forces
   (final_integrate has only the closing kick to do)
------------------------------------------------------------------------- */

// (the setup of a run: noted, for 'run N pre no' as the first run of the fix)
void FixDGNVE::setup(int /*vflag*/)
{
  setup_ran = true;
}

void FixDGNVE::initial_integrate(int /*vflag*/)
{
  geomint_error::require_setup(lmp, style, id, setup_ran);
  // lists out of date after a command between runs: rebuild them first; if atoms
  // changed places, f (the predictor's force) and F_ext belong to other atoms
  // (the styles left their forces out of the last force call: f holds F_ext alone)
  bool forces_known = !skipped_forces;
  skipped_forces = false;
  // a timer timeout may end the run after any step (it is checked every few
  // steps, after it ran out): then every force call is made
  const bool first_step = update->ntimestep == update->firststep + 1;
  if (first_step) timeout_run = geomint_compat::timeout_set(timer);
  const bool stale = neighbor_lists_stale();
  // (the step's own reneighboring as well: LAMMPS's bond and angle hybrid styles
  // split their lists among the sub-styles only on a step that reneighbored in
  // Verlet's place, and printed energies of stale lists until the next one)
  if (stale) next_reneighbor = update->ntimestep;
  if (stale && rebuild_neighbor_lists()) {
    forces_known = false;
    if (ext_active && ext_state != EXT_NONE)
      error->all(FLERR, "{}: atoms changed processors or order since the last step (a "
                 "write_restart, write_data, displace_atoms, change_box, create_atoms or "
                 "delete_atoms before 'run N pre no'), so the forces that other fixes add are "
                 "not known for them; use 'run N pre yes' after such commands", STYLE);
  }
  grow();

  // the opening half kick of the external forces at x^n (F_ext of the last step's end)
  const double dke_open = ext_active ? external_kick() : 0.0;
  const bool kicked = ext_active && ext_state == EXT_FORCE;

  // x^n for owned and (current) ghost atoms, v^n, dt/2m of each owned atom (for
  // the predictor, the solvers and the velocities); kinetic energy before (and
  // this rank's max |x^n|: converged() reduces it for the round-off floor)
  xmax_local = 0.0;
  const double ke_old = begin_pass(xmax_local);

  // predictor (the solution does not depend on it, only the iteration count):
  //   extrapolate, linear: x^n + dt (v^n + dtfm (2 f^n - fbar^{n-1})), fbar at
  //                the step's middle extrapolated from the force at x^n and the
  //                last step's discrete force (about the middle of the step
  //                before); the Verlet position for an atom without a last step
  //   verlet:      x^n + dt (v^n + dtfm f^n)
  //   none:        x^n + dt v^n
  // (f holds the styles' force at x^n, the kick gave F_ext).  With forces auto
  // the force call at x^n may have been left out: the predictors then take the
  // last steps' fbar in place of the force (2 fbar^{n-1} - fbar^{n-2}, or
  // extrapolate's quadratic 3 fbar^{n-1} - 3 fbar^{n-2} + fbar^{n-3} where the
  // step before chose it, see the end of the step), on every step alike, so that
  // the trajectory does not depend on which steps had output; an atom without a
  // last step takes f only at the first step of a run, where it is known
  // whatever the output (atoms added during a run, fix deposit, start from
  // x + dt v).  Where f belongs to other atoms (they changed places since the
  // last step) the last step's fbar, which migrates with the atom, stands in
  // for it too.
  const bool use_f = forces_known && !forces_auto;
  last_quadratic = quadratic && predictor == DG_PRED_EXTRAPOLATE && !use_f;
  predict_pass({predictor, use_f, forces_known && (!forces_auto || first_step), kicked,
                last_quadratic, dtv});

  // the styles may prepare what depends on x^n alone for the iterations (the
  // guard ends the step for them also when an error leaves this function).
  // The reach of the step, 1.5 x the predictor's largest displacement (the
  // solution differs from the predictor by well under 1 % of the step), lets
  // the pair styles leave out the pairs that cannot come inside the cutoff; if
  // the solution moved an atom farther, the step is solved again from there
  // with the whole reach maxdisp (the pairs left out were not all beyond the
  // cutoff at both ends).
  // Where nothing reads this step's forces, nothing reads its energy error
  // (vector entry 6) either: the styles then leave the energies out.
  struct StepGuard {
    std::vector<DGStyle *> &styles;
    ~StepGuard()
    {
      for (DGStyle *dg : styles) {
        dg->dg_step_end();
        dg->dg_set_energy(true);
      }
    }
  } guard{dgstyles};
  const bool energy_read = !forces_unread();    // (ev_set() ran before this step's fixes)
  double reach = std::min(maxdisp, 1.5 * max_displacement());
  for (DGStyle *dg : dgstyles) dg->dg_set_energy(energy_read);
  styles_step_begin(reach);

  double inc = 0.0, vnew = 0.0, vold_sum = 0.0, dmax = 0.0;
  worst_tag = 0;
  int iter = 0;
  bool converged = true;
  while (true) {
    prev_inc = std::numeric_limits<double>::infinity();
    const int n = newton_solver ? newton_krylov(inc, vnew, vold_sum) : fixed_point(inc, vnew, vold_sum);
    converged = n <= maxiter;
    iter += converged ? n : maxiter;
    dmax = max_displacement();
    if (!converged || dmax <= reach || reach >= maxdisp) break;
    reach = maxdisp;
    styles_step_begin(reach);
  }

  // velocities with the same discrete force as the last position update; that
  // force is kept for the next step's predictor
  double fin[3] = {0.0, 0.0, 0.0};
  finish_pass(fin);
  double local[5] = {ke_old, fin[0], vold_sum, vnew, dke_open}, global[5];
  MPI_Allreduce(local, global, 5, MPI_DOUBLE, MPI_SUM, world);
  work += global[4];
  // predictor extrapolate: the next step extrapolates quadratically where that
  // would have predicted this step's fbar clearly better (the largest error over
  // the atoms, which sets the iterations, below 1/sqrt(2) of the linear one's):
  // smooth forces (an LJ liquid at its usual step: 9 % fewer iterations), while
  // fast oscillations (stiff bonds near Verlet's limit) stay linear (on water at
  // 1 fs, where the two are close, switching on every small gain cost 2 % more
  // iterations)
  // (with forces every the predictor takes the force at x^n, never the quadratic)
  if (predictor == DG_PRED_EXTRAPOLATE && forces_auto) {
    double errmax[2];
    MPI_Allreduce(fin + 1, errmax, 2, MPI_DOUBLE, MPI_MAX, world);
    quadratic = errmax[1] < 0.5 * errmax[0];
  }

  last_iter = iter;
  last_inc = inc;
  last_maxdisp = dmax;
  // |dKE + dV| with V at the last evaluated iterate: the solver's energy error
  // (NaN where the styles left the energies out: nothing reads it in such a step)
  last_energy_error = energy_read
      ? std::fabs(0.5 * force->mvv2e * (global[1] - global[0]) + (global[3] - global[2]))
      : std::numeric_limits<double>::quiet_NaN();
  nsteps++;
  total_iter += iter;

  if (dmax > maxdisp)
    error->all(FLERR, "{}: an atom moved {:.6g} in step {}, more than maxdisp {:.6g}; the DG "
               "neighbor lists may miss pairs: reduce the timestep or raise maxdisp (and the "
               "neighbor skin)", STYLE, dmax, update->ntimestep, maxdisp);
  if (!converged) {
    nfail++;
    std::string jump_hint =
        jump_styles.empty() ? "" : fmt::format("; pair style {} without pair_modify shift yes "
                                               "jumps at its cutoff: shift it", jump_styles);
    if (!dsf_special_styles.empty())
      jump_hint += fmt::format("; the energy of a special pair (special_bonds coul < 1) of pair "
                               "style {} jumps by (1 - factor) qq/rc at the Coulomb cutoff, as "
                               "in its parent style: a cutoff longer than the special pairs' "
                               "distances avoids it", dsf_special_styles);
    // (where dihedrals or impropers are defined)
    const std::string angle_hint = (force->dihedral || force->improper)
        ? "; a bond angle near 180 degrees under a dihedral makes the dihedral force diverge: "
          "check the angles of that atom"
        : "";
    if (onfail == ONFAIL_ERROR)
      error->all(FLERR, "{}: the implicit step did not converge in {} iterations at step {} "
                 "(last increment {:.3g} > {:.3g} = tol {:.3g} x the step's largest "
                 "displacement{}); reduce the timestep, raise maxiter, or use onfail warn{}{}",
                 STYLE, maxiter, update->ntimestep, inc, last_target, tol,
                 worst_tag > 0 ? fmt::format("; atom {} moved most", worst_tag) : "", angle_hint,
                 jump_hint);
    if (onfail == ONFAIL_WARN && comm->me == 0)
      error->warning(FLERR, "{}: the implicit step did not converge in {} iterations at step {} "
                     "(last increment {:.3g} > {:.3g} = tol {:.3g} x the step's largest "
                     "displacement{})", STYLE, maxiter, update->ntimestep, inc, last_target, tol,
                     jump_hint);
  }

  // the force call that follows: left out where nothing reads its forces
  // (after the errors above; the styles skip only in the force call of this
  // step, and pre_reverse() and init() clear it)
  skipped_forces = !energy_read;
  set_skip_compute(skipped_forces ? update->ntimestep : -1);
  if (skipped_forces) nskipped++;
}

/* ----------------------------------------------------------------------
   forces auto: does anything read the styles' forces of this step's force
   call?  The next step of fix dg/nve needs only its own discrete force (its
   predictor takes the last step's fbar instead of f^n, about 0.15 more
   iterations per step on the LJ liquid).  They are read on output steps
   (thermo, dump, restart), on steps with an energy or virial tally, by
   end-of-step fixes due this step (fix ave/atom, print, ...: their computes
   may read f), and at the end of a run (the forces after a run; every step
   while a timer timeout is set, which may end the run at any step).  init()
   allows it at all (skip_allowed) only with forces auto, no dynamic group and
   no other fix acting during the step; fixes adding forces are among those:
   the styles' forces separate them from F_ext = f - f_styles (left out, the
   difference would be formed differently on different steps, and a run
   continued from a restart file would not follow the uninterrupted one
   bitwise).
------------------------------------------------------------------------- */

bool FixDGNVE::forces_unread() const
{
  const bigint step = update->ntimestep;
  if (!skip_allowed || timeout_run || step >= update->laststep || output->next <= step)
    return false;
  if (update->eflag_global == step || update->vflag_global == step ||
      update->eflag_atom == step || update->vflag_atom == step)
    return false;
  for (int i = 0; i < modify->nfix; i++) {
    const Fix *other = modify->fix[i];
    if (other != this && (modify->fmask[i] & END_OF_STEP) && other->nevery > 0 &&
        step % other->nevery == 0)
      return false;
  }
  return true;
}

void FixDGNVE::set_skip_compute(bigint step)
{
  for (DGStyle *dg : dgstyles) dg->dg_set_skip(step);
}

/* ----------------------------------------------------------------------
   the per-atom passes of the step (dg_passes.h) over the host arrays;
   fix dg/nve/kk runs the same passes over Kokkos views
------------------------------------------------------------------------- */

namespace {
HostAtoms host_atoms(Atom *atom, double **fext, double **xold, double **vold, double **fdg,
                     double **fprev, double *dtfm)
{
  return {atom->x, atom->v, atom->f, fext, xold, vold, fdg, fprev, dtfm,
          atom->rmass, atom->mass, atom->type, atom->nlocal};
}
}    // namespace

double FixDGNVE::begin_pass(double &xmax)
{
  dtfm_atom.resize(atom->nlocal);
  const HostAtoms ha = host_atoms(atom, fext, xold, vold, fdg, fprev, dtfm_atom.data());
  const int nall = atom->nlocal + atom->nghost;
  double ke = 0.0;
  for (int i = 0; i < nall; i++) ke += dg_begin_atom(ha, i, dtf, xmax);
  return ke;
}

void FixDGNVE::predict_pass(const DGPredict &pred)
{
  const HostAtoms ha = host_atoms(atom, fext, xold, vold, fdg, fprev, dtfm_atom.data());
  for (int i = 0; i < atom->nlocal; i++) dg_predict_atom(pred, ha, i);
}

void FixDGNVE::finish_pass(double r[3])
{
  const HostAtoms ha = host_atoms(atom, fext, xold, vold, fdg, fprev, dtfm_atom.data());
  for (int i = 0; i < atom->nlocal; i++) dg_finish_atom(ha, i, r);
}

double FixDGNVE::max_disp2_local()
{
  const HostAtoms ha = host_atoms(atom, fext, xold, vold, fdg, fprev, dtfm_atom.data());
  double d2max = 0.0;
  for (int i = 0; i < atom->nlocal; i++) d2max = std::max(d2max, dg_disp2_atom(ha, i));
  return d2max;
}

void FixDGNVE::styles_step_begin(double reach)
{
  for (DGStyle *dg : dgstyles) dg->dg_step_begin(xold, reach);
}

/* ----------------------------------------------------------------------
   the largest displacement |x - x^n| of an atom (all ranks)
------------------------------------------------------------------------- */

double FixDGNVE::max_displacement()
{
  const double d2max = max_disp2_local();
  double all = 0.0;
  MPI_Allreduce(&d2max, &all, 1, MPI_DOUBLE, MPI_MAX, world);
  return std::sqrt(all);
}

/* ----------------------------------------------------------------------
   the stopping rule of every solver.  An iteration maps u to
   G(u) = x^n + dt (v^n + dtfm fbar(x^n, u)); the step has converged when
     max_i |G(u)_i - u_i| <= tol * max_i |G(u)_i - x^n_i|
   (components; tol is relative to the largest displacement of the step), or
   when the increment is at the round-off floor of the positions,
   16 eps max_i |x^n_i| (max |x^n| reduced with the increment), which no iteration can go
   below, or when it stalls at the round-off of the discrete force (a sum of
   many pair forces that cancel: on 648-atom charged water at 1 fs the
   increment stops at 1e-13 to 5e-13 A, 3e-14 being tol 1e-12 times the
   step): an increment that did not decrease although it is below
   STALL_REL times the displacement ends the iteration (a contraction makes it
   decrease; Anderson mixing can let it grow once, so the bound is kept at
   100 x the default tol).  Every tol > 0 is reachable.  An iterate that moved an atom farther
   than maxdisp, or is not finite, stops the run: the iteration diverges (a
   time step too large for the fastest motion) and continuing would give NaN.
   inc_local, disp_local: this rank's max |G(u) - u| and max |G(u) - x^n|.
------------------------------------------------------------------------- */

bool FixDGNVE::converged(int iter, double inc_local, double disp_local, double &inc)
{
  double local[3] = {inc_local, disp_local, xmax_local}, all[3];
  for (double &q : local)
    if (!(q <= std::numeric_limits<double>::max())) q = std::numeric_limits<double>::infinity();
  MPI_Allreduce(local, all, 3, MPI_DOUBLE, MPI_MAX, world);
  inc = all[0];
  if (!(all[1] <= maxdisp) || !(inc < std::numeric_limits<double>::infinity())) {
    if (all[1] < std::numeric_limits<double>::infinity() && inc < std::numeric_limits<double>::infinity())
      error->all(FLERR, "{}: the implicit step diverged at step {}: iteration {} moved an atom by "
                 "{:.6g}, more than maxdisp {:.6g}; the time step is too large for the fastest "
                 "motion (a stiff bond{}): reduce the timestep, or raise maxdisp (default: half "
                 "the neighbor skin) if it is smaller than an atom's move in one step",
                 STYLE, update->ntimestep, iter, all[1], maxdisp,
                 (force->dihedral || force->improper) ? ", or a bond angle near 180 degrees under "
                                                        "a dihedral" : "");
    error->all(FLERR, "{}: the implicit step diverged at step {}: iteration {} gave a non-finite "
               "position; reduce the timestep", STYLE, update->ntimestep, iter);
  }
  // the round-off floor of the positions, 16 eps max |x^n| (all[2] is max |x^n|)
  last_target = std::max(tol * all[1], 16.0 * std::numeric_limits<double>::epsilon() * all[2]);
  // converged, or stalled at the round-off of the discrete force: the
  // increment, already tiny, did not decrease
  const bool done =
      inc <= last_target || (iter >= 2 && inc >= prev_inc && inc <= STALL_REL * all[1]);
  prev_inc = inc;
  return done;
}

/* ----------------------------------------------------------------------
   Anderson mixing coefficients: solve A gamma = b (n x n, symmetric positive
   semidefinite; all = [b_0 .. b_n-1, A upper triangle by rows]) by Gaussian
   elimination; a column whose pivot is not above 1e-12 of its diagonal (it is
   a combination of the others at round-off) gets gamma = 0
------------------------------------------------------------------------- */

void FixDGNVE::mix_coefficients(int n, const double *all, double *gamma)
{
  double a[MAX_DEPTH][MAX_DEPTH], b[MAX_DEPTH];
  bool active[MAX_DEPTH];
  int k = n;
  for (int i = 0; i < n; i++) {
    b[i] = all[i];
    for (int j = i; j < n; j++) a[i][j] = a[j][i] = all[k++];
  }
  for (int p = 0; p < n; p++) {
    const double diag = all[n + p * n - p * (p - 1) / 2];    // the original A_pp
    active[p] = diag > 0.0 && a[p][p] > 1e-12 * diag;
    if (!active[p]) continue;
    for (int r = p + 1; r < n; r++) {
      const double f = a[r][p] / a[p][p];
      for (int c = p; c < n; c++) a[r][c] -= f * a[p][c];
      b[r] -= f * b[p];
    }
  }
  for (int p = n - 1; p >= 0; p--) {
    gamma[p] = 0.0;
    if (!active[p]) continue;
    double s = b[p];
    for (int c = p + 1; c < n; c++) s -= a[p][c] * gamma[c];
    gamma[p] = s / a[p][p];
  }
}

/* ----------------------------------------------------------------------
   solver fixed / anderson: the fixed-point iteration (see below); returns the
   iteration count (maxiter + 1 if not converged)
------------------------------------------------------------------------- */

namespace {

// the passes of dg_passes.h over the owned atoms; the normal equations'
// sums (NH a compile-time constant, so that they stay in registers)
template <int NH>
void residual_loop(const DGFixedPoint &A, int nlocal, double &inc, double &disp, double *sums)
{
  constexpr int NS = NH + NH * (NH + 1) / 2;
  double acc[NS > 0 ? NS : 1] = {};
  for (int i = 0; i < nlocal; i++) dg_residual_atom<NH>(A, i, inc, disp, acc);
  for (int k = 0; k < NS; k++) sums[k] = acc[k];
}

template <int NH> void update_loop(const DGFixedPoint &A, int nlocal, const double *gamma)
{
  for (int i = 0; i < nlocal; i++) dg_update_atom<NH>(A, i, gamma);
}
}    // namespace

DGFixedPoint FixDGNVE::fixed_point_arrays()
{
  DGFixedPoint A{xold[0], vold[0], fdg[0], dtfm_atom.data(), atom->x[0], gcur[0],
                 rcur[0], gprev[0], rprev[0], nullptr, nullptr, {}, {}, dtv};
  // column a of the history: dG at mixhist[2 a stride], dR at mixhist[(2 a + 1) stride]
  const size_t stride = 3 * static_cast<size_t>(nmax);
  for (int a = 0; a < (anderson ? depth : 0); a++) {
    A.dG[a] = mixhist.data() + 2 * a * stride;
    A.dR[a] = mixhist.data() + (2 * a + 1) * stride;
  }
  return A;
}

void FixDGNVE::residual_pass(int nh, const DGFixedPoint &A, double &inc, double &disp,
                             double *sums)
{
  dg_with_depth(nh, [&](auto n) {
    residual_loop<decltype(n)::value>(A, atom->nlocal, inc, disp, sums);
  });
}

void FixDGNVE::update_pass(int nh, const DGFixedPoint &A, const double *gamma)
{
  dg_with_depth(nh, [&](auto n) { update_loop<decltype(n)::value>(A, atom->nlocal, gamma); });
}

void FixDGNVE::swap_cur_prev()
{
  std::swap(gcur, gprev);
  std::swap(rcur, rprev);
}

// the owned atom whose position still moves most (rcur: G(u) - u of the last
// iteration), -1 if none; value: its |r|_1
int FixDGNVE::worst_atom_local(double &value)
{
  int worst = -1;
  for (int i = 0; i < atom->nlocal; i++) {
    const double r = std::fabs(rcur[i][0]) + std::fabs(rcur[i][1]) + std::fabs(rcur[i][2]);
    if (r > value) {
      value = r;
      worst = i;
    }
  }
  return worst;
}

int FixDGNVE::fixed_point(double &inc, double &vnew, double &vold_sum)
{
  // fixed point u = G(u) = x^n + dt (v^n + dtfm fbar(x^n, u)); with Anderson(m)
  // mixing (m = depth) the next iterate is G(u_k) - sum_a gamma_a dG_a over the
  // last m differences dG_a = G(u_j) - G(u_j-1), dR_a = r_j - r_j-1 of the
  // residuals r = G(u) - u, gamma minimising |r_k - sum_a gamma_a dR_a| (the
  // normal equations; m = 1: gamma = r.dR / dR.dR).  The step always ends with
  // the plain x = G(u_k), so that x and v use the same fbar (exact momentum,
  // energy error ~ tol).
  const int m = anderson ? depth : 0;
  DGFixedPoint A = fixed_point_arrays();
  int nhist = 0, newest = -1;
  int iter;
  for (iter = 1; iter <= maxiter; iter++) {
    discrete_force(vnew, vold_sum);
    const bool push = m > 0 && iter > 1;
    if (push) {
      newest = (newest + 1) % m;
      nhist = std::min(nhist + 1, m);
      A.dgn = A.dG[newest];
      A.drn = A.dR[newest];
    }
    double sums[MAX_DEPTH + MAX_DEPTH * (MAX_DEPTH + 1) / 2] = {};
    const int nsums = nhist + nhist * (nhist + 1) / 2;
    double inc_local = 0.0, disp_local = 0.0;
    residual_pass(push ? nhist : 0, A, inc_local, disp_local, sums);
    const bool done = converged(iter, inc_local, disp_local, inc);
    // (the history is only read once it was written, in an earlier iteration of this step)
    const bool mix = push && !(done || iter == maxiter);
    double gamma[MAX_DEPTH] = {};
    if (mix) {
      double all[MAX_DEPTH + MAX_DEPTH * (MAX_DEPTH + 1) / 2];
      MPI_Allreduce(sums, all, nsums, MPI_DOUBLE, MPI_SUM, world);
      mix_coefficients(nhist, all, gamma);
    }
    update_pass(mix ? nhist : 0, A, gamma);
    if (done) break;
    // G and r of this iteration become the previous ones (the arrays swap
    // roles: nothing is copied; dgn and drn are set again where they are
    // read); rcur keeps the last r for worst_atom_local
    if (iter < maxiter) {
      swap_cur_prev();
      A = fixed_point_arrays();
    }
  }
  if (iter > maxiter) {
    // the atom whose position still moved most
    struct {
      double value;
      int rank;
    } local{-1.0, comm->me}, global{-1.0, 0};
    const int worst = worst_atom_local(local.value);
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE_INT, MPI_MAXLOC, world);
    tagint tag = (comm->me == global.rank && worst >= 0 && atom->tag) ? atom->tag[worst] : 0;
    MPI_Bcast(&tag, 1, MPI_LMP_TAGINT, global.rank, world);
    worst_tag = tag;
  }
  return iter;
}

/* ----------------------------------------------------------------------
   fdg = fbar(xold, x) for owned atoms (ghost trial positions communicated,
   ghost contributions summed onto their owners)
------------------------------------------------------------------------- */

void FixDGNVE::discrete_force(double &vnew, double &vold_sum)
{
  forward_trial_positions();    // of the ghosts (same PBC images as xold)
  zero_discrete_force();
  vnew = vold_sum = 0.0;
  for (size_t k = 0; k < dgstyles.size(); k++) {
    // a pair hybrid sub-style's own special factors, as pair hybrid's compute() sets them
    const double *slj = dg_special[k].first, *scoul = dg_special[k].second;
    double saved[8];
    for (int m = 0; m < 4; m++) {
      saved[m] = force->special_lj[m];
      saved[4 + m] = force->special_coul[m];
      if (slj) force->special_lj[m] = slj[m];
      if (scoul) force->special_coul[m] = scoul[m];
    }
    style_discrete_force(k, vnew, vold_sum);
    for (int m = 0; m < 4; m++) {
      force->special_lj[m] = saved[m];
      force->special_coul[m] = saved[4 + m];
    }
  }
  if (force->newton_pair || force->newton_bond) sum_ghost_discrete_force();
}

void FixDGNVE::forward_trial_positions()
{
  comm->forward_comm();
}

void FixDGNVE::zero_discrete_force()
{
  const int nall = atom->nlocal + atom->nghost;
  for (int i = 0; i < nall; i++) fdg[i][0] = fdg[i][1] = fdg[i][2] = 0.0;
}

void FixDGNVE::style_discrete_force(size_t k, double &vnew, double &vold_sum)
{
  dgstyles[k]->compute_dg(xold, atom->x, fdg, vnew, vold_sum);
}

// the ghost atoms' parts summed onto their owners
void FixDGNVE::sum_ghost_discrete_force()
{
  rev_buf = fdg;
  geomint_compat::reverse_comm(comm, this);
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
  const int nlocal = atom->nlocal;
  const int n = 3 * nlocal;
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
    double inc_local = 0.0, disp_local = 0.0;
    for (int i = 0; i < nlocal; i++)
      for (int d = 0; d < 3; d++) {
        const double g = xold[i][d] + dtv * (vold[i][d] + dtfm_atom[i] * fdg[i][d]);
        u[3 * i + d] = x[i][d];
        r[3 * i + d] = g - x[i][d];
        fu[3 * i + d] = fdg[i][d];
        inc_local = std::max(inc_local, dg_abs_or_inf(g - x[i][d]));
        disp_local = std::max(disp_local, dg_abs_or_inf(g - xold[i][d]));
      }
    const bool done = converged(evals, inc_local, disp_local, inc);
    if (done || evals >= maxiter) {
      for (int i = 0; i < nlocal; i++)
        for (int d = 0; d < 3; d++) x[i][d] += r[3 * i + d];    // plain x = G(u)
      return done ? evals : maxiter + 1;
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
              dtv * dtfm_atom[i] * (fdg[i][d] - fu[3 * i + d]) / eps;
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
   outputs: scalar = iterations of the last step; vector = iterations of the
   last step, mean iterations per step, last increment, non-converged steps,
   largest displacement of the last step, its energy error |dKE + dV|, work W
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
    case 6: return work;
    case 7: return static_cast<double>(nskipped);
    case 8: return last_quadratic ? 1.0 : 0.0;
  }
  return 0.0;
}

/* ----------------------------------------------------------------------
   restart: the statistics and W (geomint_restart.h; layouts at RESTART_VERSION)
------------------------------------------------------------------------- */

void FixDGNVE::write_restart(FILE *fp)
{
  geomint_restart::write_global(fp, comm->me, RESTART_VERSION,
                                {static_cast<double>(nsteps), static_cast<double>(total_iter),
                                 static_cast<double>(nfail), work, quadratic ? 1.0 : 0.0});
}

void FixDGNVE::restart(char *buf)
{
  const geomint_restart::Global g = geomint_restart::read_global(buf);
  const double *list = g.values;
  if (!g.versioned) {    // version 1: [nsteps, total_iter, nfail], no work tally yet
    nsteps = static_cast<bigint>(list[0]);
    total_iter = static_cast<bigint>(list[1]);
    nfail = static_cast<bigint>(list[2]);
    work = 0.0;
    return;
  }
  // version 2: without the predictor's choice (then linear)
  const bool v2 = g.version == 2 && g.count == 4;
  if (!v2 && (g.version != RESTART_VERSION || g.count != 5))
    geomint_restart::refuse_global(error, STYLE, id, g, RESTART_VERSION,
                                   "Use the GEOMINT that wrote it, or a new fix ID to start the "
                                   "fix afresh", " and versions 1 and 2");
  nsteps = static_cast<bigint>(list[0]);
  total_iter = static_cast<bigint>(list[1]);
  nfail = static_cast<bigint>(list[2]);
  work = list[3];
  quadratic = !v2 && list[4] != 0.0 && predictor == DG_PRED_EXTRAPOLATE;
}

void *FixDGNVE::extract(const char *str, int &dim)
{
  dim = 0;
  if (strcmp(str, "maxdisp") == 0) return &maxdisp;
  return nullptr;
}

int FixDGNVE::pack_reverse_comm(int n, int first, double *buf)
{
  return geomint_comm::pack_reverse3(rev_buf, n, first, buf);
}

void FixDGNVE::unpack_reverse_comm(int n, int *list, double *buf)
{
  geomint_comm::unpack_reverse3(rev_buf, n, list, buf);
}

/* ----------------------------------------------------------------------
   per-atom state: the last step's discrete force (the predictor's)
------------------------------------------------------------------------- */

void FixDGNVE::grow_arrays(int nmax_new)
{
  memory->grow(fprev, nmax_new, NPREV, "dg/nve:fprev");
}

void FixDGNVE::copy_arrays(int i, int j, int /*delflag*/)
{
  for (int k = 0; k < NPREV; k++) fprev[j][k] = fprev[i][k];
}

// an atom created after the fix (create_atoms, fix deposit): no last step yet
void FixDGNVE::set_arrays(int i)
{
  for (int k = 0; k < NPREV; k++) fprev[i][k] = 0.0;
}

int FixDGNVE::pack_exchange(int i, double *buf)
{
  for (int k = 0; k < NPREV; k++) buf[k] = fprev[i][k];
  return NPREV;
}

int FixDGNVE::unpack_exchange(int nlocal, double *buf)
{
  for (int k = 0; k < NPREV; k++) fprev[nlocal][k] = buf[k];
  return NPREV;
}

// record [size, version, fbar x y z, count, fbar x y z of the step before and of the one
// before that]: the continued run takes the same predictor, so that it follows the one
// continued in memory bitwise on one rank
int FixDGNVE::pack_restart(int i, double *buf)
{
  buf[0] = NPREV + 2;
  buf[1] = PERATOM_VERSION;
  for (int k = 0; k < NPREV; k++) buf[2 + k] = fprev[i][k];
  return NPREV + 2;
}

void FixDGNVE::unpack_restart(int nlocal, int nth)
{
  const double *record = geomint_restart::peratom_record(lmp, nlocal, nth);
  // the older layouts are the first values of this one (the rest zero): 1 = the
  // last step's fbar and its flag, 2 = the last two steps' fbar (a count <= 2)
  for (const int nold : {NPREV_V1, NPREV_V2}) {
    if (static_cast<int>(record[0]) != nold + 2 || record[1] != (nold == NPREV_V1 ? 1.0 : 2.0))
      continue;
    for (int k = 0; k < NPREV; k++) fprev[nlocal][k] = k < nold ? record[2 + k] : 0.0;
    return;
  }
  if (static_cast<int>(record[0]) != NPREV + 2 || record[1] != PERATOM_VERSION)
    geomint_restart::refuse_peratom(lmp, STYLE, id, record, PERATOM_VERSION, NPREV,
                                    "Use the GEOMINT that wrote it, or a new fix ID to start the "
                                    "fix afresh", " (and versions 1 and 2, of 4 and 7 values)");
  for (int k = 0; k < NPREV; k++) fprev[nlocal][k] = record[2 + k];
}

int FixDGNVE::size_restart(int /*nlocal*/)
{
  return NPREV + 2;
}

int FixDGNVE::maxsize_restart()
{
  return NPREV + 2;
}

double FixDGNVE::memory_usage()
{
  return 21.0 * nmax * sizeof(double) + 3.0 * nmax_ext * sizeof(double) +
      static_cast<double>(mixhist.size()) * sizeof(double) +
      static_cast<double>(atom->nmax) * NPREV * sizeof(double);
}
