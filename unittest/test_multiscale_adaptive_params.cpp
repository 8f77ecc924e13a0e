// fix multiscale/adaptive's parse function (fix_multiscale_adaptive_params.cpp)
// alone: argument lists in, MultiscaleAdaptiveParams or the LAMMPS ERROR out,
// inside an in-process LAMMPS (the atom style, types, groups and dimension
// that the checks read), without defining the fix.
#include "lammps_session.h"

#include "fix_multiscale_adaptive_params.h"

#include <gtest/gtest.h>

#include <exception>
#include <sstream>
#include <string>
#include <vector>

using LAMMPS_NS::MultiscaleAdaptiveParams;
using geomint_test::Session;

namespace {

// "fix 1 all multiscale/adaptive " + args, split at blanks, as the fix's constructor gets them
struct Args {
  std::vector<std::string> words;
  std::vector<char *> argv;
  explicit Args(const std::string &args)
  {
    std::istringstream in("1 all multiscale/adaptive " + args);
    for (std::string w; in >> w;) words.push_back(w);
    for (std::string &w : words) argv.push_back(&w[0]);
  }
  int narg() const { return static_cast<int>(argv.size()); }
};

MultiscaleAdaptiveParams parse(Session &s, const std::string &args)
{
  Args a(args);
  return LAMMPS_NS::parse_multiscale_adaptive(s.lmp, a.narg(), a.argv.data());
}

// the ERROR message of a bad list ("" if it parsed)
std::string error_of(Session &s, const std::string &args)
{
  try {
    parse(s, args);
  } catch (std::exception &e) {
    return e.what();
  }
  return "";
}

// a 108-atom LJ liquid with two types and groups a (ids 1-10) and b (11-20)
void liquid(Session &s)
{
  s.cmd(geomint_test::lj_liquid(3, 1.0, 87287));
  s.cmd("group a id <= 10\ngroup b id 11:20");
}

}    // namespace

TEST(MultiscaleAdaptiveParams, ContinuumKeywords)
{
  Session s(true, 0);
  liquid(s);
  const MultiscaleAdaptiveParams p =
      parse(s, "a2 0.25 mode continuum drag beta type 2.5 flow 0.3 -0.1 0.2 b2 0.5 "
               "brownian 1.5 4928 every 3 dist uniform noise_scale sqrt temp instant "
               "damp_integrator exact tchar 2 adaptive pot a b alpha 4 metric max hold 5 hysteresis 0.2");
  EXPECT_EQ(p.mode, MultiscaleAdaptiveParams::CONTINUUM);
  EXPECT_EQ(p.a2, 0.25);
  EXPECT_EQ(p.b2, 0.5);
  EXPECT_TRUE(p.integrate);
  EXPECT_EQ(p.drag_style, MultiscaleAdaptiveParams::DRAG_BETA);
  ASSERT_EQ(p.beta_type.size(), 2u);    // index 1 .. ntypes (1 type)
  EXPECT_EQ(p.beta_type[1], 2.5);
  EXPECT_EQ(p.flow[0], 0.3);
  EXPECT_EQ(p.flow[1], -0.1);
  EXPECT_EQ(p.flow[2], 0.2);
  EXPECT_TRUE(p.brownian);
  EXPECT_EQ(p.b_temp, 1.5);
  EXPECT_EQ(p.b_seed, 4928);
  EXPECT_EQ(p.b_every, 3);
  EXPECT_EQ(p.b_dist, geomint::MSA_UNIFORM);
  EXPECT_EQ(p.b_scale, MultiscaleAdaptiveParams::NOISE_SQRT);
  EXPECT_TRUE(p.b_instant);
  EXPECT_TRUE(p.exact_damp);
  EXPECT_EQ(p.thermostat.tchar, 2.0);
  EXPECT_TRUE(p.adaptive);
  EXPECT_EQ(p.g1_name, "a");
  EXPECT_EQ(p.g2_name, "b");
  EXPECT_NE(p.g1_bit, 0);
  EXPECT_NE(p.g2_bit, p.g1_bit);
  EXPECT_EQ(p.alpha, 4.0);
  EXPECT_TRUE(p.metric_max);
  EXPECT_TRUE(p.per_beta);    // the default of mode continuum
  EXPECT_EQ(p.hold, 5);
  EXPECT_EQ(p.hysteresis, 0.2);
  EXPECT_FALSE(p.rotate);
}

