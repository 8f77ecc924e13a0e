// fix multiscale/adaptive: force-scaling multiscale dynamics (Guy 2018,
// ch. 2, 4, 5).
#include "lammps_session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using geomint_test::max_abs_diff;
using geomint_test::Session;

namespace {

struct State {
  std::vector<double> x, v;
  std::vector<double> vec;    // f_1[1..12] (12: only where energy was tallied)
};

// the LJ liquid (4^3 cells, 256 atoms, T 1.5), `mass` for its one type,
// `fix` (as fix 1), `steps` steps
State run_liquid(const std::string &fix, int steps, double mass = 1.0, const std::string &extra = "")
{
  Session s(true, 0);
  s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) + "mass 1 " + std::to_string(mass) + "\n" + extra +
        fix + "\nthermo_style custom step pe\nthermo_modify norm no\nthermo " + std::to_string(steps) + "\nrun " +
        std::to_string(steps));
  State st{s.atom_vec3("x"), s.atom_vec3("v"), {}};
  for (int k = 0; k < 12; k++) st.vec.push_back(s.fix_vector("1", k));
  return st;
}

double mean(const std::vector<double> &v)
{
  double m = 0.0;
  for (double x : v) m += x;
  return m / v.size();
}

// the standard error of the mean of a correlated series, from block means
double block_se(const std::vector<double> &v, int nblocks)
{
  const int len = static_cast<int>(v.size()) / nblocks;
  std::vector<double> means;
  for (int b = 0; b < nblocks; b++) {
    double s = 0.0;
    for (int k = 0; k < len; k++) s += v[b * len + k];
    means.push_back(s / len);
  }
  const double m = mean(means);
  double var = 0.0;
  for (double x : means) var += (x - m) * (x - m);
  return std::sqrt(var / (nblocks - 1) / nblocks);
}

}    // namespace

// with a constant a2 the scaled equation of motion is the unscaled one with every
// mass times 1/a2, drag and noise included, so the two runs agree to
// round-off (grown by the liquid's chaos, which the drag damps); the
// unscaled mass-10 run is also fix nve + fix viscous (the explicit drag is
// fix viscous's: the velocity after the first half-kick).  A 1e-10
// tolerance where the unscaled run at the same mass is O(1) away
TEST(FixMultiscaleAdaptive, ConstantA2IsInertiaTimesInverseA2)
{
  const std::string tail = " mode continuum drag beta type 2.0 flow 0.3 -0.1 0.2";
  for (const std::string damp : {"explicit", "exact"}) {
    const std::string noise = " brownian 1.0 4928 every 3 damp_integrator " + damp;
    const State scaled = run_liquid("fix 1 all multiscale/adaptive a2 0.1" + tail + noise, 300, 1.0);
    const State heavy = run_liquid("fix 1 all multiscale/adaptive a2 1.0" + tail + noise, 300, 10.0);
    const State plain = run_liquid("fix 1 all multiscale/adaptive a2 1.0" + tail + noise, 300, 1.0);
    const double dx = max_abs_diff(scaled.x, heavy.x), dv = max_abs_diff(scaled.v, heavy.v);
    std::printf("%s: a2 0.1 vs mass x10: |dx| %.3g |dv| %.3g; vs the unscaled mass 1: %.3g\n",
                damp.c_str(), dx, dv, max_abs_diff(scaled.x, plain.x));
    EXPECT_LT(dx, 1e-10) << damp;
    EXPECT_LT(dv, 1e-10) << damp;
    EXPECT_GT(max_abs_diff(scaled.x, plain.x), 1e-2) << damp;
    // energies of the scaled system are a2 times those of the heavy one
    // (the same velocities, masses 1/a2): so are its works
    for (int k = 4; k < 8; k++)
      EXPECT_NEAR(scaled.vec[k], 0.1 * heavy.vec[k], 1e-9 * (1.0 + std::fabs(heavy.vec[k]))) << damp << k;
  }
  // LAMMPS's own integrators: fix nve + fix viscous on the mass-10 liquid
  const State scaled =
      run_liquid("fix 1 all multiscale/adaptive a2 0.1 mode continuum drag beta type 2.0", 300, 1.0);
  Session s(true, 0);
  s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) +
        "mass 1 10.0\nfix 1 all nve\nfix 2 all viscous 2.0\nthermo 0\nrun 300");
  const double dx = max_abs_diff(scaled.x, s.atom_vec3("x"));
  std::printf("a2 0.1 vs fix nve + fix viscous at mass x10: |dx| %.3g\n", dx);
  EXPECT_LT(dx, 1e-10);
}

// mode atomistic with a2 = 1 is fix nh/mod, bit for bit (the same kernel,
// the same kicks); its W_d is nh/mod's W and f_ID[9..10] its zeta, zetadot
TEST(FixMultiscaleAdaptive, AtomisticUnitA2IsNhMod)
{
  const State ms = run_liquid(
      "fix 1 all multiscale/adaptive a2 1.0 mode atomistic temp 1.0 1.0 0.5 kd 0.05 tloop 2", 200);
  const State nh = run_liquid("fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0.05 tloop 2", 200);
  EXPECT_EQ(ms.x, nh.x);
  EXPECT_EQ(ms.v, nh.v);
  EXPECT_EQ(ms.vec[4], nh.vec[3]);    // W
  EXPECT_EQ(ms.vec[8], nh.vec[0]);    // zeta
  EXPECT_EQ(ms.vec[9], nh.vec[1]);    // zetadot
  EXPECT_EQ(ms.vec[10], nh.vec[6]);   // eps
  // and a2 < 1 is not (the test can fail)
  const State scaled = run_liquid(
      "fix 1 all multiscale/adaptive a2 0.5 mode atomistic temp 1.0 1.0 0.5 kd 0.05 tloop 2", 200);
  EXPECT_GT(max_abs_diff(scaled.x, nh.x), 1e-3);
}

