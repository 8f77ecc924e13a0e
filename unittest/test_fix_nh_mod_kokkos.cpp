// fix nh/mod/kk, the Kokkos variant of fix nh/mod, against the CPU fix
// (its sessions run Kokkos with 2 OpenMP threads: -k on t 2 -sf kk).
#include "lammps_session.h"

#include "compute.h"
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
  std::vector<double> x, v, vec;    // positions (unwrapped), velocities, f_1[1..7]
  double tally;                     // f_1 = -W
};

State state_of(Session &s)
{
  State st{s.atom_vec3("x"), s.atom_vec3("v"), {}, s.fix_scalar("1")};
  for (int k = 0; k < 7; k++) st.vec.push_back(s.fix_vector("1", k));
  return st;
}

std::string style_of(Session &s, const std::string &id)
{
  return s.lmp->modify->fix[s.lmp->modify->find_fix(id)]->style;
}

std::string compute_style_of(Session &s, const std::string &id)
{
  return s.lmp->modify->compute[s.lmp->modify->find_compute(id)]->style;
}

// max |a - b| / max |a|
double rel_diff(const std::vector<double> &a, const std::vector<double> &b)
{
  if (a.size() != b.size()) return HUGE_VAL;
  double m = 0.0, d = 0.0;
  for (size_t i = 0; i < a.size(); i++) {
    m = std::max(m, std::fabs(a[i]));
    d = std::max(d, std::fabs(a[i] - b[i]));
  }
  return d / std::max(m, 1e-300);
}

// the largest relative difference of the tally and of each vector element
// (zeta, zetadot, gamma, W, T_target, Q, eps have unrelated scales);
// gamma = zeta + kd zetadot relative to the size of its two terms, which
// cancel where the thermostat holds the temperature
double rel_diff_outputs(const State &a, const State &b)
{
  double d = rel_diff({a.tally}, {b.tally});
  for (size_t k = 0; k < a.vec.size(); k++) {
    if (k == 2) {
      const double zeta = a.vec[0], gamma = a.vec[2];
      const double scale = std::fabs(zeta) + std::fabs(gamma - zeta);
      d = std::max(d, std::fabs(b.vec[2] - gamma) / std::max(scale, 1e-300));
    } else {
      d = std::max(d, rel_diff({a.vec[k]}, {b.vec[k]}));
    }
  }
  return d;
}

struct Diff {
  double x, v, out;
  double worst() const { return std::max(x, std::max(v, out)); }
};

Diff diff_of(const State &cpu, const State &kk)
{
  return {rel_diff(cpu.x, kk.x), rel_diff(cpu.v, kk.v), rel_diff_outputs(cpu, kk)};
}

// 864 atoms of an LJ liquid (fcc 0.8442, T = 1.5), every third of type 2:
// atom_style atomic with per-type masses 1 and 2, or atom_style sphere with
// per-atom masses 1 and 2 (rmass).  `kk_cpu_rest` (Kokkos sessions): all
// but the atom style is CPU LAMMPS (suffix off), so that forces, initial
// velocities and temperatures are summed as in the CPU session.
std::string liquid(const std::string &atom_style, bool kk_cpu_rest)
{
  std::string s = "units lj\natom_style " + atom_style + "\n";
  if (kk_cpu_rest) s += "suffix off\n";
  s += "atom_modify map array\nlattice fcc 0.8442\nregion box block 0 6 0 6 0 6\n"
       "create_box 2 box\ncreate_atoms 1 box\ngroup heavy id 1:864:3\n"
       "group light subtract all heavy\nset group heavy type 2\n";
  if (atom_style == "sphere")
    s += "set group light mass 1.0\nset group heavy mass 2.0\n";
  else
    s += "mass 1 1.0\nmass 2 2.0\n";
  s += "velocity all create 1.5 87287 loop geom\n"
       "pair_style lj/cut 2.5\npair_coeff * * 1.0 1.0 2.5\npair_modify shift yes\n"
       "neighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\ntimestep 0.005\nthermo 0\n";
  return s;
}

}    // namespace

/* ---------------------------------------------------------------------- */

