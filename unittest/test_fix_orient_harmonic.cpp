// fix orient/harmonic inside an in-process LAMMPS with the plugin loaded:
// torques and energies against U = -(K/2)(e.u)^2 written out from the
// quaternions (u a column of quat_to_mat), the energy in pe through
// fix_modify energy yes and per atom through compute pe/atom, the same
// torques under run_style respa and minimize, energy conservation with
// fix nve/asphere (the torque is the gradient of the energy), and every
// refused input.
#include "lammps_session.h"

#include "atom.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

using geomint_test::Session;

namespace {

std::string num(double v)
{
  std::ostringstream o;
  o.precision(17);
  o << v;
  return o.str();
}

// 20 ellipsoids, random orientations, no pair forces; fix commands, then
// thermo output of pe and the given keywords (totals, not per atom)
void random_ellipsoids(Session &s, const std::string &fix, const std::string &thermo = "")
{
  s.cmd("units lj\natom_style ellipsoid\natom_modify map array\nboundary f f f\n"
        "region box block -10 10 -10 10 -10 10\ncreate_box 1 box\n"
        "create_atoms 1 random 20 4711 NULL\n"
        "set type 1 shape 1.0 1.5 2.0\nset type 1 mass 1.0\nset type 1 quat/random 8161\n" + fix +
        "\nthermo_style custom step pe " + thermo + "\nthermo_modify norm no\nthermo 0");
}

// the expected energy and torques of all atoms (tag order)
double expected(const std::vector<double> &q, double K, int axis, const double e_in[3],
                std::vector<double> &torque, std::vector<double> &energy)
{
  const double len = std::sqrt(e_in[0] * e_in[0] + e_in[1] * e_in[1] + e_in[2] * e_in[2]);
  const double e[3] = {e_in[0] / len, e_in[1] / len, e_in[2] / len};
  const size_t n = q.size() / 4;
  torque.assign(3 * n, 0.0);
  energy.assign(n, 0.0);
  double total = 0.0;
  for (size_t i = 0; i < n; i++) {
    const double w = q[4 * i], x = q[4 * i + 1], y = q[4 * i + 2], z = q[4 * i + 3];
    // column axis of quat_to_mat (body -> space)
    double u[3];
    if (axis == 1) {
      u[0] = w * w + x * x - y * y - z * z, u[1] = 2 * (x * y + w * z), u[2] = 2 * (x * z - w * y);
    } else if (axis == 2) {
      u[0] = 2 * (x * y - w * z), u[1] = w * w - x * x + y * y - z * z, u[2] = 2 * (y * z + w * x);
    } else {
      u[0] = 2 * (x * z + w * y), u[1] = 2 * (y * z - w * x), u[2] = w * w - x * x - y * y + z * z;
    }
    const double c = u[0] * e[0] + u[1] * e[1] + u[2] * e[2];
    torque[3 * i] = K * c * (u[1] * e[2] - u[2] * e[1]);
    torque[3 * i + 1] = K * c * (u[2] * e[0] - u[0] * e[2]);
    torque[3 * i + 2] = K * c * (u[0] * e[1] - u[1] * e[0]);
    energy[i] = -0.5 * K * c * c;
    total += energy[i];
  }
  return total;
}

// the torques of all atoms (tag order; one rank)
std::vector<double> torques(Session &s)
{
  LAMMPS_NS::Atom *atom = s.lmp->atom;
  std::vector<double> t(3 * atom->natoms, 0.0);
  for (int i = 0; i < atom->nlocal; i++)
    for (int k = 0; k < 3; k++) t[3 * (atom->tag[i] - 1) + k] = atom->torque[i][k];
  return t;
}

}    // namespace

