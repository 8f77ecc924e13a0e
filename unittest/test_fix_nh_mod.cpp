// fix nh/mod: the modified Nose-Hoover thermostat (Guy 2018, ch. 3).
#include "lammps_session.h"

#include "geomint_restart.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

using geomint_test::Session;

using geomint_test::max_abs_diff;

namespace {

// 864 LJ atoms (fcc, rho 0.8442) started at T = 1.5, thermostatted to 1.0
std::vector<double> final_x(const std::string &fix, int steps, const std::string &extra = "")
{
  Session s(true, 0);
  s.cmd(geomint_test::lj_liquid(6, 1.5, 87287) + extra + fix + "\nthermo 0\nrun " +
        std::to_string(steps));
  return s.atom_vec3("x");
}

// T(t) samples every `every` steps over `steps` steps after `equil` steps
std::vector<double> temperatures(const std::string &fix, int equil, int steps, int every)
{
  Session s(true, 0);
  s.cmd(geomint_test::lj_liquid(6, 1.5, 87287) + fix + "\nthermo 0\nrun " + std::to_string(equil));
  std::vector<double> t;
  for (int k = 0; k < steps / every; k++) {
    s.cmd("run " + std::to_string(every) + " pre no post no");
    t.push_back(s.equal("temp"));
  }
  return t;
}

double mean(const std::vector<double> &v)
{
  double m = 0.0;
  for (double x : v) m += x;
  return m / v.size();
}

double sd(const std::vector<double> &v)
{
  const double m = mean(v);
  double s = 0.0;
  for (double x : v) s += (x - m) * (x - m);
  return std::sqrt(s / (v.size() - 1));
}

}    // namespace

// kd = 0 is Nose-Hoover with one thermostat: fix nvt ... tchain 1, to
// round-off.  Round-off grows in the LJ liquid at its Lyapunov rate, so
// the yardstick is what 1 ulp in one velocity does to fix nvt itself over
// the same 1000 steps (atom 1 moved by 1e-15, about 1 ulp of its x): nh/mod
// must stay within 10x that (and it is
// bitwise for the first 100 steps).
TEST(FixNHMod, ZeroGainIsFixNvt)
{
  const std::string nvt = "fix 1 all nvt temp 1.0 1.0 0.5 tchain 1";
  const std::string mod = "fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0";
  EXPECT_EQ(final_x(mod, 100), final_x(nvt, 100));
  const std::vector<double> ref = final_x(nvt, 1000);
  const std::vector<double> ulp =
      final_x(nvt, 1000, "group one id 1\ndisplace_atoms one move 1e-15 0 0 units box\n");
  const double yard = max_abs_diff(ulp, ref), d = max_abs_diff(final_x(mod, 1000), ref);
  std::printf("nh/mod kd 0 vs nvt tchain 1 after 1000 steps: %.3g; nvt with 1 ulp: %.3g\n", d, yard);
  EXPECT_GT(yard, 0.0);
  EXPECT_LE(d, 10.0 * yard);
}

// the PI controller: with kd > 0 the temperature's standard deviation
// falls at least 10x below fix nvt's with the same Tdamp, and its mean
// stays on the target (MNH is near-isokinetic, not canonical).  kd 50:
// the kinetic-energy error relaxes at 2 kd / Tdamp^2 = 400 per time unit,
// far faster than the liquid exchanges kinetic and potential energy
TEST(FixNHMod, DerivativeGainCutsTheTemperatureSpread)
{
  const std::vector<double> nvt = temperatures("fix 1 all nvt temp 1.0 1.0 0.5 tchain 1", 2000, 4000, 10);
  const std::vector<double> mod = temperatures("fix 1 all nh/mod temp 1.0 1.0 0.5 kd 50", 2000, 4000, 10);
  std::printf("SD of T: nvt %.5f, nh/mod kd 50 %.6f (ratio %.1f); mean T nh/mod %.6f\n", sd(nvt),
              sd(mod), sd(nvt) / sd(mod), mean(mod));
  EXPECT_GE(sd(nvt), 10.0 * sd(mod));
  // the mean error of a PI loop is the integral term's residual: zero on
  // average, so within a few SDs of the (tiny) spread over the run
  EXPECT_NEAR(mean(mod), 1.0, 5.0 * sd(mod) + 1e-6);
}

