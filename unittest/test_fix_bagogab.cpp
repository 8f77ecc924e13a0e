// fix bagogab (BAOAB core) inside an in-process LAMMPS with the plugin loaded.
//
// Statistical checks: independent replicas,
// SE = s.d. of the replica averages / sqrt(N_rep), pass if |mean - exact| <= 4.5 SE
// and SE <= SE_max (so the test stays sharp).  Tests named Slow* carry the ctest
// label "slow" (./geomint test --all).
#include "geomint_compat.h"
#include "lammps_session.h"

#include "atom.h"
#include "fix.h"
#include "modify.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

using geomint_test::MeanSE;
using geomint_test::Session;
using geomint_test::lj_liquid;
using geomint_test::mean_se;

namespace {

// ---------------------------------------------------------------------------
// (a) harmonic oscillators, m = k = kT = 1: BAOAB samples x exactly,
//     <x^2> = 1 for every h < 2, and <v^2> = 1 - h^2/4 after the final B.
// ---------------------------------------------------------------------------

struct OscillatorStats {
  MeanSE x2, v2;
};

// 1000 non-interacting atoms tethered by fix spring/self 1.0; per-atom time
// averages of x^2 and v^2 per component are the 3000 replica averages.
OscillatorStats run_oscillators(double h, double damp, const std::string &integrator,
                                int nsteps = 20000)
{
  Session s;
  s.cmd("units lj\natom_style atomic\natom_modify map array\nboundary s s s\n"
        "lattice sc 0.001\nregion box block -0.5 9.5 -0.5 9.5 -0.5 9.5\ncreate_box 1 box\n"
        "create_atoms 1 box\nmass 1 1.0\ntimestep " + std::to_string(h) + "\n"
        "velocity all create 1.0 4928 loop geom\n"
        "fix tether all spring/self 1.0\n"
        "fix int all " + integrator + "\n"
        "compute d all displace/atom\n"
        "variable dx2 atom c_d[1]^2\nvariable dy2 atom c_d[2]^2\nvariable dz2 atom c_d[3]^2\n"
        "variable vx2 atom vx^2\nvariable vy2 atom vy^2\nvariable vz2 atom vz^2\n"
        "thermo 0");
  // equilibrate for 20 max(damp, 1/damp) time units
  const int neq = static_cast<int>(std::ceil(20.0 * std::max(damp, 1.0 / damp) / h));
  s.cmd("run " + std::to_string(neq));
  // fix ave/atom averages over steps 1..nsteps of a run that starts at step 0
  s.cmd("reset_timestep 0");
  s.cmd("fix avg all ave/atom 1 " + std::to_string(nsteps) + " " + std::to_string(nsteps) +
        " v_dx2 v_dy2 v_dz2 v_vx2 v_vy2 v_vz2");
  s.cmd("run " + std::to_string(nsteps));
  const std::vector<double> a = s.fix_peratom("avg", 6);
  std::vector<double> x2, v2;
  for (size_t i = 0; i < a.size(); i += 6)
    for (int k = 0; k < 3; k++) {
      x2.push_back(a[i + k]);
      v2.push_back(a[i + 3 + k]);
    }
  return {mean_se(x2), mean_se(v2)};
}

std::string bagogab_args(double damp, const std::string &vout)
{
  std::ostringstream o;
  o << "bagogab 1.0 1.0 " << damp << " 73195 vout " << vout;
  return o.str();
}

// <x^2> = 1 always; <v^2> = 1 exactly for the half-step (post-O) velocities of
// vout half, 1 - h^2/4 for the full-step ones of vout full
void expect_oscillator_exact(double h, double damp, const std::string &vout)
{
  const OscillatorStats st = run_oscillators(h, damp, bagogab_args(damp, vout));
  const double v2_exact = vout == "full" ? 1.0 - h * h / 4.0 : 1.0;
  SCOPED_TRACE("h = " + std::to_string(h) + ", damp = " + std::to_string(damp) + ", vout " + vout);
  std::printf("h %.2f damp %5.2f vout %s: <x^2> = %.5f +- %.5f, <v^2> = %.5f +- %.5f (exact "
              "%.5f)\n", h, damp, vout.c_str(), st.x2.mean, st.x2.se, st.v2.mean, st.v2.se,
              v2_exact);
  EXPECT_LE(st.x2.se, 1e-3);
  EXPECT_LE(st.v2.se, 1e-3);
  EXPECT_LE(std::fabs(st.x2.mean - 1.0), 4.5 * st.x2.se)
      << "<x^2> = " << st.x2.mean << " +- " << st.x2.se;
  EXPECT_LE(std::fabs(st.v2.mean - v2_exact), 4.5 * st.v2.se)
      << "<v^2> = " << st.v2.mean << " +- " << st.v2.se << ", exact " << v2_exact;
}

// vout half: thermo sees <v^2> = kT exactly, where the full-step velocities
// give 0.75 at h = 1 (the SE is ~3e-4, so a full-step output fails by ~800 SE)
TEST(FixBagogab, OscillatorIsExactWithHalfStepVelocities)
{
  for (double h : {0.5, 1.0})
    for (double damp : {1.0, 10.0}) expect_oscillator_exact(h, damp, "half");
}

// without the keyword (vout full, the default: spec section 10 (a)) the atoms
// hold the full-step velocities, <v^2> = 1 - h^2/4 (0.75 at h = 1, 3000 SE from 1)
TEST(FixBagogab, OscillatorDefaultOutputIsTheFullStep)
{
  const OscillatorStats st = run_oscillators(1.0, 1.0, "bagogab 1.0 1.0 1.0 73195");
  std::printf("default vout: <v^2> = %.5f +- %.5f\n", st.v2.mean, st.v2.se);
  EXPECT_LE(st.v2.se, 1e-3);
  EXPECT_LE(std::fabs(st.v2.mean - 0.75), 4.5 * st.v2.se);
  EXPECT_LE(std::fabs(st.x2.mean - 1.0), 4.5 * st.x2.se);
}

TEST(FixBagogab, OscillatorFullStepVelocitiesHaveTheKnownBias)
{
  expect_oscillator_exact(1.0, 1.0, "full");
}

TEST(FixBagogab, SlowOscillatorGridOfStepsAndFrictions)
{
  for (double h : {0.5, 1.0, 1.5})
    for (double damp : {0.1, 1.0, 10.0})
      for (const char *vout : {"half", "full"}) expect_oscillator_exact(h, damp, vout);
}

// The same measurement with fix langevin + fix nve (LAMMPS's usual Langevin
// dynamics) is biased at h = 1.0: velocity Verlet with a force-based thermostat
// samples <x^2> = 1/(1 - h^2/4) in the limit of weak friction, 1.33 here, far
// outside 4.5 SE.  This shows the oscillator test above can fail a wrong splitting.
TEST(FixBagogab, OscillatorTestRejectsLangevinPlusNVE)
{
  const double h = 1.0, damp = 10.0;
  const OscillatorStats st = run_oscillators(h, damp, "nve\nfix lang all langevin 1.0 1.0 10.0 73195");
  std::printf("langevin+nve h %.2f damp %.1f: <x^2> = %.5f +- %.5f\n", h, damp, st.x2.mean,
              st.x2.se);
  EXPECT_LE(st.x2.se, 1e-3);
  EXPECT_GT(std::fabs(st.x2.mean - 1.0), 4.5 * st.x2.se)
      << "langevin+nve gave <x^2> = " << st.x2.mean << " +- " << st.x2.se;
}

// ---------------------------------------------------------------------------
// (b) Verlet limit: with no friction the scheme is velocity Verlet
// ---------------------------------------------------------------------------

struct Trajectory {
  std::vector<double> x, v, f;
  double tally;
};

Trajectory run_lj(const std::string &fixline, int nsteps, const std::string &extra = "")
{
  Session s;
  s.cmd(lj_liquid(4, 1.5, 87287) + extra + fixline + "\nthermo 0\nrun " +
        std::to_string(nsteps));
  Trajectory t{s.atom_vec3("x"), s.atom_vec3("v"), s.atom_vec3("f"), 0.0};
  if (fixline.find("bagogab") != std::string::npos) t.tally = s.fix_scalar("1");
  return t;
}

double max_abs(const std::vector<double> &a)
{
  double m = 0.0;
  for (double x : a) m = std::max(m, std::fabs(x));
  return m;
}

double max_diff(const std::vector<double> &a, const std::vector<double> &b)
{
  double m = 0.0;
  for (size_t i = 0; i < a.size(); i++) m = std::max(m, std::fabs(a[i] - b[i]));
  return m;
}

TEST(FixBagogab, NoFrictionIsVelocityVerlet)
{
  const Trajectory nve = run_lj("fix 1 all nve", 100);
  // the two ways of switching friction off: damp so large that c1 = 1 to
  // round-off, and nofriction (c1 = 1, c2 = 0 exactly)
  // (vout full is the default: spec (b), the tally stays exactly 0)
  for (const char *fix : {"fix 1 all bagogab 1.5 1.5 1e300 4711",
                          "fix 1 all bagogab 1.5 1.5 1.0 4711 nofriction 1",
                          "fix 1 all bagogab 1.5 1.5 1.0 4711 nofriction 1 vout full"}) {
    const Trajectory b = run_lj(fix, 100);
    SCOPED_TRACE(fix);
    // the two half drifts x + (h/2)v + (h/2)v are the only difference to x + h v
    EXPECT_LE(max_diff(b.x, nve.x) / max_abs(nve.x), 1e-12);
    EXPECT_LE(max_diff(b.v, nve.v) / max_abs(nve.v), 1e-11);
    EXPECT_EQ(b.tally, 0.0);
  }
  // vout half: the same trajectory; during the run (thermo, fix ave/time at
  // the last step) the atoms hold v - (h/2) f/m (m = 1), after it v again
  Session s;
  s.cmd(lj_liquid(4, 1.5, 87287) + "fix 1 all bagogab 1.5 1.5 1.0 4711 nofriction 1 vout half\n"
        "variable k equal ke\nfix kh all ave/time 100 1 100 v_k\nthermo 0\nrun 100");
  const std::vector<double> x = s.atom_vec3("x"), v = s.atom_vec3("v");
  EXPECT_LE(max_diff(x, nve.x) / max_abs(nve.x), 1e-12);
  EXPECT_LE(max_diff(v, nve.v) / max_abs(nve.v), 1e-11);
  double ke_half = 0.0, ke_full = 0.0;
  for (size_t k = 0; k < nve.v.size(); k++) {
    const double vh = nve.v[k] - 0.5 * 0.005 * nve.f[k];
    ke_half += 0.5 * vh * vh;
    ke_full += 0.5 * nve.v[k] * nve.v[k];
  }
  // the two kinetic energies differ by ~1e-2 relative; round-off is ~1e-13
  EXPECT_NEAR(s.fix_scalar("kh"), ke_half, 1e-10 * ke_full);
  EXPECT_GT(std::fabs(ke_half - ke_full), 1e-4 * ke_full);
}

// ---------------------------------------------------------------------------
// LJ liquid NVT: <T> = target within the standard error of block averages
// ---------------------------------------------------------------------------

TEST(FixBagogab, LJLiquidTemperatureIsTheTarget)
{
  Session s;
  const double target = 1.2;
  s.cmd(lj_liquid(4, 1.5, 11211) +
        // no momentum is conserved by a Langevin bath: all 3N DOF are thermal
        "compute_modify thermo_temp extra/dof 0\n"
        "fix 1 all bagogab 1.2 1.2 0.5 90210\n"
        "thermo 0\nrun 2000");
  // 40 blocks of 500 steps (2.5 time units = 5 damp, beyond the KE correlation time)
  const int nblock = 40, nper = 500;
  s.cmd("fix tavg all ave/time 1 " + std::to_string(nper) + " " + std::to_string(nper) +
        " c_thermo_temp");
  std::vector<double> blocks;
  for (int b = 0; b < nblock; b++) {
    s.cmd("run " + std::to_string(nper));
    blocks.push_back(s.fix_scalar("tavg"));
  }
  const MeanSE t = mean_se(blocks);
  // expected SE: T sqrt(2/(3N)) / sqrt(200 t.u. / (damp/2)) ~ 0.004
  EXPECT_LE(t.se, 0.01);
  EXPECT_LE(std::fabs(t.mean - target), 4.5 * t.se) << "<T> = " << t.mean << " +- " << t.se;
}

// ---------------------------------------------------------------------------
// ecouple: etotal + f_ID is conserved up to Verlet's own energy error
// ---------------------------------------------------------------------------

TEST(FixBagogab, HeatTallyBalancesTheEnergy)
{
  // Reference: the energy fluctuation of plain NVE from the same state.
  double nve_dev = 0.0;
  {
    Session s;
    s.cmd(lj_liquid(4, 1.5, 5511) + "fix 1 all nve\nthermo 0\nrun 0");
    const double e0 = s.equal("etotal");
    for (int b = 0; b < 40; b++) {
      s.cmd("run 50");
      nve_dev = std::max(nve_dev, std::fabs(s.equal("etotal") - e0));
    }
  }
  // both velocity outputs: with vout half etotal holds the half-step kinetic
  // energy during a run and the scalar books the difference
  std::vector<double> econs_of[2];
  for (const char *vout : {"half", "full"}) {
    SCOPED_TRACE(std::string("vout ") + vout);
    Session s;
    // strong friction towards T = 0.5: the liquid gives up a lot of energy
    s.cmd(lj_liquid(4, 1.5, 5511) + "fix 1 all bagogab 0.5 0.5 0.5 1234 vout " + vout + "\n" +
          "thermo_style custom step etotal f_1 econserve\nthermo_modify norm no\nthermo 0\nrun 0");
    const double e0 = s.equal("etotal") + s.fix_scalar("1");
    double econs_dev = 0.0, etotal_change = 0.0;
    for (int b = 0; b < 40; b++) {
      s.cmd("run 50");
      const double et = s.equal("etotal"), tally = s.fix_scalar("1");
      // econserve is etotal + the tally of every ecouple fix
      EXPECT_NEAR(s.equal("econserve"), et + tally, 1e-12 * std::fabs(et));
      econs_dev = std::max(econs_dev, std::fabs(et + tally - e0));
      etotal_change = std::max(etotal_change, std::fabs(et - e0));
      econs_of[vout[0] == 'h'].push_back(et + tally);
    }
    // The O steps move ~1 epsilon per atom into the bath ...
    EXPECT_GT(etotal_change, 100.0 * nve_dev);
    // ... and the tally books it: what is left is Verlet's error, which BAOAB
    // accumulates as a random walk over the O steps (a few times NVE's fluctuation).
    if (vout[0] == 'f') EXPECT_LE(econs_dev, 10.0 * nve_dev) << "NVE fluctuation " << nve_dev;
  }
  // the two modes run the same trajectory (round-off apart): etotal + f_1 must
  // be the same number in both, far closer than its own wandering
  double mode_diff = 0.0;
  for (size_t b = 0; b < econs_of[0].size(); b++)
    mode_diff = std::max(mode_diff, std::fabs(econs_of[0][b] - econs_of[1][b]));
  std::printf("etotal + f_1: max |half - full| = %.3g (NVE fluctuation %.3g)\n", mode_diff, nve_dev);
  EXPECT_LE(mode_diff, 1e-3 * nve_dev);
}

// vout half between runs: etotal + f_ID stays the same number when the next
// run skips its setup (run N pre no): its first thermo line shows the
// full-step kinetic energy that post_run left, and f_ID must not add the
// half-step correction of the last run to it (it did: off by KE(full) -
// KE(half)); nor after a 'run 0 pre no'
TEST(FixBagogab, TallyStaysConservedAcrossRunsWithoutSetup)
{
  const std::string path = geomint_test::scratch_path("bagogab_preno.log");
  Session s;
  s.cmd(lj_liquid(3, 1.5, 5511) + "fix 1 all bagogab 1.0 1.0 1.0 1234 vout half tally yes\n" +
        "thermo_style custom step etotal f_1 ke\nthermo_modify norm no format float %.17g\n" +
        "thermo 25\nrun 50");
  // the last thermo line of the run, and the same quantity between runs
  const double e_between = s.equal("etotal") + s.fix_scalar("1");
  const double dke = std::fabs(s.equal("ke"));
  s.cmd("log " + path + "\nrun 25 pre no\nlog none");
  // the thermo lines of the run without setup: step 50 (before the first step) and 75
  std::ifstream in(path);
  std::string line;
  std::vector<std::vector<double>> rows;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    double step, et, f1, ke;
    if ((ls >> step >> et >> f1 >> ke) && (step == 50.0 || step == 75.0)) rows.push_back({step, et + f1});
  }
  std::remove(path.c_str());
  ASSERT_EQ(rows.size(), 2u);
  // the same state: the same conserved quantity to round-off (KE(full) - KE(half)
  // is of order 1e-2 of the kinetic energy here)
  EXPECT_NEAR(rows[0][1], e_between, 1e-12 * dke);
  // ... and the run goes on conserving it as the first run did (a few Verlet
  // fluctuations of 27 steps)
  EXPECT_NEAR(rows[1][1], e_between, 1e-2 * dke);
  // a run of no steps without setup, then between runs again
  const double e75 = s.equal("etotal") + s.fix_scalar("1");
  s.cmd("run 0 pre no");
  EXPECT_NEAR(s.equal("etotal") + s.fix_scalar("1"), e75, 1e-12 * dke);
}

