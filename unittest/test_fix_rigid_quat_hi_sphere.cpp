// fix rigid/quat/hi, bodystyle atom on atom_style sphere (the fix keeps the
// spheres' quaternions, L = I omega with I = 0.4 m r^2), and its Kokkos
// variant fix rigid/quat/hi/kk: canonical sampling, bitwise restarts and
// two-part runs, atoms created after the fix, refused inputs; the /kk fix
// (2 OpenMP threads) against the CPU fix to 1e-12 with noise: hi off with
// per-type and per-body coefficients, three-point noise and body-frame
// frictions, hi rpy every 1 and every 3, restarts.  The decks couple
// rotation to position through an external torque and drive the spheres
// round with a swirling force (fix external).
// Statistical checks: independent bodies as replicas, pass if
// |mean - exact| <= 4 SE (and SE small enough for the check to be sharp).
#include "geomint_compat.h"
#include "lammps_session.h"

#include "atom.h"
#include "fix.h"
#include "fix_external.h"
#include "modify.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

using geomint_test::MeanSE;
using geomint_test::Session;
using geomint_test::mean_se;

namespace {

const std::string ETA = "0.0795774715459477";    // 1/(4 pi): 6 pi eta a = 1.5 a

std::string num(double v)
{
  std::ostringstream o;
  o.precision(17);
  o << v;
  return o.str();
}

// the external coupling of the decks: a torque T = 0.4 (x - c) x e that
// spins a sphere according to where it is, and a swirling force
// f = 0.3 (x - c) x e' (both depend on positions only: a velocity-dependent
// force would be evaluated at another velocity after a restart)
void coupling(void *ptr, LAMMPS_NS::bigint, int nlocal, LAMMPS_NS::tagint *, double **x, double **fext)
{
  auto *lmp = static_cast<LAMMPS_NS::LAMMPS *>(ptr);
  double **torque = lmp->atom->torque;
  const double e[3] = {0.36, -0.48, 0.8}, g[3] = {0.0, 0.6, 0.8}, c[3] = {4.4, 4.4, 4.4};
  for (int i = 0; i < nlocal; i++) {
    const double r[3] = {x[i][0] - c[0], x[i][1] - c[1], x[i][2] - c[2]};
    torque[i][0] += 0.4 * (r[1] * e[2] - r[2] * e[1]);
    torque[i][1] += 0.4 * (r[2] * e[0] - r[0] * e[2]);
    torque[i][2] += 0.4 * (r[0] * e[1] - r[1] * e[0]);
    fext[i][0] = 0.3 * (r[1] * g[2] - r[2] * g[1]);
    fext[i][1] = 0.3 * (r[2] * g[0] - r[0] * g[2]);
    fext[i][2] = 0.3 * (r[0] * g[1] - r[1] * g[0]);
  }
}

void set_coupling(Session &s)
{
  auto *ext = dynamic_cast<LAMMPS_NS::FixExternal *>(LAMMPS_NS::geomint_compat::fix_by_id(s.lmp->modify, "ext"));
  ASSERT_NE(ext, nullptr);
  ext->set_callback(coupling, s.lmp);
}

// what the decks' forces are made of, also after read_restart
std::string forces(bool pair)
{
  return std::string(pair ? "pair_style lj/cut 2.5\npair_coeff * * 0.5 1.5\n" : "") +
      "fix tether lattice spring/self 0.5\nfix ext all external pf/callback 1 1\n";
}

// n^3 spheres (diameter 1.6, the odd IDs 1.2; density 2) on a loose lattice
// in a non-periodic box, random v and omega at kT = 0.3, tethered to their
// sites (group lattice); typed: the odd spheres are type 2, else both sizes
// are type 1 (per-body coefficients)
std::string sphere_deck(double h, bool typed, bool pair, const std::string &fixargs, int n = 4)
{
  const std::string N = std::to_string(n * n * n);
  return "units lj\natom_style sphere\natom_modify map array\nboundary f f f\n"
         "lattice sc 0.04\nregion box block -1 " + std::to_string(n + 1) + " -1 " +
      std::to_string(n + 1) + " -1 " + std::to_string(n + 1) + "\ncreate_box 2 box\n"
      "region in block 0 " + num(n - 0.1) + " 0 " + num(n - 0.1) + " 0 " + num(n - 0.1) +
      "\ncreate_atoms 1 region in\ngroup lattice id 1:" + N + "\n"
      "group odd id 1:" + N + ":2\nset type 1 diameter 1.6\nset group odd diameter 1.2\n" +
      std::string(typed ? "set group odd type 2\n" : "") +
      "set group all density 2.0\nvelocity all create 0.3 4123 loop geom\n"
      "variable wx atom normal(0,1.0,77)\nvariable wy atom normal(0,1.0,78)\n"
      "variable wz atom normal(0,1.0,79)\nset group all omega v_wx v_wy v_wz\n" +
      forces(pair) + "timestep " + num(h) + "\nfix 1 all rigid/quat/hi atom " + fixargs +
      "\nthermo 0\n";
}

struct State {
  std::vector<double> x, v, w, q, vec;
  double tally;
};

State state_of(Session &s)
{
  State st{s.atom_vec3("x"), s.atom_vec3("v"), s.atom_vec3("omega"), s.fix_peratom("1", 4), {}, 0.0};
  for (int k = 0; k < 6; k++) st.vec.push_back(s.fix_vector("1", k));
  st.tally = s.fix_scalar("1");
  return st;
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
  double m = 0.0;
  for (size_t i = 0; i < a.size(); i++) m = std::max(m, std::fabs(a[i] - b[i]));
  return m / std::max(max_abs(a), 1e-300);
}

void expect_bitwise(const State &a, const State &b, const std::string &what)
{
  EXPECT_EQ(a.x, b.x) << what;
  EXPECT_EQ(a.v, b.v) << what;
  EXPECT_EQ(a.w, b.w) << what;
  EXPECT_EQ(a.q, b.q) << what;
  EXPECT_EQ(a.tally, b.tally) << what;
}

// a kk run against the CPU run: the largest relative difference of x, v,
// omega, q, the tally and the diagnostics vector
double expect_close(const State &cpu, const State &kk, double tol, const std::string &what)
{
  const double d[6] = {rel_diff(cpu.x, kk.x), rel_diff(cpu.v, kk.v), rel_diff(cpu.w, kk.w),
                       rel_diff(cpu.q, kk.q), rel_diff({cpu.tally}, {kk.tally}),
                       rel_diff(cpu.vec, kk.vec)};
  std::printf("rigid/quat/hi/kk vs CPU, %s: max rel. diff x %.2g, v %.2g, omega %.2g, q %.2g, "
              "tally %.2g, f_1[1-6] %.2g\n",
              what.c_str(), d[0], d[1], d[2], d[3], d[4], d[5]);
  const char *names[6] = {"x", "v", "omega", "q", "tally", "vector"};
  double worst = 0.0;
  for (int k = 0; k < 6; k++) {
    EXPECT_LE(d[k], tol) << what << ": " << names[k];
    worst = std::max(worst, d[k]);
  }
  EXPECT_GT(max_abs(cpu.w), 0.1) << what << ": the spheres must spin";
  EXPECT_GT(std::fabs(cpu.tally), 1e-3) << what << ": the bath must have worked";
  return worst;
}

// runs a sphere deck for nsteps on the CPU (kokkos 0) or with /kk (1)
State run_deck(const std::string &deck, int nsteps, int kokkos)
{
  Session s(true, kokkos);
  s.cmd(deck);
  set_coupling(s);
  s.cmd("run " + std::to_string(nsteps));
  const LAMMPS_NS::Fix *fix = LAMMPS_NS::geomint_compat::fix_by_id(s.lmp->modify, "1");
  EXPECT_EQ(std::string(fix->style), kokkos ? "rigid/quat/hi/kk" : "rigid/quat/hi");
  return state_of(s);
}

}    // namespace