// etotal + f_ID (econserve) is constant up to the Verlet error: O(h^2)
TEST(FixNHMod, EnergyPlusTallyIsConserved)
{
  auto drift = [](double h) {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(5, 1.5, 87287) + "timestep " + std::to_string(h) +
          "\nfix 1 all nh/mod temp 1.0 1.0 0.5 kd 0.05\nthermo 0\nrun 0");
    const double e0 = s.equal("etotal+f_1");
    double worst = 0.0;
    const int n = static_cast<int>(std::lround(1.0 / h));
    for (int k = 0; k < 10; k++) {
      s.cmd("run " + std::to_string(n / 10) + " pre no post no");
      worst = std::max(worst, std::fabs(s.equal("etotal+f_1") - e0));
    }
    EXPECT_GT(std::fabs(s.fix_scalar("1")), 10.0);    // the thermostat did work
    return worst;
  };
  const double a = drift(0.004), b = drift(0.002);
  std::printf("max |econserve - e0| over t = 1: h 0.004 %.4g, h 0.002 %.4g (ratio %.2f)\n", a, b, a / b);
  EXPECT_GT(a / b, 2.5);
  EXPECT_LT(a / b, 6.0);
}

// a stepped target (v_ variable) is tracked: on each plateau of the target
// the mean temperature of its second half is on it (within 1 %: the
// spread with kd 5 is < 0.5 %), and the fix reports the target
TEST(FixNHMod, SteppedTargetIsTracked)
{
  Session s(true, 0);
  s.cmd(geomint_test::lj_liquid(5, 1.0, 87287) +
        "variable tt equal 1.0+0.5*(step>=1000)-0.7*(step>=2000)\n"
        "fix 1 all nh/mod temp v_tt 0 0.5 kd 5\nthermo 0\nrun 0");
  for (double target : {1.0, 1.5, 0.8}) {
    s.cmd("run 500 pre no post no");
    double sum = 0.0;
    for (int k = 0; k < 49; k++) {
      s.cmd("run 10 pre no post no");
      sum += s.equal("temp");
    }
    EXPECT_NEAR(sum / 49, target, 0.01 * target) << target;
    EXPECT_DOUBLE_EQ(s.fix_vector("1", 4), target);
    s.cmd("run 10 pre no post no");
  }
}

// a stiff derivative gain (kd zetadot h >> 1 at the start) stays stable
// and controls the temperature: the exact Bernoulli sub-step cannot
// overshoot where a frozen-friction exp(-gamma tau) would diverge
TEST(FixNHMod, StiffGainIsStable)
{
  Session s(true, 0);
  s.cmd(geomint_test::lj_liquid(5, 3.0, 87287) +
        "fix 1 all nh/mod temp 1.0 1.0 0.5 kd 1000\nthermo 0\nrun 0");
  const double kick = std::fabs(1000.0 * s.fix_vector("1", 1) * 0.005);
  s.cmd("run 1000");
  std::printf("kd zetadot h at the start: %.3g; T after 1000 steps %.6f\n", kick, s.equal("temp"));
  EXPECT_GT(kick, 10.0);
  EXPECT_TRUE(std::isfinite(s.equal("temp")));
  EXPECT_NEAR(s.equal("temp"), 1.0, 0.01);
}