// the energy balance: T - W_d - W_p - W_k - W_b is constant.  Each kick credits its
// kinetic-energy change to the forces exactly, so the balance holds to
// round-off; and the work of the scaled conservative forces is -a2 dPhi up
// to velocity Verlet's O(h^2) error (the physics of the bookkeeping)
TEST(FixMultiscaleAdaptive, WorksCloseTheEnergyBalance)
{
  for (const std::string fix :
       {"fix 1 all multiscale/adaptive a2 0.2 mode continuum drag beta type 1.0 brownian 1.0 77 "
        "every 2 flow 0.1 0 0",
        "fix 1 all multiscale/adaptive a2 0.2 mode continuum drag beta type 1.0 brownian 1.0 77 "
        "damp_integrator exact",
        "fix 1 all multiscale/adaptive a2 0.2 mode atomistic temp 1.0 1.0 0.5 kd 0.05"}) {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) + fix + "\nthermo 0\nrun 0");
    const std::string balance = "ke-f_1[5]-f_1[6]-f_1[7]-f_1[8]";
    const double b0 = s.equal(balance);
    double worst = 0.0;
    for (int k = 0; k < 10; k++) {
      s.cmd("run 50 pre no post no");
      worst = std::max(worst, std::fabs(s.equal(balance) - b0));
    }
    const double scale = std::fabs(s.equal("f_1[5]")) + std::fabs(s.equal("f_1[7]")) + s.equal("ke");
    std::printf("%s\n  max |balance - b0| %.3g of works %.3g\n", fix.c_str(), worst, scale);
    EXPECT_GT(scale, 10.0);
    EXPECT_LT(worst, 1e-12 * 500 * scale);
  }
  // W_k + a2 (Phi(t) - Phi(0)) -> 0 as h^2
  auto error = [](double h) {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) + "timestep " + std::to_string(h) +
          "\nfix 1 all multiscale/adaptive a2 0.2 mode continuum drag beta type 0.5\n"
          "thermo_style custom step pe\nthermo_modify norm no\nthermo 0\nrun 0");
    const double pe0 = s.equal("pe");
    s.cmd("run " + std::to_string(static_cast<int>(std::lround(1.0 / h))));
    return std::fabs(s.equal("f_1[7]") + 0.2 * (s.equal("pe") - pe0));
  };
  const double a = error(0.004), b = error(0.002);
  std::printf("|W_k + a2 dPhi| at t = 1: h 0.004 %.4g, h 0.002 %.4g (ratio %.2f)\n", a, b, a / b);
  EXPECT_GT(a / b, 2.5);
  EXPECT_LT(a / b, 6.0);
}

// f_ID[12] reads thermo_pe: output on thermo steps it needs no 'pe' in the
// thermo style (it asked LAMMPS for the energy of the next thermo step: the
// run stopped with 'Energy was not tallied on needed timestep'), and it is
// the same number as with pe there
TEST(FixMultiscaleAdaptive, ScaledEnergyOnThermoStepsNeedsNoPeKeyword)
{
  const std::string fix =
      "fix 1 all multiscale/adaptive a2 0.2 mode continuum drag beta type 1.0 brownian 1.0 77\n";
  double with_pe = 0.0, without = 0.0;
  for (const char *style : {"step f_1[12] pe", "step f_1[12]"}) {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) + fix + "thermo_style custom " + style +
          "\nthermo_modify norm no\nthermo 25\nrun 100");
    (std::string(style).find("pe") != std::string::npos ? with_pe : without) = s.fix_vector("1", 11);
  }
  EXPECT_NE(with_pe, 0.0);
  EXPECT_EQ(without, with_pe);
  // between thermo steps, through outputs that ask LAMMPS for the energy of
  // their steps (fix ave/time of the vector, fix print): no error either
  Session s(true, 0);
  s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) + fix + "thermo_style custom step\nthermo 100\n" +
        "fix av all ave/time 10 1 10 f_1[12]\nfix p all print 10 'e $(f_1[12])' screen no\nrun 30");
  EXPECT_NE(s.equal("f_av"), 0.0);
}

// the noise: friction and noise both scaled by a2 give the kinetic
// temperature a2 T (the published choice); noise_scale sqrt
// restores fluctuation-dissipation (T); held noise (every N) is sized for
// its hold.  Free atoms (pair zero), 1000 of them, 40 relaxation times of
// samples: <T> within 4 standard errors (block means) plus the O(gamma h)
// bias of the splitting, gamma h <= 0.005 here
TEST(FixMultiscaleAdaptive, NoiseGivesItsTemperature)
{
  struct Case {
    std::string noise;
    double expect;
  };
  const Case cases[] = {{"noise_scale a2", 0.5},
                        {"noise_scale sqrt", 1.0},
                        {"noise_scale sqrt dist sphere every 2", 1.0},
                        {"noise_scale sqrt dist uniform", 1.0},
                        {"noise_scale none", 2.0}};
  for (const Case &c : cases) {
    Session s(true, 0);
    s.cmd("units lj\natom_style atomic\natom_modify map array\nregion b block 0 10 0 10 0 10\n"
          "create_box 1 b\ncreate_atoms 1 random 1000 4913 b\nmass 1 1.0\n"
          "pair_style zero 1.0\npair_coeff * *\nvelocity all create 1.0 5 loop geom\n"
          "timestep 0.01\nfix 1 all multiscale/adaptive a2 0.5 mode continuum drag beta type 1.0 "
          "brownian 1.0 3311 " + c.noise + "\nthermo 0\nrun 2000");
    std::vector<double> t;
    for (int k = 0; k < 400; k++) {
      s.cmd("run 50 pre no post no");
      t.push_back(s.equal("temp"));
    }
    const double m = mean(t), se = block_se(t, 20);
    std::printf("%-40s <T> %.5f +- %.5f (expect %.3f)\n", c.noise.c_str(), m, se, c.expect);
    EXPECT_NEAR(m, c.expect, 4.0 * se + 0.005 * c.expect) << c.noise;
    EXPECT_LT(se, 0.01 * c.expect);
  }
}

