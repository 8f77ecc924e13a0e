// fix bagogab ... filament: rigid-link filaments (plain and twistable) solved
// inside the A step (SHAKE on velocity impulses, RATTLE projections).
//
// Statistical checks (Slow*, ctest label slow): independent filaments are the
// replicas, SE = s.d. of their time averages / sqrt(N); pass within 4 SE.
#include "lammps_session.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using geomint_test::MeanSE;
using geomint_test::Session;
using geomint_test::mean_se;

namespace {

// ---------------------------------------------------------------------------
// topology builder: straight chains along x (link length 1) on a grid, with
// optional material-direction beads (d = 0.5 along y, type 2) for twistable
// filaments; the data file goes to a scratch path
// ---------------------------------------------------------------------------

struct Chains {
  int nchain, nbead;
  bool twist;
  double box;
  std::vector<int> nodes;    // atom IDs, chain-major
  std::vector<int> mats;     // material bead of each node (twist), chain-major
};

std::string write_chains(Chains &c, const std::string &name, bool bend = true, bool dihedral = false,
                         bool extra = false)
{
  std::vector<std::array<double, 3>> x;
  std::vector<int> type, mol;
  std::vector<std::array<int, 3>> bonds;      // type, a, b
  std::vector<std::array<int, 4>> angles;     // type, a, b, c
  std::vector<std::array<int, 5>> dihedrals;  // type, a, b, c, d
  const int g = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(c.nchain))));
  c.nodes.clear();
  c.mats.clear();
  for (int f = 0; f < c.nchain; f++) {
    const double y0 = 1.0 + 2.5 * (f % g), z0 = 1.0 + 2.5 * (f / g);
    for (int b = 0; b < c.nbead; b++) {
      x.push_back({0.5 + b * 1.0, y0, z0});
      type.push_back(1);
      mol.push_back(f + 1);
      c.nodes.push_back(static_cast<int>(x.size()));
    }
    if (c.twist)
      for (int b = 0; b < c.nbead; b++) {
        x.push_back({0.5 + b * 1.0, y0 + 0.5, z0});
        type.push_back(2);
        mol.push_back(f + 1);
        c.mats.push_back(static_cast<int>(x.size()));
      }
    const int *n = &c.nodes[f * c.nbead];
    for (int b = 0; b + 1 < c.nbead; b++) bonds.push_back({1, n[b], n[b + 1]});
    if (bend)
      for (int b = 0; b + 2 < c.nbead; b++) angles.push_back({2, n[b], n[b + 1], n[b + 2]});
    if (c.twist) {
      const int *u = &c.mats[f * c.nbead];
      for (int b = 0; b < c.nbead; b++) {
        bonds.push_back({2, n[b], u[b]});
        angles.push_back({1, u[b], n[b], b + 1 < c.nbead ? n[b + 1] : n[b - 1]});
      }
      if (dihedral)
        for (int b = 0; b + 1 < c.nbead; b++) dihedrals.push_back({1, u[b], n[b], n[b + 1], u[b + 1]});
    }
  }
  const std::string path = geomint_test::scratch_path(name);
  std::ofstream o(path);
  o << "filaments\n\n" << x.size() << " atoms\n" << bonds.size() << " bonds\n" << angles.size()
    << " angles\n" << dihedrals.size() << " dihedrals\n2 atom types\n2 bond types\n2 angle types\n"
    << "1 dihedral types\n" << (extra ? "2 extra bond per atom\n4 extra special per atom\n" : "")
    << "\n0 " << c.box << " xlo xhi\n0 " << c.box << " ylo yhi\n0 " << c.box
    << " zlo zhi\n\nMasses\n\n1 1.0\n2 1.0\n\nAtoms # molecular\n\n";
  o.precision(17);
  for (size_t i = 0; i < x.size(); i++)
    o << i + 1 << " " << mol[i] << " " << type[i] << " " << x[i][0] << " " << x[i][1] << " "
      << x[i][2] << "\n";
  o << "\nBonds\n\n";
  for (size_t i = 0; i < bonds.size(); i++)
    o << i + 1 << " " << bonds[i][0] << " " << bonds[i][1] << " " << bonds[i][2] << "\n";
  if (!angles.empty()) {
    o << "\nAngles\n\n";
    for (size_t i = 0; i < angles.size(); i++)
      o << i + 1 << " " << angles[i][0] << " " << angles[i][1] << " " << angles[i][2] << " "
        << angles[i][3] << "\n";
  }
  if (!dihedrals.empty()) {
    o << "\nDihedrals\n\n";
    for (size_t i = 0; i < dihedrals.size(); i++)
      o << i + 1 << " " << dihedrals[i][0] << " " << dihedrals[i][1] << " " << dihedrals[i][2]
        << " " << dihedrals[i][3] << " " << dihedrals[i][4] << "\n";
  }
  return path;
}

// the force field of the chains: WCA repulsion (cut at the minimum: continuous force),
// link bonds r0 = 1 (type 1), material bonds r0 = 0.5 (type 2), twist angle
// 90 degrees (type 1), bending (type 2, K (cos theta + 1)^2: smooth at straight
// chains), twist dihedral; one angle style (LAMMPS 29Sep2021's angle hybrid
// runs its /kk sub-styles over all angles under -sf kk)
std::string setup(const std::string &data, double kbend = 20.0, double ktwist = 2.0)
{
  std::ostringstream o;
  o << "units lj\natom_style molecular\natom_modify map array\nread_data " << data
    << "\npair_style lj/cut 0.954094\npair_coeff * * 1.0 0.85\npair_modify shift yes\nspecial_bonds lj 0 0 0\n"
    << "bond_style harmonic\nbond_coeff 1 100 1.0\nbond_coeff 2 100 0.5\n"
    << "angle_style cosine/squared\nangle_coeff 1 10 90\nangle_coeff 2 " << kbend << " 180\n"
    << "dihedral_style harmonic\ndihedral_coeff 1 " << ktwist << " -1 1\n"
    << "comm_modify cutoff 14\ntimestep 0.005\n";
  return o.str();
}