/* ---------------------------------------------------------------------- */

// hi off: kT = 0.2 in every degree of freedom, <x^2> = kT/k; spheres of two
// sizes in one type with the Stokes friction of their own radius (per-body
// coefficients).  216 bodies, 4000 steps averaged per body: SE ~ 1 % of kT
TEST(RigidQuatHiSphere, HiOffSamplesTheCanonicalEnsemble)
{
  Session s(true, 0);
  s.cmd("units lj\natom_style sphere\natom_modify map array\nboundary s s s\n"
        "lattice sc 0.001\nregion box block -0.5 5.5 -0.5 5.5 -0.5 5.5\ncreate_box 1 box\n"
        "create_atoms 1 box\ngroup odd id 1:216:2\nset type 1 diameter 1.0\n"
        "set group odd diameter 1.6\nset group all density 1.5\n"
        "velocity all create 0.2 4123 loop geom\nfix tether all spring/self 2.0\ntimestep 0.01\n"
        "fix 1 all rigid/quat/hi atom 0.2 0.2 4928 viscosity 0.25 radius atom\n"
        "compute d all displace/atom\ncompute w all property/atom omegax omegay omegaz radius\n"
        "variable dx2 atom c_d[1]^2\nvariable dy2 atom c_d[2]^2\nvariable dz2 atom c_d[3]^2\n"
        "variable ket atom mass*(vx^2+vy^2+vz^2)/3\n"
        "variable ker atom 0.4*mass*c_w[4]^2*(c_w[1]^2+c_w[2]^2+c_w[3]^2)/3\nthermo 0");
  s.cmd("run 2000\nreset_timestep 0\nfix avg all ave/atom 1 4000 4000 v_dx2 v_dy2 v_dz2 v_ket v_ker\n"
        "run 4000");
  const std::vector<double> a = s.fix_peratom("avg", 5);
  std::vector<double> x2, tt, tr;
  for (size_t i = 0; i < a.size(); i += 5) {
    for (int k = 0; k < 3; k++) x2.push_back(a[i + k]);
    tt.push_back(a[i + 3]);
    tr.push_back(a[i + 4]);
  }
  const struct {
    MeanSE m;
    double exact, se_max;
    const char *what;
  } checks[] = {{mean_se(x2), 0.1, 0.004, "<x^2>"},
                {mean_se(tt), 0.2, 0.004, "kT translation"},
                {mean_se(tr), 0.2, 0.004, "kT rotation"}};
  for (const auto &c : checks) {
    std::printf("%s: %.5f +- %.5f (exact %.5f, %d bodies)\n", c.what, c.m.mean, c.m.se, c.exact, c.m.n);
    EXPECT_LE(std::fabs(c.m.mean - c.exact), 4.0 * c.m.se) << c.what;
    EXPECT_LE(c.m.se, c.se_max) << c.what << ": SE too large for a sharp check";
  }
}

