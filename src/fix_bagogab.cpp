/* ----------------------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix bagogab: BAOAB Langevin dynamics, and BAGOGAB with in-triangle
   points; see doc/fix_bagogab.rst.  The mathematics lives in lib/geomint/.
------------------------------------------------------------------------- */

#include "fix_bagogab.h"
#include "geomint_error.h"

#include "bagogab_filaments.h"
#include "bagogab_mesh.h"
#include "bagogab_points.h"

#include "geomint_comm.h"
#include "geomint_compat.h"
#include "geomint_groups.h"
#include "geomint_mpi_stubs.h"
#include "geomint_parse.h"
#include "geomint_restart.h"
#include "geomint_noise_steps.h"
#include "geomint_target.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "group.h"
#include "memory.h"
#include "modify.h"
#include "update.h"
#include "utils.h"
#include "variable.h"

#include "geomint/baoab.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace LAMMPS_NS;
using namespace FixConst;
using namespace geomint_bagogab;

static const char *const STYLE = "Fix bagogab";

/* ---------------------------------------------------------------------- */

namespace {
BagogabPoints *make_cpu_points(LAMMPS *lmp, FixBagogab *fix, const std::string &mesh_file,
                               int intri_group, bool snap)
{
  return new BagogabPointsCpu(lmp, fix, mesh_file, intri_group, snap);
}
BagogabFilaments *make_cpu_filaments(LAMMPS *lmp, FixBagogab *fix, const std::vector<int> &links,
                                     const std::vector<int> &twists, double ftol, int fmaxit)
{
  return new BagogabFilaments(lmp, fix, links, twists, ftol, fmaxit);
}
}    // namespace

FixBagogab::FixBagogab(LAMMPS *lmp, int narg, char **arg) :
    FixBagogab(lmp, narg, arg, &make_cpu_points, &make_cpu_filaments)
{
}