TEST(MultiscaleAdaptiveParams, AtomisticKeywordsAndDefaults)
{
  Session s(true, 0);
  liquid(s);
  MultiscaleAdaptiveParams p =
      parse(s, "a2 0.5 mode atomistic temp 1.0 2.0 0.5 kd 0.3 qmass 7 tloop 4 tchar 3 "
               "adaptive pot a b alpha 1 per_beta no beta_ref 2");
  EXPECT_EQ(p.mode, MultiscaleAdaptiveParams::ATOMISTIC);
  EXPECT_EQ(p.thermostat.t_start, 1.0);
  EXPECT_EQ(p.thermostat.t_stop, 2.0);
  EXPECT_EQ(p.thermostat.t_damp, 0.5);
  EXPECT_EQ(p.thermostat.kd, 0.3);
  EXPECT_EQ(p.thermostat.qmass, 7.0);
  EXPECT_TRUE(p.thermostat.qmass_given);
  EXPECT_EQ(p.thermostat.tloop, 4);
  EXPECT_EQ(p.thermostat.tchar, 3.0);
  EXPECT_FALSE(p.per_beta);
  EXPECT_EQ(p.beta_ref, 2.0);

  // the target from a variable
  p = parse(s, "a2 0.5 mode atomistic temp v_T 0 0.5 kd 0");
  EXPECT_EQ(p.thermostat.tvar_name, "T");
  EXPECT_FALSE(p.thermostat.qmass_given);

  // the defaults of mode continuum with a drag
  p = parse(s, "a2 1 mode continuum drag beta type 1");
  EXPECT_EQ(p.b2, 1.0);
  EXPECT_FALSE(p.brownian);
  EXPECT_FALSE(p.adaptive);
  EXPECT_FALSE(p.exact_damp);
  EXPECT_EQ(p.b_every, 1);
  EXPECT_EQ(p.b_dist, geomint::MSA_GAUSS);
  EXPECT_EQ(p.b_scale, MultiscaleAdaptiveParams::NOISE_A2);
  EXPECT_EQ(p.thermostat.tchar, 1.0);
}

// Stokes drag with per-type radii: beta per type = 6 pi eta r; rdrag on spheres
TEST(MultiscaleAdaptiveParams, StokesAndSpheres)
{
  Session s(true, 0);
  s.cmd("units lj\natom_style sphere\nlattice fcc 0.8\nregion box block 0 2 0 2 0 2\n"
        "create_box 2 box\ncreate_atoms 1 box\nset type 1 diameter 1.0");
  MultiscaleAdaptiveParams p = parse(s, "a2 0.5 mode continuum drag stokes 0.1 radius type 0.5 0.25");
  EXPECT_EQ(p.drag_style, MultiscaleAdaptiveParams::DRAG_STOKES);
  EXPECT_FALSE(p.radius_peratom);
  ASSERT_EQ(p.beta_type.size(), 3u);
  EXPECT_EQ(p.beta_type[1], geomint::msa_stokes_beta(0.1, 0.5));
  EXPECT_EQ(p.beta_type[2], geomint::msa_stokes_beta(0.1, 0.25));
  p = parse(s, "a2 0.5 mode continuum drag stokes 0.1 rdrag stokes");
  EXPECT_TRUE(p.radius_peratom);
  EXPECT_EQ(p.rdrag_style, MultiscaleAdaptiveParams::DRAG_STOKES);
  EXPECT_TRUE(p.rotate);
  p = parse(s, "a2 0.5 mode continuum drag stokes 0.1 rdrag stokes integrate no");
  EXPECT_FALSE(p.integrate);
  EXPECT_FALSE(p.rotate);
}

// dist sphere in 2d draws a direction in the plane; flow uz must be 0 there
TEST(MultiscaleAdaptiveParams, TwoDimensions)
{
  Session s(true, 0);
  s.cmd("units lj\ndimension 2\natom_style atomic\nlattice sq 0.8\nregion box block 0 4 0 4 -0.5 0.5\n"
        "create_box 1 box\ncreate_atoms 1 box\nmass 1 1.0");
  const MultiscaleAdaptiveParams p = parse(s, "a2 0.5 mode continuum drag beta type 1 brownian 1 5 dist sphere");
  EXPECT_EQ(p.b_dist, geomint::MSA_SPHERE_2D);
  EXPECT_NE(error_of(s, "a2 0.5 mode continuum drag beta type 1 flow 0 0 1").find("flow uz must be 0 in a 2d simulation"),
            std::string::npos);
}

