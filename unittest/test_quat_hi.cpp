// Kernels of fix rigid/quat/hi (lib/geomint/quaternion.h, rigid_body.h, rpy.h):
// the identities of the maps S_l, S-hat(q), S-check(q) and A(q) (S-hat^T
// S-hat = 1, q^T S-hat = 0, A = S-hat^T S-check, ...), the properties of the
// exact rotor flows (eqs. 23-24 of Davidchack, Ouldridge and Tretyakov,
// J. Chem. Phys. 147, 224103 (2017); "the paper" below), the per-body OU step
// without HI (and a sphere's exact free rotation, its moment, the Stokes
// frictions), and the RPY mobility (symmetry, positive definiteness,
// continuity at contact, the two-sphere sedimentation numbers of the paper's
// Table S1, and the sign of the translation-rotation coupling: sphere 2 at +x
// spins about +y).
// Tolerances are round-off: a few ulps times the number of operations.
#include "geomint/quaternion.h"
#include "geomint/random.h"
#include "geomint/rigid_body.h"
#include "geomint/rpy.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

namespace {

constexpr double EPS = 1e-14;

struct Rng {
  std::mt19937_64 g{20261122};
  std::normal_distribution<double> n{0.0, 1.0};
  double operator()() { return n(g); }
};

void random_unit_quat(Rng &r, double q[4])
{
  double s = 0.0;
  for (int k = 0; k < 4; k++) s += (q[k] = r()) * q[k];
  for (int k = 0; k < 4; k++) q[k] /= std::sqrt(s);
}

// a random pi with q.pi = 0
void random_pi(Rng &r, const double q[4], double pi[4])
{
  const double w[3] = {r(), r(), r()};
  geomint::quat_shat(q, w, pi);
}

double dot4(const double a[4], const double b[4])
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
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

TEST(QuatKernels, IdentitiesOfShatAndScheck)
{
  Rng r;
  for (int trial = 0; trial < 200; trial++) {
    double q[4];
    random_unit_quat(r, q);
    for (int a = 0; a < 3; a++) {
      double ea[3] = {0, 0, 0};
      ea[a] = 1.0;
      double ca[4], ka[4];
      geomint::quat_shat(q, ea, ca);
      geomint::quat_scheck(q, ea, ka);
      // q^T S-hat = q^T S-check = 0; S-hat e_l = S_l q
      EXPECT_NEAR(dot4(q, ca), 0.0, EPS);
      EXPECT_NEAR(dot4(q, ka), 0.0, EPS);
      double sq[4];
      geomint::quat_S(a + 1, q, sq);
      for (int k = 0; k < 4; k++) EXPECT_EQ(sq[k], ca[k]);
      for (int b = 0; b < 3; b++) {
        double eb[3] = {0, 0, 0};
        eb[b] = 1.0;
        double cb[4], kb[4];
        geomint::quat_shat(q, eb, cb);
        geomint::quat_scheck(q, eb, kb);
        // S-hat^T S-hat = S-check^T S-check = 1
        EXPECT_NEAR(dot4(ca, cb), a == b ? 1.0 : 0.0, EPS);
        EXPECT_NEAR(dot4(ka, kb), a == b ? 1.0 : 0.0, EPS);
      }
      // the transposes are the transposes
      double u[4] = {r(), r(), r(), r()}, t[3], tk[3];
      geomint::quat_shat_t(q, u, t);
      geomint::quat_scheck_t(q, u, tk);
      EXPECT_NEAR(t[a], dot4(ca, u), EPS * 10);
      EXPECT_NEAR(tk[a], dot4(ka, u), EPS * 10);
    }
    // A = S-hat^T S-check is the transpose of quat_to_mat; body_to_space is its inverse
    double m[3][3];
    quat_to_mat(q, m);
    const double v[3] = {r(), r(), r()};
    double b[3], back[3];
    geomint::quat_space_to_body(q, v, b);
    geomint::quat_body_to_space(q, b, back);
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(b[k], m[0][k] * v[0] + m[1][k] * v[1] + m[2][k] * v[2], EPS * 10);
      EXPECT_NEAR(back[k], v[k], EPS * 10);
      // and the matrix form is the transpose of quat_to_mat
      double A[9];
      geomint::quat_space_to_body_matrix(q, A);
      for (int c = 0; c < 3; c++) EXPECT_NEAR(A[3 * k + c], m[c][k], EPS * 10);
    }
    // L -> pi -> L, and the body angular velocity 1/2 D S-hat^T pi = A L / I
    const double L[3] = {r(), r(), r()}, inertia[3] = {0.7, 1.3, 2.1};
    double pi[4], L2[3], w[3], bl[3];
    geomint::quat_pi_from_angmom(q, L, pi);
    EXPECT_NEAR(dot4(q, pi), 0.0, EPS * 10);
    geomint::quat_angmom_from_pi(q, pi, L2);
    geomint::quat_shat_t(q, pi, w);
    geomint::quat_space_to_body(q, L, bl);
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(L2[k], L[k], EPS * 10);
      EXPECT_NEAR(0.5 * w[k] / inertia[k], bl[k] / inertia[k], EPS * 10);
    }
  }
}