// The fix alone: the forces, the initial velocities and the kinetic energy
// (a CPU compute given with fix_modify temp) are computed by the same CPU
// LAMMPS code in both sessions, and only the fix differs: nh/mod/kk runs
// its half kicks, drifts and thermostat scaling as Kokkos kernels (2 OpenMP
// threads) whose arithmetic per atom is the CPU loops'.  Over 1000 steps of
// the chaotic liquid (where 1 ulp grows to 1e-6) positions, velocities and
// the fix's outputs agree to 1e-12, which only a step that is the CPU
// fix's to the last bit can do.  Cases: per-type masses, the whole group,
// a ramped target; per-atom masses (atom_style sphere/kk), the fix on part
// of the atoms with the others under a CPU fix nve (the atom data go
// between the host and device copies several times a step; with OpenMP
// these are the same memory, so only a GPU build would see a missing
// copy), a stepped target; a velocity bias (compute temp/partial, a CPU
// compute: the bias comes off on the host).
TEST(FixNHModKokkos, SameTrajectoryAsTheCPUFix)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  struct Case {
    std::string what, atom_style, setup, fix;
  };
  const Case cases[] = {
      {"per-type masses, ramp", "atomic", "compute T all temp\n",
       "fix 1 all nh/mod temp 1.5 1.0 0.5 kd 5.0 tloop 2\nfix_modify 1 temp T\n"},
      {"rmass, part of the atoms, stepped target", "sphere",
       "compute T light temp\nvariable tt equal 1.2-0.3*(step>=500)\nfix 2 heavy nve\n",
       "fix 1 light nh/mod temp v_tt 0 0.5 kd 0.5\nfix_modify 1 temp T\n"},
      {"bias (temp/partial)", "atomic", "compute T all temp/partial 0 1 1\n",
       "fix 1 all nh/mod temp 1.5 1.0 0.5 kd 1.0\nfix_modify 1 temp T\n"},
  };
  double worst = 0.0;
  for (const Case &c : cases) {
    State st[2];
    for (int kk = 0; kk < 2; kk++) {
      Session s(true, kk);
      s.cmd(liquid(c.atom_style, kk) + c.setup + (kk ? "suffix on\n" : "") + c.fix + "run 1000");
      EXPECT_EQ(style_of(s, "1"), kk ? "nh/mod/kk" : "nh/mod") << c.what;
      st[kk] = state_of(s);
    }
    const Diff d = diff_of(st[0], st[1]);
    std::printf("nh/mod/kk vs nh/mod, %s, 1000 steps: max rel. diff x %.3g, v %.3g, "
                "f_1 and f_1[1-7] %.3g\n", c.what.c_str(), d.x, d.v, d.out);
    EXPECT_LE(d.x, 1e-12) << c.what;
    EXPECT_LE(d.v, 1e-12) << c.what;
    EXPECT_LE(d.out, 1e-12) << c.what;
    EXPECT_GT(std::fabs(st[0].tally), 1.0) << c.what << ": the thermostat must have worked";
    worst = std::max(worst, d.worst());
  }
  std::printf("nh/mod/kk vs nh/mod with the same forces and temperatures: largest relative "
              "difference %.3g\n", worst);
}