// the adaptive switch on a flyby: one particle carried by
// the flow past a fixed attractor.  The unscaled signal |F_p|/beta of every
// step (compute group/group, LAMMPS's own pair loop) replayed through the
// documented law gives the fix's a2* at every step: plain, with hold N
// and with hysteresis H.  The particle feels a2 f_p while switched on and
// f_p otherwise
TEST(FixMultiscaleAdaptive, SwitchFollowsTheUnscaledSignal)
{
  const std::string setup =
      "units lj\natom_style atomic\natom_modify map array\nboundary f f f\n"
      "region b block -10 10 -10 10 -10 10\ncreate_box 2 b\n"
      "create_atoms 1 single 0 0 0\ncreate_atoms 2 single -4 1.6 0\nmass * 1.0\n"
      "group rec type 1\ngroup mob type 2\n"
      "pair_style lj/cut 2.5\npair_coeff * * 1.0 1.0 2.5\n"
      "neighbor 0.5 bin\nneigh_modify every 1 delay 0 check no\ntimestep 0.005\n"
      "velocity mob set 1.0 0 0\ncompute gg mob group/group rec\n";
  const std::string base = "fix 1 mob multiscale/adaptive a2 0.1 mode continuum drag beta type "
                           "1.0 1.0 flow 1.0 0 0 adaptive pot rec mob alpha ";
  const int steps = 1600;
  auto series = [&](const std::string &fix, std::vector<double> &signal, std::vector<double> &a2s,
                    std::vector<double> &ours) {
    Session s(true, 0);
    s.cmd(setup + fix + "\nthermo_style custom step c_gg[1] c_gg[2] c_gg[3]\nthermo 0\nrun 0");
    for (int k = 0; k < steps; k++) {
      s.cmd("run 1 pre no post no");
      const double fx = s.equal("c_gg[1]"), fy = s.equal("c_gg[2]"), fz = s.equal("c_gg[3]");
      signal.push_back(std::sqrt(fx * fx + fy * fy + fz * fz) / 1.0);
      a2s.push_back(s.fix_vector("1", 0));
      ours.push_back(s.fix_vector("1", 2));
    }
  };
  // a first pass that never switches: the size of the signal
  std::vector<double> sig0, a0, o0;
  series(base + "1e300", sig0, a0, o0);
  const double peak = *std::max_element(sig0.begin(), sig0.end());
  ASSERT_GT(peak, 0.1);
  ASSERT_LT(sig0.back(), 1e-3 * peak);    // it flew past
  const double alpha = 0.3 * peak;

  struct Case {
    std::string extra;
    long hold;
    double hyst;
  };
  long off_plain = 0;
  for (const Case &c : {Case{"", 0, 0.0}, Case{" hold 600", 600, 0.0}, Case{" hysteresis 0.9", 0, 0.9}}) {
    std::vector<double> sig, a2s, ours;
    series(base + std::to_string(alpha) + c.extra, sig, a2s, ours);
    bool on = false;
    long last = -1;
    int switches = 0, mismatches = 0;
    for (int k = 0; k < steps; k++) {
      const long step = k + 1;
      EXPECT_NEAR(ours[k], sig[k], 1e-10 * (1.0 + sig[k])) << "signal at step " << step;
      if (!(last >= 0 && step - last < c.hold)) {
        const bool now = on ? !(sig[k] < alpha * (1.0 - c.hyst)) : sig[k] > alpha;
        if (now != on) {
          on = now, last = step, switches++;
          std::printf("  step %ld: %s (signal %.4g)\n", step, on ? "on" : "off", sig[k]);
        }
      }
      if (a2s[k] != (on ? 0.1 : 1.0)) mismatches++;
    }
    std::printf("alpha %.4g%s: %d switches, %d steps disagree\n", alpha, c.extra.c_str(), switches,
                mismatches);
    EXPECT_EQ(switches, 2) << c.extra;    // on when near, off when past
    EXPECT_EQ(mismatches, 0) << c.extra;
    // hold and hysteresis delay the switch back (the cases are built so)
    if (c.extra.empty()) off_plain = last;
    else EXPECT_GT(last, off_plain) << c.extra;
  }
}

// Gamma_p with G1-G2 excluded from the neighbor lists (the pair style
// leaves the pairs to the fix) is the same force as taken out of the pair
// style's total: the same trajectory to round-off, switched or not
TEST(FixMultiscaleAdaptive, ExcludedPairsGiveTheSameDynamics)
{
  auto final_x = [](const std::string &extra) {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) +
          "group g1 id <= 40\ngroup g2 id > 40\n" + extra +
          "fix 1 g2 multiscale/adaptive a2 0.2 mode continuum drag beta type 1.0 "
          "adaptive pot g1 g2 alpha 150 per_beta no\nthermo 0\nrun 200");
    EXPECT_EQ(s.fix_vector("1", 0), 0.2);    // switched on
    return s.atom_vec3("x");
  };
  const std::vector<double> a = final_x(""), b = final_x("neigh_modify exclude group g1 g2\n");
  std::printf("excluded vs subtracted G1-G2 pairs: |dx| %.3g\n", max_abs_diff(a, b));
  EXPECT_LT(max_abs_diff(a, b), 1e-10);
}

// integrate no under fix rigid/small: the fix writes the scaled forces and
// drags into atom->f; with a constant a2 the bodies move as unscaled bodies
// with every mass times 1/a2 (the same scaling through J^T f)
TEST(FixMultiscaleAdaptive, IntegrateNoUnderRigidSmallScalesTheBodies)
{
  // (a2 0.2 and mass 5, not powers of two: the runs then differ in round-off)
  auto final_x = [](double a2, double mass) {
    Session s(true, 0);
    s.cmd("units lj\natom_style bond\natom_modify map array\nlattice fcc 0.6\n"
          "region box block 0 4 0 4 0 4\ncreate_box 1 box\ncreate_atoms 1 box\n"
          "mass 1 1.0\nvariable m atom floor((id-1)/2)+1\n"
          "set group all mol v_m\nvelocity all create 1.5 87287 loop geom\nmass 1 " +
          std::to_string(mass) + "\n"
          "pair_style lj/cut 2.5\npair_coeff 1 1 1.0 1.0 2.5\nneighbor 0.3 bin\n"
          "neigh_modify exclude molecule/intra all\ntimestep 0.004\n"
          "fix 1 all multiscale/adaptive a2 " + std::to_string(a2) +
          " mode continuum drag beta type 1.0 flow 0.2 0 0 integrate no\n"
          "fix 2 all rigid/small molecule\nthermo 0\nrun 300");
    return s.atom_vec3("x");
  };
  const std::vector<double> scaled = final_x(0.2, 1.0), heavy = final_x(1.0, 5.0),
                            plain = final_x(1.0, 1.0);
  std::printf("rigid/small, a2 0.2 vs mass x5: |dx| %.3g; vs mass 1: %.3g\n",
              max_abs_diff(scaled, heavy), max_abs_diff(scaled, plain));
  EXPECT_LT(max_abs_diff(scaled, heavy), 1e-10);
  EXPECT_GT(max_abs_diff(scaled, plain), 1e-3);
}