double dist2(const std::vector<double> &x, int a, int b)
{
  double r2 = 0.0;
  for (int k = 0; k < 3; k++) {
    const double d = x[3 * (a - 1) + k] - x[3 * (b - 1) + k];
    r2 += d * d;
  }
  return r2;
}

// the largest |r^2 - d^2| / d^2 of the links (d = 1), and for twistable chains of
// |u - n| = 0.5 and (u - n).(m - n) = 0 (as |u - m|^2 = d^2 + 1)
double worst_residual(const Chains &c, const std::vector<double> &x)
{
  double worst = 0.0;
  for (int f = 0; f < c.nchain; f++)
    for (int b = 0; b < c.nbead; b++) {
      const int n = c.nodes[f * c.nbead + b];
      if (b + 1 < c.nbead) worst = std::max(worst, std::fabs(dist2(x, n, n + 1) - 1.0));
      if (!c.twist) continue;
      const int u = c.mats[f * c.nbead + b];
      const int m = b + 1 < c.nbead ? n + 1 : n - 1;
      worst = std::max(worst, std::fabs(dist2(x, u, n) - 0.25) / 0.25);
      worst = std::max(worst, std::fabs(dist2(x, u, m) - 1.25) / 1.25);
    }
  return worst;
}

double max_diff(const std::vector<double> &a, const std::vector<double> &b)
{
  return geomint_test::max_abs_diff(a, b);
}

// ---------------------------------------------------------------------------

// After every step the constraints hold to ftol (the solver's own residual
// and the positions), the solver reports its Newton iterations, and thermo
// temp counts one degree of freedom less per constraint
TEST(FixBagogabFilament, LinksHoldToFtolAndRemoveTheirDegreesOfFreedom)
{
  for (const char *ftol : {"1e-10", "1e-6"}) {
    SCOPED_TRACE(std::string("ftol ") + ftol);
    Chains c{6, 8, false, 30.0, {}, {}};
    Session s;
    s.cmd(setup(write_chains(c, "fil_links.data")) +
          "velocity all create 1.0 5 mom yes\nfix 1 all bagogab 1.0 1.0 1.0 11 filament b 1 ftol " +
          ftol + "\ngroup c1 molecule 1\ncompute t1 c1 temp\n"
          "compute k1 c1 ke\nthermo_style custom step temp ke c_t1 c_k1\nthermo_modify norm no\nthermo 0\nrun 0");
    const double tol = std::stod(ftol);
    for (int chunk = 0; chunk < 10; chunk++) {
      s.cmd("run 1 post no");
      EXPECT_LE(worst_residual(c, s.atom_vec3("x")), tol * (1.0 + 1e-6) + 1e-14);
      EXPECT_LE(s.fix_vector("1", 5), tol);          // f_1[6]
      EXPECT_GE(s.fix_vector("1", 3), 1.0);          // f_1[4]: the solve ran
      EXPECT_LE(s.fix_vector("1", 3), 10.0);
      s.cmd("run 29 post no");
    }
    // 48 atoms, 42 links, 3 for the momentum: 3N - 3 - 42 = 99
    const double dof = 2.0 * s.equal("ke") / s.equal("temp");
    EXPECT_NEAR(dof, 99.0, 1e-9 * 99.0);
    // a group of one chain: 3*8 - 3 - 7 = 14
    const double dof1 = 2.0 * s.equal("c_k1") / s.equal("c_t1");
    EXPECT_NEAR(dof1, 14.0, 1e-9 * 14.0);
    std::remove(geomint_test::scratch_path("fil_links.data").c_str());
  }
}

// the filament keyword given twice: the last one counts (here without the
// twist constraints: the degrees of freedom of 'filament b 1'), and every
// setup starts the solver statistics f_ID[4..6] from zero, as a restart does
TEST(FixBagogabFilament, LastFilamentKeywordCountsAndSetupResetsTheStatistics)
{
  Chains c{3, 6, true, 30.0, {}, {}};
  const std::string data = write_chains(c, "fil_twice.data", true, true);
  auto dof_of = [&](const std::string &keywords) {
    Session s;
    s.cmd(setup(data) + "velocity all create 1.0 6 mom yes\nfix 1 all bagogab 1.0 1.0 1.0 12 " +
          keywords + "\nthermo_style custom step temp ke\nthermo_modify norm no\nthermo 0\nrun 10");
    if (keywords == "filament b 1") {
      EXPECT_GE(s.fix_vector("1", 3), 1.0);    // the last step's solves
      s.cmd("run 0");
      EXPECT_EQ(s.fix_vector("1", 3), 0.0);
      EXPECT_EQ(s.fix_vector("1", 4), 0.0);
      EXPECT_EQ(s.fix_vector("1", 5), 0.0);
    }
    return 2.0 * s.equal("ke") / s.equal("temp");
  };
  const double plain = dof_of("filament b 1"), twist = dof_of("filament b 1 a 1");
  EXPECT_GT(plain, twist + 0.5);    // the twist constraints count
  EXPECT_NEAR(dof_of("filament b 1 a 1 filament b 1"), plain, 1e-9 * plain);
  EXPECT_NEAR(dof_of("filament b 1 filament b 1 a 1"), twist, 1e-9 * twist);
  std::remove(data.c_str());
}