// every atom's torque and energy, the total as the scalar, in pe with
// fix_modify energy yes, per atom in compute pe/atom; only the group
TEST(FixOrientHarmonic, TorquesAndEnergiesAreThoseOfTheTrap)
{
  struct Case {
    double K;
    int axis;
    double e[3];
  };
  for (const Case &c : {Case{20.0, 1, {1.0, 0.0, 0.0}}, Case{3.5, 2, {1.0, -2.0, 0.5}},
                        Case{-4.0, 3, {0.0, 0.0, 7.0}}}) {
    Session s(true, 0);
    const std::string fix = "fix 2 all orient/harmonic " + num(c.K) + " axis " +
        std::to_string(c.axis) + " dir " + num(c.e[0]) + " " + num(c.e[1]) + " " + num(c.e[2]);
    random_ellipsoids(s, fix + "\nfix_modify 2 energy yes\ncompute pa all pe/atom fix\n"
                      "compute pt all reduce sum c_pa", "f_2 c_pt");
    s.cmd("run 0");
    std::vector<double> T, E;
    const double total = expected(s.ellipsoid_quat(), c.K, c.axis, c.e, T, E);
    const std::vector<double> got = torques(s);
    for (size_t i = 0; i < T.size(); i++) EXPECT_NEAR(got[i], T[i], 1e-13 * std::fabs(c.K)) << fix;
    EXPECT_NEAR(s.fix_scalar("2"), total, 1e-13 * std::fabs(c.K) * E.size()) << fix;
    EXPECT_NEAR(s.equal("pe"), total, 1e-13 * std::fabs(c.K) * E.size()) << fix;
    EXPECT_NEAR(s.equal("c_pt"), total, 1e-13 * std::fabs(c.K) * E.size()) << fix;
    for (size_t i = 0; i < E.size(); i++)
      EXPECT_NEAR(s.equal("C_pa[" + std::to_string(i + 1) + "]"), E[i], 1e-13 * std::fabs(c.K)) << fix;
  }
  {
    // without fix_modify energy yes the energy is not in pe (the scalar still is)
    Session s(true, 0);
    random_ellipsoids(s, "fix 2 all orient/harmonic 2.0 dir 0 1 0");
    s.cmd("run 0");
    std::vector<double> T, E;
    const double e[3] = {0.0, 1.0, 0.0};
    const double total = expected(s.ellipsoid_quat(), 2.0, 1, e, T, E);
    EXPECT_NEAR(s.fix_scalar("2"), total, 1e-12);
    EXPECT_LT(total, -1.0);
    EXPECT_EQ(s.equal("pe"), 0.0);
  }
  {
    // only the atoms of the group feel the trap
    Session s(true, 0);
    random_ellipsoids(s, "group some id 1:10\nfix 2 some orient/harmonic 2.0 dir 0 0 1");
    s.cmd("run 0");
    const std::vector<double> got = torques(s);
    std::vector<double> T, E;
    const double e[3] = {0.0, 0.0, 1.0};
    expected(s.ellipsoid_quat(), 2.0, 1, e, T, E);
    for (size_t i = 0; i < T.size(); i++) EXPECT_NEAR(got[i], i < 30 ? T[i] : 0.0, 1e-13);
  }
}

// run_style respa (the torque at the outermost level) and minimize give the
// torques and energy of run_style verlet
TEST(FixOrientHarmonic, RespaAndMinimizeApplyTheSameTrap)
{
  const std::string fix = "fix 2 all orient/harmonic 5.0 axis 2 dir 1 1 1\nfix_modify 2 energy yes\n";
  std::vector<double> ref;
  double eref = 0.0;
  {
    Session s(true, 0);
    random_ellipsoids(s, fix);
    s.cmd("run 0");
    ref = torques(s);
    eref = s.equal("pe");
  }
  {
    Session s(true, 0);
    random_ellipsoids(s, fix + "run_style respa 2 2");
    s.cmd("run 0");
    const std::vector<double> got = torques(s);
    for (size_t i = 0; i < ref.size(); i++) EXPECT_NEAR(got[i], ref[i], 1e-13) << "respa";
    EXPECT_NEAR(s.equal("pe"), eref, 1e-12) << "respa";
  }
  {
    // the minimizer moves positions only: the orientations and the trap stay
    Session s(true, 0);
    random_ellipsoids(s, fix);
    s.cmd("minimize 0 0 5 5");
    const std::vector<double> got = torques(s);
    for (size_t i = 0; i < ref.size(); i++) EXPECT_NEAR(got[i], ref[i], 1e-13) << "minimize";
    EXPECT_NEAR(s.equal("pe"), eref, 1e-12) << "minimize";
  }
}

// fix nve/asphere with the trap conserves pe + ke + erotate to O(h^2)
// (halving h divides the largest excursion by about 4): the torque is the
// gradient of the energy, with the right sign and size
TEST(FixOrientHarmonic, EnergyIsConservedWithNveAsphere)
{
  double err[2];
  for (int k = 0; k < 2; k++) {
    const double h = k ? 0.0025 : 0.005;
    Session s(true, 0);
    random_ellipsoids(s, "fix 2 all orient/harmonic 10.0 axis 3 dir 0.3 -0.2 1\nfix_modify 2 energy yes\n"
                      "variable lx atom normal(0,1.0,77)\nvariable ly atom normal(0,1.0,78)\n"
                      "variable lz atom normal(0,1.0,79)\nset group all angmom v_lx v_ly v_lz\n"
                      "compute rot all erotate/asphere\nvariable etot equal pe+ke+c_rot\n"
                      "fix 1 all nve/asphere\ntimestep " + num(h), "ke c_rot v_etot f_2");
    s.cmd("run 0");
    const double e0 = s.equal("v_etot"), u0 = s.equal("f_2");
    double worst = 0.0, swing = 0.0;
    const int every = static_cast<int>(0.05 / h);
    for (int i = 0; i < 40; i++) {
      s.cmd("run " + std::to_string(every) + " pre no post no");
      worst = std::max(worst, std::fabs(s.equal("v_etot") - e0));
      swing = std::max(swing, std::fabs(s.equal("f_2") - u0));
    }
    // the bodies did turn through the wells: the trap energy changed by O(1)
    EXPECT_GT(swing, 1.0);
    err[k] = worst;
  }
  std::printf("max |dE|: h %.3e, h/2 %.3e, ratio %.3f\n", err[0], err[1], err[0] / err[1]);
  // (the energy scale: 20 wells of depth K/2 = 5, kinetic energy ~ 30)
  EXPECT_LT(err[0], 1e-2);
  EXPECT_GT(err[0] / err[1], 3.0);
  EXPECT_LT(err[0] / err[1], 5.0);
}