FixBagogab::FixBagogab(LAMMPS *lmp, int narg, char **arg, PointsMaker make_points,
                       FilamentsMaker make_filaments) :
    Fix(lmp, narg, arg), tstr(nullptr), tvar(-1), zero_flag(false), tally_flag(true),
    t_target(0.0), dtf(0.0), kt_mvv2e(0.0), coeff_changed(true), e_bath_local(0.0),
    e_bath_restart(0.0), v_is_half(false), dt_half(0.0), corr_after_run(0.0), nmax_delta(0),
    delta(nullptr), points(nullptr), filaments(nullptr)
{
  comm_filaments = false;
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
  // the vector of the points' events (spec section 8): always 3 entries, zeros
  // without mesh, so that a deck's thermo columns do not depend on the keywords
  vector_flag = 1;
  size_vector = 3;
  extvector = 0;

  // Tstart Tstop damp seed

  if (utils::strmatch(arg[3], "^v_")) {
    tstr = utils::strdup(geomint_target::variable_name(lmp, STYLE, arg[3]));
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
  seed = geomint_parse::seed(error, STYLE, arg[6]);

  // the O step draws 3d noise and the in-triangle points move in 3d triangles:
  // under fix enforce2d z would take up noise and drift
  if (domain->dimension == 2)
    error->all(FLERR, "{}: 2d simulations are not supported (its noise and its in-triangle points "
               "are 3d); for 2d Langevin dynamics use fix nve with fix langevin and fix enforce2d",
               STYLE);

  // keywords

  ratio.assign(atom->ntypes + 1, 1.0);
  nofriction.assign(atom->ntypes + 1, 0);
  vout_half = false;    // vout full: atom->v holds the full-step velocities (spec section 1)
  std::string mesh_file;
  int intri_group = -1;
  bool snap_flag = false;
  auto type_of = [&](const char *kw, const char *str) {
    const int itype = utils::inumeric(FLERR, str, false, lmp);
    if (itype < 1 || itype > atom->ntypes)
      error->all(FLERR, "{}: {} type {} is outside 1..{} (the number of atom types)", STYLE, kw,
                 itype, atom->ntypes);
    return itype;
  };
  std::vector<int> link_types, twist_types;
  bool filament_flag = false;
  double ftol = 1e-10;
  int fmaxit = 50;
  int iarg = 7;
  while (iarg < narg) {
    const std::string kw = arg[iarg];
    if (kw == "filament") {
      // filament b T1 [T2 ...] [a A1 [A2 ...]] (read as fix shake reads b and a)
      // (given again: the last one counts, as for other keywords)
      filament_flag = true;
      link_types.clear();
      twist_types.clear();
      iarg++;
      char mode = 0;
      int listed = 0;    // types after the last 'b' or 'a'
      auto check_listed = [&]() {
        if (mode && !listed)
          error->all(FLERR, "{}: filament {} needs at least one {} type after it "
                     "(filament b T1 [T2 ...] [a A1 [A2 ...]])", STYLE, mode,
                     mode == 'b' ? "bond" : "angle");
      };
      while (iarg < narg) {
        const std::string w = arg[iarg];
        if (w == "b" || w == "a") {
          check_listed();
          mode = w[0];
          listed = 0;
        } else if (mode && utils::is_integer(w)) {
          listed++;
          const int t = utils::inumeric(FLERR, w.c_str(), false, lmp);
          const int ntypes = mode == 'b' ? atom->nbondtypes : atom->nangletypes;
          if (t < 1 || t > ntypes)
            error->all(FLERR, "{}: filament {} type {} is outside 1..{} (the number of {} types)",
                       STYLE, mode, t, ntypes, mode == 'b' ? "bond" : "angle");
          (mode == 'b' ? link_types : twist_types).push_back(t);
        } else {
          break;
        }
        iarg++;
      }
      check_listed();
      if (link_types.empty())
        error->all(FLERR, "{}: filament needs 'b' and at least one bond type of its rigid links "
                   "(filament b T1 [T2 ...] [a A1 [A2 ...]])", STYLE);
      continue;
    }
    if (kw == "ftol" || kw == "fmaxit") {
      if (iarg + 1 >= narg) error->all(FLERR, "{}: keyword {} needs a value", STYLE, kw);
      if (kw == "ftol") {
        ftol = utils::numeric(FLERR, arg[iarg + 1], false, lmp);
        // (below 1e-14 the bound is under the round-off of |r|^2 itself: the
        // solve could not reach it)
        if (!(ftol >= 1e-14) || ftol >= 1e-2)
          error->all(FLERR, "{}: ftol must be in [1e-14, 0.01) (got {}); it bounds |r^2 - d^2| / "
                     "d^2 of every rigid link after the solve, and double precision rounds "
                     "|r|^2 at about 1e-16 of its size (more far from the origin)",
                     STYLE, arg[iarg + 1]);
      } else {
        fmaxit = utils::inumeric(FLERR, arg[iarg + 1], false, lmp);
        if (fmaxit < 1)
          error->all(FLERR, "{}: fmaxit must be >= 1 (got {})", STYLE, arg[iarg + 1]);
      }
      iarg += 2;
      continue;
    }
    const int nvalues = (kw == "scale") ? 2 : 1;
    if (kw != "scale" && kw != "nofriction" && kw != "mesh" && kw != "intri" && kw != "snap" &&
        kw != "zero" && kw != "tally" && kw != "vout")
      error->all(FLERR,
                 "{}: unknown keyword '{}'; valid keywords are mesh, intri, scale, nofriction, "
                 "snap, zero, tally, vout, filament, ftol, fmaxit",
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
      snap_flag = geomint_parse::yes_no(error, STYLE, kw, arg[iarg + 1]);
    } else if (kw == "zero") {
      zero_flag = geomint_parse::yes_no(error, STYLE, kw, arg[iarg + 1]);
    } else if (kw == "tally") {
      tally_flag = geomint_parse::yes_no(error, STYLE, kw, arg[iarg + 1]);
    }
    iarg += nvalues + 1;
  }

  if (intri_group >= 0 && mesh_file.empty())
    error->all(FLERR, "{}: intri requires the mesh keyword (the triangles the points live on)",
               STYLE);
  if (snap_flag && intri_group < 0)
    error->all(FLERR, "{}: snap requires the mesh and intri keywords (it moves the in-triangle "
               "points onto the mesh)", STYLE);

  if (!mesh_file.empty()) {
    if (intri_group < 0 && comm->me == 0)
      error->warning(FLERR, "{}: mesh {} without intri: no in-triangle points, plain BAOAB", STYLE,
                     mesh_file);
    if (atom->map_style == 0)
      error->all(FLERR, "{}: the mesh keyword needs an atom map; use 'atom_modify map array' (or "
                 "map yes) before the simulation box is defined", STYLE);
    points = make_points(lmp, this, mesh_file, intri_group, snap_flag);

    // per-atom state (triangle id, l1, l2, l3): migrates, restarts, dumps as f_ID[1-4]
    peratom_flag = 1;
    size_peratom_cols = 4;
    peratom_freq = 1;
    restart_peratom = 1;
    maxexchange = 3;
    comm_forward = 3;
    comm_reverse = 3;
    dof_flag = 1;
    create_attribute = 1;    // atoms created later (create_atoms, fix deposit) get set_arrays()
    grow_arrays(atom->nmax);
    atom->add_callback(Atom::GROW);
    atom->add_callback(Atom::RESTART);
    for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
  }

  if (filament_flag) {
    if (!atom->molecular)
      error->all(FLERR, "{}: filament needs bonds (an atom style with bonds, e.g. bond or "
                 "molecular)", STYLE);
    filaments = make_filaments(lmp, this, link_types, twist_types, ftol, fmaxit);
    comm_forward = 6;
    size_vector = 6;
    dof_flag = 1;
  } else if (!twist_types.empty() || ftol != 1e-10 || fmaxit != 50) {
    error->all(FLERR, "{}: ftol and fmaxit need the filament keyword", STYLE);
  }

  ecouple_flag = tally_flag ? 1 : 0;
  coeff.assign((atom->ntypes + 1) * PT_N, 0.0);
  for (int t = 0; t <= atom->ntypes; t++) coeff[t * PT_N + PT_C1] = 1.0;
}

/* ---------------------------------------------------------------------- */

FixBagogab::~FixBagogab()
{
  if (copymode) return;    // a Kokkos functor's copy owns nothing
  delete[] tstr;
  memory->destroy(delta);
  if (points && geomint_compat::fix_exists(modify, id)) {
    atom->delete_callback(id, Atom::GROW);
    atom->delete_callback(id, Atom::RESTART);
  }
  delete points;
  delete filaments;
}

/* ---------------------------------------------------------------------- */

int FixBagogab::setmask()
{
  int mask = 0;
  mask |= INITIAL_INTEGRATE;
  mask |= FINAL_INTEGRATE;
  if (points || filaments) mask |= PRE_NEIGHBOR;
  return mask;
}

/* ---------------------------------------------------------------------- */

void FixBagogab::init()
{
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "{}: run_style respa is not supported; use run_style verlet", STYLE);
  // (before the checks of the group's atoms, which a dynamic group's unset
  // bits would fail with a misleading message)
  if (group->dynamic[igroup])
    error->all(FLERR, "{}: the fix group {} is dynamic; use a static group (LAMMPS checks "
               "this after the fixes' init)", STYLE, group->names[igroup]);

  if (tstr) tvar = geomint_target::find_equal_variable(lmp, STYLE, tstr);

  // constraints cannot be combined with the BAOAB splitting of this fix

  for (int i = 0; i < modify->nfix; i++) {
    Fix *other = modify->fix[i];
    // (also their suffixed variants, e.g. shake/kk under -sf kk): the atoms it
    // constrains, whatever its group is called (its dof() of this fix's group
    // counts the constraints of clusters centred there; collective; a shake
    // group that holds this fix's atoms but constrains other bonds is fine)
    if (!utils::strmatch(other->style, "^shake") && !utils::strmatch(other->style, "^rattle"))
      continue;
    const bigint removed = other->dof(igroup);
    if (removed > 0)
      error->all(FLERR, "{}: fix {} (ID {}) on atoms of this fix is not supported (it removes {} "
                 "degrees of freedom of group {}): its constraints assume velocity Verlet; use "
                 "this fix's filament keyword for rigid links, or integrate those atoms with "
                 "another fix", STYLE, other->style, other->id, removed, group->names[igroup]);
  }

  if (points && points->intri_bit) {
    const int intri_bit = points->intri_bit;
    // the point passes run over lists of the points and of the other atoms,
    // made at each reneighboring: the intri group may not change between them
    if (group->dynamic[points->intri_group])
      error->all(FLERR, "{}: intri group {} is dynamic; the in-triangle points must be a static "
                 "group (an atom joins or leaves the points only between runs)",
                 STYLE, group->names[points->intri_group]);
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
                 STYLE, all, group->names[points->intri_group], group->names[igroup]);
    for (int f = 0; f < modify->nfix; f++) {
      Fix *other = modify->fix[f];
      if (other == this || !other->time_integrate) continue;
      const bigint total = geomint_groups::atoms_in_both(lmp, intri_bit, other->groupbit);
      if (total)
        error->all(FLERR, "{}: fix {} ({}) also integrates {} in-triangle points; the points must "
                   "be moved by fix bagogab only",
                   STYLE, other->id, other->style, total);
    }
  }

  if (filaments) filaments->init(points ? points->intri_bit : 0, true, points ? points->mesh : nullptr);

  update_coefficients();
}