// velocity create after the fix (before any run) scales to the temperature of
// the constrained degrees of freedom, as with fix shake
TEST(FixBagogabFilament, VelocityCreateAfterTheFixCountsTheConstraints)
{
  Chains c{3, 6, true, 30.0, {}, {}};
  Session s;
  s.cmd(setup(write_chains(c, "fil_vel.data", true, true)) +
        "fix 1 all bagogab 1.5 1.5 1.0 12 filament b 1 a 1\nvelocity all create 1.5 6 mom yes\n"
        "thermo 0\nrun 0");
  EXPECT_NEAR(s.equal("temp"), 1.5, 1e-12);
  std::remove(geomint_test::scratch_path("fil_vel.data").c_str());
}

// atoms off their constraints at setup (here: the data file's links are 1, the
// bond type says 1.05) are put on them with a warning, as fix shake does; the
// velocities are unchanged (no kick from the correction)
TEST(FixBagogabFilament, SetupPutsTheAtomsOnTheirConstraints)
{
  Chains c{3, 6, true, 30.0, {}, {}};
  Session s;
  s.cmd(setup(write_chains(c, "fil_fix.data", true, true)) +
        "bond_coeff 1 100 1.05\nfix 1 all bagogab 1.0 1.0 1.0 12 filament b 1 a 1\n"
        "velocity all create 1.0 6 mom yes\nthermo 0\nrun 0 post no");
  const std::vector<double> v0 = s.atom_vec3("v");
  const std::vector<double> x = s.atom_vec3("x");
  double worst = 0.0;
  for (int f = 0; f < c.nchain; f++)
    for (int b = 0; b + 1 < c.nbead; b++) {
      const int n = c.nodes[f * c.nbead + b];
      worst = std::max(worst, std::fabs(dist2(x, n, n + 1) / (1.05 * 1.05) - 1.0));
    }
  EXPECT_LE(worst, 1e-10);
  s.cmd("velocity all create 1.0 6 mom yes\nrun 0 post no");    // (the same velocities again)
  EXPECT_LE(max_diff(v0, s.atom_vec3("v")), 0.0);
  // on the constraints now: no second correction (bitwise the same positions)
  s.cmd("run 0 post no");
  EXPECT_LE(max_diff(x, s.atom_vec3("x")), 0.0);
  // links 20 % shorter on chains bent by a run (with their material beads: |u - n|
  // = 0.5, |u - m|^2 = 0.25 + L^2): put on them in stages (in one Newton solve
  // from the old positions the twistable chains did not converge)
  s.cmd("velocity all create 3.0 7 mom yes\nrun 300 post no\nbond_coeff 1 100 0.84\nrun 0 post no");
  const std::vector<double> xs = s.atom_vec3("x");
  double off = 0.0;
  for (int f = 0; f < c.nchain; f++)
    for (int b = 0; b < c.nbead; b++) {
      const int n = c.nodes[f * c.nbead + b], u = c.mats[f * c.nbead + b];
      const int m = b + 1 < c.nbead ? n + 1 : n - 1;
      if (b + 1 < c.nbead) off = std::max(off, std::fabs(dist2(xs, n, n + 1) / (0.84 * 0.84) - 1.0));
      off = std::max(off, std::fabs(dist2(xs, u, n) / 0.25 - 1.0));
      off = std::max(off, std::fabs(dist2(xs, u, m) / (0.25 + 0.84 * 0.84) - 1.0));
    }
  EXPECT_LE(off, 2e-10);
  std::remove(geomint_test::scratch_path("fil_fix.data").c_str());
}

// Twistable filaments: the material-direction beads stay at d from their node
// and perpendicular to the filament; 2 constraints more per node
TEST(FixBagogabFilament, TwistableFilamentKeepsItsMaterialFrame)
{
  Chains c{3, 6, true, 30.0, {}, {}};
  Session s;
  s.cmd(setup(write_chains(c, "fil_twist.data", true, true)) +
        "velocity all create 1.0 6 mom yes\n"
        "fix 1 all bagogab 1.0 1.0 1.0 12 filament b 1 a 1\nthermo_modify norm no\nthermo 0\n"
        "run 300");
  EXPECT_LE(worst_residual(c, s.atom_vec3("x")), 1e-10);
  EXPECT_LE(s.fix_vector("1", 5), 1e-10);
  // 36 atoms; per chain 5 links + 2 x 6 material constraints = 17: 108 - 3 - 51 = 54
  EXPECT_NEAR(2.0 * s.equal("ke") / s.equal("temp"), 54.0, 1e-9 * 54.0);
  std::remove(geomint_test::scratch_path("fil_twist.data").c_str());
}

// ---------------------------------------------------------------------------
// no friction, no noise: the filament steps are RATTLE; energy error of
// order h^2 and time reversibility to the solver tolerance
// ---------------------------------------------------------------------------

double energy_drift(double h, double ftol)
{
  Chains c{4, 10, true, 30.0, {}, {}};
  Session s;
  const int nsteps = static_cast<int>(std::lround(8.0 / h));
  std::ostringstream fix;
  fix << "fix 1 all bagogab 1.0 1.0 1.0 13 nofriction 1 nofriction 2 vout full filament b 1 a 1 "
         "ftol " << ftol << "\ntimestep " << h << "\n";
  s.cmd(setup(write_chains(c, "fil_nve.data", true, true)) + "velocity all create 1.0 7 mom yes\n" +
        fix.str() + "thermo 0\nrun 10");    // (velocity create: not yet tangent to the constraints)
  std::remove(geomint_test::scratch_path("fil_nve.data").c_str());
  return geomint_test::max_energy_error(s, nsteps) / std::fabs(s.equal("etotal"));
}