// fix adapt grows the spheres during the run (diameter 1 -> 1.5, mass x 3.375):
// every body's mass, moments and friction follow (the per-type coefficients
// made at the run's setup kept the old ones for the whole run);
// translational and rotational kT within 4 SE of the target
TEST(RigidQuatHiSphere, SpheresResizedByFixAdaptKeepTheTemperature)
{
  Session s(true, 0);
  s.cmd("units lj\natom_style sphere 1\natom_modify map array\nboundary s s s\n"
        "lattice sc 0.001\nregion box block -0.5 5.5 -0.5 5.5 -0.5 5.5\ncreate_box 1 box\n"
        "create_atoms 1 box\nset type 1 diameter 1.0\nset group all density 1.5\n"
        "velocity all create 0.2 4123 loop geom\nfix tether all spring/self 2.0\ntimestep 0.01\n"
        "variable d equal 1.0+0.5*(step>=10)\nfix ad all adapt 1 atom diameter v_d mass yes reset no\n"
        "fix 1 all rigid/quat/hi atom 0.2 0.2 4928 viscosity 0.25 radius atom\n"
        "compute w all property/atom omegax omegay omegaz radius\n"
        "variable ket atom mass*(vx^2+vy^2+vz^2)/3\n"
        "variable ker atom 0.4*mass*c_w[4]^2*(c_w[1]^2+c_w[2]^2+c_w[3]^2)/3\nthermo 0");
  // (one run: the averages over its steps 1001-4000, the growth at step 10)
  s.cmd("fix avg all ave/atom 1 3000 4000 v_ket v_ker\nrun 4000");
  // (compute w is current: fix avg invoked it at the last step)
  s.cmd("variable rad atom c_w[4]");
  EXPECT_NEAR(s.equal("v_rad[1]"), 0.75, 1e-12);    // (grown)
  const std::vector<double> a = s.fix_peratom("avg", 2);
  std::vector<double> tt, tr;
  for (size_t i = 0; i < a.size(); i += 2) {
    tt.push_back(a[i]);
    tr.push_back(a[i + 1]);
  }
  for (const auto &c : {std::make_pair(mean_se(tt), "kT translation"), std::make_pair(mean_se(tr), "kT rotation")}) {
    std::printf("%s: %.5f +- %.5f (exact 0.2)\n", c.second, c.first.mean, c.first.se);
    EXPECT_LE(std::fabs(c.first.mean - 0.2), 4.0 * c.first.se) << c.second;
    EXPECT_LE(c.first.se, 0.006) << c.second;
  }
}