// mode atomistic with a small a2 still controls the temperature (the
// thermostat's zeta is unscaled): the liquid heated to 1.5 ends on the
// target 1.0 (Guy 2018, Fig. 4.3, scaled MNH)
TEST(FixMultiscaleAdaptive, ScaledAtomisticConverges)
{
  Session s(true, 0);
  s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) +
        "fix 1 all multiscale/adaptive a2 0.1 mode atomistic temp 1.0 1.0 0.5 kd 0.5\n"
        "thermo 0\nrun 4000");
  std::vector<double> t;
  for (int k = 0; k < 50; k++) {
    s.cmd("run 20 pre no post no");
    t.push_back(s.equal("temp"));
  }
  std::printf("scaled MNH (a2 0.1): <T> %.5f over the last 1000 steps\n", mean(t));
  EXPECT_NEAR(mean(t), 1.0, 0.02);
}

// restart and a split run continue the same trajectory bit for bit: held
// noise, stored drags, the switch state and the works are in the file
TEST(FixMultiscaleAdaptive, RestartIsBitwise)
{
  const std::string pre = "atom_modify sort 0 0.0\nneigh_modify every 1 delay 0 check no\n"
                          "group g1 id <= 40\ngroup g2 id > 40\n";
  const std::string fixes[] = {
      "fix 1 g2 multiscale/adaptive a2 0.2 mode continuum drag beta type 1.0 brownian 1.0 99 "
      "every 7 temp instant adaptive pot g1 g2 alpha 150 per_beta no hold 30\n",
      "fix 1 all multiscale/adaptive a2 0.3 mode atomistic temp 1.0 1.0 0.5 kd 0.05\n"};
  for (const std::string &fix : fixes) {
    const std::string file = geomint_test::scratch_path("msa.restart");
    std::vector<double> x, v, vec;
    auto vector_of = [](Session &s) {
      std::vector<double> r;
      for (int k = 0; k < 11; k++) r.push_back(s.fix_vector("1", k));
      return r;
    };
    {
      Session s(true, 0);
      s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) + pre + fix + "thermo 0\nrun 100");
      x = s.atom_vec3("x"), v = s.atom_vec3("v"), vec = vector_of(s);
    }
    {
      Session s(true, 0);
      s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) + pre + fix + "thermo 0\nrun 45\nrun 55");
      EXPECT_EQ(s.atom_vec3("x"), x) << fix;
      EXPECT_EQ(vector_of(s), vec) << fix;
    }
    {
      Session s(true, 0);
      s.cmd(geomint_test::lj_liquid(4, 1.5, 87287) + pre + fix + "thermo 0\nrun 45\nwrite_restart " + file);
    }
    {
      Session s(true, 0);
      s.cmd("read_restart " + file + "\npair_style lj/cut 2.5\npair_coeff 1 1 1.0 1.0 2.5\n"
            "pair_modify shift yes\nneighbor 0.3 bin\ntimestep 0.005\n" + pre + fix +
            "thermo 0\nrun 55");
      EXPECT_EQ(s.atom_vec3("x"), x) << fix;
      EXPECT_EQ(s.atom_vec3("v"), v) << fix;
      const std::vector<double> r = vector_of(s);
      for (int k = 0; k < 11; k++) EXPECT_DOUBLE_EQ(r[k], vec[k]) << fix << k;
    }
  }
}

