// The orientational trap kernel (lib/geomint/orient_harmonic.h) of fix
// orient/harmonic: U = -(K/2)(e.u)^2 and its space-frame torque.  The torque
// is checked against the central difference of U under small space-frame
// rotations of the quaternion (to a tolerance made of the difference's
// truncation and round-off bounds), the generalised force (eq. 28) of the
// rotational trap of section V A of Davidchack, Ouldridge and Tretyakov
// (J. Chem. Phys. 147, 224103 (2017)), and LAMMPS's convention for the body axes (columns of
// MathExtra::quat_to_mat).
#include "geomint/orient_harmonic.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <random>

namespace {

struct Rng {
  std::mt19937_64 g{20261123};
  std::normal_distribution<double> n{0.0, 1.0};
  double operator()() { return n(g); }
};

void random_unit(Rng &r, double *v, int n)
{
  double s = 0.0;
  for (int k = 0; k < n; k++) s += (v[k] = r()) * v[k];
  for (int k = 0; k < n; k++) v[k] /= std::sqrt(s);
}

// out = a b (Hamilton product, scalar first); r q rotates the body of q by r in space
void quat_mul(const double a[4], const double b[4], double out[4])
{
  out[0] = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  out[1] = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
  out[2] = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
  out[3] = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
}

// U of q turned by theta about the space axis a
double energy_turned(const double q[4], const double a[3], double theta, const double b[3],
                     const double e[3], double K)
{
  const double r[4] = {std::cos(0.5 * theta), std::sin(0.5 * theta) * a[0],
                       std::sin(0.5 * theta) * a[1], std::sin(0.5 * theta) * a[2]};
  double qr[4], t[3] = {0.0, 0.0, 0.0};
  quat_mul(r, q, qr);
  return geomint::orient_harmonic(qr, b, e, K, t);
}

// LAMMPS's MathExtra::quat_to_mat (body -> space), written out
void quat_to_mat(const double q[4], double m[3][3])
{
  const double w2 = q[0] * q[0], i2 = q[1] * q[1], j2 = q[2] * q[2], k2 = q[3] * q[3];
  const double twoij = 2 * q[1] * q[2], twoik = 2 * q[1] * q[3], twojk = 2 * q[2] * q[3];
  const double twoiw = 2 * q[1] * q[0], twojw = 2 * q[2] * q[0], twokw = 2 * q[3] * q[0];
  m[0][0] = w2 + i2 - j2 - k2, m[0][1] = twoij - twokw, m[0][2] = twojw + twoik;
  m[1][0] = twoij + twokw, m[1][1] = w2 - i2 + j2 - k2, m[1][2] = twojk - twoiw;
  m[2][0] = twoik - twojw, m[2][1] = twojk + twoiw, m[2][2] = w2 - i2 - j2 + k2;
}

}    // namespace

// T.a = -dU/dtheta for rotations about every space axis a.  Along such a
// rotation c(theta) = e.u = alpha + beta cos(theta) + gamma sin(theta) with
// |c|, |c'|, |c''|, |c'''| <= 1, so |U'''| = (|K|/2)|2(c c''' + 3 c' c'')| <= 4|K|
// and the central difference is off by at most eps^2/6 * 4|K|; the energies
// carry a round-off of a few ulp of |K| (say 10 DBL_EPSILON |K|), divided by
// 2 eps in the difference.
TEST(OrientHarmonicKernel, TorqueIsMinusTheDerivativeOfTheEnergyUnderSmallRotations)
{
  Rng r;
  const double eps = 1e-5;
  int checked = 0;
  for (int trial = 0; trial < 500; trial++) {
    double q[4], b[3], e[3];
    random_unit(r, q, 4);
    random_unit(r, b, 3);
    random_unit(r, e, 3);
    const double K = 30.0 * r();
    const double tol = std::fabs(K) * (4.0 * eps * eps / 6.0 + 10.0 * DBL_EPSILON / eps);
    double T[3] = {0.0, 0.0, 0.0};
    geomint::orient_harmonic(q, b, e, K, T);
    for (int ax = 0; ax < 3; ax++) {
      double a[3] = {0.0, 0.0, 0.0};
      a[ax] = 1.0;
      const double d = (energy_turned(q, a, eps, b, e, K) - energy_turned(q, a, -eps, b, e, K)) /
          (2.0 * eps);
      EXPECT_NEAR(T[ax], -d, tol) << "trial " << trial << " axis " << ax << " K " << K;
      checked++;
    }
    // and about an arbitrary axis: the torque is a vector
    double a[3];
    random_unit(r, a, 3);
    const double d =
        (energy_turned(q, a, eps, b, e, K) - energy_turned(q, a, -eps, b, e, K)) / (2.0 * eps);
    EXPECT_NEAR(T[0] * a[0] + T[1] * a[1] + T[2] * a[2], -d, tol) << "trial " << trial;
  }
  EXPECT_EQ(checked, 1500);
}

