// GEOMINT filament kernels: holonomic distance constraints of one filament
// (rigid links, and the material-direction beads of twistable filaments),
// solved inside the A step of a BAOAB splitting (SHAKE on velocity
// impulses) and as a velocity projection (RATTLE).  LAMMPS-free, and the
// same code on a host loop and in a Kokkos kernel over filaments.
//
// A filament is a set of beads with distance constraints |x_a - x_b| = d_c.
// Its constraints are ordered along the chain, so that two constraints that
// share a bead are at most `bw` apart in that order: every linear system
// below is banded with half bandwidth bw (1 for a plain chain: tridiagonal),
// solved by a banded LU without pivoting (the matrices are Gram matrices
// G M^-1 G^T, symmetric positive definite, or a small perturbation of one).
//
// The accessor F of the kernels (one filament n at a time):
//   int bead0(n), nbead(n)           bead slots of filament n: [bead0, bead0 + nbead)
//   int cons0(n), ncons(n), bw(n)    its constraints [cons0, cons0 + ncons), half bandwidth
//   int ca(c), cb(c); double d2(c)   constraint c: its bead slots and squared length
//   double w(s)                      inverse mass of bead slot s
//   double &xs(s,k), &vs(s,k)        the bead's position (one unwrapped image) and velocity
//   double &ys(s,k)                  work: drifted positions
//   double &r(c,k)                   work: constraint vectors x_a - x_b
//   double &band(c,j), j < 2 BW_MAX + 1;  double &rhs(c)   work: the linear system
//   double cp(c,j)                   the coupling of constraint c to constraint
//                                    c + j - bw (fil_coupling, tabulated once per
//                                    reneighboring: it depends on masses only)
#ifndef GEOMINT_FILAMENT_H
#define GEOMINT_FILAMENT_H

#include "geomint_inline.h"

#include <cmath>