TEST(FixMultiscaleAdaptive, BadInputIsRefusedWithAMessage)
{
  struct Case {
    std::string fix, run, expect;
  };
  const std::string fx = "fix 1 all multiscale/adaptive ";
  const std::string cont = "mode continuum drag beta type 1.0";
  const Case cases[] = {
      {fx + "a2 0 " + cont, "", "a2 must be in (0, 1]"},
      {fx + "a2 1.5 " + cont, "", "a2 must be in (0, 1]"},
      {fx + "a2 0.1 mode fluid", "", "mode must be atomistic or continuum"},
      {fx + "0.1 mode continuum", "", "expected 'fix ID group multiscale/adaptive a2 A2 mode"},
      {fx + "a2 0.1 mode continuum", "", "mode continuum needs a drag"},
      {fx + "a2 0.1 mode atomistic temp 1 1 0.5", "", "mode atomistic needs 'temp Tstart Tstop Tdamp' and 'kd Kd'"},
      {fx + "a2 0.1 mode atomistic kd 0.1", "", "mode atomistic needs"},
      {fx + "a2 0.1 mode atomistic temp 1 1 0.5 kd 1 drag beta type 1", "", "keyword drag belongs to mode continuum"},
      {fx + "a2 0.1 " + cont + " kd 1", "", "keyword kd belongs to mode atomistic"},
      {fx + "a2 0.1 " + cont + " frob 1", "", "unknown keyword 'frob'"},
      {fx + "a2 0.1 mode continuum drag stokes 1.0", "", "needs an atom style with radius"},
      {fx + "a2 0.1 " + cont + " rdrag stokes", "", "rdrag stokes takes the viscosity"},
      {fx + "a2 0.1 " + cont + " adaptive pot nope all alpha 1", "", "adaptive group nope does not exist"},
      {"group a id <= 10\ngroup b id <= 20\n" + fx + "a2 0.1 " + cont + " adaptive pot a b alpha 1", "",
       "overlap (10 atoms in both)"},
      // groups defined anew after the fix: checked again at the run's init, and
      // each step for dynamic groups
      {"group a id <= 10\ngroup b id > 10\n" + fx + "a2 0.1 " + cont + " adaptive pot a b alpha 1",
       "group b delete\ngroup b id <= 20\nrun 1", "overlap (10 atoms in both)"},
      {"group a id <= 10\ngroup b id > 10\n" + fx + "a2 0.1 " + cont + " adaptive pot a b alpha 1",
       "group b delete\nrun 1", "adaptive group b no longer exists"},
      {"group a id <= 10\nregion all block INF INF INF INF INF INF\ngroup b dynamic all region all\n" +
       fx + "a2 0.1 " + cont + " adaptive pot a b alpha 1", "run 1", "overlap (10 atoms in both)"},
      // a bare v_ as the target
      {fx + "a2 0.1 mode atomistic temp v_ 1 0.5 kd 1 qmass 10", "",
       "temperature argument 'v_' names no variable"},
      {fx + "a2 0.1 " + cont + " integrate no", "run 1", "integrate no needs a body integrator"},
      {fx + "a2 0.1 " + cont + " damp_integrator exact integrate no", "", "damp_integrator exact"},
      {fx + "a2 0.1 " + cont + "\nfix 2 all nve", "run 1", "also integrates 108 atoms"},
      {fx + "a2 0.1 " + cont + " integrate no\nfix 2 all nve", "run 1", "integrate no is for bodies"},
      {fx + "a2 0.1 " + cont + "\nfix 2 all langevin 1 1 1 5", "run 1", "adds drag or noise to 108 atoms"},
      {fx + "a2 0.1 mode atomistic temp 1 1 0.5 kd 1 integrate no", "", "integrate no is for mode continuum"},
      {fx + "a2 0.1 " + cont + " brownian 1.0 0", "", "brownian seed must be > 0"},
      {fx + "a2 0.1 " + cont + " brownian 1.0 5 noise_scale half", "", "noise_scale must be a2, sqrt or none"},
      {fx + "a2 0.1 " + cont + " brownian 1.0 5 temp foo", "", "brownian temp must be target or instant (got foo)"},
      {fx + "a2 0.1 mode atomistic temp 1 1 0.5 kd 1 solver euler", "", "solver must be bernoulli"},
      {fx + "a2 0.1 " + cont + " solver exp", "", "keyword solver belongs to mode atomistic"},
      {"group a id <= 10\ngroup b id > 10\n" + fx + "a2 0.1 " + cont + " adaptive pot a b alpha 1 hysteresis 1",
       "", "hysteresis must be in [0, 1)"},
      {fx + "a2 0.1 mode continuum drag beta type 0 damp_integrator exact", "run 1",
       "damp_integrator exact needs a drag > 0"},
  };
  for (const Case &c : cases) {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(3, 1.0, 87287));
    const std::string err = c.run.empty() ? s.error_of(c.fix) : s.error_of(c.fix, c.run);
    EXPECT_NE(err.find(c.expect), std::string::npos) << c.fix << "\n  got: " << err;
  }
}

// integrate no with the body integrator defined first: its setup would sum
// the unscaled forces
TEST(FixMultiscaleAdaptive, IntegrateNoMustComeBeforeTheBodies)
{
  Session s(true, 0);
  s.cmd("units lj\natom_style bond\natom_modify map array\nlattice fcc 0.6\n"
        "region box block 0 2 0 2 0 2\ncreate_box 1 box\ncreate_atoms 1 box\nmass 1 1.0\n"
        "variable m atom floor((id-1)/2)+1\nset group all mol v_m\n"
        "pair_style lj/cut 2.5\npair_coeff 1 1 1.0 1.0 2.5\n");
  const std::string err = s.error_of("fix 2 all rigid/small molecule\nfix 1 all multiscale/adaptive "
                                     "a2 0.5 mode continuum drag beta type 1.0 integrate no",
                                     "run 1");
  EXPECT_NE(err.find("is defined before this fix"), std::string::npos) << err;
}

// adaptive with a kspace style: the long-range part of the G1-G2 pairs
// cannot be split off (where LAMMPS has KSPACE)
TEST(FixMultiscaleAdaptive, AdaptiveRefusesKspace)
{
  Session s(true, 0);
  s.cmd("units lj\natom_style charge\natom_modify map array\nlattice fcc 0.8442\n"
        "region box block 0 3 0 3 0 3\ncreate_box 1 box\ncreate_atoms 1 box\nmass 1 1.0\n"
        "set atom 1 charge 1.0\nset atom 2 charge -1.0\n");
  if (!s.error_of("pair_style lj/cut/coul/long 2.5").empty())
    GTEST_SKIP() << "this LAMMPS has no KSPACE package";
  s.cmd("pair_coeff 1 1 1.0 1.0\nkspace_style ewald 1e-4\ngroup a id <= 10\ngroup b id > 10\n");
  const std::string err = s.error_of("fix 1 all multiscale/adaptive a2 0.1 mode continuum drag beta "
                                     "type 1.0 adaptive pot a b alpha 1", "run 1");
  EXPECT_NE(err.find("adaptive pot cannot split the long-range part"), std::string::npos) << err;
}