TEST(FixBagogabFilament, WithoutFrictionTheEnergyErrorIsSecondOrder)
{
  // (measured: 1e-4 at h = 0.004, 3e-5 at 0.002; the ratio is 4 from h = 0.001 down)
  const double e1 = energy_drift(0.001, 1e-12), e2 = energy_drift(0.0005, 1e-12);
  std::printf("max |E - E0| / |E|: h 0.001 %.3e, h 0.0005 %.3e, ratio %.3f\n", e1, e2, e1 / e2);
  EXPECT_LE(e1, 2e-5);
  // second order: halving h divides the (bounded) error by 4
  EXPECT_GT(e1 / e2, 3.0);
  EXPECT_LT(e1 / e2, 5.0);
}

TEST(FixBagogabFilament, WithoutFrictionTheRunIsTimeReversible)
{
  Chains c{4, 10, true, 30.0, {}, {}};
  Session s;
  s.cmd(setup(write_chains(c, "fil_rev.data", true, true)) +
        "velocity all create 1.0 8 mom yes\n"
        "fix 1 all bagogab 1.0 1.0 1.0 14 nofriction 1 nofriction 2 vout full filament b 1 a 1 "
        "ftol 1e-13\nthermo 0\nrun 20");
  const std::vector<double> x0 = s.atom_vec3("x");
  s.cmd("run 400\nvariable mvx atom -vx\nvariable mvy atom -vy\nvariable mvz atom -vz\n"
        "velocity all set v_mvx v_mvy v_mvz\nrun 400");
  const double back = max_diff(x0, s.atom_vec3("x"));
  std::printf("time reversal after 400 + 400 steps: max |x - x0| = %.3e\n", back);
  EXPECT_LE(back, 1e-8);
  std::remove(geomint_test::scratch_path("fil_rev.data").c_str());
}

// zero yes: no net random momentum, and the constraint impulses are internal
TEST(FixBagogabFilament, ZeroYesConservesTotalMomentum)
{
  Chains c{4, 8, true, 30.0, {}, {}};
  Session s;
  s.cmd(setup(write_chains(c, "fil_zero.data", true, true)) +
        "velocity all create 1.0 9 mom yes\n"
        "fix 1 all bagogab 1.0 1.0 0.5 15 zero yes filament b 1 a 1\n"
        "variable px equal vcm(all,x)\nvariable py equal vcm(all,y)\nvariable pz equal vcm(all,z)\n"
        "thermo 0\nrun 200");
  for (const char *p : {"v_px", "v_py", "v_pz"}) EXPECT_LE(std::fabs(s.equal(p)), 1e-12) << p;
  std::remove(geomint_test::scratch_path("fil_zero.data").c_str());
}

// write_restart / read_restart continues the same trajectory (1 rank: bitwise)
TEST(FixBagogabFilament, RestartContinuesTheSameTrajectory)
{
  Chains c{4, 8, true, 30.0, {}, {}};
  const std::string data = write_chains(c, "fil_restart.data", true, true);
  const std::string exact = "atom_modify sort 0 0.0\nneigh_modify every 1 delay 0 check no\n";
  const std::string fix = "fix 1 all bagogab 1.0 1.0 0.5 16 filament b 1 a 1\n";
  const std::string file = geomint_test::scratch_path("fil.restart");
  std::vector<double> x_whole, v_whole;
  {
    Session s;
    s.cmd(setup(data) + exact + "velocity all create 1.0 10 mom yes\n" + fix +
          "thermo 0\nrun 100\nwrite_restart " + file + "\nrun 100");
    x_whole = s.atom_vec3("x");
    v_whole = s.atom_vec3("v");
  }
  Session s;
  s.cmd("read_restart " + file + "\n" + exact +
        "pair_style lj/cut 0.954094\npair_coeff * * 1.0 0.85\npair_modify shift yes\ncomm_modify cutoff 14\n"
        "angle_coeff 1 10 90\nangle_coeff 2 20 180\n" + fix +
        "thermo 0\nrun 100");
  const double tol = s.kokkos ? 1e-12 : 0.0;
  EXPECT_LE(max_diff(x_whole, s.atom_vec3("x")), tol);
  EXPECT_LE(max_diff(v_whole, s.atom_vec3("v")), tol);
  std::remove(file.c_str());
  std::remove(data.c_str());
}

// ---------------------------------------------------------------------------
// bad input: the ERROR says what is wrong and what to do
// ---------------------------------------------------------------------------

struct BadInput {
  std::string extra, fix, message;
};