// restart and a split run: the same trajectory bit for bit (zeta, W, Q and
// the last kinetic energy in the file).  LAMMPS's own setup sorts the atoms
// and rebuilds the neighbor lists, which reorders the force sums of a
// periodic liquid; with sorting off and lists rebuilt every step that is
// the same in the whole run, and any difference would be this fix's
TEST(FixNHMod, RestartIsBitwise)
{
  const std::string fix = "atom_modify sort 0 0.0\nneigh_modify every 1 delay 0 check no\n"
                          "fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0.05\n";
  const std::string file = geomint_test::scratch_path("nhmod.restart");
  std::vector<double> x, v;
  double tally = 0.0;
  {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) + fix + "thermo 0\nrun 100");
    x = s.atom_vec3("x"), v = s.atom_vec3("v"), tally = s.fix_scalar("1");
  }
  {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) + fix + "thermo 0\nrun 40\nrun 60");
    EXPECT_EQ(s.atom_vec3("x"), x);
    EXPECT_EQ(s.fix_scalar("1"), tally);
  }
  {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) + fix + "thermo 0\nrun 40\nwrite_restart " + file);
  }
  {
    Session s(true, 0);
    s.cmd("read_restart " + file + "\npair_style lj/cut 2.5\npair_coeff 1 1 1.0 1.0 2.5\n"
          "pair_modify shift yes\nneighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\n"
          "timestep 0.005\n" + fix + "thermo 0\nrun 60");
    EXPECT_EQ(s.atom_vec3("x"), x);
    EXPECT_EQ(s.atom_vec3("v"), v);
    EXPECT_EQ(s.fix_scalar("1"), tally);
  }
}

// a restart payload of a layout this GEOMINT does not know (the version
// word after the magic number set to 99) stops with an ERROR that names it,
// rather than being read as numbers
TEST(FixNHMod, UnknownRestartLayoutIsRefused)
{
  const std::string file = geomint_test::scratch_path("nhmod_layout.restart");
  const std::string fix = "fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0.05\n";
  {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(3, 1.0, 87287) + fix + "thermo 0\nrun 5\nwrite_restart " + file);
  }
  std::string bytes;
  {
    std::ifstream in(file, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  char magic[sizeof(double)];
  std::memcpy(magic, &LAMMPS_NS::geomint_restart::RESTART_MAGIC, sizeof(double));
  const size_t at = bytes.find(std::string(magic, sizeof(double)));
  ASSERT_NE(at, std::string::npos) << "no GEOMINT payload in " << file;
  const double version = 99.0;
  bytes.replace(at + sizeof(double), sizeof(double), reinterpret_cast<const char *>(&version), sizeof(double));
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
  Session s(true, 0);
  const std::string err = s.error_of("read_restart " + file + "\n" + fix);
  EXPECT_NE(err.find("unknown layout (version 99, 4 values)"), std::string::npos) << err;
}

TEST(FixNHMod, BadInputIsRefusedWithAMessage)
{
  struct Case {
    std::string fix, run, expect;
  };
  const Case cases[] = {
      {"fix 1 all nh/mod temp 1.0 1.0 0.5", "", "expected 'fix ID group nh/mod temp"},
      {"fix 1 all nh/mod temp 1.0 1.0 0.5 kp 1", "", "expected 'fix ID group nh/mod temp"},
      {"fix 1 all nh/mod temp 0 1.0 0.5 kd 1", "", "Tstart and Tstop must be > 0"},
      {"fix 1 all nh/mod temp 1 1.0 -0.5 kd 1", "", "Tdamp must be > 0"},
      {"fix 1 all nh/mod temp 1 1.0 0.5 kd -1", "", "kd must be >= 0"},
      {"fix 1 all nh/mod temp 1 1.0 0.5 kd 1 qmass 0", "", "qmass must be > 0"},
      {"fix 1 all nh/mod temp 1 1.0 0.5 kd 1 tloop 0", "", "tloop must be >= 1"},
      {"fix 1 all nh/mod temp 1 1.0 0.5 kd 1 frob 2", "", "unknown keyword 'frob'"},
      {"fix 1 all nh/mod temp 1 1.0 0.5 kd 1 solver euler", "", "solver must be bernoulli"},
      {"fix 1 all nh/mod temp 1 1.0 0.5 kd 1\nfix 2 all nve", "run 1", "also integrates 108 atoms"},
      {"fix 1 all nh/mod temp v_nope 1.0 0.5 kd 1", "run 1", "temperature variable nope does not exist"},
      // (with qmass it ran with a target of 0)
      {"fix 1 all nh/mod temp v_ 1.0 0.5 kd 1 qmass 10", "", "'v_' names no variable"},
      {"fix 1 all nh/mod temp 1 1.0 0.5 kd 1\nfix_modify 1 temp nope", "", "compute nope does not exist"},
  };
  for (const Case &c : cases) {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(3, 1.0, 87287));
    const std::string err = c.run.empty() ? s.error_of(c.fix) : s.error_of(c.fix, c.run);
    EXPECT_NE(err.find(c.expect), std::string::npos) << c.fix << "\n  got: " << err;
  }
}

