// fix multiscale/adaptive/kk (-k on t 2 -sf kk: Kokkos OpenMP, 2 threads)
// against fix multiscale/adaptive: the same per-atom kernels and the same
// Philox noise, so the trajectories agree to round-off (the works, the
// kinetic sum of temp instant and compute temp/kk are reduced in another
// order); its restarts and two-part runs are bitwise; integrate no under
// fix rigid/small (a CPU fix: LAMMPS has no rigid/small/kk).  Skipped when
// the plugin was built without Kokkos.
#include "geomint_compat.h"
#include "lammps_session.h"

#include "fix.h"
#include "modify.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using geomint_test::Session;

namespace {

struct State {
  std::vector<double> x, v, vec;    // vec: f_1[1..12]
  std::string style, body_style;    // of fix 1 and (if any) fix 2
};

State state_of(Session &s)
{
  State st{s.atom_vec3("x"), s.atom_vec3("v"), {}, "", ""};
  for (int k = 0; k < 12; k++) st.vec.push_back(s.fix_vector("1", k));
  LAMMPS_NS::Modify *modify = s.lmp->modify;
  st.style = LAMMPS_NS::geomint_compat::fix_by_id(modify, "1")->style;
  if (LAMMPS_NS::geomint_compat::fix_by_id(modify, "2")) st.body_style = LAMMPS_NS::geomint_compat::fix_by_id(modify, "2")->style;
  return st;
}

State run_deck(const std::string &deck, int kokkos)
{
  Session s(true, kokkos);
  s.cmd(deck);
  return state_of(s);
}

double max_abs(const std::vector<double> &a)
{
  double m = 0.0;
  for (double v : a) m = std::max(m, std::fabs(v));
  return m;
}

// max |a - b| / max |a|
double rel_diff(const std::vector<double> &a, const std::vector<double> &b)
{
  return geomint_test::max_abs_diff(a, b) / std::max(max_abs(a), 1e-300);
}

// the largest |a_k - b_k| / |a_k| over the entries of the vector (both zero:
// 0), for the works W_d W_p W_k W_b (f_ID[5-8]) relative to the largest of
// them (a small net work, e.g. of tethers, is a sum of large terms whose
// order the reductions change); `worst` gets its index (1-based, as f_ID[k])
double vector_rel_diff(const std::vector<double> &a, const std::vector<double> &b, int *worst = nullptr)
{
  double m = 0.0, works = 0.0;
  for (size_t k = 4; k < 8 && k < a.size(); k++) works = std::max(works, std::fabs(a[k]));
  for (size_t k = 0; k < a.size(); k++) {
    const double scale = k >= 4 && k < 8 ? works : std::fabs(a[k]);
    const double d = a[k] == b[k] ? 0.0 : std::fabs(a[k] - b[k]) / std::max(scale, 1e-300);
    if (d > m && worst) *worst = static_cast<int>(k) + 1;
    m = std::max(m, d);
  }
  return m;
}

// the kk run against the CPU run; returns the largest relative difference
double expect_close(const std::string &deck, double tol, const std::string &what)
{
  const State cpu = run_deck(deck, 0), kk = run_deck(deck, 1);
  EXPECT_EQ(cpu.style, "multiscale/adaptive") << what;
  EXPECT_EQ(kk.style, "multiscale/adaptive/kk") << what;
  int worst = 0;
  const double dx = rel_diff(cpu.x, kk.x), dv = rel_diff(cpu.v, kk.v);
  const double dvec = vector_rel_diff(cpu.vec, kk.vec, &worst);
  std::printf("multiscale/adaptive/kk vs CPU, %s: max rel. diff x %.2g, v %.2g, f_1[1-12] %.2g (f_1[%d])\n",
              what.c_str(), dx, dv, dvec, worst);
  EXPECT_LE(dx, tol) << what;
  EXPECT_LE(dv, tol) << what;
  EXPECT_LE(dvec, tol) << what;
  EXPECT_GT(max_abs(cpu.v), 0.01) << what;
  return std::max({dx, dv, dvec});
}

// tethered atoms of two types (fix spring/self) on a simple cubic lattice:
// without `pair`, 343 independent oscillators (linear dynamics that do not
// amplify round-off); with `pair` (an lj/cut between types 1 and 2, eps 0
// within a type) at spacing 1.5 with stiffer tethers, weakly nonlinear ones
// (the CPU fix against itself under -sf kk is bitwise; against the CPU pair
// style, lj/cut/kk's other sum order grows to 1e-14 in 1000 steps; a
// tighter or hotter lattice is chaotic: 1e-5 at spacing 1.2)
std::string oscillators(const std::string &style, const std::string &pair, const std::string &fix,
                        int nsteps)
{
  const double spacing = pair.empty() ? 10.0 : 1.5;
  const double rho = 1.0 / (spacing * spacing * spacing);
  std::string deck = "units lj\natom_style " + style + "\natom_modify map array\nboundary s s s\n"
                     "lattice sc " + std::to_string(rho) +
                     "\nregion box block 0 7 0 7 0 7\ncreate_box 2 box\n"
                     "create_atoms 1 box\nset group all type/fraction 2 0.5 77\n";
  deck += style == "sphere" ? "set type 1 diameter 0.8\nset type 2 diameter 1.1\nset group all density 2.0\n"
                              "set group all omega 0.3 -0.2 0.5\n"
                            : "mass 1 1.0\nmass 2 4.0\n";
  deck += "group g1 type 1\ngroup g2 type 2\n";
  deck += pair.empty() ? "pair_style zero 2.5\npair_coeff * *\n"
                       : "pair_style lj/cut 2.5\npair_coeff * * 0.0 1.0\npair_coeff 1 2 " + pair + "\n";
  deck += std::string("neighbor 0.3 bin\ntimestep 0.05\nvelocity all create 1.0 4928 loop geom\n") +
          "fix tether all spring/self " + (pair.empty() ? "5.0\n" : "20.0\n") + fix +
          "\nthermo 0\nrun " + std::to_string(nsteps);
  return deck;
}

}    // namespace