TEST(FixBagogabFilament, BadInputGivesHelpfulErrors)
{
  Chains c{2, 5, true, 30.0, {}, {}};
  // (room for one more bond: the ring case; LAMMPS 29Sep2021's read_data under
  // Kokkos frees such extra rows wrongly: no ring case in the -sf kk variant)
  const bool kk = geomint_test::kokkos_from_environment();
  const std::string data = write_chains(c, "fil_bad.data", true, false, !kk);
  const std::string f = "fix 1 all bagogab 1.0 1.0 1.0 5 ";
  const BadInput cases[] = {
      {"", f + "filament", "filament needs 'b' and at least one bond type"},
      {"", f + "filament b 7", "filament b type 7 is outside 1..2"},
      {"", f + "filament b 1 a 5", "filament a type 5 is outside 1..2"},
      {"", f + "ftol 1e-8", "ftol and fmaxit need the filament keyword"},
      {"", f + "filament b 1 ftol 0", "ftol must be in [1e-14, 0.01)"},
      {"", f + "filament b 1 ftol 1e-20", "ftol must be in [1e-14, 0.01)"},
      // (before the group's atoms are checked: a dynamic group's bits are unset)
      {"variable one atom 1\ngroup dg dynamic all var one\n",
       "fix 1 dg bagogab 1.0 1.0 1.0 5 filament b 1\nrun 0", "the fix group dg is dynamic"},
      // a link stretched to 3 times its length: named, with both causes
      {"group one id 2\ndisplace_atoms one move 0 0 2.0\n",
       f + "filament b 1\nrun 0", "its partner in a link of length 1, at step 0"},
      {"", f + "filament b 1 fmaxit 0", "fmaxit must be >= 1"},
      // a bead and its links deleted without a new setup (the sub-runs of run
      // every with pre no have none; changes during a run, e.g. fix deposit or
      // fix evaporate, neither)
      {"group gone id 3\n",
       f + "filament b 1\nrun 20 pre no every 10 \"delete_atoms group gone bond yes\"",
       "the bonds of the filament link types changed at step 11"},
      // a link type without an equilibrium distance
      {"bond_style zero\nbond_coeff *\n", f + "filament b 1\nrun 0",
       "filament link bond type 1 has no equilibrium distance"},
      // material bonds as links too: every node gets 3 links
      {"", f + "filament b 1 2\nrun 0", "a branch point is not supported"},
      // the twist angle's equilibrium must be 90 degrees
      {"angle_coeff 1 10 100\n", f + "filament b 1 a 1\nrun 0", "use 90 degrees"},
      // the bending angles (nodes only) as twist angles
      {"angle_style harmonic\nangle_coeff * 10 90\n", f + "filament b 1 a 2\nrun 0",
       "its centre must be a filament atom"},
      // beads outside the fix group, other integrators, fix shake, ghost reach
      {"group c1 molecule 1\n", "fix 1 c1 bagogab 1.0 1.0 1.0 5 filament b 1\nrun 0",
       "are not in the fix group c1"},
      {"group c1 molecule 1\nfix 0 c1 nve\n", f + "filament b 1\nrun 0",
       "fix 0 (nve"},    // (nve/kk under -sf kk)
      {"fix s all shake 1e-6 20 0 b 2\n", f + "filament b 1\nrun 0",
       "on atoms of this fix is not supported"},    // (fix shake, or shake/kk)
      // ... also on a group of another name (the check was on the group bits)
      {"group c1 molecule 1\nfix s c1 shake 1e-6 20 0 b 2\n", f + "filament b 1\nrun 0",
       "fix shake (ID s) on atoms of this fix is not supported"},
      {"group c1 molecule 1\nfix s c1 rattle 1e-6 20 0 b 2\n", f + "filament b 1\nrun 0",
       "fix rattle (ID s) on atoms of this fix is not supported"},
      // a type list left empty
      {"", f + "filament b 1 a", "filament a needs at least one angle type"},
      {"", f + "filament b a 1", "filament b needs at least one bond type"},
      // (chains across the periodic boundary: the solve needs ghost copies)
      {"displace_atoms all move 28.0 0 0\ncomm_modify cutoff 1.5\n", f + "filament b 1\nrun 0",
       "set 'comm_modify cutoff' to at least"},
      // one friction per filament (material beads are type 2)
      {"", f + "filament b 1 a 1 scale 2 2.0\nrun 0", "with different friction"},
      // a deleted bead whose bonds stay
      {"group gone id 3\ndelete_atoms group gone\n", f + "filament b 1\nrun 0",
       "filament atom 3 does not exist"},
      {"fix d all deform 1 x scale 1.01 remap v\n", f + "filament b 1\nrun 0",
       "remap v is not supported"},
      // a time step far too large for the links
      {"timestep 0.5\nvelocity all create 50.0 3\n", f + "filament b 1 fmaxit 3\nrun 20",
       "did not converge in 3 Newton iterations"},
  };
  for (const BadInput &b : cases) {
    // (LAMMPS 29Sep2021's fix shake/kk crashes in its destructor after a failed
    // setup: that case runs without -sf kk only)
    if (kk && b.extra.find("shake") != std::string::npos) continue;
    Session s;
    s.cmd(setup(data) + b.extra);
    const std::string err = s.error_of(b.fix);
    EXPECT_NE(err.find(b.message), std::string::npos) << b.fix << "\n  gave: " << err;
  }
  // filament atoms that are in-triangle points (a square of two triangles)
  {
    const std::string mesh = geomint_test::scratch_path("fil_square.mesh");
    std::ofstream(mesh) << "# square\n2 triangles\n\nTriangles\n\n1 1 2 3\n2 1 3 4\n";
    {
    Session s;
    s.cmd("units lj\natom_style bond\natom_modify map array\nregion box block 0 10 0 10 0 10\n"
          "create_box 2 box bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 4\n"
          "mass * 1.0\ncreate_atoms 1 single 2 2 5\ncreate_atoms 1 single 8 2 5\n"
          "create_atoms 1 single 8 8 5\ncreate_atoms 1 single 2 8 5\n"
          "create_atoms 2 single 4 5 5\ncreate_atoms 2 single 5 5 5\ncreate_atoms 2 single 6 5 5\n"
          "bond_style harmonic\nbond_coeff 1 100 1.0\ncreate_bonds single/bond 1 5 6\n"
          "create_bonds single/bond 1 6 7\npair_style zero 1.0\npair_coeff * *\ngroup pts type 2\n");
    const std::string err = s.error_of("fix 1 all bagogab 1.0 1.0 1.0 5 mesh " + mesh +
                                       " intri pts filament b 1\nrun 0");
    EXPECT_NE(err.find("3 filament atoms (e.g. atom 5) are in-triangle points"), std::string::npos)
        << err;
    }
    // a filament of mesh vertices (1-2), the points unbonded (one session at a
    // time: the plugin registers its styles with the LAMMPS instance that loads it)
    Session v;
    v.cmd("units lj\natom_style bond\natom_modify map array\nregion box block 0 10 0 10 0 10\n"
          "create_box 2 box bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 4\n"
          "mass * 1.0\ncreate_atoms 1 single 2 2 5\ncreate_atoms 1 single 3 2 5\n"
          "create_atoms 1 single 3 3 5\ncreate_atoms 1 single 2 3 5\ncreate_atoms 2 single 2.5 2.4 5\n"
          "bond_style harmonic\nbond_coeff 1 100 1.0\ncreate_bonds single/bond 1 1 2\n"
          "pair_style zero 1.0\npair_coeff * *\ngroup pts type 2\n");
    const std::string errv = v.error_of("fix 1 all bagogab 1.0 1.0 1.0 5 mesh " + mesh +
                                        " intri pts filament b 1\nrun 0");
    EXPECT_NE(errv.find("filament atom 1 is a mesh vertex"), std::string::npos) << errv;
    std::remove(mesh.c_str());
  }
  // a ring of links
  if (!kk) {
    Session s;
    s.cmd(setup(data) + "create_bonds single/bond 1 1 5 special yes\n");
    const std::string err = s.error_of(f + "filament b 1\nrun 0");
    EXPECT_NE(err.find("closed ring"), std::string::npos) << err;
  }
  std::remove(data.c_str());
}

