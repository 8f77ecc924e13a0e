// fix dg/nve/kk and the /kk DG styles against fix dg/nve and the CPU styles
// (Kokkos sessions: -k on t 2 -sf kk, 2 OpenMP threads).  The per-atom passes
// and the pair terms are the CPU fix's functions (dg_passes.h); only the
// order of the sums differs (parallel_reduce, atomics of a half/thread list),
// at round-off, so the two runs take the same iterations and stay together
// until the chaos of a liquid has grown the round-off: 200 steps of the LJ
// liquid keep positions within 1e-12 (1e-15 grows about 10x per 50 steps,
// test_fix_nh_mod_kokkos.cpp), and the test asks for 1e-10.
#include "lammps_session.h"

#include "fix.h"
#include "force.h"
#include "modify.h"
#include "pair.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using geomint_test::Session;
using geomint_test::lj_liquid;
using geomint_test::max_abs_diff;
using geomint_test::max_energy_error;

namespace {

struct RunState {
  std::vector<double> x, v;
  double mean_iter, nfail, etotal;
  std::string fix_style, pair_style;
};

RunState run_of(Session &s, const std::string &setup, const std::string &fix, int nsteps)
{
  s.cmd(setup + fix + "\nrun " + std::to_string(nsteps));
  RunState r{s.atom_vec3("x"), s.atom_vec3("v"), s.fix_vector("1", 1), s.fix_vector("1", 3), s.equal("etotal"), "", s.lmp->force->pair_style};
  r.fix_style = s.lmp->modify->fix[s.lmp->modify->find_fix("1")]->style;
  return r;
}

std::string with_pair(std::string setup, const std::string &style, const std::string &coeffs)
{
  setup.replace(setup.find("pair_style lj/cut 2.5"), 21, "pair_style " + style);
  setup.replace(setup.find("pair_coeff 1 1 1.0 1.0 2.5"), 26, coeffs);
  return setup;
}

// two types (every third atom of type 2, mass 2, other LJ parameters)
std::string two_types(int cells, int vseed)
{
  std::string s = lj_liquid(cells, 1.2, vseed);
  s.replace(s.find("create_box 1 box"), 16, "create_box 2 box");
  s.replace(s.find("mass 1 1.0"), 10, "mass 1 1.0\nmass 2 2.0\ngroup heavy id 1:100000:3\n"
                                      "set group heavy type 2");
  return with_pair(s, "lj/cut/dg 2.5",
                   "pair_coeff 1 1 1.0 1.0 2.5\npair_coeff 1 2 0.8 1.1 2.6\npair_coeff 2 2 1.2 0.9 2.2");
}

std::string dimer()
{
  return "units lj\natom_style atomic\natom_modify map array\nboundary f f f\n"
         "region box block -10 10 -10 10 -10 10\ncreate_box 1 box\n"
         "create_atoms 1 single -0.75 0 0\ncreate_atoms 1 single 0.75 0 0\nmass 1 1.0\n"
         "set atom 1 vy -0.5\nset atom 2 vy 0.5\n"
         "pair_style lj/cut/dg 8.0\npair_coeff 1 1 5.0 1.0\n"
         "neigh_modify every 1 delay 0 check yes\ntimestep 0.005\nthermo 0\n";
}

}    // namespace