// integrate no: the works credit each half-kick of the body integrator with
// (h/2) f . (v before + v after)/2, exact for a rigid body's kick, so the
// energy balance KE - W = const holds up to the rotational part of the second half-kick, seen after
// fix rigid/small has turned the body (first order in h: 0.172 -> 0.088
// for h 0.004 -> 0.002 without drag and noise; here, hot dimers in a dense
// liquid, 4e-4 of |W_d|), with Brownian forces drawn every step, whose
// work the midpoint rule h f . v(t+h/2) misses entirely (W_b ~ 0 instead of
// 30); and a run split in two (setup credits nothing) keeps the same works
TEST(FixMultiscaleAdaptive, IntegrateNoWorksCloseTheBalance)
{
  const std::string setup =
      "units lj\natom_style bond\natom_modify map array\nlattice fcc 0.6\n"
      "region box block 0 4 0 4 0 4\ncreate_box 1 box\ncreate_atoms 1 box\nmass 1 1.0\n"
      "variable m atom floor((id-1)/2)+1\nset group all mol v_m\n"
      "velocity all create 1.5 87287 loop geom\npair_style lj/cut 2.5\n"
      "pair_coeff 1 1 1.0 1.0 2.5\nneighbor 0.3 bin\nneigh_modify exclude molecule/intra all\n"
      "timestep 0.002\nfix 1 all multiscale/adaptive a2 0.3 mode continuum drag beta type 1.0 "
      "brownian 1.0 717 integrate no\nfix 2 all rigid/small molecule\n"
      "thermo_style custom step ke pe\nthermo_modify norm no\nthermo 0\n";
  const std::string balance = "ke-f_1[5]-f_1[6]-f_1[7]-f_1[8]";
  std::vector<double> works;
  {
    Session s(true, 0);
    s.cmd(setup + "run 0");
    const double b0 = s.equal(balance);
    double worst = 0.0;
    for (int k = 0; k < 10; k++) {
      s.cmd("run 30 pre no post no");
      worst = std::max(worst, std::fabs(s.equal(balance) - b0));
    }
    const double wd = std::fabs(s.equal("f_1[5]")), wb = std::fabs(s.equal("f_1[8]"));
    std::printf("rigid/small, integrate no, noise every step: max |balance drift| %.3g, "
                "|W_d| %.4g, |W_b| %.4g\n", worst, wd, wb);
    EXPECT_GT(wb, 10.0);
    EXPECT_LT(worst, 1e-3 * wd);
  }
  std::vector<double> x0;
  for (const char *runs : {"run 300", "run 120\nrun 180"}) {
    Session s(true, 0);
    s.cmd(setup + runs);
    std::vector<double> w;
    for (int k = 4; k < 8; k++) w.push_back(s.fix_vector("1", k));
    if (works.empty()) works = w, x0 = s.atom_vec3("x");
    else {
      std::printf("split run: |dx| %.3g, works %.17g %.17g vs %.17g %.17g\n",
                  max_abs_diff(s.atom_vec3("x"), x0), w[0], w[3], works[0], works[3]);
      for (int k = 0; k < 4; k++) EXPECT_NEAR(w[k], works[k], 1e-12 * std::fabs(works[k])) << runs << k;
    }
  }
}

namespace {

// a 2D box (dimension 2) of `n` atoms at random in-plane positions (z = 0),
// atom style `style`, mass 1 (atomic) or diameter 1 density 1.9 (sphere)
std::string plane_of_atoms(const std::string &style, int n, double side)
{
  const std::string l = std::to_string(side);
  return "units lj\ndimension 2\natom_style " + style +
      "\natom_modify map array\nboundary p p p\nregion b block 0 " + l + " 0 " + l +
      " -0.5 0.5\ncreate_box 1 b\ncreate_atoms 1 random " + std::to_string(n) + " 4321 NULL\n" +
      (style == "sphere" ? "set type 1 diameter 1.0\nset type 1 density 1.9\n" : "mass 1 1.0\n");
}

// the largest |z| of the positions and |v_z| (and, spin, |omega_x|, |omega_y|)
double out_of_plane(Session &s, bool spin)
{
  double worst = 0.0;
  const std::vector<double> x = s.atom_vec3("x"), v = s.atom_vec3("v");
  for (size_t i = 2; i < x.size(); i += 3) worst = std::max({worst, std::fabs(x[i]), std::fabs(v[i])});
  if (spin) {
    const std::vector<double> w = s.atom_vec3("omega");
    for (size_t i = 0; i < w.size(); i += 3) worst = std::max({worst, std::fabs(w[i]), std::fabs(w[i + 1])});
  }
  return worst;
}

}    // namespace