TEST(FixBagogab, TallyNoLeavesTheScalarAtZero)
{
  Session s;
  s.cmd(lj_liquid(3, 1.5, 5511) + "fix 1 all bagogab 0.5 0.5 0.5 1234 tally no\nrun 50");
  EXPECT_EQ(s.fix_scalar("1"), 0.0);
}

// The global vector of spec section 8 exists without mesh too (zeros: no
// points, so no transfers, reflections or segments)
TEST(FixBagogab, EventVectorExistsWithoutMesh)
{
  Session s;
  s.cmd(lj_liquid(3, 1.5, 5511) + "fix 1 all bagogab 0.5 0.5 0.5 1234\n"
        "thermo_style custom step temp f_1[1] f_1[2] f_1[3]\nrun 20");
  for (int k = 1; k <= 3; k++) EXPECT_EQ(s.equal("f_1[" + std::to_string(k) + "]"), 0.0) << k;
  EXPECT_NE(s.error_of("variable bad equal f_1[4]\nprint ${bad}").find("range"),
            std::string::npos);
}

// The noise is keyed by the step: a run that goes back to steps the fix ran
// (reset_timestep) warns that it repeats their noise; a continued run does not
TEST(FixBagogab, RunOverStepsAlreadyRunWarnsOfRepeatedNoise)
{
  const std::string log = geomint_test::scratch_path("bagogab_replay.log");
  {
    Session s;
    s.cmd(lj_liquid(3, 1.5, 5511) + "fix 1 all bagogab 0.5 0.5 0.5 1234\nlog " + log +
          "\nrun 20\nrun 10\n");
    s.cmd("print MARK\nreset_timestep 0\nrun 10\nlog none");
  }
  std::ifstream in(log);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t mark = text.find("MARK");
  const std::string warn = "this run starts at step 0, before step 30 that an earlier run of the fix reached";
  ASSERT_NE(mark, std::string::npos);
  // no warning for the continued run (before MARK), one after the reset
  const size_t first = text.find("WARNING: Fix bagogab (ID 1)");
  ASSERT_NE(first, std::string::npos) << text;
  EXPECT_GT(first, mark);
  EXPECT_NE(text.find(warn, mark), std::string::npos) << text.substr(mark);
  std::remove(log.c_str());
}