// ---------------------------------------------------------------------------
// equilibrium of constrained dynamics (slow)
// ---------------------------------------------------------------------------

// Fluctuation-dissipation of the projected O step: the temperature of the
// constrained degrees of freedom (thermo temp, one DOF less per constraint) is
// the target, for vout half (post-O velocities) and vout full (full-step, with
// the O(h^2) bias of BAOAB at this h: 1 - (h w)^2/4 for the stiffest modes,
// far below the SE here).  Block averages of thermo temp are the replicas;
// the total momentum is a degree of freedom here (extra/dof 0: with the
// default 3 the temperature reads 744/741 = 1.004 too high).
TEST(FixBagogabFilament, SlowTemperatureOfTheConstrainedDegreesOfFreedom)
{
  for (const char *vout : {"half", "full"}) {
    SCOPED_TRACE(std::string("vout ") + vout);
    Chains c{24, 10, true, 40.0, {}, {}};
    Session s;
    s.cmd(setup(write_chains(c, "fil_temp.data", true, true)) +
          "fix 1 all bagogab 1.0 1.0 0.5 23 filament b 1 a 1 vout " + vout +
          "\nvelocity all create 1.0 7 mom yes\n"
          // (Langevin dynamics do not conserve the total momentum: its 3 DOF count)
          "compute_modify thermo_temp extra/dof 0\nthermo 0\nrun 2000");
    std::vector<double> blocks;
    for (int b = 0; b < 40; b++) {
      double acc = 0.0;
      for (int k = 0; k < 25; k++) {
        s.cmd("run 20 pre no post no");
        acc += s.equal("temp");
      }
      blocks.push_back(acc / 25);
    }
    const MeanSE m = mean_se(blocks);
    std::printf("vout %s: <T> = %.5f +- %.5f (target 1)\n", vout, m.mean, m.se);
    EXPECT_LE(m.se, 5e-3);
    EXPECT_LE(std::fabs(m.mean - 1.0), 4.0 * m.se);
    std::remove(geomint_test::scratch_path("fil_temp.data").c_str());
  }
}

// A freely jointed trimer with rigid links and equal masses samples the bond
// angle with the metric factor: p(theta) ~ sin(theta) (1 - cos^2(theta)/4)^(1/2)
// (sqrt det G M^-1 G^T), not sin(theta).  <cos^2> = 0.32115... (1/3 for the
// uniform sphere, 6 SE away at this sampling).
TEST(FixBagogabFilament, SlowTrimerSamplesTheMetricFactor)
{
  // exact <cos^2> under sqrt(1 - c^2/4) on [-1, 1] (Simpson, 2000 intervals)
  double num = 0.0, den = 0.0;
  const int nq = 2000;
  for (int q = 0; q <= nq; q++) {
    const double cq = -1.0 + 2.0 * q / nq, wq = (q == 0 || q == nq) ? 1 : (q % 2 ? 4 : 2);
    num += wq * cq * cq * std::sqrt(1.0 - cq * cq / 4.0);
    den += wq * std::sqrt(1.0 - cq * cq / 4.0);
  }
  const double exact = num / den;
  Chains c{400, 3, false, 60.0, {}, {}};
  Session s;
  s.cmd(setup(write_chains(c, "fil_trimer.data", false)) +
        "pair_style zero 1.0\npair_coeff * *\ntimestep 0.01\nvelocity all create 1.0 17 mom yes\n"
        "fix 1 all bagogab 1.0 1.0 1.0 18 filament b 1\nthermo 0\nrun 2000");
  std::vector<double> sum(c.nchain, 0.0);
  const int nsample = 800;
  for (int k = 0; k < nsample; k++) {
    s.cmd("run 50 pre no post no");
    const std::vector<double> x = s.atom_vec3("x");
    for (int f = 0; f < c.nchain; f++) {
      const int a = c.nodes[3 * f], b = a + 1, d = a + 2;
      double u[3], v[3];
      for (int j = 0; j < 3; j++) {
        u[j] = x[3 * (a - 1) + j] - x[3 * (b - 1) + j];
        v[j] = x[3 * (d - 1) + j] - x[3 * (b - 1) + j];
      }
      const double cs = (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]);    // |u| = |v| = 1
      sum[f] += cs * cs;
    }
  }
  for (double &v : sum) v /= nsample;
  const MeanSE m = mean_se(sum);
  std::printf("trimer <cos^2 theta> = %.5f +- %.5f; metric factor %.5f, uniform sphere %.5f\n",
              m.mean, m.se, exact, 1.0 / 3.0);
  EXPECT_LE(m.se, 2e-3);
  EXPECT_LE(std::fabs(m.mean - exact), 4.0 * m.se);
  EXPECT_GT(std::fabs(m.mean - 1.0 / 3.0), 4.0 * m.se);
  std::remove(geomint_test::scratch_path("fil_trimer.data").c_str());
}

