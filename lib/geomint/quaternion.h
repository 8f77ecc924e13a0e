// GEOMINT quaternion rigid-body kernels (fix rigid/quat/hi; Davidchack,
// Ouldridge and Tretyakov, "Geometric integrator for Langevin systems with
// quaternion-based rotational degrees of freedom and hydrodynamic
// interactions", J. Chem. Phys. 147, 224103 (2017), eqs. 1-2 and 23-24; the
// per-body OU step is its no-HI limit): the maps S_l, S-hat(q),
// S-check(q), the space <-> body rotation A(q), the exact free-rotor sub-flows
// and their sequences (the paper's Section S4 order, and NO_SQUISH's), and the
// per-body exact OU step of the rotational momentum without hydrodynamic
// coupling.
//
// Conventions: q = (q0, q1, q2, q3), scalar first (as LAMMPS); pi is the
// conjugate 4-momentum (q.pi = 0); L the space-frame angular momentum (LAMMPS
// angmom), pi = 2 S-check(q) L and L = S-check(q)^T pi / 2; A(q) maps space to
// body (the transpose of MathExtra::quat_to_mat); axes l = 1, 2, 3.
#ifndef GEOMINT_QUATERNION_H
#define GEOMINT_QUATERNION_H

#include "elementary.h"
#include "geomint_inline.h"

#include <cmath>