const int *FixBagogab::pass_mask() const
{
  return filaments ? filaments->pass_mask() : atom->mask;
}

/* ----------------------------------------------------------------------
   per-type OU coefficients for the full time step h
------------------------------------------------------------------------- */

void FixBagogab::update_coefficients()
{
  dtf = 0.5 * update->dt * force->ftm2v;
  for (int t = 1; t <= atom->ntypes; t++) {
    double *c = &coeff[t * PT_N];
    if (!atom->rmass) {
      c[PT_DTFM] = dtf / atom->mass[t];
      c[PT_INVM] = 1.0 / atom->mass[t];
    }
    c[PT_MASS] = atom->mass ? atom->mass[t] : 0.0;
    const double rate = nofriction[t] ? 0.0 : 1.0 / (damp * ratio[t]);    // gamma/M
    const geomint::OUCoefficients ou = geomint::ou_coefficients(update->dt, rate);
    c[PT_C1] = ou.c1;
    c[PT_S] = ou.s;
  }
  coeff_changed = true;
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
      coeff[t * PT_N + PT_SIGMA] = std::sqrt(kt_mvv2e * coeff[t * PT_N + PT_S] / atom->mass[t]);
  coeff_changed = true;
}

/* ----------------------------------------------------------------------
   B(h/2) A(h/2) O(h) A(h/2) of the step; B(h/2) closes it in final_integrate()
------------------------------------------------------------------------- */

