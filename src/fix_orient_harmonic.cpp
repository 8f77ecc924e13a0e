/* ----------------------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix orient/harmonic: U = -(K/2) (e.u)^2 for every ellipsoid of the group,
   u = body axis 1, 2 or 3 in space (from the atom's quaternion), e = a fixed
   space direction; adds the torque T = K (e.u) (u x e) (kernel:
   lib/geomint/orient_harmonic.h).  The rotational trap of Davidchack,
   Ouldridge and Tretyakov (J. Chem. Phys. 147, 224103 (2017), section V A,
   eq. 25) is 'orient/harmonic k_r axis 1 dir 1 0 0'.  Stateless: nothing
   in restart files.  See doc/fix_orient_harmonic.rst.
------------------------------------------------------------------------- */

#include "fix_orient_harmonic.h"

#include "geomint_error.h"
#include "geomint_mpi_stubs.h"

#include "atom.h"
#include "atom_vec_ellipsoid.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "respa.h"
#include "update.h"
#include "utils.h"

#include "geomint/orient_harmonic.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

using namespace LAMMPS_NS;
using namespace FixConst;

static const char *const STYLE = "Fix orient/harmonic";
static const char *const USAGE =
    "expected 'fix ID group orient/harmonic K [axis 1|2|3] dir dx dy dz'";

/* ----------------------------------------------------------------------
   fix ID group orient/harmonic K [axis 1|2|3] dir dx dy dz
------------------------------------------------------------------------- */

FixOrientHarmonic::FixOrientHarmonic(LAMMPS *lmp, int narg, char **arg) :
    Fix(lmp, narg, arg), K(0.0), axis(1), energy_local(0.0), energy_total(0.0), energy_summed(0),
    ilevel_respa(0), avec(nullptr)
{
  if (narg < 4) error->all(FLERR, "Illegal fix orient/harmonic command: {}", USAGE);

  scalar_flag = 1;
  extscalar = 1;
  global_freq = 1;
  energy_global_flag = 1;
  energy_peratom_flag = 1;
  respa_level_support = 1;
  dynamic_group_allow = 1;

  avec = dynamic_cast<AtomVecEllipsoid *>(atom->style_match("ellipsoid"));
  if (!avec)
    error->all(FLERR, "{} needs atom_style ellipsoid (the orientation is the per-atom "
               "quaternion): use atom_style ellipsoid, or atom_style hybrid with ellipsoid, and "
               "give the atoms a shape with 'set ... shape'", STYLE);

  K = utils::numeric(FLERR, arg[3], false, lmp);
  if (!std::isfinite(K)) error->all(FLERR, "{}: K must be a finite number, not '{}'", STYLE, arg[3]);

  bool have_dir = false;
  int iarg = 4;
  while (iarg < narg) {
    if (strcmp(arg[iarg], "axis") == 0) {
      if (iarg + 2 > narg) error->all(FLERR, "{}: keyword axis needs a value (1, 2 or 3)", STYLE);
      if (strcmp(arg[iarg + 1], "1") == 0) axis = 1;
      else if (strcmp(arg[iarg + 1], "2") == 0) axis = 2;
      else if (strcmp(arg[iarg + 1], "3") == 0) axis = 3;
      else error->all(FLERR, "{}: axis must be 1, 2 or 3 (a principal body axis), not '{}'", STYLE,
                      arg[iarg + 1]);
      iarg += 2;
    } else if (strcmp(arg[iarg], "dir") == 0) {
      if (iarg + 4 > narg) error->all(FLERR, "{}: keyword dir needs three values dx dy dz", STYLE);
      for (int k = 0; k < 3; k++) dir[k] = utils::numeric(FLERR, arg[iarg + 1 + k], false, lmp);
      have_dir = true;
      iarg += 4;
    } else {
      error->all(FLERR, "{}: unknown keyword '{}' ({})", STYLE, arg[iarg], USAGE);
    }
  }
  if (!have_dir) error->all(FLERR, "{}: the space direction is missing: {}", STYLE, USAGE);
  const double len = std::sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
  if (!(len > 0.0) || !std::isfinite(len))
    error->all(FLERR, "{}: dir must be a non-zero vector, not {} {} {}", STYLE, dir[0], dir[1], dir[2]);
  for (double &d : dir) d /= len;
  if (domain->dimension == 2 && dir[2] != 0.0)
    error->all(FLERR, "{}: in 2d the direction must lie in the xy plane (dz = 0)", STYLE);
  body[0] = body[1] = body[2] = 0.0;
  body[axis - 1] = 1.0;
}