// Everything on Kokkos: lj/cut/kk and the fix's own temp/kk compute (a
// parallel_reduce), i.e. what '-sf kk' gives a deck that says nh/mod.  The
// kinetic energy is temp/kk's: the CPU's sum in another order, the same
// number to round-off (1e-12 relative at the start, where T is 1.5 against
// a target 1.0).  The forces of lj/cut/kk too differ from lj/cut's in the
// last bits, and the liquid's chaos grows that (as the rank count does,
// nh_mod.mpi_invariance): 1e-10 after 100 steps; after 1000 steps the runs
// are as far apart as two CPU runs 1 ulp apart at the start (measured: 3-4x
// that; within 100x, where a wrong step would be off by 1e-2 or more)
TEST(FixNHModKokkos, AllKokkosRunTracksTheCPURun)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  const std::string fix = "fix 1 all nh/mod temp 1.0 1.0 0.5 kd 5.0\n";
  State st[2][3];    // [kk][run 0, 100, 1000 steps]
  for (int kk = 0; kk < 2; kk++) {
    Session s(true, kk);
    s.cmd(liquid("atomic", false) + fix + "run 0");
    EXPECT_EQ(style_of(s, "1"), kk ? "nh/mod/kk" : "nh/mod");
    if (kk) EXPECT_EQ(compute_style_of(s, "1_temp"), "temp/kk");
    st[kk][0] = state_of(s);
    s.cmd("run 100");
    st[kk][1] = state_of(s);
    s.cmd("run 900");
    st[kk][2] = state_of(s);
  }
  // the yardstick: the CPU run with atom 1 moved by 1e-15 (about 1 ulp of its x)
  State ulp;
  {
    Session s(true, 0);
    s.cmd(liquid("atomic", false) + "group one id 1\n"
          "displace_atoms one move 1e-15 0 0 units box\n" + fix + "run 1000");
    ulp = state_of(s);
  }
  const double z0 = rel_diff({st[0][0].vec[1]}, {st[1][0].vec[1]});
  const Diff d100 = diff_of(st[0][1], st[1][1]), d1000 = diff_of(st[0][2], st[1][2]);
  const Diff yard = diff_of(st[0][2], ulp);
  std::printf("nh/mod/kk (temp/kk, lj/cut/kk) vs nh/mod: zetadot at the start %.3g; after 100 "
              "steps x %.3g v %.3g outputs %.3g; after 1000 steps x %.3g v %.3g outputs %.3g; "
              "CPU with 1 ulp after 1000 steps: x %.3g v %.3g outputs %.3g\n",
              z0, d100.x, d100.v, d100.out, d1000.x, d1000.v, d1000.out, yard.x, yard.v, yard.out);
  EXPECT_GT(std::fabs(st[0][0].vec[1]), 0.1);    // zetadot = (y - y_t)/Q is far from 0
  EXPECT_LE(z0, 1e-12);
  EXPECT_LE(d100.worst(), 1e-10);
  EXPECT_GT(yard.x, 0.0);
  EXPECT_LE(d1000.x, 100.0 * yard.x);
  EXPECT_LE(d1000.v, 100.0 * yard.v);
}

// A velocity bias removed on the device: compute temp/deform/kk (the
// streaming velocity of a box sheared by fix deform ... remap v) given with
// fix_modify temp, against temp/deform on the CPU.  The rest of both
// sessions is the same CPU LAMMPS, so they differ by the order of the
// kinetic-energy sum only; 200 steps: round-off grown by chaos (1e-10)
TEST(FixNHModKokkos, BiasRemovedOnTheDeviceTracksTheCPU)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  State st[2];
  for (int kk = 0; kk < 2; kk++) {
    Session s(true, kk);
    s.cmd(liquid("atomic", kk) + "change_box all triclinic\n"
          "fix 2 all deform 1 xy erate 0.05 remap v\n" + (kk ? "suffix on\n" : "") +
          "compute T all temp/deform\n"
          "fix 1 all nh/mod temp 1.0 1.0 0.5 kd 1.0\nfix_modify 1 temp T\nrun 200");
    EXPECT_EQ(style_of(s, "1"), kk ? "nh/mod/kk" : "nh/mod");
    EXPECT_EQ(compute_style_of(s, "T"), kk ? "temp/deform/kk" : "temp/deform");
    st[kk] = state_of(s);
  }
  const Diff d = diff_of(st[0], st[1]);
  std::printf("nh/mod/kk with temp/deform/kk vs nh/mod with temp/deform, 200 steps: max rel. diff "
              "x %.3g, v %.3g, f_1 and f_1[1-7] %.3g\n", d.x, d.v, d.out);
  EXPECT_LE(d.worst(), 1e-10);
  EXPECT_GT(std::fabs(st[0].tally), 1.0);
}