void FixBagogab::initial_integrate(int /*vflag*/)
{
  geomint_error::require_setup(lmp, style, id, setup_ran);
  compute_target();
  update_sigma();
  // vout half: the closing kick of the last step (same forces, same positions,
  // its own timestep) comes first, as a kick of its own: the operations are
  // those of vout full, and of a run that ended (post_run) and goes on
  const double s_def = v_is_half ? dt_half / update->dt : 0.0;
  v_is_half = false;
  corr_after_run = 0.0;
  double de = 0.0;
  if (filaments) filament_images(false);
  if (points) {
    de = points->step(s_def);
  } else if (zero_flag) {
    // the random impulses sum to zero momentum over the atoms that receive
    // noise (types with friction); nofriction atoms are left alone, so that
    // they are integrated by velocity Verlet exactly
    double local[4] = {0.0, 0.0, 0.0, 0.0};
    zero_first_pass(s_def, local);
    double shift[3];
    random_momentum_shift(local, shift);
    zero_second_pass(shift, de);
  } else {
    baoa_pass(s_def, de);
  }
  // the filament beads (left out of the passes above): their own constrained sub-steps
  if (filaments) {
    filaments_to_host();
    de += filaments->step(s_def, zero_flag, vout_half);
    filaments_done_on_host();
  }
  if (tally_flag) e_bath_local += 0.5 * force->mvv2e * de;
}

/* ----------------------------------------------------------------------
   the CPU accessor of the atom data and the plain-BAOAB passes as loops
------------------------------------------------------------------------- */

BagogabAtoms FixBagogab::atoms_cpu()
{
  if (zero_flag && atom->nmax > nmax_delta) {
    memory->destroy(delta);
    nmax_delta = atom->nmax;
    memory->create(delta, nmax_delta, 3, "bagogab:delta");
  }
  BagogabAtoms a;
  a.x_ = atom->x;
  a.v_ = atom->v;
  a.f_ = atom->f;
  a.rmass_ = atom->rmass;
  a.type_ = atom->type;
  a.mask_ = pass_mask();
  a.tag_ = atom->tag;
  a.coeff_ = coeff.data();
  a.delta_ = delta;
  static_cast<AtomScalars &>(a) = atom_scalars();
  return a;
}