// 1000 steps of each mode, CPU vs /kk, to 1e-12 relative (x, v, f_1[1-12])
TEST(MultiscaleAdaptiveKokkos, SameTrajectoryAsTheCPUFix)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  const std::string fx = "fix 1 all multiscale/adaptive ";
  const std::string cont = "a2 0.3 mode continuum drag beta type 1.0 2.0 flow 0.05 -0.02 0.01 ";
  struct Case {
    std::string style, pair, fix, what;
  };
  const std::string lj12 = "0.1 1.0 2.5";
  const Case cases[] = {
      {"atomic", "", fx + cont + "b2 0.5 brownian 1.0 4928 every 3", "continuum explicit, b2, brownian every 3"},
      {"atomic", "", fx + cont + "damp_integrator exact brownian 1.0 4928 dist sphere noise_scale sqrt",
       "continuum exact, brownian sphere sqrt"},
      {"atomic", "", fx + cont + "brownian 1.0 4928 dist uniform", "continuum, brownian uniform every step"},
      // the state (held noise and drags) follows the atoms through sorting and
      // reneighboring (host copies: copy_arrays, grow_arrays)
      {"atomic", "",
       "atom_modify sort 7 3.0\nneigh_modify every 1 delay 0 check no\n" + fx + cont +
           "brownian 1.0 4928 every 5",
       "continuum, sorted every 7 steps, held noise"},
      // (noise_scale sqrt: with a2 the instant temperature would decay towards 0)
      {"atomic", "", fx + cont + "brownian 1.0 4928 every 2 temp instant noise_scale sqrt",
       "continuum, brownian temp instant"},
      {"sphere", "",
       fx + "a2 0.3 mode continuum drag stokes 0.2 rdrag stokes flow 0.05 0 0 brownian 1.0 4928 every 2",
       "continuum sphere, drag and rdrag stokes (per-atom radius)"},
      {"sphere", "",
       fx + "a2 0.3 mode continuum drag stokes 0.2 radius type 0.4 0.6 rdrag stokes brownian 1.0 4928 "
            "damp_integrator exact",
       "continuum sphere, stokes radius type, exact"},
      {"sphere", "",
       fx + "a2 0.3 mode continuum drag beta type 1.0 3.0 rdrag beta type 0.1 0.0 brownian 1.0 4928",
       "continuum sphere, drag and rdrag beta"},
      // G1 (type 1) stays in place, G2 moves past it; the switch turns on and off
      {"atomic", lj12,
       "fix 1 g2 multiscale/adaptive " + cont + "brownian 1.0 4928 every 3 adaptive pot g1 g2 alpha 40 hold 50",
       "continuum, adaptive (G1-G2 in the pair style, subtracted), hold"},
      {"atomic", lj12,
       "neigh_modify exclude type 1 2\nfix 1 g2 multiscale/adaptive " + cont +
           "brownian 1.0 4928 adaptive pot g1 g2 alpha 40 hysteresis 0.3",
       "continuum, adaptive (G1-G2 excluded), hysteresis"},
      // the thermostat couples the oscillators: the kinetic sums of compute temp and
      // temp/kk differ in their last bits, which a stiffer thermostat grows faster
      // (5e-13 at a2 0.3, Tdamp 2; 4e-12 at kd 0)
      {"atomic", "", fx + "a2 0.1 mode atomistic temp 1.0 1.0 10.0 kd 1.0 tloop 2", "atomistic"},
      {"atomic", lj12,
       "fix 1 g2 multiscale/adaptive a2 0.5 mode atomistic temp 0.3 0.2 2.0 kd 1.0 adaptive pot g1 g2 "
       "alpha 40 per_beta no hold 20",
       "atomistic, adaptive, ramped target"},
      {"atomic", "",
       "compute tp all temp/partial 1 1 0\n" + fx +
           "a2 0.1 mode atomistic temp 1.0 1.0 10.0 kd 1.0\nfix_modify 1 temp tp",
       "atomistic, fix_modify temp with a biased CPU compute"},
  };
  double worst = 0.0;
  for (const Case &c : cases) {
    const std::string deck = oscillators(c.style, c.pair, c.fix, 1000);
    worst = std::max(worst, expect_close(deck, 1e-12, c.what));
    // the adaptive cases switch (else they would not test the switch)
    if (!c.pair.empty()) EXPECT_GT(run_deck(deck, 1).vec[3], 0.0) << c.what << ": no switch";
  }
  std::printf("multiscale/adaptive/kk vs CPU: largest relative difference %.2g\n", worst);
}