// dimension 2: the fix's drag, Brownian force and flow act in the xy plane
// and its rotational drag on the z spin only, so z, v_z (and omega_x,
// omega_y) stay exactly 0 on every path: explicit and exact drag, dist
// gauss, sphere and uniform, noise held every N, flow, rdrag, integrate no
// under fix rigid/small, mode atomistic; with fix enforce2d (which zeroes
// f_z and v_z before final_integrate, where the noise used to come in) and
// without it (the fix alone).  Before: z reached 1e-2 .. 1e-1 in 500 steps
TEST(FixMultiscaleAdaptive, TwoDimensionsStayInThePlane)
{
  struct Case {
    std::string style, fix;
  };
  const std::string fx = "fix 1 all multiscale/adaptive a2 0.5 ";
  const std::string cont = fx + "mode continuum drag beta type 1.0 ";
  const Case cases[] = {
      {"atomic", cont + "brownian 1.0 4928"},
      {"atomic", cont + "brownian 1.0 4928 dist sphere every 3 flow 0.3 -0.2 0"},
      {"atomic", cont + "brownian 1.0 4928 dist uniform noise_scale sqrt temp instant"},
      {"atomic", cont + "brownian 1.0 4928 dist sphere damp_integrator exact flow 0.1 0.2 0.0"},
      {"atomic", cont + "brownian 1.0 4928 dist uniform every 2 damp_integrator exact"},
      {"sphere", fx + "mode continuum drag stokes 0.05 rdrag stokes brownian 1.0 77"},
      {"sphere", fx + "mode continuum drag stokes 0.05 rdrag stokes brownian 1.0 77 dist sphere "
                      "damp_integrator exact"},
      {"atomic", fx + "mode atomistic temp 1.0 1.0 0.5 kd 0.05"},
  };
  for (const Case &c : cases)
    for (const std::string enforce : {"fix 2 all enforce2d\n", ""}) {
      Session s(true, 0);
      s.cmd(plane_of_atoms(c.style, 200, 20.0) +
            "pair_style soft 1.0\npair_coeff * * 5.0\nvelocity all create 1.0 5 loop geom\n" +
            (c.style == "sphere" ? "set group all omega 0.0 0.0 1.0\n" : "") + "timestep 0.01\n" +
            c.fix + "\n" + enforce + "thermo 0\nrun 500");
      const double z = out_of_plane(s, c.style == "sphere");
      std::printf("%s%s: max |z|, |v_z| (|omega_xy|) after 500 steps %.3g\n", c.fix.c_str(),
                  enforce.empty() ? "" : " + enforce2d", z);
      // (stop at the first atom out of the plane: without fix enforce2d such
      // atoms leave the flat 2D box, and LAMMPS's binning may crash on them)
      ASSERT_EQ(z, 0.0) << c.fix << (enforce.empty() ? "" : " + enforce2d");
      EXPECT_GT(s.equal("temp"), 0.1) << c.fix;    // it moved
    }
  // integrate no under fix rigid/small: dimers on a square lattice
  for (const std::string enforce : {"fix 3 all enforce2d\n", ""}) {
    Session s(true, 0);
    s.cmd("units lj\ndimension 2\natom_style bond\natom_modify map array\nlattice sq 0.5\n"
          "region box block 0 10 0 10 -0.5 0.5\ncreate_box 1 box\ncreate_atoms 1 box\nmass 1 1.0\n"
          "variable m atom floor((id-1)/2)+1\nset group all mol v_m\n"
          "velocity all create 1.0 87287 loop geom\npair_style soft 1.0\npair_coeff * * 5.0\n"
          "neigh_modify exclude molecule/intra all\ncomm_modify cutoff 3.0\ntimestep 0.005\n"
          "fix 1 all multiscale/adaptive a2 0.3 mode continuum drag beta type 1.0 brownian 1.0 717 "
          "flow 0.2 0.1 0 integrate no\nfix 2 all rigid/small molecule\n" + enforce + "thermo 0\nrun 300");
    const double z = out_of_plane(s, false);
    std::printf("integrate no under rigid/small%s: max |z|, |v_z| after 300 steps %.3g\n",
                enforce.empty() ? "" : " + enforce2d", z);
    EXPECT_EQ(z, 0.0) << enforce;
  }
}

// dimension 2, dist sphere: the noise is a random direction in the plane
// with |F|^2 = 2 sigma^2 (a 3D direction would leave the plane); gauss and
// uniform have no z component.  Seen in atom->f after setup under
// integrate no, where the fix writes its forces (at rest, pair zero: only
// the noise), without fix enforce2d to clean up.  sigma^2 = 2 beta kB T/(N
// h) = 2 * 2.0 * 1.5 / 0.01 = 600 here, so |F|^2 = 1200
TEST(FixMultiscaleAdaptive, TwoDimensionalNoiseLiesInThePlane)
{
  for (const std::string dist : {"sphere", "gauss", "uniform"}) {
    Session s(true, 0);
    s.cmd("units lj\ndimension 2\natom_style bond\natom_modify map array\nlattice sq 0.5\n"
          "region box block 0 10 0 10 -0.5 0.5\ncreate_box 1 box\ncreate_atoms 1 box\nmass 1 1.0\n"
          "variable m atom floor((id-1)/2)+1\nset group all mol v_m\npair_style zero 1.0\n"
          "pair_coeff * *\ncomm_modify cutoff 3.0\ntimestep 0.01\nfix 1 all multiscale/adaptive a2 1.0 mode continuum "
          "drag beta type 2.0 brownian 1.5 4928 dist " + dist +
          " integrate no\nfix 2 all rigid/small molecule\nthermo 0\nrun 0");
    const std::vector<double> f = s.atom_vec3("f");
    double fz = 0.0, worst = 0.0;
    for (size_t i = 0; i < f.size(); i += 3) {
      fz = std::max(fz, std::fabs(f[i + 2]));
      worst = std::max(worst, std::fabs(f[i] * f[i] + f[i + 1] * f[i + 1] - 1200.0));
    }
    std::printf("dist %s: max |f_z| %.3g, max ||f|^2 - 2 sigma^2| %.3g\n", dist.c_str(), fz, worst);
    EXPECT_EQ(fz, 0.0) << dist;
    if (dist == "sphere") EXPECT_LT(worst, 1e-10 * 1200.0);
    else EXPECT_GT(worst, 1.0);    // (gauss and uniform have no fixed size)
  }
}