AtomScalars FixBagogab::atom_scalars() const
{
  AtomScalars s;
  s.groupbit = groupbit;
  s.use_rmass = atom->rmass != nullptr;
  s.seed = static_cast<uint32_t>(seed);
  s.step = update->ntimestep;
  s.dtf = dtf;
  s.half_h = 0.5 * update->dt;
  s.kt = kt_mvv2e;
  s.image_bound = points ? points->mesh->image_bound() : geomint_bagogab::ImageBound{};
  return s;
}

void FixBagogab::baoa_pass(double s_def, double &de)
{
  for_atoms_noise(atoms_cpu(), atom->nlocal, BaoaPass{s_def}, de);
}

void FixBagogab::zero_first_pass(double s_def, double local[4])
{
  for_atoms_noise(atoms_cpu(), atom->nlocal, ZeroFirstPass{s_def}, local);
}

void FixBagogab::zero_second_pass(const double shift[3], double &de)
{
  for_atoms(atoms_cpu(), atom->nlocal, ZeroSecondPass{{shift[0], shift[1], shift[2]}}, de);
}

void FixBagogab::kick_pass(double scale, bool apply, double &dke)
{
  for_atoms(atoms_cpu(), atom->nlocal, KickPass{scale, apply}, dke);
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
  double dke = 0.0;
  if (filaments) filament_images(false);
  if (points) {
    dke = points->b_step(scale, 0.0, apply);
    points->agree_on_failures();
  } else {
    kick_pass(scale, apply, dke);
  }
  if (filaments) {
    filaments_to_host();
    dke += filaments->kick(scale, apply);
    filaments_done_on_host();
  }
  return force->mvv2e * dke;
}

// a new run recomputes the kinetic energy from the full-step velocities
void FixBagogab::setup(int /*vflag*/)
{
  setup_ran = true;
  corr_after_run = 0.0;
  if (tstr || t_start > 0.0 || t_stop > 0.0) noise_steps.check(lmp, STYLE, id);
  // filament atoms off their constraints (a data file, new link lengths) are
  // put on them before the first step, as fix shake does
  if (filaments) {
    filaments_to_host();
    filaments->correct_positions();
    filaments_done_on_host();
  }
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
  // (a run of no steps after a run keeps full-step velocities: no correction)
  corr_after_run = 0.0;
  if (v_is_half) {
    // thermo keywords between runs report the kinetic energy of the last step
    // (computes are not invoked again): f_ID keeps the correction it had
    // there, until the next run starts
    corr_after_run = kick_all(dt_half / update->dt, false);
    kick_all(dt_half / update->dt, true);
    v_is_half = false;
  }
  if (filaments) filaments->invalidate();
  if (!points) return;
  points->invalidate();    // commands between runs may move, delete or create atoms
  points->report_timing();
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
  // Between runs (update->whichflag 0) thermo keywords report the kinetic
  // energy of the last thermo step, from half-step velocities: the correction
  // that post_run kept goes with it.  A run that starts without setup (run N
  // pre no) prints its first thermo line from the full-step velocities that
  // post_run left: no correction there
  const double after = update->whichflag == 0 ? corr_after_run : 0.0;
  double local = e_bath_local + e_bath_restart + half_correction() + after;
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
  const uint64_t cks = points ? points->mesh->table.checksum() : 0;
  // the bath tally alone (the vout half correction is recomputed after reading)
  double local = e_bath_local + e_bath_restart, tally = 0.0;
  MPI_Allreduce(&local, &tally, 1, MPI_DOUBLE, MPI_SUM, world);
  const std::vector<double> list = {tally,
                                    points ? static_cast<double>(points->mesh->table.ntri) : 0.0,
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
                                   "fix afresh", " and versions 1 and 2");
  }
  e_bath_local = 0.0;
  e_bath_restart = (comm->me == 0) ? list[0] : 0.0;
  const uint64_t cks = points ? points->mesh->table.checksum() : 0;
  const int ntri = points ? points->mesh->table.ntri : 0;
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
  if (points) bytes += points->memory_usage();
  if (filaments) bytes += filaments->memory_usage();
  return bytes;
}