// The same iterations and the same positions and velocities (within 1e-10;
// the dimer, which has no chaos, within 1e-12 after 2000 steps): the LJ
// liquid on pair lj/cut/dg/kk (the default half/thread list with newton on,
// and a full list with newton off, as on GPUs), two types with per-type
// masses, the switched LJ lj/mdf/dg/kk (its discrete gradient on the device
// over a copy of its CPU style's host list), pair hybrid/overlay of
// lj/cut/dg/kk and lj/mdf/dg/kk, and the CPU lj/cut/dg under fix dg/nve/kk
// (a DG style without a /kk variant: computed on the host copies).
TEST(FixDGNVEKokkos, SameIterationsAndPositionsAsTheCPUFix)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  struct Case {
    std::string what, setup, kk_prefix, kk_pair;
    int nsteps;
    double tol;
  };
  const std::string lj = with_pair(lj_liquid(4, 1.2, 4711), "lj/cut/dg 2.5", "pair_coeff 1 1 1.0 1.0 2.5");
  const Case cases[] = {
      {"LJ liquid", lj, "", "lj/cut/dg/kk", 200, 1e-10},
      {"LJ liquid, full list, newton off", lj, "package kokkos neigh full newton off\n",
       "lj/cut/dg/kk", 200, 1e-10},
      {"two types", two_types(4, 99), "", "lj/cut/dg/kk", 200, 1e-10},
      {"switched LJ",
       with_pair(lj_liquid(4, 1.2, 21), "lj/mdf/dg 1.25 2.5", "pair_coeff 1 1 1.0 1.0"), "",
       "lj/mdf/dg/kk", 200, 1e-10},
      {"hybrid/overlay of lj/cut/dg and lj/mdf/dg",
       with_pair(lj_liquid(4, 1.2, 23), "hybrid/overlay lj/cut/dg 2.5 lj/mdf/dg 1.25 2.5",
                 "pair_coeff 1 1 lj/cut/dg 0.7 1.0\npair_coeff 1 1 lj/mdf/dg 0.3 1.05"),
       "", "hybrid/overlay/kk", 200, 1e-10},
      {"CPU lj/cut/dg under fix dg/nve/kk", lj, "CPU pair", "lj/cut/dg", 200, 1e-10},
      {"dimer", dimer(), "", "lj/cut/dg/kk", 2000, 1e-12},
  };
  for (const Case &c : cases) {
    RunState r[2];
    for (int kk = 0; kk < 2; kk++) {
      Session s(true, kk);
      std::string setup = c.setup;
      if (kk && c.kk_prefix == "CPU pair") {
        // the pair style made under suffix off, the fix with the suffix
        setup.replace(setup.find("pair_style"), 10, "suffix off\npair_style");
        setup += "suffix on\n";
      } else if (kk) {
        setup = c.kk_prefix + setup;
      }
      r[kk] = run_of(s, setup, "fix 1 all dg/nve tol 1e-12", c.nsteps);
    }
    const double dx = max_abs_diff(r[0].x, r[1].x), dv = max_abs_diff(r[0].v, r[1].v);
    std::printf("dg/nve/kk vs dg/nve, %s (%s), %d steps: mean iterations %.6f / %.6f, "
                "max |dx| %.3g, max |dv| %.3g\n", c.what.c_str(), r[1].pair_style.c_str(),
                c.nsteps, r[0].mean_iter, r[1].mean_iter, dx, dv);
    EXPECT_EQ(r[1].fix_style, "dg/nve/kk") << c.what;
    EXPECT_EQ(r[1].pair_style, c.kk_pair) << c.what;
    // the same iterations, but for a step whose last increment lies within
    // round-off of the stopping threshold (1 of the 1400 steps here takes one more
    // iteration in one of the two runs, 5e-3 of a step's iterations)
    EXPECT_LE(std::fabs(r[0].mean_iter - r[1].mean_iter) * c.nsteps, 1.0 + 1e-9) << c.what;
    EXPECT_EQ(r[1].nfail, 0.0) << c.what;
    EXPECT_LE(dx, c.tol) << c.what;
    EXPECT_LE(dv, c.tol) << c.what;
    EXPECT_GT(r[0].mean_iter, 1.0) << c.what;
  }
}