TEST(QuatKernels, RotorConservesItsInvariantsAndIsAFlow)
{
  Rng r;
  const double inertia[3] = {0.4, 1.1, 2.5};
  for (int trial = 0; trial < 100; trial++) {
    double q[4], pi[4];
    random_unit_quat(r, q);
    random_pi(r, q, pi);
    for (int l = 1; l <= 3; l++) {
      double sq[4];
      geomint::quat_S(l, q, sq);
      const double inv0 = dot4(pi, sq);
      double q1[4], p1[4], q2[4], p2[4];
      for (int k = 0; k < 4; k++) q1[k] = q2[k] = q[k], p1[k] = p2[k] = pi[k];
      // Psi_t o Psi_s = Psi_{t+s}
      geomint::quat_rotor(l, 0.3, inertia[l - 1], q1, p1);
      geomint::quat_rotor(l, 0.45, inertia[l - 1], q1, p1);
      geomint::quat_rotor(l, 0.75, inertia[l - 1], q2, p2);
      const double scale = std::sqrt(dot4(pi, pi));
      for (int k = 0; k < 4; k++) {
        EXPECT_NEAR(q1[k], q2[k], 1e-13);
        EXPECT_NEAR(p1[k], p2[k], 1e-13 * scale);
      }
      EXPECT_NEAR(dot4(q1, q1), 1.0, EPS * 4);
      EXPECT_NEAR(dot4(q1, p1), 0.0, EPS * 4 * scale);
      geomint::quat_S(l, q1, sq);
      EXPECT_NEAR(dot4(p1, sq), inv0, EPS * 4 * scale * scale);
      // Psi_{-t} undoes Psi_t
      geomint::quat_rotor(l, -0.75, inertia[l - 1], q2, p2);
      for (int k = 0; k < 4; k++) {
        EXPECT_NEAR(q2[k], q[k], 1e-13);
        EXPECT_NEAR(p2[k], pi[k], 1e-13 * scale);
      }
    }
    // the S4 halves and NO_SQUISH keep |q| = 1 and q.pi = 0; before then after
    // with the same t is NO_SQUISH's palindrome R3 R2 R1 R1 R2 R3 = R3 R2 R1(2t) R2 R3
    double qa[4], pa[4], qb[4], pb[4];
    for (int k = 0; k < 4; k++) qa[k] = qb[k] = q[k], pa[k] = pb[k] = pi[k];
    geomint::quat_rotor_before(0.05, inertia, qa, pa);
    geomint::quat_rotor_after(0.05, inertia, qa, pa);
    geomint::quat_rotor_nosquish(0.1, inertia, qb, pb);
    const double scale = std::sqrt(dot4(pi, pi));
    for (int k = 0; k < 4; k++) {
      EXPECT_NEAR(qa[k], qb[k], 1e-13);
      EXPECT_NEAR(pa[k], pb[k], 1e-13 * scale);
    }
    EXPECT_NEAR(dot4(qa, qa), 1.0, 1e-14);
    EXPECT_NEAR(dot4(qa, pa), 0.0, 1e-14 * scale);
  }
}

// a free asymmetric top under NO_SQUISH: the energy error is O(h^2) and
// bounded (no drift), and the space-frame angular momentum is exact
// rotational kinetic energy sum_l (pi^T S_l q)^2 / (8 I_l) (the paper's eqs.
// 1-2), in the conjugate momentum pi: what the free rotor must conserve (the
// fixes compute it from L in the body frame)
double quat_rot_energy(const double q[4], const double pi[4], const double inertia[3])
{
  double e = 0.0;
  for (int l = 1; l <= 3; l++) {
    double sq[4];
    geomint::quat_S(l, q, sq);
    const double v = pi[0] * sq[0] + pi[1] * sq[1] + pi[2] * sq[2] + pi[3] * sq[3];
    e += v * v / (8.0 * inertia[l - 1]);
  }
  return e;
}