// dimension 2: the thermostat's degrees of freedom are those of the 2D
// compute temp (2N - 2) and its kinetic energy sum m (vx^2 + vy^2), so the
// 2D LJ liquid (400 atoms, square lattice at density 0.7, started at T =
// 1.5, fix enforce2d) settles on the target: <T> over 400 samples 10 steps
// apart after 2000 steps within 4 standard errors (20 block means) of 1.0,
// each in-plane component with its share (m <v_x^2> = m <v_y^2> = (N-1)/N
// kB T: the fixed centre of mass takes one degree of freedom of each),
// and z = v_z = 0 exactly
TEST(FixNHMod, TwoDimensionsGiveTheTemperature)
{
  Session s(true, 0);
  s.cmd("units lj\ndimension 2\natom_style atomic\natom_modify map array\nlattice sq 0.7\n"
        "region box block 0 20 0 20 -0.5 0.5\ncreate_box 1 box\ncreate_atoms 1 box\nmass 1 1.0\n"
        "velocity all create 1.5 87287 loop geom\npair_style lj/cut 2.5\npair_coeff 1 1 1.0 1.0 2.5\n"
        "pair_modify shift yes\nneighbor 0.3 bin\nfix 1 all nh/mod temp 1.0 1.0 0.5 kd 0.5\n"
        "fix 2 all enforce2d\nvariable kx atom mass*vx*vx\nvariable ky atom mass*vy*vy\n"
        "compute kx all reduce ave v_kx\ncompute ky all reduce ave v_ky\n"
          "thermo_style custom step temp c_kx c_ky\nthermo 0\nrun 2000");
  std::vector<double> t, tx, ty;
  for (int k = 0; k < 400; k++) {
    s.cmd("run 10 pre no post no");
    t.push_back(s.equal("temp"));
    tx.push_back(s.equal("c_kx"));
    ty.push_back(s.equal("c_ky"));
  }
  auto block_se = [](const std::vector<double> &v, int nblocks) {
    const int len = static_cast<int>(v.size()) / nblocks;
    std::vector<double> means;
    for (int b = 0; b < nblocks; b++) {
      double sum = 0.0;
      for (int k = 0; k < len; k++) sum += v[b * len + k];
      means.push_back(sum / len);
    }
    return sd(means) / std::sqrt(static_cast<double>(nblocks));
  };
  const double share = 399.0 / 400.0;
  std::printf("2D nh/mod: <T> %.6f +- %.6f, m<vx^2> %.5f +- %.5f, m<vy^2> %.5f +- %.5f (dof %g)\n",
              mean(t), block_se(t, 20), mean(tx), block_se(tx, 20), mean(ty), block_se(ty, 20),
              s.equal("f_1[6]") / (1.0 * 1.0 * 0.5 * 0.5));
  EXPECT_NEAR(mean(t), 1.0, 4.0 * block_se(t, 20) + 1e-6);
  EXPECT_NEAR(mean(tx), share, 4.0 * block_se(tx, 20));
  EXPECT_NEAR(mean(ty), share, 4.0 * block_se(ty, 20));
  // the default Q = Nf kB Tstart Tdamp^2 counts the 2D degrees of freedom
  EXPECT_DOUBLE_EQ(s.fix_vector("1", 5), 798.0 * 1.0 * 0.5 * 0.5);
  double worst = 0.0;
  const std::vector<double> x = s.atom_vec3("x"), v = s.atom_vec3("v");
  for (size_t i = 2; i < x.size(); i += 3) worst = std::max({worst, std::fabs(x[i]), std::fabs(v[i])});
  EXPECT_EQ(worst, 0.0);
}

