// fix bagogab/kk with rigid-link filaments (filament keyword) against the CPU
// fix: the other atoms' passes as Kokkos kernels over the pass mask (the beads
// left out), the beads' constrained sub-steps on the host (a parallel_for over
// filaments).  Kokkos sessions: -k on t 2 -sf kk (2 OpenMP threads).
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

constexpr int NCHAIN = 4, NBEAD = 8;    // filaments of NBEAD beads (atom IDs first)
constexpr double R0 = 1.0, D_MAT = 0.5;    // link length, material-direction distance

// the filament beads of chain c, bead k (atom ID), and its material-direction
// bead (twistable filaments: on every node but the last, whose twist angle is
// (material, node, next node); BagogabFilaments refuses the last node's angle
// with the previous node: its constraints couple 5 apart in chain order)
int bead_id(int c, int k)
{
  return NBEAD * c + k + 1;
}
int material_id(int c, int k)
{
  return NCHAIN * NBEAD + (NBEAD - 1) * c + k + 1;
}
constexpr double BOX = 14.0;

// 4 chains of 8 beads along x (the last one across the periodic x boundary),
// with a material-direction bead 0.5 off each node but the last along y when
// twist is set,
// and two layers of free LJ atoms (type 2, mass 2, 1.26 apart) between them
// mesh: a square of two triangles (vertices type 4) at z = 12 with 9 in-triangle
// points (type 5) on it, the fix's mesh and intri keywords (points and filaments
// under one fix)
std::string filament_deck(bool twist, const std::string &fix_extra, int nsteps, bool mesh = false)
{
  std::string d = "units lj\natom_style " + std::string(twist ? "angle" : "bond") +
      "\natom_modify map array\nboundary p p p\nregion box block 0 14 0 14 0 14\n"
      "create_box 5 box bond/types " +
      (twist ? "2 angle/types 1 extra/angle/per/atom 4 " : "1 ") +
      "extra/bond/per/atom 3 extra/special/per/atom 16\n"
      "mass 1 1.0\nmass 2 2.0\nmass 3 0.5\nmass 4 1.5\nmass 5 1.0\n";
  char line[256];
  for (int c = 0; c < NCHAIN; c++)
    for (int k = 0; k < NBEAD; k++) {
      const double x = (c == 3 ? 10.0 : 3.0) + k * R0, y = 1.0 + 7.0 * (c % 2),
                   z = 2.0 + 7.0 * (c / 2);
      std::snprintf(line, sizeof(line), "create_atoms 1 single %.6f %.6f %.6f units box remap yes\n",
                    x, y, z);
      d += line;
    }
  if (twist)
    for (int c = 0; c < NCHAIN; c++)
      for (int k = 0; k + 1 < NBEAD; k++) {
        const double x = (c == 3 ? 10.0 : 3.0) + k * R0, y = 1.0 + 7.0 * (c % 2) + D_MAT,
                     z = 2.0 + 7.0 * (c / 2);
        std::snprintf(line, sizeof(line),
                      "create_atoms 3 single %.6f %.6f %.6f units box remap yes\n", x, y, z);
        d += line;
      }
  std::string mesh_keywords;
  if (mesh) {
    // (atom IDs after the filaments': the vertices, then the points)
    const int v0 = NCHAIN * NBEAD + (twist ? NCHAIN * (NBEAD - 1) : 0);
    const double corner[4][2] = {{4.55, 4.55}, {9.45, 4.55}, {9.45, 9.45}, {4.55, 9.45}};
    for (const auto &c : corner) {
      std::snprintf(line, sizeof(line), "create_atoms 4 single %.6f %.6f 12.0 units box\n", c[0],
                    c[1]);
      d += line;
    }
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) {
        std::snprintf(line, sizeof(line), "create_atoms 5 single %.6f %.6f 12.0 units box\n",
                      5.8 + 1.3 * i, 5.6 + 1.3 * j);
        d += line;
      }
    const std::string file = geomint_test::scratch_path("filament_square.mesh");
    std::FILE *f = std::fopen(file.c_str(), "w");
    std::fprintf(f, "# GEOMINT test mesh\n2 triangles\n\nTriangles\n\n1 %d %d %d\n2 %d %d %d\n",
                 v0 + 1, v0 + 2, v0 + 3, v0 + 1, v0 + 3, v0 + 4);
    std::fclose(f);
    d += "group pts type 5\n";
    mesh_keywords = " mesh " + file + " intri pts";
  }
  d += "lattice sc 0.5\nregion slab block 0 13 0 13 4.5 7.5 units box\n"
       "create_atoms 2 region slab\n";
  d += "pair_style lj/cut 1.122462048309373\npair_coeff * * 1.0 1.0\npair_modify shift yes\n"
       "bond_style harmonic\nbond_coeff 1 100 1.0\n";
  if (twist) d += "bond_coeff 2 100 0.5\nangle_style harmonic\nangle_coeff 1 10 90\n";
  for (int c = 0; c < NCHAIN; c++)
    for (int k = 0; k + 1 < NBEAD; k++)
      d += "create_bonds single/bond 1 " + std::to_string(bead_id(c, k)) + " " +
          std::to_string(bead_id(c, k + 1)) + "\n";
  if (twist)
    for (int c = 0; c < NCHAIN; c++)
      for (int k = 0; k + 1 < NBEAD; k++) {
        // the twist angle (material, node, next node)
        const int other = bead_id(c, k + 1);
        d += "create_bonds single/bond 2 " + std::to_string(material_id(c, k)) + " " +
            std::to_string(bead_id(c, k)) + "\n";
        d += "create_bonds single/angle 1 " + std::to_string(material_id(c, k)) + " " +
            std::to_string(bead_id(c, k)) + " " + std::to_string(other) + "\n";
      }
  d += "comm_modify cutoff 12\nneighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\n"
       "timestep 0.005\nvelocity all create 1.0 4928459 loop geom\n"
       "fix 1 all bagogab 1.0 1.0 1.0 48279 filament b 1" +
      std::string(twist ? " a 1" : "") + mesh_keywords + fix_extra + "\nthermo 50\nrun " + std::to_string(nsteps);
  return d;
}