TEST(QuatKernels, NoSquishFreeTopConservesAngularMomentum)
{
  Rng r;
  const double inertia[3] = {0.4, 1.1, 2.5};
  double q[4], pi[4];
  random_unit_quat(r, q);
  random_pi(r, q, pi);
  double L0[3];
  geomint::quat_angmom_from_pi(q, pi, L0);
  const double e0 = quat_rot_energy(q, pi, inertia);
  double emax = 0.0;
  for (int step = 0; step < 20000; step++) {
    geomint::quat_rotor_nosquish(0.01, inertia, q, pi);
    emax = std::max(emax, std::fabs(quat_rot_energy(q, pi, inertia) - e0));
  }
  double L[3];
  geomint::quat_angmom_from_pi(q, pi, L);
  for (int k = 0; k < 3; k++) EXPECT_NEAR(L[k], L0[k], 1e-11 * std::fabs(e0 + 1.0));
  EXPECT_LT(emax / e0, 1e-3);    // bounded O(h^2) oscillation (measured ~1e-4)
  EXPECT_GT(emax / e0, 1e-9);    // the split is not exact: the check can tell
}

TEST(QuatKernels, PerBodyOUStepActsInTheBodyFrame)
{
  Rng r;
  double q[4];
  random_unit_quat(r, q);
  const double inertia[3] = {0.5, 1.0, 2.0};
  const double L0[3] = {r(), r(), r()};
  // c = 1, sigma = 0: unchanged, zero energy change
  double L[3] = {L0[0], L0[1], L0[2]};
  const double one[3] = {1, 1, 1}, zero[3] = {0, 0, 0}, chi[3] = {r(), r(), r()};
  EXPECT_NEAR(geomint::quat_ou_angmom(q, L, inertia, one, zero, chi), 0.0, EPS);
  for (int k = 0; k < 3; k++) EXPECT_NEAR(L[k], L0[k], EPS * 10);
  // c = 0, sigma = 1: the body-frame angular momentum is chi, energy change exact
  const double e_old = [&] {
    double b[3];
    geomint::quat_space_to_body(q, L0, b);
    return b[0] * b[0] / 1.0 + b[1] * b[1] / 2.0 + b[2] * b[2] / 4.0;
  }();
  const double de = geomint::quat_ou_angmom(q, L, inertia, zero, one, chi);
  double b[3];
  geomint::quat_space_to_body(q, L, b);
  for (int k = 0; k < 3; k++) EXPECT_NEAR(b[k], chi[k], EPS * 10);
  EXPECT_NEAR(de, chi[0] * chi[0] / 1.0 + chi[1] * chi[1] / 2.0 + chi[2] * chi[2] / 4.0 - e_old,
              EPS * 100);
}