// ---------------------------------------------------------------------------
// Temperature ramp and variable temperature
// ---------------------------------------------------------------------------

TEST(FixBagogab, RampAndVariableTemperature)
{
  Session s;
  s.cmd(lj_liquid(3, 1.0, 5511) + "fix 1 all bagogab 1.0 3.0 0.5 1234\nrun 100");
  // extract("t_target") at the last step of the ramp is Tstop
  int dim = -1;
  auto *fix = LAMMPS_NS::geomint_compat::fix_by_id(s.lmp->modify, "1");
  EXPECT_DOUBLE_EQ(*static_cast<double *>(fix->extract("t_target", dim)), 3.0);
  s.cmd("run 100 start 0 stop 400");
  // step 200 of a ramp over 0..400
  EXPECT_DOUBLE_EQ(*static_cast<double *>(fix->extract("t_target", dim)), 2.0);
  s.cmd("unfix 1\nvariable tt equal 0.5+step/1000\nfix 1 all bagogab v_tt 0 0.5 1234\nrun 10");
  fix = LAMMPS_NS::geomint_compat::fix_by_id(s.lmp->modify, "1");
  EXPECT_DOUBLE_EQ(*static_cast<double *>(fix->extract("t_target", dim)), 0.5 + 210 / 1000.0);
}