// A stiff worm-like chain (bending K (1 + cos theta), K = 25 kT): the tangent
// correlation <t_0 . t_s> along the chain.  Unconstrained (Boltzmann) it is
// exp(-s/l_p) = L(K)^s, L(K) = coth K - 1/K.  Rigid links weight each
// configuration by the metric factor sqrt(det Z), Z = G M^-1 G^T (tridiagonal:
// 2 on the diagonal, -cos theta_i beside it, unit masses and links), and near
// a straight chain ln det Z still changes with each joint's cosine by
// ~ -2 (Z^-1)_(i,i+1), up to -5 in the middle of 11 links: the bias on
// <t.t'> is var(cos) times that, ~ -2e-3, 12 SE at this sampling.  So the
// reference is the metric-weighted average (Monte Carlo over independent
// joints: given the cosines, the azimuths are uniform and <t_b . t_b+s> is the
// product of the cosines); the Boltzmann value and the bias are reported.
double wlc_reference(double K, int nlink, int s, std::vector<double> &boltzmann_out)
{
  std::mt19937_64 gen(20261127);
  std::uniform_real_distribution<double> u01(0.0, 1.0);
  const int nmc = 400000;
  double wsum = 0.0, acc = 0.0, plain = 0.0;
  std::vector<double> c(nlink - 1), D(nlink + 1);
  for (int m = 0; m < nmc; m++) {
    for (double &cj : c) cj = 1.0 + std::log(u01(gen) * (1.0 - std::exp(-2.0 * K)) + std::exp(-2.0 * K)) / K;
    D[0] = 1.0;
    D[1] = 2.0;
    for (int k = 2; k <= nlink; k++) D[k] = 2.0 * D[k - 1] - c[k - 2] * c[k - 2] * D[k - 2];
    const double w = std::sqrt(D[nlink]);
    double avg = 0.0;
    for (int b = 0; b + s < nlink; b++) {
      double p = 1.0;
      for (int j = b; j < b + s; j++) p *= c[j];
      avg += p;
    }
    avg /= (nlink - s);
    wsum += w;
    acc += w * avg;
    plain += avg;
  }
  boltzmann_out.push_back(plain / nmc);
  return acc / wsum;
}

TEST(FixBagogabFilament, SlowWormLikeChainTangentCorrelation)
{
  const double K = 25.0;
  const int nb = 12, smax = 6;
  Chains c{64, nb, false, 60.0, {}, {}};
  Session s;
  s.cmd(setup(write_chains(c, "fil_wlc.data"), K) + "angle_style cosine\nangle_coeff * " +
        std::to_string(K) + "\nvelocity all create 1.0 19 mom yes\n"
        "timestep 0.01\nfix 1 all bagogab 1.0 1.0 1.0 20 filament b 1\nthermo 0\nrun 4000");
  std::vector<std::vector<double>> corr(smax + 1, std::vector<double>(c.nchain, 0.0));
  const int nsample = 400;
  for (int k = 0; k < nsample; k++) {
    s.cmd("run 50 pre no post no");
    const std::vector<double> x = s.atom_vec3("x");
    for (int f = 0; f < c.nchain; f++) {
      std::vector<std::array<double, 3>> t(nb - 1);
      for (int b = 0; b + 1 < nb; b++) {
        const int a = c.nodes[f * nb + b];
        for (int j = 0; j < 3; j++) t[b][j] = x[3 * a + j] - x[3 * (a - 1) + j];
      }
      for (int sd = 1; sd <= smax; sd++) {
        double acc = 0.0;
        for (int b = 0; b + sd < nb - 1; b++)
          acc += t[b][0] * t[b + sd][0] + t[b][1] * t[b + sd][1] + t[b][2] * t[b + sd][2];
        corr[sd][f] += acc / (nb - 1 - sd) / nsample;
      }
    }
  }
  const double lk = 1.0 / std::tanh(K) - 1.0 / K;
  for (int sd = 1; sd <= smax; sd++) {
    const MeanSE m = mean_se(corr[sd]);
    std::vector<double> boltz;
    const double want = wlc_reference(K, nb - 1, sd, boltz);
    std::printf("WLC <t_0.t_%d> = %.5f +- %.5f; rigid links (metric factor) %.5f, Boltzmann "
                "exp(-s/l_p) %.5f (MC %.5f): bias %.2e\n",
                sd, m.mean, m.se, want, std::pow(lk, sd), boltz[0], want - std::pow(lk, sd));
    EXPECT_LE(m.se, 5e-3);
    EXPECT_NEAR(boltz[0], std::pow(lk, sd), 2e-4);    // the Monte Carlo itself
    EXPECT_LE(std::fabs(m.mean - want), 4.0 * m.se) << "s = " << sd;
  }
  std::remove(geomint_test::scratch_path("fil_wlc.data").c_str());
}