// bad lists: the LAMMPS ERROR with the fix's message
TEST(MultiscaleAdaptiveParams, BadArgumentsAreErrors)
{
  struct Case {
    std::string args, expect;
  };
  const std::string cont = "mode continuum drag beta type 1.0";
  const Case cases[] = {
      {"a2 0 " + cont, "Fix multiscale/adaptive: a2 must be in (0, 1] (got 0)"},
      {"a2 1.5 " + cont, "a2 must be in (0, 1] (got 1.5)"},
      {"0.1 mode continuum", "Illegal Fix multiscale/adaptive command: expected 'fix ID group "
                             "multiscale/adaptive a2 A2 mode"},
      {"a2 0.1 mode fluid", "mode must be atomistic or continuum (got fluid)"},
      {"a2 0.1 mode continuum", "mode continuum needs a drag"},
      {"a2 0.1 mode atomistic temp 1 1 0.5", "mode atomistic needs 'temp Tstart Tstop Tdamp' and 'kd Kd'"},
      {"a2 0.1 mode atomistic temp 0 1 0.5 kd 1", "Tstart and Tstop must be > 0 (got 0 1)"},
      {"a2 0.1 mode atomistic temp 1 1 0 kd 1", "Tdamp must be > 0 (got 0)"},
      {"a2 0.1 mode atomistic temp 1 1 0.5 kd -1", "kd must be >= 0 (got -1)"},
      {"a2 0.1 mode atomistic temp 1 1 0.5 kd 1 qmass 0", "qmass must be > 0 (got 0)"},
      {"a2 0.1 mode atomistic temp 1 1 0.5 kd 1 tloop 0", "tloop must be >= 1 (got 0)"},
      {"a2 0.1 " + cont + " tchar -1", "tchar must be > 0 (got -1)"},
      {"a2 0.1 " + cont + " tchar", "keyword tchar needs a value"},
      {"a2 0.1 " + cont + " qmass 1", "keyword qmass belongs to mode atomistic, not mode continuum"},
      {"a2 0.1 mode atomistic temp 1 1 0.5 kd 1 drag beta type 1", "keyword drag belongs to mode continuum"},
      {"a2 0.1 " + cont + " frob 1", "unknown keyword 'frob' (mode continuum)"},
      {"a2 0.1 mode continuum drag beta type", "drag beta type needs one value per atom type (1 types)"},
      {"a2 0.1 mode continuum drag beta type -1", "drag beta type: the value of type 1 must be >= 0 (got -1)"},
      {"a2 0.1 mode continuum drag stokes 0", "drag stokes viscosity must be > 0 (got 0)"},
      {"a2 0.1 mode continuum drag stokes 1.0", "needs an atom style with radius"},
      {"a2 0.1 mode continuum drag stokes 1.0 radius type 0", "radius type: the value of type 1 must be > 0"},
      {"a2 0.1 mode continuum drag glue", "drag must be 'stokes ETA [radius ...]' or 'beta type B1 ... BN' (got glue)"},
      {"a2 0.1 " + cont + " rdrag stokes", "rdrag stokes takes the viscosity"},
      {"a2 0.1 " + cont + " rdrag beta type 1", "rdrag acts on finite-size spheres"},
      {"a2 0.1 " + cont + " b2 0", "b2 must be > 0 (got 0)"},
      {"a2 0.1 " + cont + " brownian -1 5", "brownian T must be >= 0 (got -1)"},
      {"a2 0.1 " + cont + " brownian 1.0 0", "brownian seed must be > 0"},
      {"a2 0.1 " + cont + " brownian 1.0 5 every 0", "brownian every must be >= 1 (got 0)"},
      {"a2 0.1 " + cont + " brownian 1.0 5 dist cauchy", "brownian dist must be gauss, sphere or uniform"},
      {"a2 0.1 " + cont + " brownian 1.0 5 noise_scale half", "noise_scale must be a2, sqrt or none"},
      {"a2 0.1 " + cont + " damp_integrator implicit", "damp_integrator must be explicit or exact (got implicit)"},
      {"a2 0.1 " + cont + " damp_integrator exact integrate no", "damp_integrator exact integrates the drag"},
      {"a2 0.1 " + cont + " integrate maybe", "integrate must be yes or no (got maybe)"},
      {"a2 0.1 mode atomistic temp 1 1 0.5 kd 1 integrate no", "integrate no is for mode continuum"},
      {"a2 0.1 " + cont + " adaptive pot nope a alpha 1", "adaptive group nope does not exist"},
      {"a2 0.1 " + cont + " adaptive pot a a alpha 1", "adaptive pot needs two different groups (got a twice)"},
      {"a2 0.1 " + cont + " adaptive pot a b", "expected 'adaptive pot G1 G2 alpha ALPHA"},
      {"a2 0.1 " + cont + " adaptive pot a b alpha -1", "adaptive alpha must be >= 0 (got -1)"},
      {"a2 0.1 " + cont + " adaptive pot a b alpha 1 metric mean", "adaptive metric must be sum or max"},
      {"a2 0.1 " + cont + " adaptive pot a b alpha 1 hold -2", "adaptive hold must be >= 0 (got -2)"},
      {"a2 0.1 " + cont + " adaptive pot a b alpha 1 hysteresis 1", "hysteresis must be in [0, 1)"},
      {"a2 0.1 " + cont + " adaptive pot a b alpha 1 beta_ref 0", "adaptive beta_ref must be > 0 (got 0)"},
      {"a2 0.1 mode atomistic temp 1 1 0.5 kd 1 adaptive pot a b alpha 1 per_beta yes",
       "per_beta yes needs a drag (mode continuum)"},
      {"a2 0.1 " + cont + " adaptive pot a ab alpha 1", "overlap (10 atoms in both)"},
  };
  Session s(true, 0);
  liquid(s);
  s.cmd("group ab id <= 20");
  for (const Case &c : cases) {
    const std::string err = error_of(s, c.args);
    EXPECT_NE(err.find(c.expect), std::string::npos) << c.args << "\n  got: " << err;
    EXPECT_NE(err.find("ERROR"), std::string::npos) << c.args << "\n  got: " << err;
  }
}