// write_restart/read_restart and a run split in two continue the trajectory
// bit for bit, quaternions included (per-atom restart of the fix); hi off
// per body and hi rpy every 3 (its factor outlives the split); with /kk too,
// which must also agree with the CPU run
TEST(RigidQuatHiSphere, RestartAndTwoPartRunsAreBitwise)
{
  const bool kk_built = geomint_test::plugin_has_kokkos();
  for (const std::string args : {"0.3 0.3 4928 viscosity " + ETA + " radius atom",
                                 "0.3 0.3 4928 hi rpy viscosity " + ETA + " radius 0.9 every 3"}) {
    const std::string deck = sphere_deck(0.005, false, false, args);
    State cpu;
    for (int kk = 0; kk < (kk_built ? 2 : 1); kk++) {
      const std::string what = args + (kk ? " (kk)" : " (CPU)");
      const std::string file = geomint_test::scratch_path("rqh_sphere.restart");
      const State ref = run_deck(deck, 100, kk);
      if (!kk) cpu = ref;
      else expect_close(cpu, ref, 1e-12, "100 steps, " + args);
      {
        Session s(true, kk);
        s.cmd(deck);
        set_coupling(s);
        s.cmd("run 49\nrun 51");
        expect_bitwise(ref, state_of(s), "two-part run, " + what);
      }
      {
        Session s(true, kk);
        s.cmd(deck);
        set_coupling(s);
        s.cmd("run 49\nwrite_restart " + file);
      }
      {
        Session s(true, kk);
        s.cmd("read_restart " + file + "\n" + forces(false) + "timestep 0.005\n"
              "fix 1 all rigid/quat/hi atom " + args + "\nthermo 0");
        set_coupling(s);
        s.cmd("run 51");
        expect_bitwise(ref, state_of(s), "restart, " + what);
      }
      std::remove(file.c_str());
    }
  }
}