namespace geomint {

// the largest half bandwidth of a filament's constraint order (plain chains 1,
// twistable chains 5: the last node's material bead looks back)
constexpr int FIL_BW_MAX = 6;
constexpr int FIL_BAND = 2 * FIL_BW_MAX + 1;

// outcome of a SHAKE solve
struct FilSolve {
  int iterations;     // Newton updates
  double residual;    // max_c |(|x_a - x_b|^2 - d_c^2)| / d_c^2 after the solve
  bool converged;
};

// the sign with which constraint e moves bead slot s (+1: its first bead, -1: its second)
template <class F> GEOMINT_INLINE double fil_sign(const F &f, int e, int s)
{
  return s == f.ca(e) ? 1.0 : (s == f.cb(e) ? -1.0 : 0.0);
}

// coupling of constraint c to the impulse of constraint e: the velocity
// change of (x_a - x_b) per unit multiplier of e is coupling * r_e
template <class F> GEOMINT_INLINE double fil_coupling(const F &f, int c, int e)
{
  const int a = f.ca(c), b = f.cb(c);
  return f.w(a) * fil_sign(f, e, a) - f.w(b) * fil_sign(f, e, b);
}

// the coupling table of filament n: cp(c, j) = fil_coupling(c, c + j - bw),
// 0 outside the filament; set(c, j, value) writes it
template <class F, class Set> GEOMINT_INLINE void fil_coupling_table(const F &f, int n, const Set &set)
{
  const int c0 = f.cons0(n), nc = f.ncons(n), bw = f.bw(n);
  for (int c = c0; c < c0 + nc; c++)
    for (int j = 0; j < FIL_BAND; j++) {
      const int e = c + j - bw;
      set(c, j, (j <= 2 * bw && e >= c0 && e < c0 + nc) ? fil_coupling(f, c, e) : 0.0);
    }
}

// band LU without pivoting of rows [c0, c0 + n) in place (band(c, j): column
// c + j - bw; the multipliers of L replace the entries below the diagonal, and
// the diagonal holds the reciprocal pivots: the substitutions multiply)
// (BW > 0: the half bandwidth known at compile time, plain chains; 0: bw)
template <int BW = 0, class F> GEOMINT_INLINE void fil_band_factor(const F &f, int c0, int n, int bw_run)
{
  const int bw = BW > 0 ? BW : bw_run;
  for (int k = 0; k < n; k++) {
    const double rpiv = 1.0 / f.band(c0 + k, bw);
    f.band(c0 + k, bw) = rpiv;
    const int iend = k + bw < n - 1 ? k + bw : n - 1;
    for (int i = k + 1; i <= iend; i++) {
      const double l = f.band(c0 + i, k - i + bw) * rpiv;
      f.band(c0 + i, k - i + bw) = l;
      for (int j = k + 1; j <= iend; j++) f.band(c0 + i, j - i + bw) -= l * f.band(c0 + k, j - k + bw);
    }
  }
}

// with the factors of fil_band_factor: the solution of A z = rhs into rhs
template <int BW = 0, class F> GEOMINT_INLINE void fil_band_subst(const F &f, int c0, int n, int bw_run)
{
  const int bw = BW > 0 ? BW : bw_run;
  for (int i = 1; i < n; i++) {
    const int jbeg = i - bw > 0 ? i - bw : 0;
    double s = f.rhs(c0 + i);
    for (int j = jbeg; j < i; j++) s -= f.band(c0 + i, j - i + bw) * f.rhs(c0 + j);
    f.rhs(c0 + i) = s;
  }
  for (int k = n - 1; k >= 0; k--) {
    double s = f.rhs(c0 + k);
    const int jend = k + bw < n - 1 ? k + bw : n - 1;
    for (int j = k + 1; j <= jend; j++) s -= f.band(c0 + k, j - k + bw) * f.rhs(c0 + j);
    f.rhs(c0 + k) = s * f.band(c0 + k, bw);
  }
}

// add the impulses z_e (in rhs) of filament n to the rows `u` (velocities or
// drifted positions) with factor scale: u_s += scale w_s sum_e z_e s_es r_e
template <class F, class U>
GEOMINT_INLINE void fil_apply(const F &f, int n, double scale, const U &u)
{
  const int c0 = f.cons0(n), nc = f.ncons(n);
  for (int e = c0; e < c0 + nc; e++) {
    const double z = scale * f.rhs(e);
    const int a = f.ca(e), b = f.cb(e);
    for (int k = 0; k < 3; k++) {
      u(a, k) += f.w(a) * z * f.r(e, k);
      u(b, k) -= f.w(b) * z * f.r(e, k);
    }
  }
}

template <class F> struct FilYs {
  const F &f;
  GEOMINT_INLINE double &operator()(int s, int k) const { return f.ys(s, k); }
};
template <class F> struct FilVs {
  const F &f;
  GEOMINT_INLINE double &operator()(int s, int k) const { return f.vs(s, k); }
};

// max_c |sigma_c| / d_c^2 of the drifted positions ys; sigma_c into rhs (negated)
template <class F> GEOMINT_INLINE double fil_residual(const F &f, int n)
{
  const int c0 = f.cons0(n), nc = f.ncons(n);
  double worst = 0.0;
  for (int c = c0; c < c0 + nc; c++) {
    const int a = f.ca(c), b = f.cb(c);
    double q2 = 0.0;
    for (int k = 0; k < 3; k++) {
      const double q = f.ys(a, k) - f.ys(b, k);
      q2 += q * q;
    }
    const double sigma = q2 - f.d2(c);
    f.rhs(c) = -sigma;
    const double rel = std::fabs(sigma) / f.d2(c);
    if (!(rel <= worst)) worst = rel;    // (a NaN wins)
  }
  return worst;
}

// A(tau) of filament n under its constraints (SHAKE): the positions ys =
// xs + tau (vs + M^-1 G(xs)^T lambda) that satisfy every constraint, by
// Newton's method on lambda (banded LU of the Jacobian, kept while it
// converges fast).  On return vs holds the constrained
// velocity and ys the new positions (xs unchanged).
template <int BW, class F>
GEOMINT_INLINE FilSolve fil_shake_bw(const F &f, int n, double tau, double tol, int maxit)
{
  const int s0 = f.bead0(n), ns = f.nbead(n);
  const int c0 = f.cons0(n), nc = f.ncons(n), bw = BW > 0 ? BW : f.bw(n);
  for (int c = c0; c < c0 + nc; c++)
    for (int k = 0; k < 3; k++) f.r(c, k) = f.xs(f.ca(c), k) - f.xs(f.cb(c), k);
  for (int s = s0; s < s0 + ns; s++)
    for (int k = 0; k < 3; k++) f.ys(s, k) = f.xs(s, k) + tau * f.vs(s, k);
  FilSolve out = {0, 0.0, false};
  out.residual = fil_residual(f, n);
  // Newton's method with the Jacobian kept while it converges fast (a chord
  // step: the Jacobian moves by O(|lambda|), tiny next to its size, so the
  // second and later steps rarely need a new one); rebuilt when an iteration
  // gains less than a factor 10
  bool factored = false;
  double previous = 0.0;
  while (!(out.residual <= tol) && out.iterations < maxit) {
    if (!factored || !(out.residual < 0.1 * previous)) {
      // d sigma_c / d lambda_e = 2 coupling(c,e) q_c . r_e (lambda in length^2/mass units)
      for (int c = c0; c < c0 + nc; c++) {
        const int a = f.ca(c), b = f.cb(c);
        double q[3];
        for (int k = 0; k < 3; k++) q[k] = f.ys(a, k) - f.ys(b, k);
        for (int j = 0; j < 2 * bw + 1; j++) {
          const int e = c + j - bw;
          const double cp = f.cp(c, j);    // (0 outside the filament)
          f.band(c, j) = cp != 0.0 ? 2.0 * cp * (q[0] * f.r(e, 0) + q[1] * f.r(e, 1) + q[2] * f.r(e, 2)) : 0.0;
        }
      }
      fil_band_factor<BW>(f, c0, nc, bw);
      factored = true;
    }
    previous = out.residual;
    fil_band_subst<BW>(f, c0, nc, bw);
    fil_apply(f, n, 1.0, FilYs<F>{f});
    out.iterations++;
    out.residual = fil_residual(f, n);
  }
  out.converged = out.residual <= tol;
  // the velocity that the constrained drift implies
  const double itau = 1.0 / tau;
  for (int s = s0; s < s0 + ns; s++)
    for (int k = 0; k < 3; k++) f.vs(s, k) += (f.ys(s, k) - f.xs(s, k) - tau * f.vs(s, k)) * itau;
  return out;
}

template <class F>
GEOMINT_INLINE FilSolve fil_shake(const F &f, int n, double tau, double tol, int maxit)
{
  return f.bw(n) == 1 ? fil_shake_bw<1>(f, n, tau, tol, maxit) : fil_shake_bw<0>(f, n, tau, tol, maxit);
}

// the right-hand side -G vs of the projection (r: the constraint vectors)
template <class F> GEOMINT_INLINE void fil_project_rhs(const F &f, int n)
{
  const int c0 = f.cons0(n), nc = f.ncons(n);
  for (int c = c0; c < c0 + nc; c++) {
    const int a = f.ca(c), b = f.cb(c);
    double g = 0.0;
    for (int k = 0; k < 3; k++) g += f.r(c, k) * (f.vs(a, k) - f.vs(b, k));
    f.rhs(c) = -g;
  }
}

// with the factors in band (fil_project): project vs at the same positions
template <class F> GEOMINT_INLINE void fil_project_again(const F &f, int n)
{
  fil_project_rhs(f, n);
  if (f.bw(n) == 1)
    fil_band_subst<1>(f, f.cons0(n), f.ncons(n), 1);
  else
    fil_band_subst<0>(f, f.cons0(n), f.ncons(n), f.bw(n));
  fil_apply(f, n, 1.0, FilVs<F>{f});
}

// RATTLE: vs <- the M-orthogonal projection of vs onto the tangent space of
// the constraints at xs (G vs = 0 with G v = (r_c . (v_a - v_b))_c).  The
// factors stay in band: fil_project_again projects other velocities at the
// same positions
template <int BW, class F> GEOMINT_INLINE void fil_project_bw(const F &f, int n)
{
  const int c0 = f.cons0(n), nc = f.ncons(n), bw = BW > 0 ? BW : f.bw(n);
  for (int c = c0; c < c0 + nc; c++)
    for (int k = 0; k < 3; k++) f.r(c, k) = f.xs(f.ca(c), k) - f.xs(f.cb(c), k);
  for (int c = c0; c < c0 + nc; c++)
    for (int j = 0; j < 2 * bw + 1; j++) {
      const int e = c + j - bw;
      const double cp = f.cp(c, j);
      f.band(c, j) = cp != 0.0 ? cp * (f.r(c, 0) * f.r(e, 0) + f.r(c, 1) * f.r(e, 1) + f.r(c, 2) * f.r(e, 2)) : 0.0;
    }
  fil_band_factor<BW>(f, c0, nc, bw);
  fil_project_again(f, n);
}

template <class F> GEOMINT_INLINE void fil_project(const F &f, int n)
{
  if (f.bw(n) == 1)
    fil_project_bw<1>(f, n);
  else
    fil_project_bw<0>(f, n);
}

}    // namespace geomint

#endif