// f_ID is +0 before any work (it printed "-0" at step 0)
TEST(FixNHMod, ScalarIsPlusZeroAtTheStart)
{
  Session s(true, 0);
  s.cmd(geomint_test::lj_liquid(3, 1.0, 87287) + "fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0.05\nthermo 0\nrun 0");
  const double scalar = s.fix_scalar("1");
  EXPECT_EQ(scalar, 0.0);
  EXPECT_FALSE(std::signbit(scalar));
}

// solver exp (friction frozen over each sub-step) is the keyword of the
// spec: at kd 0 it is the default step bit for bit (b = 0), at a mild gain
// the trajectory differs from the default (a different sub-step) but holds
// the target as well: <T> after equilibration within 0.02 of 1.0 for both
TEST(FixNHMod, FrozenFrictionSolverIsTheOtherSubStep)
{
  EXPECT_EQ(final_x("fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0 solver exp", 100),
            final_x("fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0", 100));
  const std::vector<double> a = final_x("fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0.5 solver exp", 100);
  const std::vector<double> b = final_x("fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0.5 solver bernoulli", 100);
  EXPECT_GT(max_abs_diff(a, b), 0.0);
  EXPECT_EQ(b, final_x("fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0.5", 100));
  for (const char *solver : {"exp", "bernoulli"}) {
    const std::vector<double> t =
        temperatures(std::string("fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0.5 solver ") + solver, 1000, 1000, 10);
    std::printf("solver %s: <T> = %.4f\n", solver, mean(t));
    EXPECT_NEAR(mean(t), 1.0, 0.02) << solver;
  }
}

// W (f_ID[4]) is an energy and extensive, as the scalar -W: with thermo_modify
// norm yes both are printed per atom, so f_ID = -f_ID[4] on every line
TEST(FixNHMod, WorkColumnIsNormalisedAsTheScalar)
{
  const std::string log = "nh_mod_norm_" + std::to_string(::getpid()) + ".log";
  {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(3, 1.5, 87287) +
          "fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0.05\n"
          "thermo_style custom step f_1 f_1[4] f_1[6]\nthermo_modify norm yes format float %.15g\n"
          "log " + log + "\nthermo 50\nrun 50\nlog none");
    const double natoms = s.equal("count(all)");
    std::ifstream in(log);
    std::string line;
    bool seen = false;
    while (std::getline(in, line)) {
      int step;
      double scalar, w, q;
      if (std::sscanf(line.c_str(), "%d %lf %lf %lf", &step, &scalar, &w, &q) != 4 || step != 50) continue;
      seen = true;
      EXPECT_NE(w, 0.0);
      EXPECT_EQ(scalar, -w);
      EXPECT_NEAR(w, s.fix_vector("1", 3) / natoms, 1e-14 * std::fabs(w));
      EXPECT_NEAR(q, s.fix_vector("1", 5), 1e-14 * q);    // Q: intensive (a parameter)
    }
    EXPECT_TRUE(seen);
  }
  std::remove(log.c_str());
}

// the default Q is Nf kB Tstart Tdamp^2 with Tstart itself, also where the
// first run begins a ramp part-way (run ... start/stop)
TEST(FixNHMod, DefaultMassUsesTstartInARamp)
{
  Session s(true, 0);
  s.cmd(geomint_test::lj_liquid(3, 1.5, 87287) + "reset_timestep 100\n"
        "fix 1 all nh/mod temp 1.0 2.0 0.5 kd 5\nthermo 0\nrun 10 start 0 stop 200");
  const double nf = 3.0 * s.equal("count(all)") - 3.0;
  EXPECT_NEAR(s.fix_vector("1", 5), nf * 1.0 * 0.25, 1e-12 * nf);
  EXPECT_NEAR(s.fix_vector("1", 4), 1.0 + 110.0 / 200.0, 1e-12);    // the ramp's target at step 110
}