struct FilRun {
  std::vector<double> x, v;    // in atom-ID order, x unwrapped
  double pe, ke;
  double fvec[3];    // f_1[4..6]: most Newton iterations, their mean, largest residual
  std::string style;
};

FilRun run_deck(const std::string &deck, int kokkos)
{
  Session s(true, kokkos);
  s.cmd(deck);
  FilRun r;
  r.x = s.atom_vec3("x");
  r.v = s.atom_vec3("v");
  r.pe = s.equal("pe");
  r.ke = s.equal("ke");
  for (int k = 0; k < 3; k++) r.fvec[k] = s.fix_vector("1", 3 + k);
  r.style = s.lmp->modify->fix[s.lmp->modify->find_fix("1")]->style;
  return r;
}

double max_abs(const std::vector<double> &a)
{
  double m = 0.0;
  for (double q : a) m = std::max(m, std::fabs(q));
  return m;
}

double dist(const std::vector<double> &x, int i, int j)
{
  double r2 = 0.0;
  for (int k = 0; k < 3; k++) {
    double d = x[3 * (i - 1) + k] - x[3 * (j - 1) + k];
    d -= BOX * std::round(d / BOX);    // (create_atoms remap yes: image flags 0)
    r2 += d * d;
  }
  return std::sqrt(r2);
}

// the CPU fix and fix bagogab/kk give the same run; returns the kk run
FilRun expect_same_run(bool twist, const std::string &fix_extra, const char *what,
                       bool mesh = false)
{
  SCOPED_TRACE(what);
  const std::string deck = filament_deck(twist, fix_extra, 200, mesh);
  const FilRun cpu = run_deck(deck, 0), kk = run_deck(deck, 1);
  if (mesh) std::remove(geomint_test::scratch_path("filament_square.mesh").c_str());
  EXPECT_EQ(cpu.style, "bagogab");
  EXPECT_EQ(kk.style, "bagogab/kk");
  const double dx = geomint_test::max_abs_diff(cpu.x, kk.x),
               dv = geomint_test::max_abs_diff(cpu.v, kk.v);
  std::printf("filaments, %s: bagogab/kk vs CPU: max |dx| = %.3g, |dv| = %.3g (|v| <= %.3g); "
              "pe %.17g vs %.17g, ke %.17g vs %.17g; Newton iterations max %g vs %g, mean %g vs "
              "%g, residual %.3g vs %.3g\n",
              what, dx, dv, max_abs(cpu.v), cpu.pe, kk.pe, cpu.ke, kk.ke, cpu.fvec[0], kk.fvec[0],
              cpu.fvec[1], kk.fvec[1], cpu.fvec[2], kk.fvec[2]);
  EXPECT_EQ(cpu.x.size(), kk.x.size());
  EXPECT_LE(dx, 1e-10);
  EXPECT_LE(dv, 1e-10);
  EXPECT_GT(max_abs(cpu.v), 0.1);
  EXPECT_NEAR(kk.pe, cpu.pe, 1e-10 * std::fabs(cpu.pe) + 1e-12);
  EXPECT_NEAR(kk.ke, cpu.ke, 1e-10 * std::fabs(cpu.ke));
  // the solver's statistics of the last step: the same Newton iterations
  EXPECT_GE(cpu.fvec[0], 1.0);
  EXPECT_EQ(kk.fvec[0], cpu.fvec[0]);
  EXPECT_NEAR(kk.fvec[1], cpu.fvec[1], 1e-12 * cpu.fvec[1]);
  EXPECT_LE(cpu.fvec[2], 1e-10);
  EXPECT_LE(kk.fvec[2], 1e-10);
  return kk;
}

