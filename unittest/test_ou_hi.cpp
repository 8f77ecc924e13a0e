// The exact OU step with dense hydrodynamic coupling (lib/geomint/ou_hi.h;
// eqs. 17-21 and Appendix A of Davidchack, Ouldridge and Tretyakov, J. Chem.
// Phys. 147, 224103 (2017)): against a matrix exponential computed
// independently, the exact invariance of the Maxwellian kT K^-1, the no-HI
// limit (the per-body, per-axis coefficients of hi off), and the detection of a
// mobility that is not positive definite.  Tolerances are round-off.
#include "geomint/ou_hi.h"
#include "geomint/quaternion.h"
#include "geomint/rpy.h"

#include "dense_ref.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace {

using namespace geomint_test;

struct Bodies {
  int n;
  std::vector<double> mass, inertia, rot, x, mu;
  Mat K;    // dense K (6n x 6n)
};

Bodies make_bodies(int n, unsigned seed, double spacing)
{
  std::mt19937_64 g(seed);
  std::normal_distribution<double> nd;
  std::uniform_real_distribution<double> ud(0.5, 2.0);
  Bodies b;
  b.n = n;
  const int N = 6 * n;
  for (int i = 0; i < n; i++) {
    b.mass.push_back(ud(g));
    for (int l = 0; l < 3; l++) b.inertia.push_back(0.4 * ud(g));
    double q[4], s = 0.0;
    for (double &c : q) s += (c = nd(g)) * c;
    for (double &c : q) c /= std::sqrt(s);
    // A(q) rows: the body axes in space coordinates
    double A[9];
    geomint::quat_space_to_body_matrix(q, A);
    b.rot.insert(b.rot.end(), A, A + 9);
    for (int d = 0; d < 3; d++) b.x.push_back(spacing * i * (d == 0 ? 1.0 : 0.3) + 0.2 * nd(g));
  }
  b.mu.assign(N * N, 0.0);
  geomint::rpy_mobility(n, b.x.data(), 1.0, 1.0 / (4.0 * M_PI), b.mu.data());
  b.K.assign(N * N, 0.0);
  for (int i = 0; i < n; i++) {
    for (int a = 0; a < 3; a++) b.K[(3 * i + a) * N + 3 * i + a] = 1.0 / b.mass[i];
    for (int a = 0; a < 3; a++)
      for (int c = 0; c < 3; c++) {
        double s = 0.0;
        for (int k = 0; k < 3; k++) s += b.rot[9 * i + 3 * k + a] * b.rot[9 * i + 3 * k + c] / b.inertia[3 * i + k];
        b.K[(3 * n + 3 * i + a) * N + 3 * n + 3 * i + c] = s;
      }
  }
  return b;
}

// E and B as matrices, column by column through ou_hi_apply
void e_and_b(const geomint::OUHIFactor &f, double kT, Mat &E, Mat &B)
{
  const int N = 6 * f.n;
  E.assign(N * N, 0.0);
  B.assign(N * N, 0.0);
  std::vector<double> z(N), chi(N);
  for (int j = 0; j < N; j++) {
    std::fill(z.begin(), z.end(), 0.0);
    std::fill(chi.begin(), chi.end(), 0.0);
    z[j] = 1.0;
    geomint::ou_hi_apply(f, kT, chi.data(), z.data());
    for (int i = 0; i < N; i++) E[i * N + j] = z[i];
    std::fill(z.begin(), z.end(), 0.0);
    chi[j] = 1.0;
    geomint::ou_hi_apply(f, kT, chi.data(), z.data());
    for (int i = 0; i < N; i++) B[i * N + j] = z[i];
  }
}

double max_abs(const Mat &a)
{
  double m = 0.0;
  for (double v : a) m = std::max(m, std::fabs(v));
  return m;
}

TEST(OUHI, DecayIsTheMatrixExponentialOfMinusXiKh)
{
  const Bodies b = make_bodies(3, 11, 2.6);
  const int N = 18;
  const double h = 0.05;
  geomint::OUHIFactor f;
  ASSERT_EQ(geomint::ou_hi_factor(b.n, b.mass.data(), b.inertia.data(), b.rot.data(), b.mu.data(), h, f), 0);
  EXPECT_GT(f.mobility_min, 0.0);
  Mat E, B;
  e_and_b(f, 1.0, E, B);
  Mat xiK = matmul(inverse(b.mu, N), b.K, N);
  for (double &v : xiK) v *= -h;
  const Mat ref = expm(xiK, N);
  Mat d(N * N);
  for (int i = 0; i < N * N; i++) d[i] = E[i] - ref[i];
  EXPECT_LT(max_abs(d), 1e-12 * max_abs(ref)) << "max |E - expm| = " << max_abs(d);
}

