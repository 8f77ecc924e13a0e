/* ----------------------------------------------------------------------
   GEOMINT - fix multiscale/adaptive's parameters from its arguments (see
   fix_multiscale_adaptive_params.h and doc/fix_multiscale_adaptive.rst)
------------------------------------------------------------------------- */

#include "fix_multiscale_adaptive_params.h"

#include "geomint_groups.h"

#include "atom.h"
#include "domain.h"
#include "error.h"
#include "comm.h"
#include "group.h"
#include "lammps.h"
#include "utils.h"

#include "geomint/multiscale.h"

#include <cstring>

using namespace LAMMPS_NS;

static const char *const STYLE = "Fix multiscale/adaptive";

void MultiscaleAdaptiveParams::parse(LAMMPS *lmp, int narg, char **arg)
{
  Error *error = lmp->error;
  Atom *atom = lmp->atom;
  Group *group = lmp->group;
  Domain *domain = lmp->domain;

  const char *usage = "expected 'fix ID group multiscale/adaptive a2 A2 mode atomistic|continuum "
                      "keyword value ...'";
  if (narg < 7 || strcmp(arg[3], "a2") != 0 || strcmp(arg[5], "mode") != 0)
    error->all(FLERR, "Illegal {} command: {}", STYLE, usage);
  a2 = utils::numeric(FLERR, arg[4], false, lmp);
  if (!(a2 > 0.0 && a2 <= 1.0))
    error->all(FLERR, "{}: a2 must be in (0, 1] (got {}); a2 1 is the unscaled system", STYLE,
               arg[4]);
  if (strcmp(arg[6], "atomistic") == 0)
    mode = ATOMISTIC;
  else if (strcmp(arg[6], "continuum") == 0)
    mode = CONTINUUM;
  else
    error->all(FLERR, "{}: mode must be atomistic or continuum (got {})", STYLE, arg[6]);

  const int ntypes = atom->ntypes;
  auto need = [&](int k, int n, const char *what) {
    if (k + n >= narg) error->all(FLERR, "{}: keyword {} needs {}", STYLE, arg[k], what);
  };
  auto only = [&](int m, const char *kw) {
    if (mode != m)
      error->all(FLERR, "{}: keyword {} belongs to mode {}, not mode {}", STYLE, kw,
                 m == ATOMISTIC ? "atomistic" : "continuum", arg[6]);
  };
  auto per_type = [&](int k, const char *kw, std::vector<double> &out, bool positive) {
    // k points at the first value
    if (k + ntypes > narg)
      error->all(FLERR, "{}: {} type needs one value per atom type ({} types)", STYLE, kw, ntypes);
    out.assign(ntypes + 1, 0.0);
    for (int t = 1; t <= ntypes; t++) {
      out[t] = utils::numeric(FLERR, arg[k + t - 1], false, lmp);
      if (positive ? !(out[t] > 0.0) : !(out[t] >= 0.0))
        error->all(FLERR, "{}: {} type: the value of type {} must be {} 0 (got {})", STYLE, kw,
                   t, positive ? ">" : ">=", arg[k + t - 1]);
    }
    return k + ntypes;
  };
  auto yesno = [&](int k) {
    if (strcmp(arg[k + 1], "yes") == 0) return true;
    if (strcmp(arg[k + 1], "no") == 0) return false;
    error->all(FLERR, "{}: {} must be yes or no (got {})", STYLE, arg[k], arg[k + 1]);
    return false;
  };

  bool kd_given = false, temp_given = false;
  int k = 7;
  while (k < narg) {
    const std::string kw = arg[k];
    if (kw == "temp") {
      only(ATOMISTIC, "temp");
      need(k, 3, "Tstart Tstop Tdamp");
      thermostat.parse_temp(lmp, STYLE, arg[k + 1], arg[k + 2], arg[k + 3]);
      temp_given = true;
      k += 4;
    } else if (kw == "kd") {
      only(ATOMISTIC, "kd");
      need(k, 1, "a value");
      thermostat.kd = utils::numeric(FLERR, arg[k + 1], false, lmp);
      if (!(thermostat.kd >= 0.0)) error->all(FLERR, "{}: kd must be >= 0 (got {})", STYLE, arg[k + 1]);
      kd_given = true;
      k += 2;
    } else if (kw == "qmass" || kw == "tloop" || kw == "solver" || kw == "tchar") {
      if (kw != "tchar") only(ATOMISTIC, kw.c_str());
      need(k, 1, "a value");
      thermostat.parse_keyword(lmp, STYLE, kw, arg[k + 1]);
      k += 2;
    } else if (kw == "drag") {
      only(CONTINUUM, "drag");
      need(k, 1, "stokes ETA or beta type B1 ... BN");
      if (strcmp(arg[k + 1], "stokes") == 0) {
        need(k + 1, 1, "a viscosity");
        drag_style = DRAG_STOKES;
        eta = utils::numeric(FLERR, arg[k + 2], false, lmp);
        if (!(eta > 0.0)) error->all(FLERR, "{}: drag stokes viscosity must be > 0 (got {})", STYLE, arg[k + 2]);
        k += 3;
        radius_peratom = true;
        if (k < narg && strcmp(arg[k], "radius") == 0) {
          need(k, 1, "per-atom or type R1 ... RN");
          if (strcmp(arg[k + 1], "per-atom") == 0) {
            k += 2;
          } else if (strcmp(arg[k + 1], "type") == 0) {
            radius_peratom = false;
            k = per_type(k + 2, "radius", radius_type, true);
          } else {
            error->all(FLERR, "{}: radius must be per-atom or type R1 ... RN (got {})", STYLE, arg[k + 1]);
          }
        }
      } else if (strcmp(arg[k + 1], "beta") == 0) {
        if (k + 2 >= narg || strcmp(arg[k + 2], "type") != 0)
          error->all(FLERR, "{}: expected 'drag beta type B1 ... BN'", STYLE);
        drag_style = DRAG_BETA;
        k = per_type(k + 3, "drag beta", beta_type, false);
      } else {
        error->all(FLERR, "{}: drag must be 'stokes ETA [radius ...]' or 'beta type B1 ... BN' (got {})",
                   STYLE, arg[k + 1]);
      }
    } else if (kw == "rdrag") {
      only(CONTINUUM, "rdrag");
      need(k, 1, "stokes or beta type B1 ... BN");
      if (strcmp(arg[k + 1], "stokes") == 0) {
        rdrag_style = DRAG_STOKES;
        k += 2;
      } else if (strcmp(arg[k + 1], "beta") == 0) {
        if (k + 2 >= narg || strcmp(arg[k + 2], "type") != 0)
          error->all(FLERR, "{}: expected 'rdrag beta type B1 ... BN'", STYLE);
        rdrag_style = DRAG_BETA;
        k = per_type(k + 3, "rdrag beta", rbeta_type, false);
      } else {
        error->all(FLERR, "{}: rdrag must be stokes or beta type B1 ... BN (got {})", STYLE, arg[k + 1]);
      }
    } else if (kw == "flow") {
      only(CONTINUUM, "flow");
      need(k, 3, "ux uy uz");
      for (int c = 0; c < 3; c++) flow[c] = utils::numeric(FLERR, arg[k + 1 + c], false, lmp);
      k += 4;
    } else if (kw == "b2") {
      only(CONTINUUM, "b2");
      need(k, 1, "a value");
      b2 = utils::numeric(FLERR, arg[k + 1], false, lmp);
      if (!(b2 > 0.0)) error->all(FLERR, "{}: b2 must be > 0 (got {})", STYLE, arg[k + 1]);
      k += 2;
    } else if (kw == "brownian") {
      only(CONTINUUM, "brownian");
      need(k, 2, "T seed");
      brownian = true;
      b_temp = utils::numeric(FLERR, arg[k + 1], false, lmp);
      if (!(b_temp >= 0.0)) error->all(FLERR, "{}: brownian T must be >= 0 (got {})", STYLE, arg[k + 1]);
      b_seed = utils::inumeric(FLERR, arg[k + 2], false, lmp);
      if (b_seed <= 0) error->all(FLERR, "{}: brownian seed must be > 0 (got {})", STYLE, arg[k + 2]);
      k += 3;
      // its sub-keywords, in any order
      while (k + 1 < narg) {
        const std::string sub = arg[k];
        const std::string val = arg[k + 1];
        if (sub == "every") {
          b_every = utils::inumeric(FLERR, arg[k + 1], false, lmp);
          if (b_every < 1) error->all(FLERR, "{}: brownian every must be >= 1 (got {})", STYLE, val);
        } else if (sub == "dist") {
          if (val == "gauss") b_dist = geomint::MSA_GAUSS;
          else if (val == "sphere") b_dist = geomint::MSA_SPHERE;
          else if (val == "uniform") b_dist = geomint::MSA_UNIFORM;
          else error->all(FLERR, "{}: brownian dist must be gauss, sphere or uniform (got {})", STYLE, val);
        } else if (sub == "temp") {    // (keyword temp itself belongs to mode atomistic)
          if (val != "target" && val != "instant")
            error->all(FLERR, "{}: brownian temp must be target or instant (got {})", STYLE, val);
          b_instant = val == "instant";
        } else if (sub == "noise_scale") {
          if (val == "a2") b_scale = NOISE_A2;
          else if (val == "sqrt") b_scale = NOISE_SQRT;
          else if (val == "none") b_scale = NOISE_NONE;
          else error->all(FLERR, "{}: brownian noise_scale must be a2, sqrt or none (got {})", STYLE, val);
        } else {
          break;
        }
        k += 2;
      }
    } else if (kw == "damp_integrator") {
      only(CONTINUUM, "damp_integrator");
      need(k, 1, "explicit or exact");
      if (strcmp(arg[k + 1], "explicit") == 0) exact_damp = false;
      else if (strcmp(arg[k + 1], "exact") == 0) exact_damp = true;
      else error->all(FLERR, "{}: damp_integrator must be explicit or exact (got {})", STYLE, arg[k + 1]);
      k += 2;
    } else if (kw == "integrate") {
      need(k, 1, "yes or no");
      integrate = yesno(k);
      k += 2;
    } else if (kw == "adaptive") {
      if (k + 5 >= narg || strcmp(arg[k + 1], "pot") != 0 || strcmp(arg[k + 4], "alpha") != 0)
        error->all(FLERR, "{}: expected 'adaptive pot G1 G2 alpha ALPHA [metric sum|max] "
                   "[per_beta yes|no] [beta_ref B] [hold N] [hysteresis H]'", STYLE);
      adaptive = true;
      g1_name = arg[k + 2];
      g2_name = arg[k + 3];
      for (const std::string &g : {g1_name, g2_name})
        if (group->find(g) < 0)
          error->all(FLERR, "{}: adaptive group {} does not exist; define it with 'group {} ...' "
                     "before this fix", STYLE, g, g);
      if (g1_name == g2_name)
        error->all(FLERR, "{}: adaptive pot needs two different groups (got {} twice)", STYLE, g1_name);
      g1_bit = group->bitmask[group->find(g1_name)];
      g2_bit = group->bitmask[group->find(g2_name)];
      alpha = utils::numeric(FLERR, arg[k + 5], false, lmp);
      if (!(alpha >= 0.0)) error->all(FLERR, "{}: adaptive alpha must be >= 0 (got {})", STYLE, arg[k + 5]);
      per_beta = mode == CONTINUUM;
      k += 6;
      while (k + 1 < narg) {
        const std::string sub = arg[k];
        const std::string val = arg[k + 1];
        if (sub == "metric") {
          if (val == "sum") metric_max = false;
          else if (val == "max") metric_max = true;
          else error->all(FLERR, "{}: adaptive metric must be sum or max (got {})", STYLE, val);
        } else if (sub == "per_beta") {
          per_beta = yesno(k);
        } else if (sub == "beta_ref") {
          beta_ref_given = true;
          beta_ref = utils::numeric(FLERR, arg[k + 1], false, lmp);
          if (!(beta_ref > 0.0)) error->all(FLERR, "{}: adaptive beta_ref must be > 0 (got {})", STYLE, val);
        } else if (sub == "hold") {
          hold = utils::bnumeric(FLERR, arg[k + 1], false, lmp);
          if (hold < 0) error->all(FLERR, "{}: adaptive hold must be >= 0 (got {})", STYLE, val);
        } else if (sub == "hysteresis") {
          hysteresis = utils::numeric(FLERR, arg[k + 1], false, lmp);
          if (!(hysteresis >= 0.0 && hysteresis < 1.0))
            error->all(FLERR, "{}: adaptive hysteresis must be in [0, 1) (got {})", STYLE, val);
        } else {
          break;
        }
        k += 2;
      }
    } else {
      error->all(FLERR, "{}: unknown keyword '{}' (mode {}); see doc/fix_multiscale_adaptive.rst",
                 STYLE, kw, arg[6]);
    }
  }

  // (per_beta yes divides each atom's |f_p| by its own drag)
  if (adaptive && per_beta && beta_ref_given && lmp->comm->me == 0)
    error->warning(FLERR, "{}: adaptive beta_ref is not used with per_beta yes (the default in "
                   "mode continuum: each atom's |f_p| is divided by its own drag); give per_beta "
                   "no to scale the signal by beta_ref", STYLE);

  // what each mode needs
  if (mode == ATOMISTIC) {
    if (!temp_given || !kd_given)
      error->all(FLERR, "{}: mode atomistic needs 'temp Tstart Tstop Tdamp' and 'kd Kd' (the "
                 "nh/mod thermostat with scaled forces and derivative friction)", STYLE);
    if (!integrate)
      error->all(FLERR, "{}: integrate no is for mode continuum (the thermostat of mode "
                 "atomistic rescales velocities, which a body integrator owns)", STYLE);
    if (adaptive && per_beta)
      error->all(FLERR, "{}: per_beta yes needs a drag (mode continuum); use per_beta no "
                 "[beta_ref B] in mode atomistic", STYLE);
  } else {
    if (drag_style == DRAG_NONE)
      error->all(FLERR, "{}: mode continuum needs a drag: 'drag stokes ETA [radius ...]' or "
                 "'drag beta type B1 ... BN'", STYLE);
    if (rdrag_style == DRAG_STOKES && drag_style != DRAG_STOKES)
      error->all(FLERR, "{}: rdrag stokes takes the viscosity and radii of drag stokes; with "
                 "drag beta use rdrag beta type B1 ... BN", STYLE);
    if (exact_damp && !integrate)
      error->all(FLERR, "{}: damp_integrator exact integrates the drag inside the kicks; with "
                 "integrate no the body integrator kicks, so use damp_integrator explicit", STYLE);
    if (radius_peratom && drag_style == DRAG_STOKES && !atom->radius_flag)
      error->all(FLERR, "{}: drag stokes with per-atom radii needs an atom style with radius "
                 "(sphere); otherwise give 'radius type R1 ... RN'", STYLE);
    if (rdrag_style != DRAG_NONE && !(atom->omega_flag && atom->torque_flag && atom->radius_flag &&
                                      atom->rmass_flag))
      error->all(FLERR, "{}: rdrag acts on finite-size spheres: it needs atom_style sphere "
                 "(radius, omega, torque)", STYLE);
    if (adaptive && per_beta && drag_style == DRAG_NONE)
      error->all(FLERR, "{}: per_beta yes needs a drag", STYLE);
    rotate = integrate && rdrag_style != DRAG_NONE;
    // Stokes drag of per-type radii: a per-type beta, as drag beta
    if (drag_style == DRAG_STOKES && !radius_peratom) {
      beta_type.assign(ntypes + 1, 0.0);
      for (int t = 1; t <= ntypes; t++) beta_type[t] = geomint::msa_stokes_beta(eta, radius_type[t]);
    }
  }
  // a 2D run: the fix's drag, noise and flow act in the xy plane (see
  // geomint::MSAStep::planar); dist sphere draws a direction in the plane
  if (domain->dimension == 2) {
    if (flow[2] != 0.0)
      error->all(FLERR, "{}: flow uz must be 0 in a 2d simulation (got {}); the drag, noise and "
                 "flow of this fix act in the xy plane", STYLE, flow[2]);
    if (b_dist == geomint::MSA_SPHERE) b_dist = geomint::MSA_SPHERE_2D;
  }
  if (adaptive) check_adaptive_groups(lmp);
}

// collective: the groups of adaptive pot still exist (their bits again: a
// group deleted and defined anew may get another) and share no atom
void MultiscaleAdaptiveParams::check_adaptive_groups(LAMMPS *lmp)
{
  Group *group = lmp->group;
  int bits[2] = {0, 0};
  const std::string names[2] = {g1_name, g2_name};
  for (int k = 0; k < 2; k++) {
    const int g = group->find(names[k]);
    if (g < 0)
      lmp->error->all(FLERR, "{}: adaptive group {} no longer exists; define it again or the fix "
                      "anew", STYLE, names[k]);
    bits[k] = group->bitmask[g];
    groups_dynamic = k ? groups_dynamic || group->dynamic[g] : group->dynamic[g] != 0;
  }
  g1_bit = bits[0];
  g2_bit = bits[1];
  const bigint both = geomint_groups::atoms_in_both(lmp, g1_bit, g2_bit);
  if (both)
    lmp->error->all(FLERR, "{}: adaptive groups {} and {} overlap ({} atoms in both); Gamma_p "
                    "acts between two disjoint groups", STYLE, g1_name, g2_name, both);
}
