/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the parameters of fix multiscale/adaptive, as its input gives
   them, and their parse function (the constructor's arguments, checked
   with the same ERROR messages; testable alone, see
   unittest/test_multiscale_adaptive_params.cpp).  See
   doc/fix_multiscale_adaptive.rst for the syntax.
------------------------------------------------------------------------- */

#ifndef GEOMINT_FIX_MULTISCALE_ADAPTIVE_PARAMS_H
#define GEOMINT_FIX_MULTISCALE_ADAPTIVE_PARAMS_H

#include "lmptype.h"
#include "nh_mod_thermostat.h"

#include "multiscale_adaptive_passes.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {

struct MultiscaleAdaptiveParams {
  enum { ATOMISTIC, CONTINUUM };
  enum { DRAG_NONE = geomint_msa::DRAG_NONE, DRAG_STOKES = geomint_msa::DRAG_STOKES, DRAG_BETA = geomint_msa::DRAG_BETA };
  enum { NOISE_A2, NOISE_SQRT, NOISE_NONE };

  int mode = CONTINUUM;
  double a2 = 1.0, b2 = 1.0;
  bool integrate = true;

  // mode atomistic: the nh/mod thermostat's parameters (temp, kd, qmass,
  // tloop; tchar, which mode continuum's eps uses too); the fix's
  // NHModThermostat starts from these
  NHModParams thermostat;

  // mode continuum: drag, flow, noise
  int drag_style = DRAG_NONE, rdrag_style = DRAG_NONE;
  double eta = 0.0;
  bool radius_peratom = false;
  std::vector<double> radius_type, beta_type, rbeta_type;    // per type (index 1 .. ntypes)
  double flow[3] = {0.0, 0.0, 0.0};
  bool exact_damp = false;
  bool brownian = false;
  double b_temp = 0.0;
  int b_seed = 0, b_every = 1, b_dist = geomint::MSA_GAUSS, b_scale = NOISE_A2;
  bool b_instant = false;
  bool rotate = false;    // integrate omega (rdrag with integrate yes)

  // adaptive pot G1 G2
  bool adaptive = false;
  std::string g1_name, g2_name;
  int g1_bit = 0, g2_bit = 0;
  double alpha = 0.0, beta_ref = 1.0, hysteresis = 0.0;
  bool metric_max = false, per_beta = true;
  bool beta_ref_given = false;
  bool groups_dynamic = false;    // G1 or G2 is a dynamic group (check_adaptive_groups)
  bigint hold = 0;

  // fix ID group multiscale/adaptive a2 A2 mode atomistic|continuum keyword value ...
  // (arg as the fix's constructor gets it); an ERROR for a bad argument,
  // a missing one, or one the atom style, dimension or groups rule out
  void parse(class LAMMPS *lmp, int narg, char **arg);
  // collective: the adaptive groups exist (bits refreshed) and are disjoint; an
  // ERROR otherwise (parse, each run's setup, and each step for dynamic groups)
  void check_adaptive_groups(class LAMMPS *lmp);
};

inline MultiscaleAdaptiveParams parse_multiscale_adaptive(class LAMMPS *lmp, int narg, char **arg)
{
  MultiscaleAdaptiveParams p;
  p.parse(lmp, narg, arg);
  return p;
}

}    // namespace LAMMPS_NS

#endif