// ---------------------------------------------------------------------------
// zero yes: the random impulses carry no net momentum
// ---------------------------------------------------------------------------

TEST(FixBagogab, ZeroYesConservesTotalMomentum)
{
  // (LAMMPS 29Sep2021 keeps one plugin list per process: one Session at a time)
  auto total_momentum_x = [](const std::string &zero, double &vmax, int &nval) {
    Session s;
    s.cmd(lj_liquid(3, 1.5, 5511) + "velocity all zero linear\n"
          "fix 1 all bagogab 1.5 1.5 0.2 1234" + zero + "\nrun 200");
    const std::vector<double> v = s.atom_vec3("v");
    double p[3] = {0, 0, 0};
    vmax = 0.0;
    for (size_t i = 0; i < v.size(); i++) {
      p[i % 3] += v[i];
      vmax = std::max(vmax, std::fabs(v[i]));
    }
    nval = static_cast<int>(v.size());
    return std::max(std::fabs(p[0]), std::max(std::fabs(p[1]), std::fabs(p[2])));
  };
  double vmax;
  int nval;
  // friction keeps zero total momentum zero, pair forces sum to zero, and
  // zero yes removes the net random impulse: only round-off is left
  const double p_zero = total_momentum_x(" zero yes", vmax, nval);
  EXPECT_LE(p_zero, 1e-12 * vmax * nval);
  // without zero yes the bath does change the momentum (by ~sqrt(N) sigma)
  const double p_free = total_momentum_x("", vmax, nval);
  EXPECT_GT(p_free, 1e-3);
}