// a sphere (I1 = I2 = I3): the half drift + rotor keeps its space-frame
// angular momentum to round-off (every sub-flow does), moves x by t v, and
// turns q about omega = L / I by |omega| t, but not exactly: the sub-flows
// about the body axes do not commute even for equal moments.  Against the
// exact rotation Rot(omega / |omega|, |omega| t) the error of one S4 half
// (3, 2, 1 or 1, 2, 3) falls 4-fold when t is halved (first order), that of
// the palindromic sequences (NO_SQUISH, or the two S4 halves of a step
// without OU) 8-fold (second order)
TEST(RigidBodyKernels, SphereRotorKeepsLAndTurnsQAboutOmega)
{
  Rng r;
  struct Case {
    std::vector<int> halves;
    double ratio;
  };
  const Case cases[] = {{{geomint::ROTOR_HALF_BEFORE}, 4.0},
                        {{geomint::ROTOR_HALF_AFTER}, 4.0},
                        {{geomint::ROTOR_HALF_NOSQUISH}, 8.0},
                        {{geomint::ROTOR_HALF_BEFORE, geomint::ROTOR_HALF_AFTER}, 8.0}};
  for (const Case &cs : cases) {
    double q0[4];
    random_unit_quat(r, q0);
    const double I = geomint::sphere_moment(2.5, 0.6);
    const double L0[3] = {r(), r(), r()}, v[3] = {r(), r(), r()}, x0[3] = {r(), r(), r()};
    const double inertia[3] = {I, I, I};
    double err[2];
    for (int k = 0; k < 2; k++) {
      const double t = k ? 0.01 : 0.02, T = t * cs.halves.size();
      double q[4] = {q0[0], q0[1], q0[2], q0[3]}, L[3] = {L0[0], L0[1], L0[2]};
      double x[3] = {x0[0], x0[1], x0[2]};
      for (int h : cs.halves) geomint::rigid_drift_rotate(x, v, q, L, inertia, t, h, k == 0);
      for (int a = 0; a < 3; a++) {
        EXPECT_NEAR(L[a], L0[a], 1e-14);
        EXPECT_NEAR(x[a], x0[a] + T * v[a], 1e-14);
      }
      EXPECT_NEAR(dot4(q, q), 1.0, 1e-14);
      // Rodrigues: Rot(n, theta) with n = L/|L|, theta = |L| T / I
      const double Ln = std::sqrt(L0[0] * L0[0] + L0[1] * L0[1] + L0[2] * L0[2]);
      const double n[3] = {L0[0] / Ln, L0[1] / Ln, L0[2] / Ln}, th = Ln * T / I;
      const double c = std::cos(th), s = std::sin(th);
      double rot[3][3], m0[3][3], m1[3][3];
      for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) rot[a][b] = (a == b ? c : 0.0) + (1.0 - c) * n[a] * n[b];
      rot[0][1] -= s * n[2], rot[0][2] += s * n[1], rot[1][0] += s * n[2];
      rot[1][2] -= s * n[0], rot[2][0] -= s * n[1], rot[2][1] += s * n[0];
      quat_to_mat(q0, m0);
      quat_to_mat(q, m1);
      err[k] = 0.0;
      for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) {
          double e = 0.0;
          for (int j = 0; j < 3; j++) e += rot[a][j] * m0[j][b];
          err[k] = std::max(err[k], std::fabs(m1[a][b] - e));
        }
    }
    EXPECT_GT(err[0], 1e-10);
    EXPECT_NEAR(err[0] / err[1], cs.ratio, 0.1 * cs.ratio) << err[0] << " " << err[1];
  }
}

// a sphere's moment is LAMMPS's 0.4 m r^2 and omega <-> L round-trips; the
// Stokes frictions of a = 1 in eta = 1/(4 pi) are 1.5 and 2 (seed units);
// gamma keywords override them; no friction: the OU step changes nothing
TEST(RigidBodyKernels, SphereMomentStokesFrictionAndTheFrictionlessOUStep)
{
  EXPECT_DOUBLE_EQ(geomint::sphere_moment(2.0, 0.5), 0.2);
  const double omega[3] = {0.3, -1.2, 2.0};
  double L[3], w[3];
  geomint::sphere_angmom(0.2, omega, L);
  geomint::sphere_omega(0.2, L, w);
  for (int k = 0; k < 3; k++) EXPECT_NEAR(w[k], omega[k], 1e-15);

  geomint::RigidFriction fr = {1.0 / (4.0 * M_PI), 0, 0, {0, 0, 0}, {0, 0, 0}};
  double zt[3], zr[3];
  bool t_iso = false;
  geomint::rigid_body_friction(fr, 1.0, zt, zr, t_iso);
  EXPECT_TRUE(t_iso);
  for (int a = 0; a < 3; a++) {
    EXPECT_NEAR(zt[a], 1.5, 1e-15);
    EXPECT_NEAR(zr[a], 2.0, 1e-15);
  }
  fr.gamma_t_given = 3;
  fr.gamma_t[0] = 0.0, fr.gamma_t[1] = 0.0, fr.gamma_t[2] = 0.0;
  fr.gamma_r_given = 1;
  geomint::rigid_body_friction(fr, 1.0, zt, zr, t_iso);
  EXPECT_FALSE(t_iso);
  for (int a = 0; a < 3; a++) {
    EXPECT_EQ(zt[a], 0.0);
    EXPECT_EQ(zr[a], 0.0);
  }

  const double inertia[3] = {0.5, 1.0, 2.0};
  geomint::RigidOUCoeff c;
  double tmin = 1e300;
  geomint::rigid_ou_coeff(0.1, 3.0, inertia, zt, zr, t_iso, c, tmin);
  EXPECT_EQ(tmin, 1e300);    // no friction: no relaxation time
  Rng r;
  double q[4];
  random_unit_quat(r, q);
  double v[3] = {r(), r(), r()}, Lb[3] = {r(), r(), r()};
  const double v0[3] = {v[0], v[1], v[2]}, L0[3] = {Lb[0], Lb[1], Lb[2]};
  const double xt[3] = {r(), r(), r()}, xr[3] = {r(), r(), r()};
  double de = 0.0;
  geomint::rigid_ou_body(c, 1.0, q, v, Lb, xt, xr, de);
  for (int k = 0; k < 3; k++) {
    EXPECT_NEAR(v[k], v0[k], 1e-15);
    EXPECT_NEAR(Lb[k], L0[k], 1e-15);
  }
  EXPECT_NEAR(de, 0.0, 1e-15);

  // isotropic translation: the plain OU kick of fix bagogab (ou_kick), bitwise
  const double zt1[3] = {2.0, 2.0, 2.0}, zr1[3] = {1.0, 1.5, 2.0};
  geomint::rigid_ou_coeff(0.1, 3.0, inertia, zt1, zr1, true, c, tmin);
  EXPECT_DOUBLE_EQ(tmin, 0.5 / 1.0);
  double v1[3] = {v0[0], v0[1], v0[2]}, v2[3] = {v0[0], v0[1], v0[2]};
  de = 0.0;
  geomint::rigid_ou_body(c, 0.7, q, v1, Lb, xt, xr, de);
  const geomint::OUCoefficients oc = geomint::ou_coefficients(0.1, 2.0 / 3.0);
  geomint::ou_kick(v2, oc.c1, 0.7 * std::sqrt(oc.s / 3.0), xt);
  for (int k = 0; k < 3; k++) EXPECT_EQ(v1[k], v2[k]);
}