// pair lj/mdf/dg/kk (the CPU style's compute(), its discrete gradient on the
// device with the CPU style's term LJMDFDGTerm): two types with a per-pair
// inner and outer cutoff under fix dg/nve/kk take the CPU fix's iterations
// and positions (1e-10 after 200 steps), conserve the energy at the solver
// tolerance over 300 more steps as the CPU fix does, and fix dg/nve/kk names no
// style without a /kk variant (its warning, in a log file of the kk session)
TEST(FixDGNVEKokkos, LjMdfSameAsTheCPUFix)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  std::string setup = lj_liquid(4, 1.2, 77);
  setup.replace(setup.find("create_box 1 box"), 16, "create_box 2 box");
  setup.replace(setup.find("mass 1 1.0"), 10, "mass 1 1.0\nmass 2 2.0\ngroup heavy id 1:100000:3\n"
                                              "set group heavy type 2");
  setup.replace(setup.find("pair_modify shift yes"), 21, "");
  setup = with_pair(setup, "lj/mdf/dg 1.25 2.5",
                    "pair_coeff * * 1.0 1.0\npair_coeff 1 2 0.8 1.1 1.1 2.3\npair_coeff 2 2 1.2 0.9");
  const std::string log = geomint_test::scratch_path("lj_mdf_dg_kk.log");
  RunState r[2];
  double err[2], e0[2];
  for (int kk = 0; kk < 2; kk++) {
    Session s(true, kk);
    r[kk] = run_of(s, setup + (kk ? "log " + log + "\n" : ""), "fix 1 all dg/nve tol 1e-12", 200);
    e0[kk] = std::fabs(s.equal("etotal"));
    err[kk] = max_energy_error(s, 300, 10) / e0[kk];
    if (kk) s.cmd("log none");
  }
  const double dx = max_abs_diff(r[0].x, r[1].x), dv = max_abs_diff(r[0].v, r[1].v);
  std::printf("lj/mdf/dg: dg/nve/kk (%s) vs dg/nve (%s), 200 steps: mean iterations %.6f / %.6f, "
              "max |dx| %.3g, max |dv| %.3g; 300 more steps: max|E-E0|/|E0| CPU %.3g kk %.3g\n",
              r[1].pair_style.c_str(), r[0].pair_style.c_str(), r[0].mean_iter, r[1].mean_iter, dx,
              dv, err[0], err[1]);
  EXPECT_EQ(r[0].pair_style, "lj/mdf/dg");
  EXPECT_EQ(r[1].pair_style, "lj/mdf/dg/kk");
  EXPECT_EQ(r[1].fix_style, "dg/nve/kk");
  // (as SameIterationsAndPositionsAsTheCPUFix: one step may take one more
  // iteration where its last increment lies within round-off of the threshold)
  EXPECT_LE(std::fabs(r[0].mean_iter - r[1].mean_iter) * 200, 1.0 + 1e-9);
  EXPECT_GT(r[0].mean_iter, 1.0);
  EXPECT_EQ(r[1].nfail, 0.0);
  EXPECT_LE(dx, 1e-10);
  EXPECT_LE(dv, 1e-10);
  EXPECT_LT(err[0], 1e-10);
  EXPECT_LT(err[1], 1e-10);
  std::string text;
  if (FILE *f = std::fopen(log.c_str(), "r")) {
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
    std::fclose(f);
  }
  EXPECT_NE(text.find("Loop time"), std::string::npos) << "no log of the kk run";
  EXPECT_EQ(text.find("without a /kk variant"), std::string::npos) << text;
}

// The /kk DG styles' own compute() (bonded: the term at one configuration on
// the device; pair: LAMMPS's /kk parent) gives the CPU styles' energies and
// pressure, as plain styles and as sub-styles of bond and dihedral hybrid
// (LAMMPS 29Sep2021 has no bonded hybrid/kk: its CPU hybrid hands its sub-styles
// a host list of their terms), and a run of the all-atom butanes with every
// kind of DG style follows the CPU run
TEST(FixDGNVEKokkos, MoleculesHaveTheCPUEnergiesAndTrajectory)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  const std::string decks = std::string(GEOMINT_SOURCE_DIR) + "/unittest/decks/";
  const std::string setup =
      "variable s string /dg\nvariable pair string lj\nunits real\natom_style full\n"
      "atom_modify map array\nread_data " + decks + "dg_mol_butane.data\ninclude " + decks +
      "dg_mol_ff_butane.in\n";
  const std::string hybrid =
      "bond_style hybrid harmonic/dg morse/dg\nbond_coeff 1 harmonic/dg 340.0 1.09\n"
      "bond_coeff 2 morse/dg 88.0 2.0 1.529\ndihedral_style hybrid opls/dg charmm/dg\n"
      "dihedral_coeff 1 opls/dg 0.0 0.0 0.300 0.0\ndihedral_coeff 2 charmm/dg 0.3 3 90 0.0\n"
      "dihedral_coeff 3 opls/dg 1.740 -0.157 0.279 0.0\n";
  const char *const outputs[] = {"pe", "ebond", "eangle", "edihed", "evdwl", "press", "pxy"};
  for (int h = 0; h < 2; h++) {
    double v[2][7];
    std::vector<double> x[2];
    for (int kk = 0; kk < 2; kk++) {
      Session s(true, kk);
      s.cmd(setup + (h ? hybrid : "") +
            "neighbor 2.0 bin\nneigh_modify every 1 delay 0 check yes\ntimestep 0.5\n"
            "velocity all create 300.0 4928 loop geom\n"
            "thermo_style custom step pe ebond eangle edihed evdwl press pxy\n"
            "fix 1 all dg/nve\nrun 0");
      for (int k = 0; k < 7; k++) v[kk][k] = s.equal(outputs[k]);
      s.cmd("run 200");
      x[kk] = s.atom_vec3("x");
    }
    for (int k = 0; k < 7; k++) {
      std::printf("butanes%s: %s CPU %.10g kk %.10g\n", h ? " (hybrid)" : "", outputs[k], v[0][k],
                  v[1][k]);
      // (sums in another order: round-off of the largest term)
      EXPECT_NEAR(v[1][k], v[0][k], 1e-10 * (std::fabs(v[0][k]) + 1.0)) << outputs[k];
    }
    const double dx = max_abs_diff(x[0], x[1]);
    std::printf("butanes%s, 200 steps: max |dx| %.3g\n", h ? " (hybrid)" : "", dx);
    EXPECT_LE(dx, 1e-9);
  }
}