// zero yes removes the net random momentum over the atoms that receive noise:
// force-free nofriction atoms keep their velocity exactly (velocity Verlet),
// and the O step leaves the momentum of the atoms with noise unchanged (zero
// here: no forces, so only O changes velocities, and c1 P = P for P = 0).
// 256 force-free atoms, 10 % of them nofriction and three times heavier.
// Before: the shift was taken over the whole group, the nofriction atoms
// changed velocity every step (max |dv| 0.059 after 100 steps) and the momentum
// of the others drifted (|P| 3.4, for sum m|v| 586).
TEST(FixBagogab, ZeroYesActsOnTheAtomsWithNoise)
{
  for (const char *masses : {"mass 1 1.0\nmass 2 3.0\n", "set type 1 mass 1.0\nset type 2 mass 3.0\n"}) {
    const bool per_atom = masses[0] == 's';
    SCOPED_TRACE(per_atom ? "per-atom masses" : "per-type masses");
    Session s;
    s.cmd(std::string("units lj\natom_style ") + (per_atom ? "sphere" : "atomic") +
          "\natom_modify map array\nlattice fcc 0.8\nregion box block 0 4 0 4 0 4\n"
          "create_box 2 box\ncreate_atoms 1 box\nset type 1 type/fraction 2 0.1 999\n" + masses +
          "pair_style zero 2.5\npair_coeff * *\nneighbor 0.3 bin\ntimestep 0.005\n"
          "group noisy type 1\nvelocity all create 1.0 4928459 loop geom\n"
          "velocity noisy zero linear\n"
          "fix 1 all bagogab 1.0 1.0 1.0 48213 nofriction 2 zero yes\nthermo 0\nrun 0");
    const std::vector<double> v0 = s.atom_vec3("v");
    s.cmd("run 100");
    const std::vector<double> v1 = s.atom_vec3("v");
    LAMMPS_NS::Atom *atom = s.lmp->atom;
    const int natoms = static_cast<int>(v0.size() / 3);
    double p[3] = {0.0, 0.0, 0.0}, pabs = 0.0, dv_quiet = 0.0, dv_noisy = 0.0;
    int nquiet = 0;
    for (int t = 1; t <= natoms; t++) {
      const int i = atom->map(t);
      ASSERT_GE(i, 0);
      const double m = atom->type[i] == 1 ? 1.0 : 3.0;
      for (int d = 0; d < 3; d++) {
        const double dv = std::fabs(v1[3 * (t - 1) + d] - v0[3 * (t - 1) + d]);
        if (atom->type[i] == 2) {
          dv_quiet = std::max(dv_quiet, dv);
        } else {
          dv_noisy = std::max(dv_noisy, dv);
          p[d] += m * v1[3 * (t - 1) + d];
          pabs += m * std::fabs(v1[3 * (t - 1) + d]);
        }
      }
      if (atom->type[i] == 2) nquiet++;
    }
    const double pmax = std::max(std::fabs(p[0]), std::max(std::fabs(p[1]), std::fabs(p[2])));
    std::printf("zero yes, %s: nofriction max |dv| = %.3g, |P| of the atoms with noise = %.3g "
                "(sum m|v| %.3g)\n", per_atom ? "rmass" : "mass", dv_quiet, pmax, pabs);
    ASSERT_GT(nquiet, 0);
    EXPECT_GT(dv_noisy, 0.1) << "the atoms with noise must be thermostatted";
    EXPECT_EQ(dv_quiet, 0.0) << "nofriction atoms without force must keep their velocity";
    EXPECT_LE(pmax, 1e-13 * pabs);
  }
}

// ---------------------------------------------------------------------------
// per-atom masses: the O step uses rmass (equipartition per mass class)
// ---------------------------------------------------------------------------

TEST(FixBagogab, PerAtomMassesEquipartition)
{
  // 1000 free tethered atoms with rmass 1 or 4: with the half-step velocities
  // of vout half <m v^2> = kT per component for both masses; the
  // full-step ones would give kT (1 - h^2 k/(4m)) = 0.99 and 0.9975
  Session s;
  const double h = 0.2;
  s.cmd("units lj\natom_style sphere\natom_modify map array\nboundary s s s\n"
        "lattice sc 0.001\nregion box block -0.5 9.5 -0.5 9.5 -0.5 9.5\ncreate_box 1 box\n"
        "create_atoms 1 box\nset group all diameter 1.0\n"
        "set group all mass 1.0\ngroup heavy id 1:1000:2\nset group heavy mass 4.0\n"
        "timestep 0.2\nfix tether all spring/self 1.0\n"
        "fix 1 all bagogab 1.0 1.0 1.0 5150 vout half\n"
        "variable mv2 atom mass*(vx^2+vy^2+vz^2)/3\ncompute d all displace/atom\n"
        "variable x2 atom (c_d[1]^2+c_d[2]^2+c_d[3]^2)/3\nthermo 0\nrun 200\nreset_timestep 0\n"
        "fix avg all ave/atom 1 20000 20000 v_mv2 v_x2\nrun 20000");
  const std::vector<double> a = s.fix_peratom("avg", 2);
  std::vector<double> light, heavy, x2;
  for (size_t i = 0; i < a.size() / 2; i++) {
    ((i % 2 == 0) ? heavy : light).push_back(a[2 * i]);
    x2.push_back(a[2 * i + 1]);
  }
  const MeanSE l = mean_se(light), hv = mean_se(heavy), x = mean_se(x2);
  EXPECT_LE(std::fabs(l.mean - 1.0), 4.5 * l.se) << l.mean << " +- " << l.se;
  EXPECT_LE(std::fabs(hv.mean - 1.0), 4.5 * hv.se) << hv.mean << " +- " << hv.se;
  EXPECT_GT(1.0 - (1.0 - h * h / 4.0), 4.5 * l.se) << "the test must tell the two outputs apart";
  EXPECT_LE(std::fabs(x.mean - 1.0), 4.5 * x.se) << x.mean << " +- " << x.se;
  EXPECT_LE(std::max(l.se, std::max(hv.se, x.se)), 3e-3);
}