// the sphere kernels (three equal moments) against the general ones, to
// round-off: the unit-quaternion rotations, the rotor sequences (L left as
// it is), and the whole hi-off step of a sphere (sphere_step_off) against
// rigid_drift_rotate, rigid_ou_body, rigid_drift_rotate; isotropic and
// body-frame frictions, all three rotor sequences, angles up to 0.3 (every
// branch of sincos_small)
TEST(RigidBodyKernels, SphereKernelsAgreeWithTheGeneralOnes)
{
  Rng r;
  double worst_rot = 0.0, worst_q = 0.0, worst_L = 0.0, worst_step = 0.0;
  for (int it = 0; it < 2000; it++) {
    double q[4], body[3], space[3], b1[3], s1[3];
    random_unit_quat(r, q);
    const double v[3] = {r(), r(), r()};
    geomint::quat_space_to_body(q, v, b1);
    geomint::quat_space_to_body_unit(q, v, body);
    geomint::quat_body_to_space(q, v, s1);
    geomint::quat_body_to_space_unit(q, v, space);
    for (int k = 0; k < 3; k++)
      worst_rot = std::max({worst_rot, std::fabs(b1[k] - body[k]), std::fabs(s1[k] - space[k])});

    const double I = 0.1 + 0.05 * (it % 5), t = 0.002 * (1 + it % 30);
    const double inertia[3] = {I, I, I};
    for (int rotor = 0; rotor < 3; rotor++) {
      double qa[4], qb[4], L[3] = {r(), r(), r()}, La[3], Lb[3], x[3] = {0, 0, 0};
      const double zero[3] = {0, 0, 0};
      for (int k = 0; k < 4; k++) qa[k] = qb[k] = q[k];
      for (int k = 0; k < 3; k++) La[k] = Lb[k] = L[k];
      geomint::rigid_drift_rotate(x, zero, qa, La, inertia, t, rotor, false);
      geomint::sphere_drift_rotate(x, zero, qb, Lb, I, t, rotor, false);
      for (int k = 0; k < 4; k++) worst_q = std::max(worst_q, std::fabs(qa[k] - qb[k]));
      for (int k = 0; k < 3; k++) {
        worst_L = std::max(worst_L, std::fabs(La[k] - L[k]));
        EXPECT_EQ(Lb[k], L[k]) << "the sphere rotor leaves L as it is";
      }
    }

    // the whole step: rotor before (0 or NO_SQUISH), after (1 or NO_SQUISH)
    const bool nosquish = it % 3 == 0, body_frame = it % 2 == 1;
    const double zt[3] = {1.5, body_frame ? 0.5 : 1.5, body_frame ? 2.5 : 1.5};
    const double zr[3] = {0.3, body_frame ? 0.1 : 0.3, body_frame ? 0.7 : 0.3};
    geomint::RigidOUCoeff c;
    double tmin = 1e300;
    geomint::rigid_ou_coeff(2.0 * t, 1.7, inertia, zt, zr, !body_frame, c, tmin);
    const double xt[3] = {r(), r(), r()}, xr[3] = {r(), r(), r()};
    double xa[3] = {r(), r(), r()}, va[3] = {r(), r(), r()}, qa[4], La[3] = {r(), r(), r()};
    double xb[3], vb[3], qb[4], Lb[3];
    for (int k = 0; k < 4; k++) qa[k] = qb[k] = q[k];
    for (int k = 0; k < 3; k++) xb[k] = xa[k], vb[k] = va[k], Lb[k] = La[k];
    const int before = nosquish ? 2 : 0, after = nosquish ? 2 : 1;
    double dea = 0.0, deb = 0.0;
    geomint::rigid_drift_rotate(xa, va, qa, La, inertia, t, before, false);
    geomint::rigid_ou_body(c, 0.8, qa, va, La, xt, xr, dea);
    geomint::rigid_drift_rotate(xa, va, qa, La, inertia, t, after, true);
    deb = geomint::sphere_step_off(c, 0.8, t, before, after, true, xb, vb, qb, Lb, xt, xr);
    for (int k = 0; k < 3; k++)
      worst_step = std::max({worst_step, std::fabs(xa[k] - xb[k]), std::fabs(va[k] - vb[k]),
                             std::fabs(La[k] - Lb[k])});
    for (int k = 0; k < 4; k++) worst_step = std::max(worst_step, std::fabs(qa[k] - qb[k]));
    worst_step = std::max(worst_step, std::fabs(dea - deb));
  }
  std::printf("sphere kernels vs general: rotations %.2g, rotor q %.2g (general L %.2g), step %.2g\n",
              worst_rot, worst_q, worst_L, worst_step);
  EXPECT_LT(worst_rot, EPS);
  EXPECT_LT(worst_q, EPS);
  EXPECT_LT(worst_L, 1e-13);
  EXPECT_LT(worst_step, 1e-13);
}