TEST(OUHI, MaxwellianIsExactlyInvariant)
{
  for (unsigned seed : {1u, 2u, 3u}) {
    const Bodies b = make_bodies(4, seed, 2.2);    // some pairs overlap-close
    const int N = 24;
    for (double h : {1e-4, 0.01, 1.0}) {
      geomint::OUHIFactor f;
      ASSERT_EQ(geomint::ou_hi_factor(b.n, b.mass.data(), b.inertia.data(), b.rot.data(), b.mu.data(), h, f), 0);
      const double kT = 0.7;
      Mat E, B;
      e_and_b(f, kT, E, B);
      // kT K^-1 -> E (kT K^-1) E^T + B B^T
      Mat S = inverse(b.K, N);
      for (double &v : S) v *= kT;
      Mat S1 = matmul(matmul(E, S, N), transpose(E, N), N);
      const Mat BB = matmul(B, transpose(B, N), N);
      Mat d(N * N);
      for (int i = 0; i < N * N; i++) d[i] = S1[i] + BB[i] - S[i];
      EXPECT_LT(max_abs(d), 1e-12 * max_abs(S)) << "seed " << seed << " h " << h;
      // and the noise covariance is kT K^-1 (1 - exp(-2 K xi h))
      Mat x2 = matmul(b.K, inverse(b.mu, N), N);
      for (double &v : x2) v *= -2.0 * h;
      const Mat ex = expm(x2, N);
      Mat one_minus(N * N);
      for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) one_minus[i * N + j] = (i == j ? 1.0 : 0.0) - ex[i * N + j];
      Mat C = matmul(inverse(b.K, N), one_minus, N);
      for (double &v : C) v *= kT;
      for (int i = 0; i < N * N; i++) d[i] = BB[i] - C[i];
      EXPECT_LT(max_abs(d), 1e-11 * max_abs(S)) << "seed " << seed << " h " << h;
    }
  }
}

TEST(OUHI, WithoutCouplingItIsThePerBodyStep)
{
  // one body: mobility = self terms only; translation decays with exp(-h/(m mu_t))
  Bodies b = make_bodies(1, 5, 1.0);
  const double h = 0.03;
  geomint::OUHIFactor f;
  ASSERT_EQ(geomint::ou_hi_factor(1, b.mass.data(), b.inertia.data(), b.rot.data(), b.mu.data(), h, f), 0);
  Mat E, B;
  e_and_b(f, 1.0, E, B);
  const double zeta_t = 1.0 / b.mu[0], zeta_r = 1.0 / b.mu[3 * 6 + 3];
  for (int a = 0; a < 3; a++) EXPECT_NEAR(E[a * 6 + a], std::exp(-zeta_t * h / b.mass[0]), 1e-14);
  // rotation: in the body frame axis l decays with exp(-zeta_r h / I_l) (quat_ou_angmom's c_l)
  double q_dummy_L[3] = {0.3, -1.2, 0.8};
  double Z[6] = {0, 0, 0, q_dummy_L[0], q_dummy_L[1], q_dummy_L[2]};
  const double chi[6] = {0, 0, 0, 0, 0, 0};
  geomint::ou_hi_apply(f, 1.0, chi, Z);
  const double *A = b.rot.data();
  for (int l = 0; l < 3; l++) {
    double before = 0.0, after = 0.0;
    for (int k = 0; k < 3; k++) before += A[3 * l + k] * q_dummy_L[k], after += A[3 * l + k] * Z[3 + k];
    EXPECT_NEAR(after, std::exp(-zeta_r * h / b.inertia[l]) * before, 1e-14);
  }
}

TEST(OUHI, AMobilityThatIsNotPositiveDefiniteIsReported)
{
  Bodies b = make_bodies(2, 9, 3.0);
  const int N = 12;
  // break it: a negative translational self term on body 2
  for (int a = 0; a < 3; a++) b.mu[(3 + a) * N + 3 + a] = -0.1;
  geomint::OUHIFactor f;
  ASSERT_EQ(geomint::ou_hi_factor(b.n, b.mass.data(), b.inertia.data(), b.rot.data(), b.mu.data(), 0.01, f), 0);
  EXPECT_LT(f.mobility_min, 0.0);
}

}    // namespace

// every N > 1: a factor reused at later steps with the bodies' new frames
// (ou_hi_set_frames) keeps the Maxwellian of the NEW orientations exactly
// invariant; with the old frames it would not (the check can fail)
TEST(OUHI, ALaggedFactorTurnsWithTheBodies)
{
  const Bodies old_b = make_bodies(3, 5, 2.4);
  Bodies new_b = make_bodies(3, 6, 2.4);    // other orientations (rot), same use below
  new_b.mass = old_b.mass;
  new_b.inertia = old_b.inertia;
  // K of the new orientations with the old masses and moments
  const int n = 3, N = 18;
  new_b.K.assign(N * N, 0.0);
  for (int i = 0; i < n; i++) {
    for (int a = 0; a < 3; a++) new_b.K[(3 * i + a) * N + 3 * i + a] = 1.0 / new_b.mass[i];
    for (int a = 0; a < 3; a++)
      for (int c = 0; c < 3; c++) {
        double s = 0.0;
        for (int k = 0; k < 3; k++)
          s += new_b.rot[9 * i + 3 * k + a] * new_b.rot[9 * i + 3 * k + c] / new_b.inertia[3 * i + k];
        new_b.K[(3 * n + 3 * i + a) * N + 3 * n + 3 * i + c] = s;
      }
  }
  const double h = 0.1, kT = 1.3;
  auto defect = [&](const geomint::OUHIFactor &f) {
    Mat E, B;
    e_and_b(f, kT, E, B);
    Mat S = inverse(new_b.K, N);
    for (double &v : S) v *= kT;
    const Mat S1 = matmul(matmul(E, S, N), transpose(E, N), N);
    const Mat BB = matmul(B, transpose(B, N), N);
    Mat d(N * N);
    for (int i = 0; i < N * N; i++) d[i] = S1[i] + BB[i] - S[i];
    return max_abs(d) / max_abs(S);
  };
  geomint::OUHIFactor f;
  ASSERT_EQ(geomint::ou_hi_factor(n, old_b.mass.data(), old_b.inertia.data(), old_b.rot.data(),
                                  old_b.mu.data(), h, f), 0);
  EXPECT_GT(defect(f), 1e-3) << "the old frames should not keep the new Maxwellian";
  geomint::ou_hi_set_frames(n, new_b.mass.data(), new_b.inertia.data(), new_b.rot.data(), f);
  EXPECT_LT(defect(f), 1e-12);
}