// ---------------------------------------------------------------------------
// Reproducibility: seeds, restart
// ---------------------------------------------------------------------------

// Bitwise on 1 rank with the CPU styles; with Kokkos threads (the .kk tests)
// LAMMPS bins atoms with atomics, so neighbor order and force sums vary from
// run to run at round-off: 100-200 LJ steps stay far below 1e-10.
double repro_tol(bool kokkos)
{
  return kokkos ? 1e-10 : 0.0;
}

TEST(FixBagogab, SameSeedSameRunOtherSeedOtherRun)
{
  const Trajectory a = run_lj("fix 1 all bagogab 1.5 1.5 0.5 777", 50);
  const Trajectory b = run_lj("fix 1 all bagogab 1.5 1.5 0.5 777", 50);
  const Trajectory c = run_lj("fix 1 all bagogab 1.5 1.5 0.5 778", 50);
  const double tol = repro_tol(geomint_test::kokkos_from_environment());
  EXPECT_LE(max_diff(a.x, b.x), tol);
  EXPECT_LE(max_diff(a.v, b.v), tol);
  EXPECT_NEAR(a.tally, b.tally, tol * std::fabs(a.tally));
  EXPECT_GT(max_diff(a.v, c.v), 1e-3);
}

TEST(FixBagogab, RestartContinuesTheSameTrajectory)
{
  const std::string fix = "fix 1 all bagogab 1.5 1.2 0.5 2024 zero yes\n";
  const std::string exact = "atom_modify sort 0 0.0\nneigh_modify every 1 delay 0 check no\n";
  const std::string file = geomint_test::scratch_path("bagogab.restart");
  // the ramp runs over the whole 200 steps in both cases
  std::vector<double> x_whole, v_whole;
  double t_whole;
  {
    Session whole;
    whole.cmd(lj_liquid(4, 1.5, 31337) + exact + fix + "thermo 0\nrun 200");
    x_whole = whole.atom_vec3("x");
    v_whole = whole.atom_vec3("v");
    t_whole = whole.fix_scalar("1");
  }
  {
    Session first;
    first.cmd(lj_liquid(4, 1.5, 31337) + exact + fix +
              "thermo 0\nrun 100 start 0 stop 200\nwrite_restart " + file);
  }
  // pair style, coefficients and pair_modify come back from the restart file
  Session second;
  second.cmd("read_restart " + file + "\n" + exact + "neighbor 0.3 bin\n" + fix +
             "thermo 0\nrun 100 start 0 stop 200");
  std::remove(file.c_str());
  // 1 rank, no re-sorting, neighbor lists rebuilt every step: bitwise equal
  EXPECT_LE(max_diff(x_whole, second.atom_vec3("x")), repro_tol(second.kokkos));
  EXPECT_LE(max_diff(v_whole, second.atom_vec3("v")), repro_tol(second.kokkos));
  const double t_second = second.fix_scalar("1");
  EXPECT_NE(t_whole, 0.0);
  EXPECT_NEAR(t_second, t_whole, 1e-12 * std::fabs(t_whole));
}

// A restart file written during a run (the restart keyword) holds half-step
// velocities with vout half and says so; continued with vout full, the first
// step applies the missing kick: the trajectory is the same to round-off.
TEST(FixBagogab, MidRunRestartContinuesAcrossVelocityOutputs)
{
  const std::string fix = "fix 1 all bagogab 1.5 1.5 0.5 2025\n";
  const std::string exact = "atom_modify sort 0 0.0\nneigh_modify every 1 delay 0 check no\n";
  const std::string file = geomint_test::scratch_path("bagogab_vout.restart");
  Trajectory whole;
  {
    Session s;
    s.cmd(lj_liquid(4, 1.5, 31338) + exact + fix + "thermo 0\nrun 200");
    // (the tally slot holds etotal + f_1 here)
    whole = {s.atom_vec3("x"), s.atom_vec3("v"), s.atom_vec3("f"),
             s.equal("etotal") + s.fix_scalar("1")};
  }
  {
    Session first;
    first.cmd(lj_liquid(4, 1.5, 31338) + exact + fix + "thermo 0\nrestart 100 " + file +
              "\nrun 100");    // writes FILE.100 at the last step, before the run ends
  }
  for (const char *vout : {"full", "half"}) {
    SCOPED_TRACE(std::string("continued with vout ") + vout);
    Session second;
    second.cmd("read_restart " + file + ".100\n" + exact + "neighbor 0.3 bin\nthermo_modify norm no\n" +
               "fix 1 all bagogab 1.5 1.5 0.5 2025 vout " + vout + "\nthermo 0\nrun 100");
    const std::vector<double> x = second.atom_vec3("x"), v = second.atom_vec3("v");
    if (std::string(vout) == "half") {
      // the same operations as the uninterrupted run: bitwise on 1 rank
      EXPECT_LE(max_diff(whole.x, x), repro_tol(second.kokkos));
      EXPECT_LE(max_diff(whole.v, v), repro_tol(second.kokkos));
    }
    EXPECT_LE(max_diff(whole.x, x) / max_abs(whole.x), 1e-12);
    EXPECT_LE(max_diff(whole.v, v) / max_abs(v), 1e-10);    // full-step after the run
    // etotal + f_1 is the same quantity in both modes (extensive energies;
    // round-off of the sums ~1e-13 relative)
    const double econs = second.equal("etotal") + second.fix_scalar("1");
    EXPECT_NEAR(econs, whole.tally, 1e-10 * std::fabs(whole.tally));
  }
  std::remove((file + ".100").c_str());
}