// atoms created after the fix start at q = (1, 0, 0, 0) and then turn and
// move with the others (CPU and /kk)
TEST(RigidQuatHiSphere, AtomsCreatedLaterStartAtTheIdentity)
{
  for (int kk = 0; kk < (geomint_test::plugin_has_kokkos() ? 2 : 1); kk++) {
    Session s(true, kk);
    s.cmd(sphere_deck(0.005, true, true, "0.3 0.3 4928 gamma_t 2 gamma_r_eigen 0.5 1 1.5"));
    set_coupling(s);
    s.cmd("run 20\ncreate_atoms 2 single 12.5 12.5 12.5 units box\ncreate_atoms 2 single -1.5 12.5 0 units box\n"
          "set atom 65*66 diameter 1.2\nset atom 65*66 density 2.0\nset atom 65*66 omega 0.5 -1.0 2.0");
    std::vector<double> q = s.fix_peratom("1", 4);
    ASSERT_EQ(q.size(), 66u * 4);
    for (int t = 64; t < 66; t++)
      for (int k = 0; k < 4; k++) EXPECT_EQ(q[4 * t + k], k ? 0.0 : 1.0) << "atom " << t + 1;
    const std::vector<double> x0 = s.atom_vec3("x");
    s.cmd("run 100");
    q = s.fix_peratom("1", 4);
    const std::vector<double> x1 = s.atom_vec3("x");
    for (int t = 64; t < 66; t++) {
      const double *qt = &q[4 * t];
      EXPECT_NEAR(qt[0] * qt[0] + qt[1] * qt[1] + qt[2] * qt[2] + qt[3] * qt[3], 1.0, 1e-14);
      EXPECT_LT(qt[0], 0.999) << "atom " << t + 1 << " must have turned (kk " << kk << ")";
      double dx = 0.0;
      for (int k = 0; k < 3; k++) dx += std::fabs(x1[3 * t + k] - x0[3 * t + k]);
      EXPECT_GT(dx, 1e-3) << "atom " << t + 1 << " must have moved";
    }
  }
}

// fix rigid/quat/hi/kk against fix rigid/quat/hi, 300 steps, with noise;
// hi off with 343 spheres (three blocks of the noise draw: both threads
// work), hi rpy with 64
TEST(RigidQuatHiSphereKokkos, SameTrajectoryAsTheCPUFix)
{
  if (!geomint_test::plugin_has_kokkos()) GTEST_SKIP() << "plugin built without Kokkos";
  struct Case {
    bool typed;
    std::string args, what;
  };
  const Case cases[] = {
      {true, "0.3 0.3 4928 viscosity " + ETA + " radius atom", "hi off, per-type coefficients"},
      {false, "0.3 0.3 4928 viscosity " + ETA + " radius atom",
       "hi off, per-body coefficients (two radii in one type)"},
      {false, "0.3 0.3 4928 viscosity " + ETA + " radius type 0.7 0.9 rotor nosquish",
       "hi off, radius type, nosquish"},
      {true, "0.4 0.1 4928 gamma_t_eigen 1 2 3 gamma_r_eigen 1.5 1.0 0.5 noise threepoint",
       "hi off, body-frame frictions, three-point noise, ramp"},
      {false, "0.0 0.0 4928 gamma_t 2 gamma_r 1.5", "hi off, T = 0"},
      {false, "0.3 0.3 4928 hi rpy viscosity " + ETA + " radius 0.9", "hi rpy every 1"},
      {false, "0.3 0.3 4928 hi rpy viscosity " + ETA + " radius 0.9 every 3", "hi rpy every 3"},
  };
  double worst = 0.0;
  for (const Case &c : cases) {
    const bool rpy = c.args.find("rpy") != std::string::npos;
    const std::string deck = sphere_deck(0.005, c.typed, true, c.args, rpy ? 4 : 7);
    const State cpu = run_deck(deck, 300, 0), kk = run_deck(deck, 300, 1);
    worst = std::max(worst, expect_close(cpu, kk, 1e-12, c.what));
  }
  std::printf("rigid/quat/hi/kk vs CPU: largest relative difference %.2g\n", worst);
}