#ifdef GEOMINT_SPHERE_VEC2
// the several-sphere form (host, vector extensions; two and four lanes)
// gives each lane exactly what sphere_step_off gives that sphere, and flags
// a lane whose rotor angle passes 1/64 (which the fix then steps with
// sphere_step_off)
template <int N, class V, class M> void several_spheres_are_one_sphere(int &compared, int &flagged)
{
  Rng r;
  for (int it = 0; it < 2000; it++) {
    const int rotor = it % 3, before = rotor == 2 ? 2 : 0, after = rotor == 2 ? 2 : 1;
    geomint::RigidOUCoeff c[N];
    geomint::SphereOff<double> s[N];
    double x[N][3], v[N][3], q[N][4], L[N][3], xt[N][3], xr[N][3];
    const double t = 0.001 * (1 + it % 4);
    for (int l = 0; l < N; l++) {
      const double I = 0.1 + 0.1 * l + 0.01 * (it % 7), zt[3] = {1.0 + l, 1.0 + l, 1.0 + l};
      const double zr[3] = {0.1, 0.2 + 0.1 * l, 0.3};
      double tmin = 1e300;
      const double inertia[3] = {I, I, I};
      geomint::rigid_ou_coeff(2.0 * t, 1.0 + l, inertia, zt, zr, true, c[l], tmin);
      geomint::sphere_off_constants(c[l], 0.7, t, s[l]);
      random_unit_quat(r, q[l]);
      // large angular momenta now and then: angles beyond 1/64
      const double scale = (it + l) % 5 == 0 ? 20.0 : 0.3;
      for (int k = 0; k < 3; k++) {
        x[l][k] = r(), v[l][k] = r(), L[l][k] = scale * r(), xt[l][k] = r(), xr[l][k] = r();
      }
    }
    geomint::SphereOff<V> sv;
    geomint::sphere_off_pack<N>(s, sv);
    V X[3], Vv[3], Q[4], LL[3], T[3], R[3];
    for (int l = 0; l < N; l++) {
      for (int k = 0; k < 3; k++) {
        X[k][l] = x[l][k], Vv[k][l] = v[l][k], LL[k][l] = L[l][k];
        T[k][l] = xt[l][k], R[k][l] = xr[l][k];
      }
      for (int k = 0; k < 4; k++) Q[k][l] = q[l][k];
    }
    geomint::RotorSincosSeries<V, M> sc;
    V heat;
    geomint::sphere_step_off_t(sv, before, after, true, X, Vv, Q, LL, R,
                               geomint::SphereTranslateV<V>{sv, T}, sc, geomint::RsqrtV<N, V>(), heat);
    for (int l = 0; l < N; l++) {
      const double de = geomint::sphere_step_off(c[l], 0.7, t, before, after, true, x[l], v[l],
                                                 q[l], L[l], xt[l], xr[l]);
      if (sc.big[l]) {
        flagged++;
        continue;
      }
      compared++;
      for (int k = 0; k < 3; k++) {
        EXPECT_EQ(X[k][l], x[l][k]);
        EXPECT_EQ(Vv[k][l], v[l][k]);
        EXPECT_EQ(LL[k][l], L[l][k]);
      }
      for (int k = 0; k < 4; k++) EXPECT_EQ(Q[k][l], q[l][k]);
      EXPECT_EQ(heat[l], de);
    }
  }
}
TEST(RigidBodyKernels, SeveralSpheresStepBitwiseAsOneSphere)
{
  int compared = 0, flagged = 0;
  several_spheres_are_one_sphere<2, geomint::vec2d, geomint::vec2l>(compared, flagged);
  std::printf("two spheres at once: %d lanes bitwise equal, %d flagged\n", compared, flagged);
  EXPECT_GT(flagged, 0);
  EXPECT_GT(compared, 2000);
  compared = flagged = 0;
  several_spheres_are_one_sphere<4, geomint::vec4d, geomint::vec4l>(compared, flagged);
  std::printf("four spheres at once: %d lanes bitwise equal, %d flagged\n", compared, flagged);
  EXPECT_GT(flagged, 0);
  EXPECT_GT(compared, 4000);
}
#endif