// Forces of fixes defined after fix bagogab (they add them after its setup),
// a fix redefined between runs (a new temperature, the same ID) and a new
// timestep between runs: vout half follows the trajectory of vout full.
TEST(FixBagogab, HalfAndFullFollowTheSameTrajectoryBetweenRuns)
{
  Trajectory t[2];
  const char *vout[2] = {"full", "half"};
  for (int k = 0; k < 2; k++) {
    Session s;
    const std::string fix = std::string("fix 1 all bagogab 1.5 1.5 0.5 77 vout ") + vout[k];
    s.cmd(lj_liquid(4, 1.5, 4242) + fix + "\nfix 2 all addforce 0.5 0.0 0.0\nthermo 0\n"
          "run 50\n" + fix + "\nrun 50\ntimestep 0.004\nrun 50");
    t[k] = {s.atom_vec3("x"), s.atom_vec3("v"), s.atom_vec3("f"), 0.0};
  }
  EXPECT_LE(max_diff(t[0].x, t[1].x) / max_abs(t[0].x), 1e-12);
  EXPECT_LE(max_diff(t[0].v, t[1].v) / max_abs(t[0].v), 1e-10);
}

// A restart file of the first layout (3 doubles: tally, 0, 0), written by the
// plugin of commit aeccd35 (unittest/data/in.legacy_bagogab_v1): the tally
// comes back and the velocities are taken as full-step ones.  (The layout
// that followed read a 4th double past the end of such a record.)
TEST(FixBagogab, LegacyRestartFileIsRead)
{
  const std::string dir = std::string(GEOMINT_SOURCE_DIR) + "/unittest/data/";
  double tally = 0.0;
  std::ifstream(dir + "legacy_bagogab_v1.tally") >> tally;
  ASSERT_NE(tally, 0.0);
  for (const char *vout : {"full", "half"}) {
    SCOPED_TRACE(std::string("vout ") + vout);
    Session s;
    // LAMMPS 29Sep2021 gives restart records only to a fix of the same style
    // name: fix bagogab's record never reaches fix bagogab/kk there
    if (s.kokkos) GTEST_SKIP() << "-sf kk: the record of fix bagogab is not read by bagogab/kk";
    s.cmd("read_restart " + dir + "legacy_bagogab_v1.restart\n"
          "fix 1 all bagogab 1.5 1.5 0.5 2024 vout " + vout);
    const std::vector<double> v0 = s.atom_vec3("v");
    s.cmd("run 0");
    // the tally comes back; the velocities are the full-step ones of the file
    EXPECT_EQ(s.fix_scalar("1"), tally);
    EXPECT_EQ(max_diff(s.atom_vec3("v"), v0), 0.0);
    s.cmd("run 10");
  }
}

// ---------------------------------------------------------------------------
// fix bagogab/kk (-k on t 2 -sf kk) against the CPU fix on the same decks:
// the same kernels and the same Philox noise, so the trajectories agree to
// round-off (only the tally and the zero-yes momentum sums are reduced in
// another order).  Skipped when the plugin was built without Kokkos.
// ---------------------------------------------------------------------------

struct Run {
  std::vector<double> x, v;
  double tally;
};

Run run_deck(const std::string &deck, int kokkos)
{
  Session s(true, kokkos);
  s.cmd(deck);
  return {s.atom_vec3("x"), s.atom_vec3("v"), s.fix_scalar("1")};
}

void expect_same_run(const std::string &deck, double tol, const char *what)
{
  SCOPED_TRACE(what);
  const Run cpu = run_deck(deck, 0), kk = run_deck(deck, 1);
  const double dx = max_diff(cpu.x, kk.x) / max_abs(cpu.x), dv = max_diff(cpu.v, kk.v) / max_abs(cpu.v);
  std::printf("bagogab/kk vs CPU, %s: max |dx|/|x| = %.3g, |dv|/|v| = %.3g, tally %.17g vs %.17g\n",
              what, dx, dv, cpu.tally, kk.tally);
  EXPECT_LE(dx, tol);
  EXPECT_LE(dv, tol);
  EXPECT_NEAR(kk.tally, cpu.tally, 1e-12 * std::fabs(cpu.tally) + 1e-12);
  EXPECT_GT(max_abs(cpu.v), 0.0);
}

std::string oscillator_deck(const std::string &atom_style, const std::string &fix_extra, int nsteps)
{
  return "units lj\natom_style " + atom_style + "\natom_modify map array\nboundary s s s\n"
         "lattice sc 0.001\nregion box block -0.5 9.5 -0.5 9.5 -0.5 9.5\ncreate_box 2 box\n"
         "create_atoms 1 box\nset group all type/fraction 2 0.5 77\n" +
         (atom_style == "sphere" ? "set group all mass 1.0\nset type 2 mass 4.0\n"
                                 : "mass 1 1.0\nmass 2 4.0\n") +
         "timestep 0.2\nvelocity all create 1.0 4928 loop geom\nfix tether all spring/self 1.0\n"
         "fix 1 all bagogab 1.0 1.5 1.0 73195 scale 2 2.0" + fix_extra + "\nthermo 0\nrun " +
         std::to_string(nsteps);
}

TEST(FixBagogabKokkos, SameTrajectoryAsTheCPUFix)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  // non-interacting oscillators (no round-off amplification): 1000 steps to 1e-12
  expect_same_run(oscillator_deck("atomic", "", 1000), 1e-12, "oscillators, per-type masses");
  expect_same_run(oscillator_deck("sphere", "", 1000), 1e-12, "oscillators, per-atom masses");
  expect_same_run(oscillator_deck("atomic", " vout full", 1000), 1e-12, "oscillators, vout full");
  expect_same_run(oscillator_deck("atomic", " zero yes", 1000), 1e-12, "oscillators, zero yes");
  // (the random momentum is removed over the atoms with noise only)
  expect_same_run(oscillator_deck("atomic", " zero yes nofriction 2", 1000), 1e-12,
                  "oscillators, zero yes, nofriction type");
  // the LJ liquid amplifies round-off: 100 steps to 1e-10
  expect_same_run(lj_liquid(4, 1.5, 87287) + "fix 1 all bagogab 1.5 1.2 0.5 4711\nrun 100", 1e-10,
                  "LJ liquid");
}