// bad input: an ERROR that says what is wrong
TEST(FixOrientHarmonic, BadInputIsRefusedWithAMessage)
{
  const std::string base = "units lj\natom_style ellipsoid\natom_modify map array\nboundary f f f\n"
                           "region box block -5 5 -5 5 -5 5\ncreate_box 1 box\n"
                           "create_atoms 1 single 0 0 0\ncreate_atoms 1 single 2 0 0\n";
  const std::string shaped = base + "set type 1 shape 1 1 1\nset type 1 mass 1.0\n";
  struct Case {
    std::string setup, fix, run, expect;
  };
  const Case cases[] = {
      {shaped, "fix 2 all orient/harmonic", "", "expected 'fix ID group orient/harmonic K"},
      {shaped, "fix 2 all orient/harmonic 1.0", "", "the space direction is missing"},
      {shaped, "fix 2 all orient/harmonic 1.0 axis 1", "", "the space direction is missing"},
      {shaped, "fix 2 all orient/harmonic 1.0 axis 4 dir 1 0 0", "", "axis must be 1, 2 or 3"},
      {shaped, "fix 2 all orient/harmonic 1.0 axis x dir 1 0 0", "", "axis must be 1, 2 or 3"},
      {shaped, "fix 2 all orient/harmonic 1.0 dir 1 0 0 axis", "", "keyword axis needs a value"},
      {shaped, "fix 2 all orient/harmonic 1.0 dir 1 0", "", "keyword dir needs three values"},
      {shaped, "fix 2 all orient/harmonic 1.0 dir 0 0 0", "", "dir must be a non-zero vector"},
      {shaped, "fix 2 all orient/harmonic 1.0 dir 1 0 0 frob 2", "", "unknown keyword 'frob'"},
      {shaped, "fix 2 all orient/harmonic k dir 1 0 0", "", "Expected floating point"},
      {shaped, "fix 2 all orient/harmonic 1.0 dir 1 0 0\nfix_modify 2 virial yes", "", "fix_modify"},
      // no shape: no orientation
      {base + "set atom 1 shape 1 1 1\nset group all mass 1.0\n", "fix 2 all orient/harmonic 1.0 dir 1 0 0",
       "run 0", "atom 2 has no shape"},
  };
  for (const Case &c : cases) {
    Session s(true, 0);
    s.cmd(c.setup);
    const std::string err = c.run.empty() ? s.error_of(c.fix) : s.error_of(c.fix, c.run);
    EXPECT_NE(err.find(c.expect), std::string::npos) << c.fix << "\n  got: " << err;
  }
  {
    // not an ellipsoid atom style
    Session s(true, 0);
    s.cmd("units lj\natom_style atomic\nregion box block -5 5 -5 5 -5 5\ncreate_box 1 box\n"
          "create_atoms 1 single 0 0 0\nmass 1 1.0");
    const std::string err = s.error_of("fix 2 all orient/harmonic 1.0 dir 1 0 0");
    EXPECT_NE(err.find("needs atom_style ellipsoid"), std::string::npos) << err;
  }
  {
    // 2d: the direction in the plane
    Session s(true, 0);
    s.cmd("units lj\ndimension 2\natom_style ellipsoid\nboundary p p p\n"
          "region box block -5 5 -5 5 -0.5 0.5\ncreate_box 1 box\ncreate_atoms 1 single 0 0 0\n"
          "set type 1 shape 1 1 1\nset type 1 mass 1.0");
    const std::string err = s.error_of("fix 2 all orient/harmonic 1.0 dir 1 0 1");
    EXPECT_NE(err.find("in 2d the direction must lie in the xy plane"), std::string::npos) << err;
    EXPECT_EQ(s.error_of("fix 3 all orient/harmonic 1.0 dir 1 1 0"), "");
  }
}