// dimension 2, free atoms (pair zero): the Langevin dynamics of the fix
// gives each in-plane component its equipartition share, m <v_x^2> =
// m <v_y^2> = kB T (noise_scale sqrt: T = 1), for every distribution,
// held noise and the exact drag; mode atomistic holds the 2D compute temp
// (2N - 2 degrees of freedom) on its target.  1000 atoms, 400 samples 50
// steps apart after 20 relaxation times; the standard error from 20 block
// means of the series (3e-3 to 5e-3 measured), tolerance 4 SE plus the O(gamma h)
// bias of the splitting (gamma h = 0.005)
TEST(FixMultiscaleAdaptive, TwoDimensionsGiveTheTemperature)
{
  struct Case {
    std::string fix;
    double expect;
  };
  const std::string cont = "fix 1 all multiscale/adaptive a2 0.5 mode continuum drag beta type 1.0 "
                           "brownian 1.0 3311 noise_scale sqrt";
  const Case cases[] = {{cont, 1.0},
                        {cont + " dist sphere every 2", 1.0},
                        {cont + " dist uniform", 1.0},
                        {cont + " damp_integrator exact", 1.0},
                        {"fix 1 all multiscale/adaptive a2 0.5 mode atomistic temp 1.0 1.0 0.5 kd 0.5", 1.0}};
  for (const Case &c : cases) {
    const bool atomistic = c.fix.find("atomistic") != std::string::npos;
    Session s(true, 0);
    // (mode atomistic needs forces to exchange energy between the atoms)
    s.cmd(plane_of_atoms("atomic", 1000, atomistic ? 40.0 : 100.0) +
          (atomistic ? "pair_style soft 1.0\npair_coeff * * 5.0\n" : "pair_style zero 1.0\npair_coeff * *\n") +
          "velocity all create 1.0 5 loop geom\ntimestep 0.01\n" + c.fix +
          "\nfix 2 all enforce2d\nvariable kx atom mass*vx*vx\nvariable ky atom mass*vy*vy\n"
          "compute kx all reduce ave v_kx\ncompute ky all reduce ave v_ky\n"
          "thermo_style custom step temp c_kx c_ky\nthermo 0\nrun 2000");
    std::vector<double> tx, ty, t;
    for (int k = 0; k < 400; k++) {
      s.cmd("run 50 pre no post no");
      tx.push_back(s.equal("c_kx"));
      ty.push_back(s.equal("c_ky"));
      t.push_back(s.equal("temp"));
    }
    const double mx = mean(tx), my = mean(ty), mt = mean(t);
    const double sx = block_se(tx, 20), sy = block_se(ty, 20), st = block_se(t, 20);
    std::printf("%s\n  m<vx^2> %.5f +- %.5f, m<vy^2> %.5f +- %.5f, <T> %.5f +- %.5f (expect %.3f)\n",
                c.fix.c_str(), mx, sx, my, sy, mt, st, c.expect);
    if (atomistic) {
      EXPECT_NEAR(mt, c.expect, 4.0 * st + 0.005) << c.fix;
    } else {
      EXPECT_NEAR(mx, c.expect, 4.0 * sx + 0.005) << c.fix;
      EXPECT_NEAR(my, c.expect, 4.0 * sy + 0.005) << c.fix;
      EXPECT_LT(sx, 0.01);
    }
    EXPECT_EQ(out_of_plane(s, false), 0.0) << c.fix;
  }
}

// integrate no under a body integrator that thermostats its bodies itself
// (fix rigid/quat/hi, rigid/nvt, rigid/npt): its bath and this fix's drag
// would both act on the bodies (the drag twice); refused with what to do.
// Before: accepted silently
TEST(FixMultiscaleAdaptive, IntegrateNoRefusesABodyThermostat)
{
  {
    Session s(true, 0);
    s.cmd("units lj\natom_style sphere\natom_modify map array\nregion box block 0 10 0 10 0 10\n"
          "create_box 1 box\ncreate_atoms 1 random 20 123 NULL\nset type 1 diameter 1.0\n"
          "set type 1 density 1.9\npair_style zero 1.0\npair_coeff * *\n");
    const std::string err = s.error_of(
        "fix 1 all multiscale/adaptive a2 0.5 mode continuum drag beta type 1.0 brownian 1.0 5 "
        "integrate no\nfix 2 all rigid/quat/hi atom 1.0 1.0 4928 viscosity 0.0795774715 radius atom",
        "run 1");
    EXPECT_NE(err.find("integrate no: fix 2 (rigid/quat/hi) thermostats its bodies itself"), std::string::npos) << err;
    EXPECT_NE(err.find("the drag and noise of this fix would both act on them"), std::string::npos) << err;
    EXPECT_NE(err.find("Use fix rigid, rigid/small, rigid/nve or poems"), std::string::npos) << err;
  }
  {
    Session s(true, 0);
    s.cmd("units lj\natom_style bond\natom_modify map array\nlattice fcc 0.6\n"
          "region box block 0 2 0 2 0 2\ncreate_box 1 box\ncreate_atoms 1 box\nmass 1 1.0\n"
          "variable m atom floor((id-1)/2)+1\nset group all mol v_m\n"
          "pair_style lj/cut 2.5\npair_coeff 1 1 1.0 1.0 2.5\nneigh_modify exclude molecule/intra all\n");
    const std::string err = s.error_of("fix 1 all multiscale/adaptive a2 0.5 mode continuum drag beta "
                                       "type 1.0 integrate no\nfix 2 all rigid/nvt/small molecule temp 1 1 1",
                                       "run 1");
    EXPECT_NE(err.find("fix 2 (rigid/nvt/small) thermostats its bodies itself"), std::string::npos) << err;
  }
}

// f_ID is +0 before any work (it printed "-0" at step 0)
TEST(FixMultiscaleAdaptive, ScalarIsPlusZeroAtTheStart)
{
  for (const std::string fix :
       {"fix 1 all multiscale/adaptive a2 0.5 mode continuum drag beta type 1.0 brownian 1.0 5",
        "fix 1 all multiscale/adaptive a2 0.5 mode atomistic temp 1.0 1.0 0.5 kd 0.05"}) {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(3, 1.0, 87287) + fix + "\nthermo 0\nrun 0");
    const double scalar = s.fix_scalar("1");
    EXPECT_EQ(scalar, 0.0) << fix;
    EXPECT_FALSE(std::signbit(scalar)) << fix;
  }
}

// per-atom restart state of another layout (here: written without
// integrate no, whose record keeps 31 more values) stops with the one
// per-atom refusal of GEOMINT (geomint_restart::refuse_peratom), which says
// what the file holds, what the fix reads and what to do
TEST(FixMultiscaleAdaptive, UnknownPerAtomRestartLayoutIsRefused)
{
  const std::string file = geomint_test::scratch_path("msa_peratom.restart");
  {
    Session s(true, 0);
    s.cmd(geomint_test::lj_liquid(3, 1.0, 87287) +
          "fix 1 all multiscale/adaptive a2 0.5 mode continuum drag beta type 1.0\nthermo 0\nrun 2\n"
          "write_restart " + file);
  }
  Session s(true, 0);
  s.cmd("read_restart " + file);
  const std::string err = s.error_of("fix 1 all multiscale/adaptive a2 0.5 mode continuum drag beta "
                                     "type 1.0 integrate no");
  EXPECT_NE(err.find("the restart file holds per-atom fix 1 state of an unknown layout (version 1, 8 "
                     "values); fix 1 as defined now reads version 1 with 39 values"),
            std::string::npos) << err;
  EXPECT_NE(err.find("Define the fix with the keywords of the run that wrote the file"), std::string::npos) << err;
  std::remove(file.c_str());
}