// bad input: an ERROR that says what is wrong
TEST(RigidQuatHiSphere, BadInputIsRefusedWithAMessage)
{
  const std::string base = "units lj\natom_style sphere\natom_modify map array\nboundary f f f\n"
                           "region box block -5 5 -5 5 -5 5\ncreate_box 1 box\n"
                           "create_atoms 1 single 0 0 0\ncreate_atoms 1 single 3 0 0\n";
  const bool kk_built = geomint_test::plugin_has_kokkos();
  for (int kk = 0; kk < (kk_built ? 2 : 1); kk++) {
    {
      // a point particle: no rotational inertia
      Session s(true, kk);
      s.cmd(base + "set atom 2 diameter 0.0\nfix 1 all rigid/quat/hi atom 0.1 0.1 5 gamma_t 1 gamma_r 1");
      const std::string err = s.error_of("run 1");
      EXPECT_NE(err.find("atom 2 has principal moments 0 0 0; all three must be > 0"), std::string::npos) << err;
      EXPECT_NE(err.find("point particle of radius 0"), std::string::npos) << err;
    }
    if (!kk) {
      // radius atom with a per-atom radius 0 (an ellipsoid that is also a
      // sphere of diameter 0): it had no friction and no noise
      Session s(true, kk);
      s.cmd("units lj\natom_style hybrid ellipsoid sphere\natom_modify map array\nboundary f f f\n"
            "region box block -5 5 -5 5 -5 5\ncreate_box 1 box\ncreate_atoms 1 single 0 0 0\n"
            "create_atoms 1 single 3 0 0\nset type 1 mass 1.0\nset type 1 shape 1 2 3\n"
            "set atom 2 diameter 0.0\nset type 1 mass 1.0\n"
            "fix 1 all rigid/quat/hi atom 1.0 1.0 5 radius atom viscosity 1");
      const std::string err = s.error_of("run 1");
      EXPECT_NE(err.find("atom 2 has radius 0 under 'radius atom'"), std::string::npos) << err;
    }
    {
      // hi rpy needs equal hydrodynamic radii: radius atom with two sizes
      Session s(true, kk);
      s.cmd(base + "set atom 2 diameter 1.5\nfix 1 all rigid/quat/hi atom 0.1 0.1 5 hi rpy viscosity "
            "0.08 radius atom");
      const std::string err = s.error_of("run 1");
      EXPECT_NE(err.find("needs equal radii"), std::string::npos) << err;
    }
    {
      // not an atom style with a body orientation or radius
      Session s(true, kk);
      s.cmd("units lj\natom_style atomic\nregion box block -5 5 -5 5 -5 5\ncreate_box 1 box\n"
            "create_atoms 1 single 0 0 0\nmass 1 1.0");
      const std::string fix = "fix 1 all rigid/quat/hi atom 0.1 0.1 5 gamma_t 1 gamma_r 1";
      const std::string err = kk ? s.error_of(fix) : (s.cmd(fix), s.error_of("run 1"));
      EXPECT_NE(err.find(kk ? "Fix rigid/quat/hi/kk needs atom_style sphere" : "needs atom_style ellipsoid or sphere"),
                std::string::npos)
          << err;
      if (kk) EXPECT_NE(err.find("ellipsoids run with the CPU fix"), std::string::npos) << err;
    }
  }
  if (kk_built) {
    // ellipsoids under Kokkos: LAMMPS before 2025 refuses the atom style itself; where
    // it has atom_style ellipsoid/kk (2026), the /kk fix says to use the CPU fix
    Session s(true, 1);
    std::string err = s.error_of("units lj\natom_style ellipsoid");
    if (err.empty()) {
      s.cmd("region box block -5 5 -5 5 -5 5\ncreate_box 1 box\ncreate_atoms 1 single 0 0 0\n"
            "set atom 1 shape 1 1 2\nset atom 1 quat/random 5\nset atom 1 mass 1.0");
      err = s.error_of("fix 1 all rigid/quat/hi atom 0.1 0.1 5 gamma_t 1 gamma_r 1");
      EXPECT_NE(err.find("ellipsoids run with the CPU fix"), std::string::npos) << err;
    } else {
      EXPECT_NE(err.find("kokkos"), std::string::npos) << err;
    }
  }
}