// write_restart/read_restart and a run split in two continue the
// trajectory of fix nh/mod/kk bit for bit (zeta, W, Q and the last kinetic
// energy in the restart record, temp/kk's kinetic energy).  As in the CPU
// test, sorting is off and the lists are rebuilt every step; the pair style
// is the CPU one, whose neighbor lists are built in one order (lj/cut/kk's
// binning with 2 threads fills a bin in the order the threads get there)
TEST(FixNHModKokkos, RestartAndTwoPartRunsAreBitwise)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  const std::string pair = "suffix off\npair_style lj/cut 2.5\npair_coeff * * 1.0 1.0 2.5\n"
                           "pair_modify shift yes\nsuffix on\n";
  const std::string fix = "atom_modify sort 0 0.0\nneigh_modify every 1 delay 0 check no\n"
                          "fix 1 all nh/mod temp 1.0 1.0 0.5 kd 0.05\n";
  const std::string file = geomint_test::scratch_path("nhmodkk.restart");
  State whole;
  {
    Session s(true, 1);
    s.cmd(liquid("atomic", false) + pair + fix + "run 100");
    EXPECT_EQ(style_of(s, "1"), "nh/mod/kk");
    whole = state_of(s);
  }
  {
    Session s(true, 1);
    s.cmd(liquid("atomic", false) + pair + fix + "run 40\nrun 60");
    const State split = state_of(s);
    EXPECT_EQ(split.x, whole.x);
    EXPECT_EQ(split.v, whole.v);
    EXPECT_EQ(split.tally, whole.tally);
    EXPECT_EQ(split.vec, whole.vec);
  }
  {
    Session s(true, 1);
    s.cmd(liquid("atomic", false) + pair + fix + "run 40\nwrite_restart " + file);
  }
  {
    Session s(true, 1);
    s.cmd("read_restart " + file + "\n" + pair +
          "neighbor 0.3 bin\ntimestep 0.005\nthermo 0\n" + fix + "run 60");
    EXPECT_EQ(style_of(s, "1"), "nh/mod/kk");
    const State restarted = state_of(s);
    EXPECT_EQ(restarted.x, whole.x);
    EXPECT_EQ(restarted.v, whole.v);
    EXPECT_EQ(restarted.tally, whole.tally);
    EXPECT_EQ(restarted.vec, whole.vec);
  }
}

// the three registered names run the Kokkos class; without the KOKKOS
// package the /kk style says what to do; the CPU fix's checks stay
TEST(FixNHModKokkos, StyleNamesAndErrors)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  for (const std::string style : {"nh/mod/kk", "nh/mod/kk/device", "nh/mod/kk/host"}) {
    Session s(true, 1);
    s.cmd(liquid("atomic", false) + "fix 1 all " + style + " temp 1.0 1.0 0.5 kd 1\nrun 10");
    EXPECT_EQ(style_of(s, "1"), style);
    EXPECT_NE(s.fix_scalar("1"), 0.0) << style;
  }
  {
    Session s(true, 0);
    s.cmd(liquid("atomic", false));
    const std::string err = s.error_of("fix 1 all nh/mod/kk temp 1.0 1.0 0.5 kd 1");
    EXPECT_NE(err.find("Fix nh/mod/kk needs the KOKKOS package enabled"), std::string::npos) << err;
    // nothing left behind by the refused fix
    EXPECT_LT(s.lmp->modify->find_compute("1_temp"), 0);
  }
  struct Case {
    std::string fix, run, expect;
  };
  const Case cases[] = {
      {"fix 1 all nh/mod temp 1 1.0 0.5 kd -1", "", "kd must be >= 0"},
      {"fix 1 all nh/mod temp 1 1.0 0.5 kd 1\nfix 2 all nve", "run 1", "also integrates 864 atoms"},
      {"fix 1 all nh/mod temp 1 1.0 0.5 kd 1\nfix_modify 1 temp nope", "",
       "compute nope does not exist"},
  };
  for (const Case &c : cases) {
    Session s(true, 1);
    s.cmd(liquid("atomic", false));
    const std::string err = c.run.empty() ? s.error_of(c.fix) : s.error_of(c.fix, c.run);
    EXPECT_NE(err.find(c.expect), std::string::npos) << c.fix << "\n  got: " << err;
  }
}