int FixOrientHarmonic::setmask()
{
  int mask = 0;
  mask |= POST_FORCE;
  mask |= POST_FORCE_RESPA;
  mask |= MIN_POST_FORCE;
  return mask;
}

/* ---------------------------------------------------------------------- */

void FixOrientHarmonic::init()
{
  // every atom of the group must have an orientation
  std::string failure;
  const int *mask = atom->mask, *ellipsoid = atom->ellipsoid;
  for (int i = 0; i < atom->nlocal && failure.empty(); i++)
    if ((mask[i] & groupbit) && ellipsoid[i] < 0)
      failure = fmt::format("{}: atom {} has no shape and so no orientation: every atom of the "
                            "group must be an ellipsoid (set its shape with 'set atom {} shape a b c')",
                            STYLE, atom->tag[i], atom->tag[i]);
  failure = geomint_error::first_failure(lmp, failure);
  if (!failure.empty()) error->all(FLERR, failure);

  if (utils::strmatch(update->integrate_style, "^respa")) {
    ilevel_respa = dynamic_cast<Respa *>(update->integrate)->nlevels - 1;
    if (respa_level >= 0) ilevel_respa = std::min(respa_level, ilevel_respa);
  }
}

void FixOrientHarmonic::setup(int vflag)
{
  if (utils::strmatch(update->integrate_style, "^verlet")) {
    post_force(vflag);
  } else {
    auto *respa = dynamic_cast<Respa *>(update->integrate);
    respa->copy_flevel_f(ilevel_respa);
    post_force_respa(vflag, ilevel_respa, 0);
    respa->copy_f_flevel(ilevel_respa);
  }
}

void FixOrientHarmonic::min_setup(int vflag)
{
  post_force(vflag);
}

/* ----------------------------------------------------------------------
   torques and the energy; per-atom energies when a compute asks for them
   this step (compute pe/atom with fix_modify energy yes)
------------------------------------------------------------------------- */

void FixOrientHarmonic::post_force(int vflag)
{
  const int eflag = (update->eflag_atom == update->ntimestep) ? ENERGY_ATOM : 0;
  ev_init(eflag, vflag);

  const int *mask = atom->mask, *ellipsoid = atom->ellipsoid;
  double **torque = atom->torque;
  const AtomVecEllipsoid::Bonus *bonus = avec->bonus;
  const int nlocal = atom->nlocal;
  double e = 0.0;
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    if (ellipsoid[i] < 0)
      geomint_error::error_one(lmp, FLERR, "{}: atom {} has no shape and so no orientation", STYLE,
                                atom->tag[i]);
    const double ei = geomint::orient_harmonic(bonus[ellipsoid[i]].quat, body, dir, K, torque[i]);
    e += ei;
    if (eflag_atom) eatom[i] += ei;
  }
  energy_local = e;
  energy_summed = 0;
}

void FixOrientHarmonic::post_force_respa(int vflag, int ilevel, int /*iloop*/)
{
  if (ilevel == ilevel_respa) post_force(vflag);
}

void FixOrientHarmonic::min_post_force(int vflag)
{
  post_force(vflag);
}

/* ----------------------------------------------------------------------
   the trap energy of the group (energy units)
------------------------------------------------------------------------- */

double FixOrientHarmonic::compute_scalar()
{
  if (!energy_summed) {
    MPI_Allreduce(&energy_local, &energy_total, 1, MPI_DOUBLE, MPI_SUM, world);
    energy_summed = 1;
  }
  return energy_total;
}
