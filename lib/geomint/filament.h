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
// (plain chains, half bandwidth 1, run fil_factor_group's Thomas algorithm)
template <class F> GEOMINT_INLINE void fil_band_factor(const F &f, int c0, int n, int bw)
{
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
template <class F> GEOMINT_INLINE void fil_band_subst(const F &f, int c0, int n, int bw)
{
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
// drifted positions): u_s += w_s sum_e z_e s_es r_e
template <class F, class U>
GEOMINT_INLINE void fil_apply(const F &f, int n, const U &u)
{
  const int c0 = f.cons0(n), nc = f.ncons(n);
  for (int e = c0; e < c0 + nc; e++) {
    const double z = f.rhs(e);
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

// ---------------------------------------------------------------------------
// groups of filaments.  Up to FIL_LANES filaments are solved together: the
// row loops of their tridiagonal (plain chain) factorisations and
// substitutions are interleaved, so that the chains of dependent operations
// of different filaments (a division, a multiplication and a subtraction per
// row) overlap in the processor instead of waiting one after the other.
// Every filament's arithmetic is that of a solve of it alone, in the same
// order: the result does not depend on the group it was solved in (ranks
// that group their filaments differently compute the same).  Filaments with a
// wider band (twistable) run the general band LU, one after the other.
constexpr int FIL_LANES = 4;

struct FilGroup {
  int count;              // filaments in the group, <= FIL_LANES
  int n[FIL_LANES];       // their numbers
  GEOMINT_INLINE unsigned all() const { return (1u << count) - 1u; }    // the mask of every lane
};

// The lanes of the group in mask: `band(c0, n, bw)` (the general band
// routine) on those with a wider band, one after the other; the rows of the
// plain chains (tridiagonal) into c0, nc (0 rows: not one of them); returns
// their largest row count (0: none)
template <class F, class Band>
GEOMINT_INLINE int fil_split_lanes(const F &f, const FilGroup &g, unsigned mask, const Band &band,
                                   int *c0, int *nc)
{
  int nmax = 0;
  for (int l = 0; l < FIL_LANES; l++) {
    c0[l] = nc[l] = 0;
    if (l >= g.count || !(mask >> l & 1u)) continue;
    const int n = g.n[l];
    if (f.bw(n) != 1) {
      band(f.cons0(n), f.ncons(n), f.bw(n));
      continue;
    }
    c0[l] = f.cons0(n);
    nc[l] = f.ncons(n);
    if (nc[l] > nmax) nmax = nc[l];
  }
  return nmax;
}

// fil_band_factor of the lanes in mask (half bandwidth 1: the Thomas
// algorithm, the lanes interleaved, the running pivots in registers)
template <class F> GEOMINT_INLINE void fil_factor_group(const F &f, const FilGroup &g, unsigned mask)
{
  int c0[FIL_LANES], nc[FIL_LANES];
  const int nmax = fil_split_lanes(
      f, g, mask, [&](int c, int n, int bw) { fil_band_factor(f, c, n, bw); }, c0, nc);
  if (!nmax) return;
  double d[FIL_LANES];
  for (int l = 0; l < FIL_LANES; l++) d[l] = nc[l] ? f.band(c0[l], 1) : 1.0;
  for (int k = 0; k < nmax - 1; k++)
    for (int l = 0; l < FIL_LANES; l++) {
      if (k >= nc[l] - 1) continue;
      const int c = c0[l] + k;
      const double rpiv = 1.0 / d[l];
      f.band(c, 1) = rpiv;
      const double m = f.band(c + 1, 0) * rpiv;
      f.band(c + 1, 0) = m;
      d[l] = f.band(c + 1, 1) - m * f.band(c, 2);
    }
  for (int l = 0; l < FIL_LANES; l++)
    if (nc[l]) f.band(c0[l] + nc[l] - 1, 1) = 1.0 / d[l];
}

// fil_band_subst of the lanes in mask
template <class F> GEOMINT_INLINE void fil_subst_group(const F &f, const FilGroup &g, unsigned mask)
{
  int c0[FIL_LANES], nc[FIL_LANES];
  const int nmax = fil_split_lanes(
      f, g, mask, [&](int c, int n, int bw) { fil_band_subst(f, c, n, bw); }, c0, nc);
  if (!nmax) return;
  double y[FIL_LANES];
  for (int l = 0; l < FIL_LANES; l++) y[l] = nc[l] ? f.rhs(c0[l]) : 0.0;
  for (int i = 1; i < nmax; i++)
    for (int l = 0; l < FIL_LANES; l++) {
      if (i >= nc[l]) continue;
      const int c = c0[l] + i;
      y[l] = f.rhs(c) - f.band(c, 0) * y[l];
      f.rhs(c) = y[l];
    }
  for (int l = 0; l < FIL_LANES; l++)
    if (nc[l]) {
      y[l] *= f.band(c0[l] + nc[l] - 1, 1);
      f.rhs(c0[l] + nc[l] - 1) = y[l];
    }
  for (int t = 0; t < nmax - 1; t++)
    for (int l = 0; l < FIL_LANES; l++) {
      const int k = nc[l] - 2 - t;
      if (k < 0) continue;
      const int c = c0[l] + k;
      y[l] = (f.rhs(c) - f.band(c, 2) * y[l]) * f.band(c, 1);
      f.rhs(c) = y[l];
    }
}

// the Jacobian of SHAKE of filament n at the drifted positions ys into band:
// d sigma_c / d lambda_e = 2 coupling(c,e) q_c . r_e (lambda in length^2/mass units)
template <int BW, class F> GEOMINT_INLINE void fil_shake_jacobian(const F &f, int n)
{
  const int c0 = f.cons0(n), nc = f.ncons(n), bw = BW > 0 ? BW : f.bw(n);
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
}

// A(tau) of the filaments of group g under their constraints (SHAKE): the
// positions ys = xs + tau (vs + M^-1 G(xs)^T lambda) that satisfy every
// constraint, by Newton's method on lambda (banded LU of the Jacobian, kept
// while it converges fast).  On return vs holds the constrained velocity and
// ys the new positions (xs unchanged); out[l]: the outcome of filament l
template <class F>
GEOMINT_INLINE void fil_shake_group(const F &f, const FilGroup &g, double tau, double tol, int maxit,
                                    FilSolve *out)
{
  unsigned active = 0, factored = 0;
  double previous[FIL_LANES];
  for (int l = 0; l < g.count; l++) {
    const int n = g.n[l], s0 = f.bead0(n), ns = f.nbead(n), c0 = f.cons0(n), nc = f.ncons(n);
    for (int c = c0; c < c0 + nc; c++)
      for (int k = 0; k < 3; k++) f.r(c, k) = f.xs(f.ca(c), k) - f.xs(f.cb(c), k);
    for (int s = s0; s < s0 + ns; s++)
      for (int k = 0; k < 3; k++) f.ys(s, k) = f.xs(s, k) + tau * f.vs(s, k);
    out[l] = {0, fil_residual(f, n), false};
    previous[l] = 0.0;
    if (!(out[l].residual <= tol) && maxit > 0) active |= 1u << l;
  }
  // Newton's method with the Jacobian kept while it converges fast (a chord
  // step: the Jacobian moves by O(|lambda|), tiny next to its size, so the
  // second and later steps rarely need a new one); rebuilt when an iteration
  // gains less than a factor 10
  while (active) {
    unsigned build = 0;
    for (int l = 0; l < g.count; l++) {
      if (!(active >> l & 1u)) continue;
      if (!(factored >> l & 1u) || !(out[l].residual < 0.1 * previous[l])) {
        if (f.bw(g.n[l]) == 1)
          fil_shake_jacobian<1>(f, g.n[l]);
        else
          fil_shake_jacobian<0>(f, g.n[l]);
        build |= 1u << l;
      }
      previous[l] = out[l].residual;
    }
    fil_factor_group(f, g, build);
    factored |= build;
    fil_subst_group(f, g, active);
    for (int l = 0; l < g.count; l++) {
      if (!(active >> l & 1u)) continue;
      fil_apply(f, g.n[l], FilYs<F>{f});
      out[l].iterations++;
      out[l].residual = fil_residual(f, g.n[l]);
      if (out[l].residual <= tol || out[l].iterations >= maxit) active &= ~(1u << l);
    }
  }
  // the velocity that the constrained drift implies
  const double itau = 1.0 / tau;
  for (int l = 0; l < g.count; l++) {
    out[l].converged = out[l].residual <= tol;
    const int s0 = f.bead0(g.n[l]), ns = f.nbead(g.n[l]);
    for (int s = s0; s < s0 + ns; s++)
      for (int k = 0; k < 3; k++) f.vs(s, k) += (f.ys(s, k) - f.xs(s, k) - tau * f.vs(s, k)) * itau;
  }
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

// with the factors in band (fil_project_group): project vs at the same positions
template <class F> GEOMINT_INLINE void fil_project_again_group(const F &f, const FilGroup &g)
{
  for (int l = 0; l < g.count; l++) fil_project_rhs(f, g.n[l]);
  fil_subst_group(f, g, g.all());
  for (int l = 0; l < g.count; l++) fil_apply(f, g.n[l], FilVs<F>{f});
}

// the Gram matrix G M^-1 G^T of filament n at xs into band, r: the constraint vectors
template <int BW, class F> GEOMINT_INLINE void fil_gram(const F &f, int n)
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
}

// RATTLE: vs <- the M-orthogonal projection of vs onto the tangent space of
// the constraints at xs (G vs = 0 with G v = (r_c . (v_a - v_b))_c), for the
// filaments of group g.  The factors stay in band: fil_project_again_group
// projects other velocities at the same positions
template <class F> GEOMINT_INLINE void fil_project_group(const F &f, const FilGroup &g)
{
  for (int l = 0; l < g.count; l++) {
    if (f.bw(g.n[l]) == 1)
      fil_gram<1>(f, g.n[l]);
    else
      fil_gram<0>(f, g.n[l]);
  }
  fil_factor_group(f, g, g.all());
  fil_project_again_group(f, g);
}

}    // namespace geomint

#endif