// Twistable filaments: two nodes (link 1) with a material bead each (d = 0.5,
// unit masses) and the twist dihedral K (1 - cos phi), K = 1 kT.  The rigid
// constraints weight phi with sqrt(det Z(phi)), Z = G M^-1 G^T of the five
// distance constraints (it depends on phi through the two constraints at each
// node: (u1 - n2).(u2 - n2) = d^2 cos phi), so the distribution of phi is
// exp(-U(phi)/kT) sqrt(det Z(phi)) dphi: <cos phi> measured against it
// (and, reported, against the plain Boltzmann I1(1)/I0(1) = 0.4464).
double det5(double a[5][5])
{
  double det = 1.0;
  for (int k = 0; k < 5; k++) {
    int p = k;
    for (int i = k + 1; i < 5; i++)
      if (std::fabs(a[i][k]) > std::fabs(a[p][k])) p = i;
    if (p != k) {
      for (int j = 0; j < 5; j++) std::swap(a[k][j], a[p][j]);
      det = -det;
    }
    det *= a[k][k];
    for (int i = k + 1; i < 5; i++) {
      const double l = a[i][k] / a[k][k];
      for (int j = k; j < 5; j++) a[i][j] -= l * a[k][j];
    }
  }
  return det;
}

double twist_metric(double phi)
{
  const double d = 0.5;
  // beads: 0 = n1, 1 = n2, 2 = u1, 3 = u2 (unit masses)
  const double x[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, d, 0}, {1, d * std::cos(phi), d * std::sin(phi)}};
  const int con[5][2] = {{0, 1}, {2, 0}, {2, 1}, {3, 1}, {3, 0}};
  double z[5][5];
  for (int c = 0; c < 5; c++)
    for (int e = 0; e < 5; e++) {
      // sum over beads k of s_ck s_ek (r_c . r_e), s = +1 first bead, -1 second
      double g = 0.0;
      for (int k = 0; k < 4; k++) {
        const double sc = k == con[c][0] ? 1.0 : (k == con[c][1] ? -1.0 : 0.0);
        const double se = k == con[e][0] ? 1.0 : (k == con[e][1] ? -1.0 : 0.0);
        g += sc * se;
      }
      double rr = 0.0;
      for (int j = 0; j < 3; j++)
        rr += (x[con[c][0]][j] - x[con[c][1]][j]) * (x[con[e][0]][j] - x[con[e][1]][j]);
      z[c][e] = g * rr;
    }
  return det5(z);
}

TEST(FixBagogabFilament, SlowTwistAngleIsBoltzmannWithTheMetricFactor)
{
  const double K = 1.0;
  double num = 0.0, den = 0.0, bnum = 0.0, bden = 0.0, zmin = 1e300, zmax = 0.0;
  const int nq = 4000;
  for (int q = 0; q < nq; q++) {
    const double phi = 2.0 * M_PI * (q + 0.5) / nq;
    const double boltz = std::exp(-K * (1.0 - std::cos(phi)));
    const double z = twist_metric(phi);
    zmin = std::min(zmin, z);
    zmax = std::max(zmax, z);
    num += boltz * std::sqrt(z) * std::cos(phi);
    den += boltz * std::sqrt(z);
    bnum += boltz * std::cos(phi);
    bden += boltz;
  }
  const double want = num / den, plain = bnum / bden;
  Chains c{400, 2, true, 60.0, {}, {}};
  Session s;
  s.cmd(setup(write_chains(c, "fil_twist2.data", false, true), 20.0, K) +
        "pair_style zero 1.0\npair_coeff * *\ntimestep 0.01\nvelocity all create 1.0 21 mom yes\n"
        "fix 1 all bagogab 1.0 1.0 1.0 22 filament b 1 a 1\nthermo 0\nrun 2000");
  std::vector<double> sum(c.nchain, 0.0);
  const int nsample = 800;
  for (int k = 0; k < nsample; k++) {
    s.cmd("run 50 pre no post no");
    const std::vector<double> x = s.atom_vec3("x");
    for (int f = 0; f < c.nchain; f++) {
      const int n1 = c.nodes[2 * f], n2 = n1 + 1, u1 = c.mats[2 * f], u2 = u1 + 1;
      double a[3], b[3];
      for (int j = 0; j < 3; j++) {
        a[j] = x[3 * (u1 - 1) + j] - x[3 * (n1 - 1) + j];
        b[j] = x[3 * (u2 - 1) + j] - x[3 * (n2 - 1) + j];
      }
      sum[f] += (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / 0.25;    // both perpendicular to the link
    }
  }
  for (double &v : sum) v /= nsample;
  const MeanSE m = mean_se(sum);
  std::printf("twist <cos phi> = %.5f +- %.5f; with the metric factor %.5f (det Z from %.4g to "
              "%.4g), plain Boltzmann %.5f\n", m.mean, m.se, want, zmin, zmax, plain);
  EXPECT_LE(m.se, 3e-3);
  EXPECT_LE(std::fabs(m.mean - want), 4.0 * m.se);
  // (measured: 15 SE from the plain Boltzmann value: the metric factor is seen)
  EXPECT_GT(std::fabs(m.mean - plain), 4.0 * m.se);
  std::remove(geomint_test::scratch_path("fil_twist2.data").c_str());
}

}    // namespace