// the deviates of fix rigid/quat/hi drawn in blocks (normal3_block: on
// AVX2 hosts Philox four atoms at a time, Box-Muller over four lanes) are
// normal3's bit for bit, also with 64-bit atom IDs and steps (the high words
// of the counter and key) and block lengths that are not multiples of four
TEST(RigidBodyKernels, BlockDeviatesAreThePerBodyOnesWithLargeIDsAndSteps)
{
  for (int it = 0; it < 50; it++) {
    const int n = geomint::NORMAL_BLOCK + 1 + 37 * it % 200;
    std::vector<int64_t> tags(n);
    for (int j = 0; j < n; j++)
      tags[j] = static_cast<int64_t>(1 + j * 7919 + (it % 3 ? (static_cast<uint64_t>(j % 5) << 33) : 0));
    const int64_t step = 3 * it + (it % 2 ? (static_cast<int64_t>(it) << 36) : 0);
    const uint32_t seed = 4928u + 2654435761u * static_cast<uint32_t>(it);
    const uint32_t stream = it % 2 ? geomint::STREAM_RQH_T : geomint::STREAM_RQH_R;
    std::vector<double> block(3 * n);
    geomint::normal3_block(seed, tags.data(), n, step, stream,
                           reinterpret_cast<double(*)[3]>(block.data()));
    for (int j = 0; j < n; j++) {
      double xi[3];
      geomint::normal3(seed, tags[j], step, stream, xi);
      for (int k = 0; k < 3; k++) ASSERT_EQ(block[3 * j + k], xi[k]) << "block " << it << " atom " << j;
    }
  }
}

// Cholesky of a symmetric matrix; false when it is not positive definite
bool cholesky_ok(std::vector<double> m, int n)
{
  for (int j = 0; j < n; j++) {
    double d = m[j * n + j];
    for (int k = 0; k < j; k++) d -= m[j * n + k] * m[j * n + k];
    if (!(d > 0.0)) return false;
    d = std::sqrt(d);
    m[j * n + j] = d;
    for (int i = j + 1; i < n; i++) {
      double s = m[i * n + j];
      for (int k = 0; k < j; k++) s -= m[i * n + k] * m[j * n + k];
      m[i * n + j] = s / d;
    }
  }
  return true;
}