// every rigid link (and material-direction distance) at its bond's r0
void expect_rigid(const FilRun &r, bool twist)
{
  double worst = 0.0, worst_mat = 0.0, worst_dot = 0.0;
  for (int c = 0; c < NCHAIN; c++)
    for (int k = 0; k < NBEAD; k++) {
      if (k + 1 < NBEAD)
        worst = std::max(worst, std::fabs(dist(r.x, bead_id(c, k), bead_id(c, k + 1)) / R0 - 1.0));
      if (!twist || k + 1 == NBEAD) continue;
      worst_mat =
          std::max(worst_mat, std::fabs(dist(r.x, material_id(c, k), bead_id(c, k)) / D_MAT - 1.0));
      // the material direction is perpendicular to the link of its twist angle
      const int n = bead_id(c, k), o = bead_id(c, k + 1), u = material_id(c, k);
      double dot = 0.0;
      for (int q = 0; q < 3; q++) {
        double du = r.x[3 * (u - 1) + q] - r.x[3 * (n - 1) + q];
        double dl = r.x[3 * (o - 1) + q] - r.x[3 * (n - 1) + q];
        du -= BOX * std::round(du / BOX);
        dl -= BOX * std::round(dl / BOX);
        dot += du * dl;
      }
      worst_dot = std::max(worst_dot, std::fabs(dot) / (D_MAT * R0));
    }
  std::printf("rigid links: max |r/r0 - 1| = %.3g, material %.3g, max |cos| = %.3g\n", worst,
              worst_mat, worst_dot);
  EXPECT_LE(worst, 1e-9);
  EXPECT_LE(worst_mat, 1e-9);
  EXPECT_LE(worst_dot, 1e-9);
}

}    // namespace

// (a) chains and free LJ atoms: the same trajectory, energies and solver statistics;
// (b) the links of the kk run at their lengths
TEST(FixBagogabFilamentKokkos, ChainsSameRunAsTheCPUFix)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  expect_rigid(expect_same_run(false, "", "chains"), false);
  expect_rigid(expect_same_run(false, " zero yes", "chains, zero yes"), false);
  expect_rigid(expect_same_run(false, " vout full", "chains, vout full"), false);
}

// (c) twistable filaments (a material-direction bead per node, twist angles)
TEST(FixBagogabFilamentKokkos, TwistableSameRunAsTheCPUFix)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  expect_rigid(expect_same_run(true, "", "twistable"), true);
}

// filaments and in-triangle points under one fix: the points' passes (Kokkos
// kernels over the same accessor) leave the beads out too
TEST(FixBagogabFilamentKokkos, WithPointsSameRunAsTheCPUFix)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  expect_rigid(expect_same_run(false, "", "chains and in-triangle points", true), false);
  expect_rigid(expect_same_run(false, " zero yes", "chains and in-triangle points, zero yes", true),
               false);
}

// a second run (setup_pre_neighbor rebuilds the local images and the pass
// mask) continues the same trajectory on both
TEST(FixBagogabFilamentKokkos, SecondRunSameAsTheCPUFix)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  const std::string deck = filament_deck(false, "", 100) + "\nrun 100";
  const FilRun cpu = run_deck(deck, 0), kk = run_deck(deck, 1);
  EXPECT_LE(geomint_test::max_abs_diff(cpu.x, kk.x), 1e-10);
  EXPECT_LE(geomint_test::max_abs_diff(cpu.v, kk.v), 1e-10);
  expect_rigid(kk, false);
}