// integrate no under fix rigid/small and fix rigid (CPU fixes: with -sf kk
// LAMMPS finds no rigid/small/kk nor rigid/kk and takes the CPU fix, which
// reads and writes the host copies of the atom data): tethered dimers, 1000
// steps; and spheres in two bodies with torques and the rotational drag
// (omega kept for the works), 500 steps (the two bodies' rotations grow
// round-off faster: 7e-13 after 1000 steps with LAMMPS 29Aug2024, whose
// fix spring/self/kk sums in another order than fix spring/self)
TEST(MultiscaleAdaptiveKokkos, IntegrateNoUnderRigidBodies)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  const std::string dimers =
      "units lj\natom_style bond\natom_modify map array\nboundary s s s\nlattice sc 0.5\n"
      "region box block 0 5.5 0 5.5 0 5.5\ncreate_box 1 box\ncreate_atoms 1 box\nmass 1 1.0\n"
      "variable m atom floor((id-1)/2)+1\nset group all mol v_m\n"
      "velocity all create 1.0 87287 loop geom\npair_style zero 2.0\npair_coeff * *\n"
      "neighbor 0.3 bin\ntimestep 0.02\nfix tether all spring/self 2.0\n"
      "fix 1 all multiscale/adaptive a2 0.3 mode continuum drag beta type 1.0 flow 0.1 0 -0.05 "
      "brownian 0.5 99 every 2 integrate no\nfix 2 all rigid/small molecule\nthermo 0\nrun 1000";
  const std::string spheres = oscillators(
      "sphere", "",
      "fix 1 all multiscale/adaptive a2 0.3 mode continuum drag stokes 0.2 rdrag stokes "
      "brownian 1.0 4928 integrate no\nfix 2 all rigid group 2 g1 g2\n"
      "compute ts all temp/sphere\nthermo_modify temp ts",
      500);
  struct Case {
    std::string deck, body, what;
  };
  for (const Case &c : {Case{dimers, "rigid/small", "dimers, rigid/small"},
                        Case{spheres, "rigid", "spheres in two bodies, fix rigid, rdrag"}}) {
    const State cpu = run_deck(c.deck, 0), kk = run_deck(c.deck, 1);
    EXPECT_EQ(kk.style, "multiscale/adaptive/kk") << c.what;
    EXPECT_EQ(kk.body_style, c.body) << c.what;
    int worst = 0;
    const double dx = rel_diff(cpu.x, kk.x), dv = rel_diff(cpu.v, kk.v);
    const double dvec = vector_rel_diff(cpu.vec, kk.vec, &worst);
    std::printf("integrate no, %s: /kk vs CPU max rel. diff x %.2g, v %.2g, f_1[1-12] %.2g (f_1[%d])\n",
                c.what.c_str(), dx, dv, dvec, worst);
    EXPECT_LE(dx, 1e-12) << c.what;
    EXPECT_LE(dv, 1e-12) << c.what;
    EXPECT_LE(dvec, 1e-12) << c.what;
    EXPECT_GT(max_abs(cpu.v), 0.01) << c.what;
    EXPECT_GT(std::fabs(cpu.vec[7]), 0.0) << c.what << ": W_b credited";
  }
}