namespace geomint {

// out = S_l u (the constant 4 x 4 matrices S_1, S_2, S_3 of the paper); T:
// double or a vector of doubles (several bodies at once)
template <class T> GEOMINT_INLINE void quat_S(int l, const T u[4], T out[4])
{
  if (l == 1) {
    out[0] = -u[1], out[1] = u[0], out[2] = u[3], out[3] = -u[2];
  } else if (l == 2) {
    out[0] = -u[2], out[1] = -u[3], out[2] = u[0], out[3] = u[1];
  } else {
    out[0] = -u[3], out[1] = u[2], out[2] = -u[1], out[3] = u[0];
  }
}

// q /= |q|
GEOMINT_FORCE_INLINE void quat_renormalize(double q[4])
{
  const double r = 1.0 / std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  for (int k = 0; k < 4; k++) q[k] *= r;
}

// out = S-hat(q) w (4x3: columns S_1 q, S_2 q, S_3 q)
GEOMINT_INLINE void quat_shat(const double q[4], const double w[3], double out[4])
{
  out[0] = -q[1] * w[0] - q[2] * w[1] - q[3] * w[2];
  out[1] = q[0] * w[0] - q[3] * w[1] + q[2] * w[2];
  out[2] = q[3] * w[0] + q[0] * w[1] - q[1] * w[2];
  out[3] = -q[2] * w[0] + q[1] * w[1] + q[0] * w[2];
}

// out = S-hat(q)^T u
GEOMINT_INLINE void quat_shat_t(const double q[4], const double u[4], double out[3])
{
  out[0] = -q[1] * u[0] + q[0] * u[1] + q[3] * u[2] - q[2] * u[3];
  out[1] = -q[2] * u[0] - q[3] * u[1] + q[0] * u[2] + q[1] * u[3];
  out[2] = -q[3] * u[0] + q[2] * u[1] - q[1] * u[2] + q[0] * u[3];
}

// out = S-check(q) w (4x3, rows (-q1,-q2,-q3), (q0,q3,-q2), (-q3,q0,q1), (q2,-q1,q0))
GEOMINT_INLINE void quat_scheck(const double q[4], const double w[3], double out[4])
{
  out[0] = -q[1] * w[0] - q[2] * w[1] - q[3] * w[2];
  out[1] = q[0] * w[0] + q[3] * w[1] - q[2] * w[2];
  out[2] = -q[3] * w[0] + q[0] * w[1] + q[1] * w[2];
  out[3] = q[2] * w[0] - q[1] * w[1] + q[0] * w[2];
}

// out = S-check(q)^T u
GEOMINT_INLINE void quat_scheck_t(const double q[4], const double u[4], double out[3])
{
  out[0] = -q[1] * u[0] + q[0] * u[1] - q[3] * u[2] + q[2] * u[3];
  out[1] = -q[2] * u[0] + q[3] * u[1] + q[0] * u[2] - q[1] * u[3];
  out[2] = -q[3] * u[0] - q[2] * u[1] + q[1] * u[2] + q[0] * u[3];
}

// body = A(q) space = S-hat^T S-check space (for unit q)
GEOMINT_INLINE void quat_space_to_body(const double q[4], const double space[3], double body[3])
{
  double u[4];
  quat_scheck(q, space, u);
  quat_shat_t(q, u, body);
}

// space = A(q)^T body = S-check^T S-hat body (for unit q)
GEOMINT_INLINE void quat_body_to_space(const double q[4], const double body[3], double space[3])
{
  double u[4];
  quat_shat(q, body, u);
  quat_scheck_t(q, u, space);
}

// the same two rotations written for a unit q (q0, u) with cross products,
// v -+ q0 t + u x t with t = 2 u x v (a third of the operations; they agree
// with the forms above to round-off while |q| = 1 to round-off).  T: double,
// or a vector of doubles (two bodies at once, rigid_body.h)
template <class T>
GEOMINT_FORCE_INLINE void quat_space_to_body_unit(const T q[4], const T v[3], T b[3])
{
  const T t0 = 2.0 * (q[2] * v[2] - q[3] * v[1]);
  const T t1 = 2.0 * (q[3] * v[0] - q[1] * v[2]);
  const T t2 = 2.0 * (q[1] * v[1] - q[2] * v[0]);
  b[0] = v[0] - q[0] * t0 + (q[2] * t2 - q[3] * t1);
  b[1] = v[1] - q[0] * t1 + (q[3] * t0 - q[1] * t2);
  b[2] = v[2] - q[0] * t2 + (q[1] * t1 - q[2] * t0);
}
template <class T>
GEOMINT_FORCE_INLINE void quat_body_to_space_unit(const T q[4], const T b[3], T v[3])
{
  const T t0 = 2.0 * (q[2] * b[2] - q[3] * b[1]);
  const T t1 = 2.0 * (q[3] * b[0] - q[1] * b[2]);
  const T t2 = 2.0 * (q[1] * b[1] - q[2] * b[0]);
  v[0] = b[0] + q[0] * t0 + (q[2] * t2 - q[3] * t1);
  v[1] = b[1] + q[0] * t1 + (q[3] * t0 - q[1] * t2);
  v[2] = b[2] + q[0] * t2 + (q[1] * t1 - q[2] * t0);
}

// A(q) itself (space -> body, row-major 3x3): column b is A e_b
GEOMINT_INLINE void quat_space_to_body_matrix(const double q[4], double A[9])
{
  for (int b = 0; b < 3; b++) {
    double e[3] = {0.0, 0.0, 0.0}, col[3];
    e[b] = 1.0;
    quat_space_to_body(q, e, col);
    for (int a = 0; a < 3; a++) A[3 * a + b] = col[a];
  }
}

// pi = 2 S-check(q) L and L = S-check(q)^T pi / 2
GEOMINT_INLINE void quat_pi_from_angmom(const double q[4], const double L[3], double pi[4])
{
  quat_scheck(q, L, pi);
  for (int k = 0; k < 4; k++) pi[k] *= 2.0;
}
GEOMINT_INLINE void quat_angmom_from_pi(const double q[4], const double pi[4], double L[3])
{
  quat_scheck_t(q, pi, L);
  for (int k = 0; k < 3; k++) L[k] *= 0.5;
}

// the exact flow of V_l / I_l for a time t (the paper's eqs. 23-24): with
// zeta = pi^T S_l q / (4 I_l), q <- cos(zeta t) q + sin(zeta t) S_l q and the
// same for pi; conserves pi^T S_l q, |q| and q.pi
GEOMINT_INLINE void quat_rotor(int l, double t, double inertia_l, double q[4], double pi[4])
{
  // (t / 4 I_l first: off the chain of dependent operations of the rotors)
  const double w = t / (4.0 * inertia_l);
  double sq[4], sp[4];
  quat_S(l, q, sq);
  quat_S(l, pi, sp);
  const double dot = pi[0] * sq[0] + pi[1] * sq[1] + pi[2] * sq[2] + pi[3] * sq[3];
  double c, s;
  sincos_small(dot * w, &s, &c);
  for (int k = 0; k < 4; k++) {
    q[k] = c * q[k] + s * sq[k];
    pi[k] = c * pi[k] + s * sp[k];
  }
}

// the rotor half-steps in the order of the paper's implementation (Section
// S4 of its Supplementary Material): before the OU step axes 3, 2, 1; after
// it 1, 2, 3; each for a time t (h/2)
GEOMINT_INLINE void quat_rotor_before(double t, const double inertia[3], double q[4], double pi[4])
{
  for (int l = 3; l >= 1; l--) quat_rotor(l, t, inertia[l - 1], q, pi);
}
GEOMINT_INLINE void quat_rotor_after(double t, const double inertia[3], double q[4], double pi[4])
{
  for (int l = 1; l <= 3; l++) quat_rotor(l, t, inertia[l - 1], q, pi);
}

// the 5-stage NO_SQUISH free rotor over a time t: R3(t/2) R2(t/2) R1(t) R2(t/2) R3(t/2)
GEOMINT_INLINE void quat_rotor_nosquish(double t, const double inertia[3], double q[4], double pi[4])
{
  quat_rotor(3, 0.5 * t, inertia[2], q, pi);
  quat_rotor(2, 0.5 * t, inertia[1], q, pi);
  quat_rotor(1, t, inertia[0], q, pi);
  quat_rotor(2, 0.5 * t, inertia[1], q, pi);
  quat_rotor(3, 0.5 * t, inertia[2], q, pi);
}

// The free rotor of a body with three equal moments I (a sphere): each
// sub-flow R_l conserves the space-frame angular momentum L exactly, so only
// q turns, by q <- q (cos a, sin a e_l) with a = t Lb_l / (2 I), Lb = A(q) L
// the body-frame momentum, which then turns by -2a about axis l (l a template
// argument: the sequences unroll to straight code).  k = t / (2 I); Lb is
// updated for the next sub-rotor.  In exact arithmetic this is
// quat_rotor's flow (pi^T S_l q = 2 Lb_l), without carrying pi.
// sincos of a sub-rotor's angle x: sincos_small, its series for |x| <= 1/64
// (the same expression) inline.  The two-body form of rigid_body.h evaluates
// the series alone and flags angles beyond 1/64 (the body is then redone with
// this one), so both give the same numbers.
template <class T>
GEOMINT_FORCE_INLINE void sincos_rotor_series(const T &x, const T &x2, T &s, T &c)
{
  s = x - x * x2 * (1.0 / 6.0 - x2 * (1.0 / 120.0 - x2 * (1.0 / 5040.0)));
  c = 1.0 - 0.5 * x2 + x2 * x2 * (1.0 / 24.0 - x2 * (1.0 / 720.0 - x2 * (1.0 / 40320.0)));
}
struct RotorSincos {
  GEOMINT_FORCE_INLINE void operator()(double x, double &s, double &c) const
  {
    if (std::fabs(x) <= 0.015625)
      sincos_rotor_series(x, x * x, s, c);
    else
      sincos_small(x, &s, &c);
  }
};

template <int l, class T, class SC>
GEOMINT_FORCE_INLINE void quat_rotor_sphere(const T &k, T q[4], T Lb[3], SC &sincos)
{
  T c, s;
  sincos(k * Lb[l - 1], s, c);
  // q <- c q + s S_l q
  T sq[4];
  quat_S(l, q, sq);
  for (int j = 0; j < 4; j++) q[j] = c * q[j] + s * sq[j];
  // Lb <- A(cos a, sin a e_l) Lb: the other two components turn by -2a
  const T c2 = c * c - s * s, s2 = 2.0 * s * c;
  constexpr int a = l % 3, b = (l + 1) % 3;
  const T la = Lb[a], lb = Lb[b];
  Lb[a] = c2 * la + s2 * lb;
  Lb[b] = c2 * lb - s2 * la;
}

// the sequences of quat_rotor_before / _after / _nosquish for a sphere
// (rotor: 0 before, 1 after, 2 NO_SQUISH, as RotorHalf), k = t / (2 I) for a
// time t; Lb = A(q) L before, A(q') L after
template <class T, class SC>
GEOMINT_FORCE_INLINE void quat_rotor_sphere_seq(int rotor, const T &k, T q[4], T Lb[3], SC &sc)
{
  if (rotor == 2) {
    const T hk = 0.5 * k;
    quat_rotor_sphere<3>(hk, q, Lb, sc);
    quat_rotor_sphere<2>(hk, q, Lb, sc);
    quat_rotor_sphere<1>(k, q, Lb, sc);
    quat_rotor_sphere<2>(hk, q, Lb, sc);
    quat_rotor_sphere<3>(hk, q, Lb, sc);
  } else if (rotor == 0) {
    quat_rotor_sphere<3>(k, q, Lb, sc);
    quat_rotor_sphere<2>(k, q, Lb, sc);
    quat_rotor_sphere<1>(k, q, Lb, sc);
  } else {
    quat_rotor_sphere<1>(k, q, Lb, sc);
    quat_rotor_sphere<2>(k, q, Lb, sc);
    quat_rotor_sphere<3>(k, q, Lb, sc);
  }
}

// the same from the space-frame L (over a time t, moment I), which it leaves as it is
GEOMINT_FORCE_INLINE void quat_rotor_sphere_half(int rotor, double t, double inertia, double q[4],
                                                 const double L[3])
{
  double Lb[3];
  quat_space_to_body_unit(q, L, Lb);
  RotorSincos sc;
  quat_rotor_sphere_seq(rotor, t / (2.0 * inertia), q, Lb, sc);
}

// exact per-body OU step of the space-frame angular momentum without HI
// (body-frame friction diagonal in the principal axes, so the step
// factorises per axis): in the body frame L_l <- c_l L_l + sigma_l chi_l, with
// c_l = exp(-zeta_l h / I_l) and sigma_l = sqrt(I_l kT (1 - c_l^2)); returns
// the change of the rotational kinetic energy sum_l L_l^2 / (2 I_l)
GEOMINT_INLINE double quat_ou_angmom(const double q[4], double L[3], const double inertia[3],
                                     const double c[3], const double sigma[3], const double chi[3])
{
  double b[3];
  quat_space_to_body(q, L, b);
  double de = 0.0;
  for (int l = 0; l < 3; l++) {
    const double old = b[l];
    b[l] = c[l] * b[l] + sigma[l] * chi[l];
    de += (b[l] * b[l] - old * old) / (2.0 * inertia[l]);
  }
  quat_body_to_space(q, b, L);
  return de;
}

}    // namespace geomint

#endif