// pair morse/dg/kk with pair_modify shift yes: LAMMPS's pair morse/kk leaves the
// offsets out of its energy, so morse/dg/kk reports the energy of its DG term at x
// (the CPU style's); the total energy that fix dg/nve/kk conserves is then what
// thermo shows (with morse/kk's energy, pairs crossing the cutoff made it jump)
TEST(FixDGNVEKokkos, MorseShiftedEnergyIsReportedAndConserved)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  const std::string setup = with_pair(lj_liquid(4, 1.5, 31), "morse/dg 2.5",
                                      "pair_coeff 1 1 1.0 5.0 1.12");
  double pe[2], err[2], e0[2];
  for (int kk = 0; kk < 2; kk++) {
    Session s(true, kk);
    s.cmd(setup + "fix 1 all dg/nve tol 1e-12\nrun 0");
    pe[kk] = s.equal("pe");
    e0[kk] = s.equal("etotal");
    err[kk] = max_energy_error(s, 300, 10);
  }
  std::printf("morse/dg shift yes: pe CPU %.12g kk %.12g; max|E-E0|/|E0| CPU %.3g kk %.3g\n", pe[0],
              pe[1], err[0] / std::fabs(e0[0]), err[1] / std::fabs(e0[1]));
  EXPECT_NEAR(pe[1], pe[0], 1e-12 * std::fabs(pe[0]));
  EXPECT_LT(err[1] / std::fabs(e0[1]), 1e-10);
  EXPECT_LT(err[0] / std::fabs(e0[0]), 1e-10);
}

// what only fix dg/nve/kk refuses, and fix dg/nve/kk without KOKKOS
TEST(FixDGNVEKokkos, HostOnlyPiecesAreRefused)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  const std::string lj = with_pair(lj_liquid(3, 1.2, 5), "lj/cut/dg 2.5", "pair_coeff 1 1 1.0 1.0 2.5");
  {
    Session s(true, 1);
    s.cmd(lj);
    const std::string err = s.error_of("fix 1 all dg/nve solver newton");
    EXPECT_NE(err.find("solver newton"), std::string::npos) << err;
    EXPECT_NE(err.find("solver anderson"), std::string::npos) << err;
  }
  {
    Session s(true, 0);
    const std::string err = s.error_of("units lj\nregion b block 0 1 0 1 0 1\ncreate_box 1 b\n"
                                       "fix 1 all dg/nve/kk");
    EXPECT_NE(err.find("needs the KOKKOS package"), std::string::npos) << err;
  }
}

// the energy of the LJ liquid (4000 atoms) over 10^4 steps at the solver
// tolerance, as the CPU fix (test_fix_dg_nve.cpp, SlowLJLiquidConservesEnergy)
TEST(FixDGNVEKokkos, SlowLJLiquidConservesEnergy)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  Session s(true, 1);
  s.cmd(with_pair(lj_liquid(10, 1.0, 12345), "lj/cut/dg 2.5", "pair_coeff 1 1 1.0 1.0 2.5") +
        "fix 1 all dg/nve tol 1e-12\nrun 0");
  const double e0 = s.equal("etotal");
  const double err = max_energy_error(s, 10000, 100);
  std::printf("dg/nve/kk LJ liquid, 10^4 steps: max|E-E0|/|E0| = %.3e, mean iterations %.2f\n",
              err / std::fabs(e0), s.fix_vector("1", 1));
  EXPECT_LE(err / std::fabs(e0), 1e-9);
}