// restart and a split run continue the /kk trajectory bit for bit: the held
// noise, the stored drags and the switch state pass through the DualView's
// host copy (pack_restart, unpack_restart).  The pair forces are exact zeros
// (G1-G2 is excluded and evaluated by the fix, eps 0 within a type), so that
// nothing depends on the order of a threaded force sum
TEST(MultiscaleAdaptiveKokkos, RestartIsBitwise)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  const std::string base = oscillators("atomic", "0.1 1.0 2.5", "", 0);
  const std::string setup = base.substr(0, base.find("fix tether")) +
                            "atom_modify sort 0 0.0\nneigh_modify every 1 delay 0 check no exclude type 1 2\n";
  const std::string rerun = "pair_style lj/cut 2.5\npair_coeff * * 0.0 1.0\npair_coeff 1 2 0.1 1.0 2.5\n"
                            "neighbor 0.3 bin\ntimestep 0.05\n"
                            "atom_modify sort 0 0.0\nneigh_modify every 1 delay 0 check no exclude type 1 2\n";
  const std::string fixes[] = {
      "fix tether all spring/self 20.0\nfix 1 g2 multiscale/adaptive a2 0.3 mode continuum drag beta type "
      "1.0 2.0 brownian 1.0 99 every 7 temp instant adaptive pot g1 g2 alpha 40 hold 30\n",
      "fix tether all spring/self 20.0\nfix 1 g2 multiscale/adaptive a2 0.5 mode atomistic temp 0.3 0.3 "
      "2.0 kd 1.0 adaptive pot g1 g2 alpha 40 per_beta no hold 20\n"};
  for (const std::string &fix : fixes) {
    const std::string file = geomint_test::scratch_path("msa_kk.restart");
    std::vector<double> x, v, vec;
    auto vector_of = [](Session &s) {
      std::vector<double> r;
      for (int k = 0; k < 11; k++) r.push_back(s.fix_vector("1", k));
      return r;
    };
    {
      Session s(true, 1);
      s.cmd(setup + fix + "thermo 0\nrun 200");
      x = s.atom_vec3("x"), v = s.atom_vec3("v"), vec = vector_of(s);
      EXPECT_GT(vec[3], 0.0) << fix << ": the switch must have switched";
    }
    {
      Session s(true, 1);
      s.cmd(setup + fix + "thermo 0\nrun 90\nrun 110");
      EXPECT_EQ(s.atom_vec3("x"), x) << fix;
      EXPECT_EQ(s.atom_vec3("v"), v) << fix;
      EXPECT_EQ(vector_of(s), vec) << fix;
    }
    {
      Session s(true, 1);
      s.cmd(setup + fix + "thermo 0\nrun 90\nwrite_restart " + file);
    }
    {
      Session s(true, 1);
      s.cmd("read_restart " + file + "\n" + rerun + "group g1 type 1\ngroup g2 type 2\n" + fix +
            "thermo 0\nrun 110");
      LAMMPS_NS::Modify *modify = s.lmp->modify;
      EXPECT_EQ(std::string(LAMMPS_NS::geomint_compat::fix_by_id(modify, "1")->style), "multiscale/adaptive/kk");
      EXPECT_EQ(s.atom_vec3("x"), x) << fix;
      EXPECT_EQ(s.atom_vec3("v"), v) << fix;
      EXPECT_EQ(vector_of(s), vec) << fix;
    }
  }
}

// the three registered names; without '-k on' the /kk fix says what it needs
TEST(MultiscaleAdaptiveKokkos, NamesAndRefusal)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  for (const std::string name : {"multiscale/adaptive/kk/device", "multiscale/adaptive/kk/host"}) {
    Session s(true, 1);
    s.cmd(oscillators("atomic", "",
                      "fix 1 all " + name + " a2 0.3 mode continuum drag beta type 1.0 2.0 brownian 1.0 5",
                      10));
    LAMMPS_NS::Modify *modify = s.lmp->modify;
    EXPECT_EQ(std::string(LAMMPS_NS::geomint_compat::fix_by_id(modify, "1")->style), name);
  }
  Session s(true, 0);
  s.cmd(geomint_test::lj_liquid(3, 1.0, 87287));
  const std::string err =
      s.error_of("fix 1 all multiscale/adaptive/kk a2 0.3 mode continuum drag beta type 1.0");
  EXPECT_NE(err.find("Fix multiscale/adaptive/kk needs the KOKKOS package enabled"), std::string::npos) << err;
  // a refused fix leaves no per-atom callbacks behind: the next fix runs
  s.cmd("fix 1 all multiscale/adaptive a2 0.3 mode continuum drag beta type 1.0\nrun 5");
}