/* ----------------------------------------------------------------------
   in-triangle points: the component does the work (bagogab_points.h)
------------------------------------------------------------------------- */

void FixBagogab::pre_neighbor()
{
  if (points) points->invalidate();
  if (filaments) filament_images(true);
}

// the filaments' local images (collective): rebuilt (a reneighboring), or
// only where they are stale (a run after 'pre no', commands between runs);
// they only read the atom data
void FixBagogab::filament_images(bool rebuild)
{
  if (!rebuild && filaments->local_ready()) return;
  filaments_to_host();
  filaments->setup_local();
}

// setup: checks, then every owned point keeps its triangle or gets the closest
// one; the filaments' local images
void FixBagogab::setup_pre_neighbor()
{
  if (points) points->setup();
  if (filaments) filament_images(true);
}

// DOF: each point has 2 (it moves in its triangle's plane), so 1 is removed
// filaments: each constraint whose two atoms are in the group removes 1
geomint_compat::dof_type FixBagogab::dof(int jgroup)
{
  bigint total = 0;
  if (points && points->intri_bit) {
    const bigint n = points->count(group->bitmask[jgroup]);
    MPI_Allreduce(&n, &total, 1, MPI_LMP_BIGINT, MPI_SUM, world);
  }
  if (filaments) total += filaments->constraints_in(group->bitmask[jgroup]);
  return static_cast<geomint_compat::dof_type>(total);
}

// [1] edge transfers, [2] border reflections (sums), [3] max segments in a G half-step;
// filaments: [4] most Newton iterations of a filament solve, [5] their mean per
// solve, [6] the largest relative constraint residual |r^2 - d^2| / d^2 (this step)
double FixBagogab::compute_vector(int n)
{
  if (n >= 3) return filaments->stat(n - 3);
  if (!points) return 0.0;
  if (n < 2) {
    const int local = n == 0 ? points->n_transfers : points->n_reflections;
    int total = 0;
    MPI_Allreduce(&local, &total, 1, MPI_INT, MPI_SUM, world);
    return total;
  }
  int total = 0;
  MPI_Allreduce(&points->max_segments, &total, 1, MPI_INT, MPI_MAX, world);
  return total;
}

/* ----------------------------------------------------------------------
   per-atom state (triangle, barycentrics): kept by the component
------------------------------------------------------------------------- */

void FixBagogab::grow_arrays(int nmax)
{
  points->grow_arrays(nmax);
  array_atom = points->state;
}

void FixBagogab::copy_arrays(int i, int j, int /*delflag*/)
{
  points->copy_arrays(i, j);
}

void FixBagogab::set_arrays(int i)
{
  points->set_arrays(i);
}

int FixBagogab::pack_exchange(int i, double *buf)
{
  return points->pack_exchange(i, buf);
}

int FixBagogab::unpack_exchange(int nlocal, double *buf)
{
  return points->unpack_exchange(nlocal, buf);
}

int FixBagogab::pack_restart(int i, double *buf)
{
  return points->pack_restart(i, buf);
}

void FixBagogab::unpack_restart(int nlocal, int nth)
{
  points->unpack_restart(nlocal, nth);
}

int FixBagogab::size_restart(int /*nlocal*/)
{
  return 5;
}

int FixBagogab::maxsize_restart()
{
  return 5;
}

int FixBagogab::pack_forward_comm(int n, int *list, double *buf, int pbc_flag, int *pbc)
{
  if (comm_filaments) return filaments->pack_forward_comm(n, list, buf, pbc_flag, pbc);
  return points->pack_forward_comm(n, list, buf, pbc_flag, pbc);
}

void FixBagogab::unpack_forward_comm(int n, int first, double *buf)
{
  if (comm_filaments) return filaments->unpack_forward_comm(n, first, buf);
  points->unpack_forward_comm(n, first, buf);
}

int FixBagogab::pack_reverse_comm(int n, int first, double *buf)
{
  return points->pack_reverse_comm(n, first, buf);
}

void FixBagogab::unpack_reverse_comm(int n, int *list, double *buf)
{
  points->unpack_reverse_comm(n, list, buf);
}