TEST(RPYKernels, MobilityIsSymmetricPositiveDefiniteWithOverlaps)
{
  std::mt19937_64 g(77);
  std::uniform_real_distribution<double> u(0.0, 4.0);
  const int n = 8, N = 6 * n;
  const double a = 1.0, eta = 1.0 / (4.0 * M_PI);
  int overlapping = 0;
  for (int trial = 0; trial < 300; trial++) {
    std::vector<double> x(3 * n), mu(N * N);
    for (double &c : x) c = u(g);    // dense: many pairs overlap (r < 2a)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < i; j++) {
        const double dx = x[3 * i] - x[3 * j], dy = x[3 * i + 1] - x[3 * j + 1],
                     dz = x[3 * i + 2] - x[3 * j + 2];
        if (dx * dx + dy * dy + dz * dz < 4.0 * a * a) overlapping++;
      }
    geomint::rpy_mobility(n, x.data(), a, eta, mu.data());
    for (int i = 0; i < N; i++)
      for (int j = 0; j < i; j++) ASSERT_EQ(mu[i * N + j], mu[j * N + i]) << i << " " << j;
    EXPECT_TRUE(cholesky_ok(mu, N)) << "configuration " << trial;
  }
  EXPECT_GT(overlapping, 300);    // the overlap branch was exercised
  // the plain Oseen-like far form used inside contact is not positive definite:
  // two nearly coincident spheres without the regularisation (a check that can fail)
  geomint::RPYBlocks B;
  const double r[3] = {0.02, 0.0, 0.0};
  geomint::rpy_pair(r, a, eta, B);
  EXPECT_LT(B.tt[1][1], 1.0 / (6.0 * M_PI * eta * a));    // regularised: below the self term
}

TEST(RPYKernels, BlocksAreContinuousAtContact)
{
  const double a = 0.8, eta = 0.3;
  const double e[3] = {0.48, -0.6, 0.64};    // unit vector
  geomint::RPYBlocks in, out;
  const double rin[3] = {2 * a * e[0] * (1 - 1e-12), 2 * a * e[1] * (1 - 1e-12), 2 * a * e[2] * (1 - 1e-12)};
  const double rout[3] = {2 * a * e[0], 2 * a * e[1], 2 * a * e[2]};
  geomint::rpy_pair(rin, a, eta, in);
  geomint::rpy_pair(rout, a, eta, out);
  for (int m = 0; m < 3; m++)
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(in.tt[m][k], out.tt[m][k], 1e-10);
      EXPECT_NEAR(in.rr[m][k], out.rr[m][k], 1e-10);
      EXPECT_NEAR(in.tr[m][k], out.tr[m][k], 1e-10);
    }
}

// Table S1 of the paper: two spheres at (-l/2,0,0) and (+l/2,0,0), force
// (0,0,F) on each: RPY gives F/U = 1.5/(1 + 3/(4l) + 1/(2l^3)) and
// omega/U = (F/U)/(2 l^2), sphere 2 (at +x) spinning about +y (the sign of
// the translation-rotation blocks, which public mobility codes do not all agree on)
TEST(RPYKernels, TwoSedimentingSpheresMatchTableS1)
{
  const double a = 1.0, eta = 1.0 / (4.0 * M_PI);
  const double ls[] = {10.0, 4.0, 3.0, 2.5, 25.0 / 12.0};
  const double fu_expect[] = {1.3947001, 1.2549020, 1.1824818, 1.1261261, 1.0598490};
  const double wu_expect[] = {0.006973501, 0.039215686, 0.065693431, 0.090090090, 0.122094601};
  for (int c = 0; c < 5; c++) {
    const double l = ls[c];
    const double x[6] = {-l / 2, 0, 0, l / 2, 0, 0};
    std::vector<double> mu(12 * 12);
    geomint::rpy_mobility(2, x, a, eta, mu.data());
    std::vector<double> f(12, 0.0), v(12, 0.0);
    f[2] = f[5] = 1.0;
    for (int i = 0; i < 12; i++)
      for (int j = 0; j < 12; j++) v[i] += mu[i * 12 + j] * f[j];
    const double U = v[2];
    EXPECT_NEAR(v[5], U, 1e-15);
    EXPECT_NEAR(1.0 / U, fu_expect[c], 6e-8) << "l = " << l;
    // angular velocities: sphere 1 (rows 6-8) about -y, sphere 2 (rows 9-11) about +y
    EXPECT_NEAR(v[10] / U, wu_expect[c], 6e-10) << "l = " << l;
    EXPECT_GT(v[10], 0.0);
    EXPECT_NEAR(v[7], -v[10], 1e-15);
    EXPECT_NEAR(v[9], 0.0, 1e-15);
    EXPECT_NEAR(v[11], 0.0, 1e-15);
  }
}

}    // namespace