// the energy is -(K/2)(e.u)^2 with u column l of quat_to_mat for body axis l;
// the torque is added to what the array holds; at u = +-e: U = -K/2, T = 0
TEST(OrientHarmonicKernel, BodyAxesAreTheColumnsOfQuatToMat)
{
  Rng r;
  for (int trial = 0; trial < 100; trial++) {
    double q[4], e[3], m[3][3];
    random_unit(r, q, 4);
    random_unit(r, e, 3);
    quat_to_mat(q, m);
    for (int l = 0; l < 3; l++) {
      double b[3] = {0.0, 0.0, 0.0};
      b[l] = 1.0;
      double T[3] = {1.0, 2.0, 3.0};
      const double U = geomint::orient_harmonic(q, b, e, 3.0, T);
      const double c = e[0] * m[0][l] + e[1] * m[1][l] + e[2] * m[2][l];
      EXPECT_NEAR(U, -1.5 * c * c, 1e-14);
      EXPECT_NEAR(T[0], 1.0 + 3.0 * c * (m[1][l] * e[2] - m[2][l] * e[1]), 1e-14);
      EXPECT_NEAR(T[1], 2.0 + 3.0 * c * (m[2][l] * e[0] - m[0][l] * e[2]), 1e-14);
      EXPECT_NEAR(T[2], 3.0 + 3.0 * c * (m[0][l] * e[1] - m[1][l] * e[0]), 1e-14);
      // the same axis as the aligned direction: the bottom of the well
      const double u[3] = {m[0][l], m[1][l], m[2][l]};
      double T0[3] = {0.0, 0.0, 0.0};
      EXPECT_NEAR(geomint::orient_harmonic(q, b, u, 3.0, T0), -1.5, 1e-14);
      for (double t : T0) EXPECT_NEAR(t, 0.0, 1e-14);
    }
  }
}

// the paper's section V A: body x axis n held along x-hat, U = -(k/2) n_x^2 with n the first
// row of the paper's A(q) (its eq. 8); the generalised force F = 2 S-check(q) T is
// the paper's eq. 28, F = 4k(q0^2+q1^2-q2^2-q3^2)(q0(q2^2+q3^2), q1(q2^2+q3^2),
// -q2(q0^2+q1^2), -q3(q0^2+q1^2))
TEST(OrientHarmonicKernel, TrapOfSectionVAGivesThePapersGeneralisedForce)
{
  Rng r;
  const double k = 20.0, b[3] = {1.0, 0.0, 0.0}, e[3] = {1.0, 0.0, 0.0};
  for (int trial = 0; trial < 200; trial++) {
    double q[4];
    random_unit(r, q, 4);
    const double q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3];
    const double nx = q0 * q0 + q1 * q1 - q2 * q2 - q3 * q3;    // A_11 of eq. 8
    double T[3] = {0.0, 0.0, 0.0};
    EXPECT_NEAR(geomint::orient_harmonic(q, b, e, k, T), -0.5 * k * nx * nx, 1e-13);
    double F[4];
    geomint::quat_scheck(q, T, F);
    const double s23 = q2 * q2 + q3 * q3, s01 = q0 * q0 + q1 * q1;
    const double F28[4] = {4 * k * nx * q0 * s23, 4 * k * nx * q1 * s23, -4 * k * nx * q2 * s01,
                           -4 * k * nx * q3 * s01};
    for (int c = 0; c < 4; c++) EXPECT_NEAR(2.0 * F[c], F28[c], 1e-12) << "trial " << trial;
  }
}

// a quaternion a little off unit length gives the same energy and torque
TEST(OrientHarmonicKernel, ANonUnitQuaternionDoesNotScaleTheTrap)
{
  Rng r;
  for (int trial = 0; trial < 100; trial++) {
    double q[4], qs[4], b[3], e[3];
    random_unit(r, q, 4);
    random_unit(r, b, 3);
    random_unit(r, e, 3);
    for (int c = 0; c < 4; c++) qs[c] = (1.0 + 1e-9) * q[c];
    double T[3] = {0.0, 0.0, 0.0}, Ts[3] = {0.0, 0.0, 0.0};
    const double U = geomint::orient_harmonic(q, b, e, 5.0, T);
    const double Us = geomint::orient_harmonic(qs, b, e, 5.0, Ts);
    EXPECT_NEAR(U, Us, 1e-14);
    for (int c = 0; c < 3; c++) EXPECT_NEAR(T[c], Ts[c], 1e-14);
  }
}