// ---------------------------------------------------------------------------
// Every bad input gives an ERROR that says what is wrong
// ---------------------------------------------------------------------------

struct BadInput {
  const char *fix;
  const char *message;
};

TEST(FixBagogab, BadInputGivesHelpfulErrors)
{
  const BadInput cases[] = {
      {"fix 1 all bagogab 1.0 1.0 1.0", "expected 'fix ID group bagogab Tstart Tstop damp seed"},
      {"fix 1 all bagogab -1.0 1.0 1.0 5", "temperatures must be >= 0"},
      {"fix 1 all bagogab 1.0 -2 1.0 5", "temperatures must be >= 0"},
      {"fix 1 all bagogab v_ 1.0 1.0 5", "'v_' names no variable"},
      {"fix 1 all bagogab 1.0 1.0 0.0 5", "damp must be > 0"},
      {"fix 1 all bagogab 1.0 1.0 -3 5", "damp must be > 0"},
      {"fix 1 all bagogab 1.0 1.0 1.0 0", "seed must be an integer from 1 to 2147483647"},
      {"fix 1 all bagogab 1.0 1.0 1.0 2147483648", "seed must be an integer from 1 to 2147483647"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5.0", "seed must be an integer from 1 to 2147483647 (got 5.0)"},
      {"fix 1 all bagogab 1.0 1.0 1.0 1e3", "seed must be an integer from 1 to 2147483647 (got 1e3)"},
      {"fix 1 all bagogab 1.0 1.0 1.0 12-3", "seed must be an integer from 1 to 2147483647 (got 12-3)"},
      {"fix 1 all bagogab 1.0 1.0 1.0 1.5", "seed must be an integer"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 bogus 1", "unknown keyword 'bogus'"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 scale", "keyword scale needs 2 values"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 scale 1", "keyword scale needs 2 values"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 scale 2 1.0", "scale type 2 is outside 1..1"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 scale 0 1.0", "scale type 0 is outside 1..1"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 scale 1 -1.0", "scale ratio must be > 0"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 scale 1 0.0", "use 'nofriction 1'"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 nofriction 2", "nofriction type 2 is outside 1..1"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 nofriction", "keyword nofriction needs 1 value"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 vout quarter", "vout must be half or full"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 zero maybe", "keyword zero takes yes or no"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 tally", "keyword tally needs 1 value"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 snap 1", "keyword snap takes yes or no"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 intri nogroup", "intri group nogroup does not exist"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 intri all", "intri requires the mesh keyword"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5 mesh m.mesh intri all", "cannot open mesh file m.mesh"},
      {"fix 1 all bagogab 1.0 1.0 abc 5", "Expected floating point parameter"},
  };
  for (const BadInput &c : cases) {
    Session s;
    s.cmd(lj_liquid(2, 1.0, 1));
    const std::string err = s.error_of(c.fix);
    EXPECT_NE(err.find("ERROR"), std::string::npos) << c.fix;
    EXPECT_NE(err.find(c.message), std::string::npos) << c.fix << "\n  gave: " << err;
  }
}

TEST(FixBagogab, BadSetupGivesHelpfulErrors)
{
  const BadInput cases[] = {
      {"fix 1 all bagogab v_nope 1.0 1.0 5\nrun 1", "temperature variable nope does not exist"},
      {"variable t atom 1.0\nfix 1 all bagogab v_t 1.0 1.0 5\nrun 1",
       "temperature variable t must be equal-style"},
      {"variable t equal -1.0\nfix 1 all bagogab v_t 1.0 1.0 5\nrun 1",
       "temperature variable t returned -1 < 0"},
      {"fix 1 all bagogab 1.0 1.0 1.0 5\nrun_style respa 2 2\nrun 1", "run_style respa"},
  };
  for (const BadInput &c : cases) {
    Session s;
    s.cmd(lj_liquid(2, 1.0, 1));
    const std::string err = s.error_of(c.fix);
    EXPECT_NE(err.find(c.message), std::string::npos) << c.fix << "\n  gave: " << err;
  }
}

// 2d (dimension 2 with fix enforce2d, as for 2d colloids): the O step draws 3d
// noise, which would put z noise and drift into the plane, so the fix refuses
// 2d at its definition and names the LAMMPS fixes that do 2d Langevin dynamics
// (before: the same refusal, at the first run and without the remedy)
TEST(FixBagogab, TwoDimensionalSystemsAreRefusedWithTheRemedy)
{
  for (const char *extra : {"", " zero yes", " nofriction 1"}) {
    Session s;
    s.cmd("units lj\ndimension 2\natom_style atomic\nboundary p p p\nlattice sq 0.8\n"
          "region box block 0 4 0 4 -0.5 0.5\ncreate_box 1 box\ncreate_atoms 1 box\nmass 1 1\n"
          "pair_style lj/cut 2.5\npair_coeff 1 1 1 1\nfix 2d all enforce2d");
    const std::string err = s.error_of(std::string("fix 1 all bagogab 1.0 1.0 1.0 5") + extra);
    SCOPED_TRACE(extra);
    EXPECT_NE(err.find("Fix bagogab: 2d simulations are not supported"), std::string::npos) << err;
    EXPECT_NE(err.find("use fix nve with fix langevin and fix enforce2d"), std::string::npos) << err;
  }
}

}    // namespace
