// GEOMINT discrete-gradient kernels (V. Grimm, T. Kliesch and G. R. W. Quispel,
// Discrete gradients in short-range molecular dynamics simulations, Numer.
// Algorithms, doi:10.1007/s11075-023-01717-4, arXiv:2212.14344): every
// short-range term is a function of inter-atomic distances,
// and its discrete gradient between an old and a new configuration is built
// from difference quotients Delta_k of the potential along the distances.
//
//   pair / bond (LaBudde-Greenspan):  Delta = (V(r') - V(r)) / (r' - r)
//   angle (3 distances), dihedral (6): Itoh-Abe path differences, left, right
//                                      or symmetrized (the mean of the two)
//   angle, dihedral, improper (GEOMINT's default, midpoint_dg below): the
//                                      gradient at the midpoint plus a
//                                      central-force correction
//
// and the force on atom b of a distance (a,b) is -Delta e_ab, on atom a
// +Delta e_ab, with e_ab = (R'_ab + R_ab) / (r'_ab + r_ab), R_ab = q_b - q_a.
// The DG identity <grad, q' - q> = V(q') - V(q) holds term by term because
// <R' + R, R' - R> = r'^2 - r^2.  Host and device code, no LAMMPS.
#ifndef GEOMINT_DG_H
#define GEOMINT_DG_H

#include "geomint_inline.h"

#include <cmath>

namespace geomint {
namespace dg {

  // |d' - d| < DEGENERATE_REL * d: the quotient would lose digits; use the
  // derivative at the midpoint instead (error O(V''' (d'-d)^3), symmetric)
  constexpr double DEGENERATE_REL = 1e-6;
  // relative step of the five-point central difference used for that derivative
  // (truncation O(h^4 V^(5)), rounding O(eps V/h): both about 1e-11 relative)
  constexpr double DERIV_STEP = 2e-4;

  // SYM, LEFT, RIGHT: the paper's distance path DGs; MIDPOINT: midpoint_dg
  enum Variant { SYM = 0, LEFT = 1, RIGHT = 2, MIDPOINT = 3 };


  // (b^n - a^n) / (b - a) for n >= 1, cancellation-free: sum_k b^(n-1-k) a^k
  GEOMINT_INLINE double power_quotient(double a, double b, int n)
  {
    double s = 0.0, bp = 1.0;
    for (int k = 0; k < n; k++) {
      s = s * a + bp;    // Horner in a over the powers of b
      bp *= b;
    }
    return s;    // sum_{k=0}^{n-1} b^k a^(n-1-k)
  }

  // Q_n(r, r') = (r'^-n - r^-n) / (r' - r) = -(1/(r r')) (a^n - b^n)/(a - b),
  // a = 1/r', b = 1/r
  GEOMINT_INLINE double inverse_power_quotient(double r, double rn, int n)
  {
    const double a = 1.0 / rn, b = 1.0 / r;
    return -a * b * power_quotient(b, a, n);
  }

  // LJ 12-6: V = lj1 r^-12 - lj2 r^-6 (+ constant); Delta without cancellation,
  // with (a^6 - b^6)/(a - b) = (a^2 + ab + b^2)(a^3 + b^3) and
  // (a^12 - b^12)/(a - b) = that times (a^6 + b^6): sums of positive terms
  // the same from the inverse distances a = 1/r', b = 1/r
  GEOMINT_INLINE double lj_quotient_inv(double lj1, double lj2, double b, double a)
  {
    const double a2 = a * a, b2 = b * b, a3 = a2 * a, b3 = b2 * b;
    const double q6 = (a2 + a * b + b2) * (a3 + b3);
    const double q12 = q6 * (a3 * a3 + b3 * b3);
    return -a * b * (lj1 * q12 - lj2 * q6);
  }

  // LJ 12-6 as a function of s = r^2, V = lj1 s^-6 - lj2 s^-3: the quotient
  // (V(s') - V(s)) / (s' - s) from u = 1/s, w = 1/s', cancellation-free
  // ((u^3 - w^3)/(u - w) = u^2 + uw + w^2, (u^6 - w^6)/(u - w) = that times
  // (u^3 + w^3)).  It is Delta / (r + r'): the pair's DG force is it times
  // (R + R'), with no square root.
  // (T: double, or a vector of doubles for lanes of pairs, lanes.h)
  template <class T>
  GEOMINT_FORCE_INLINE T lj_quotient_sq(const T &lj1, const T &lj2, const T &u, const T &w)
  {
    const T q3 = u * u + u * w + w * w;
    return -u * w * q3 * (lj1 * (u * u * u + w * w * w) - lj2);
  }

  GEOMINT_INLINE double lj_quotient(double lj1, double lj2, double r, double rn)
  {
    return lj_quotient_inv(lj1, lj2, 1.0 / r, 1.0 / rn);
  }

  // harmonic K (r - r0)^2: Delta = K (r + r' - 2 r0)
  GEOMINT_INLINE double harmonic_quotient(double k, double r0, double r, double rn)
  {
    return k * (r + rn - 2.0 * r0);
  }

  // e_ab = (R'_ab + R_ab) / (r'_ab + r_ab)
  GEOMINT_INLINE void mean_direction(const double R[3], const double Rn[3], double r, double rn,
                                     double e[3])
  {
    const double inv = 1.0 / (r + rn);
    for (int d = 0; d < 3; d++) e[d] = (R[d] + Rn[d]) * inv;
  }

  // Difference quotient of a scalar function g along one coordinate, g(x') - g(x)
  // over x' - x, with the midpoint derivative for a degenerate segment.
  // gx, gxn: g at the two ends (already evaluated); eval(t) gives g at x + t (x' - x)
  // scaled coordinate, used only in the degenerate case.
  // (degtol: the relative length below which a segment is degenerate)
  template <class Eval>
  GEOMINT_INLINE double quotient(double x, double xn, double gx, double gxn, const Eval &eval,
                                 double degtol = DEGENERATE_REL)
  {
    const double dx = xn - x;
    const double scale = std::fabs(x) > std::fabs(xn) ? std::fabs(x) : std::fabs(xn);
    if (std::fabs(dx) > degtol * scale) return (gxn - gx) / dx;
    const double m = 0.5 * (x + xn), h = DERIV_STEP * (scale > 0.0 ? scale : 1.0);
    return (8.0 * (eval(m + h) - eval(m - h)) - (eval(m + 2.0 * h) - eval(m - 2.0 * h))) /
        (12.0 * h);
  }

  // Path discrete gradient of V(d_0 .. d_{N-1}) between distances d and dn.
  //   left:  Delta_k = [V(dn_0..dn_k, d_{k+1}..) - V(dn_0..dn_{k-1}, d_k..)] / (dn_k - d_k)
  //   right: the left quotients with d and dn exchanged
  //   sym:   their mean (time-symmetric, 2nd order)
  // pot(const double *dist) returns V.  Returns V(d) in *v_old and V(dn) in *v_new.
  // degtol: quotient()'s degenerate segment
  template <int N, class Pot>
  GEOMINT_INLINE void path_dg(const double d[N], const double dn[N], const Pot &pot, int variant,
                              double delta[N], double *v_old = nullptr, double *v_new = nullptr,
                              double degtol = DEGENERATE_REL)
  {
    double state[N];
    double vl[N + 1];    // V of the left path states P_0..P_N (first k primed)
    for (int k = 0; k < N; k++) state[k] = d[k];
    vl[0] = pot(state);
    for (int k = 0; k < N; k++) {
      state[k] = dn[k];
      vl[k + 1] = pot(state);
    }
    if (v_old) *v_old = vl[0];
    if (v_new) *v_new = vl[N];
    double left[N], right[N];
    if (variant != RIGHT) {
      for (int k = 0; k < N; k++) {
        // P_k differs from P_{k+1} in coordinate k only
        for (int j = 0; j < N; j++) state[j] = j < k ? dn[j] : d[j];
        left[k] = quotient(
            d[k], dn[k], vl[k], vl[k + 1],
            [&](double t) {
              state[k] = t;
              return pot(state);
            },
            degtol);
      }
    }
    if (variant != LEFT) {
      // right states Q_k: first k unprimed, the rest primed; Q_0 = dn, Q_N = d
      double vr[N + 1];
      vr[0] = vl[N];
      vr[N] = vl[0];
      for (int k = 1; k < N; k++) {
        for (int j = 0; j < N; j++) state[j] = j < k ? d[j] : dn[j];
        vr[k] = pot(state);
      }
      for (int k = 0; k < N; k++) {
        for (int j = 0; j < N; j++) state[j] = j < k ? d[j] : dn[j];
        // Q_{k+1} - Q_k changes coordinate k from dn_k to d_k
        right[k] = quotient(
            d[k], dn[k], vr[k + 1], vr[k],
            [&](double t) {
              state[k] = t;
              return pot(state);
            },
            degtol);
      }
    }
    for (int k = 0; k < N; k++)
      delta[k] = variant == LEFT ? left[k] : variant == RIGHT ? right[k] : 0.5 * (left[k] + right[k]);
  }

  // cos of the angle at j of i-j-k from the distances a = r_ji, b = r_jk, c = r_ik
  GEOMINT_INLINE double angle_cos(double a, double b, double c)
  {
    return (a * a + b * b - c * c) / (2.0 * a * b);
  }

  // cos phi of the dihedral i-j-k-l from d = (r_ij, r_jk, r_kl, r_ik, r_jl, r_il)
  // (Grimm et al., Lemma 4; IUPAC: trans = 180 deg, as LAMMPS).  The radicands are
  // floored at a tiny positive value for (near-)collinear triples.
  GEOMINT_INLINE double dihedral_cos(const double d[6])
  {
    const double ij2 = d[0] * d[0], jk2 = d[1] * d[1], kl2 = d[2] * d[2];
    const double ik2 = d[3] * d[3], jl2 = d[4] * d[4], il2 = d[5] * d[5];
    const double u = ij2 + jk2 - ik2, w = jk2 + kl2 - jl2;
    const double num = w * u - 2.0 * jk2 * (jk2 + il2 - jl2 - ik2);
    // r1, r2 are length^4: the floor must be too, or cos phi depends on the units
    const double floor = 1e-30 * jk2 * (ij2 + kl2);
    double r1 = 4.0 * jk2 * ij2 - u * u, r2 = 4.0 * jk2 * kl2 - w * w;
    if (r1 < floor) r1 = floor;
    if (r2 < floor) r2 = floor;
    return num / std::sqrt(r1 * r2);
  }

  // the six atom pairs of the dihedral distances, as (atom index a, atom index b)
  // in 0..3 = i, j, k, l
  constexpr int DIHEDRAL_PAIRS[6][2] = {{0, 1}, {1, 2}, {2, 3}, {0, 2}, {1, 3}, {0, 3}};
  // the three pairs of an angle i-j-k (0, 1, 2): a = (j,i), b = (j,k), c = (i,k)
  constexpr int ANGLE_PAIRS[3][2] = {{1, 0}, {1, 2}, {0, 2}};

  // forces f[atom][3] += -grad of the distance terms: for each pair (a,b) with
  // quotient Delta_p, f_b -= Delta_p e_ab, f_a += Delta_p e_ab.  xo, xn: positions
  template <int N, int NATOM>
  GEOMINT_INLINE void scatter_forces(const int (&pairs)[N][2], const double (&xo)[NATOM][3],
                                     const double (&xn)[NATOM][3], const double delta[N],
                                     double (&f)[NATOM][3])
  {
    for (int p = 0; p < N; p++) {
      const int a = pairs[p][0], b = pairs[p][1];
      double R[3], Rn[3];
      for (int d = 0; d < 3; d++) {
        R[d] = xo[b][d] - xo[a][d];
        Rn[d] = xn[b][d] - xn[a][d];
      }
      const double r = std::sqrt(R[0] * R[0] + R[1] * R[1] + R[2] * R[2]);
      const double rn = std::sqrt(Rn[0] * Rn[0] + Rn[1] * Rn[1] + Rn[2] * Rn[2]);
      double e[3];
      mean_direction(R, Rn, r, rn, e);
      for (int d = 0; d < 3; d++) {
        f[b][d] -= delta[p] * e[d];
        f[a][d] += delta[p] * e[d];
      }
    }
  }

  // the distances of the given pairs in a configuration x
  template <int N, int NATOM>
  GEOMINT_INLINE void distances(const int (&pairs)[N][2], const double (&x)[NATOM][3], double dist[N])
  {
    for (int p = 0; p < N; p++) {
      double s = 0.0;
      for (int d = 0; d < 3; d++) {
        const double q = x[pairs[p][1]][d] - x[pairs[p][0]][d];
        s += q * q;
      }
      dist[p] = std::sqrt(s);
    }
  }

  // One bonded term of NATOM atoms whose energy pot(dist) depends on NDIST
  // distances (pairs): the discrete-gradient forces between the configurations
  // xo and xn are added to f; V(xo), V(xn) returned in vo, vn.
  template <int NDIST, int NATOM, class Pot>
  GEOMINT_INLINE void term_dg(const int (&pairs)[NDIST][2], const double (&xo)[NATOM][3],
                              const double (&xn)[NATOM][3], const Pot &pot, int variant,
                              double (&f)[NATOM][3], double &vo, double &vn,
                              double degtol = DEGENERATE_REL)
  {
    double d[NDIST], dn[NDIST], delta[NDIST];
    distances(pairs, xo, d);
    distances(pairs, xn, dn);
    path_dg<NDIST>(d, dn, pot, variant, delta, &vo, &vn, degtol);
    scatter_forces(pairs, xo, xn, delta, f);
  }

  // The midpoint discrete gradient of one bonded term of NATOM atoms (the
  // Gonzalez construction, made local and conservative):
  //   grad_bar V = grad V(xm) + alpha p,  xm = (xo + xn) / 2,  dx = xn - xo,
  //   p_b = sum_a (e_ab . (dx_b - dx_a)) e_ab   (e_ab = unit vector xm_b - xm_a),
  //   alpha = h / <p, dx>,  h = V(xn) - V(xo) - <grad V(xm), dx>.
  // <grad_bar V, dx> = V(xn) - V(xo) holds by construction (to round-off, for
  // any V and any gradient routine); p is a sum of central pair forces at xm, so
  // the DG sums to zero over the atoms and has no torque about the origin at
  // xm: linear and angular momentum are conserved exactly, as by the paper's
  // distance DGs (sum_i (x_i + x'_i) x grad_i = 0).  It is symmetric in
  // (xo, xn), so the method stays second order and time-reversible.  V is only
  // evaluated at the two configurations and its gradient at their midpoint, all
  // real geometries, where the distance DGs evaluate V on mixed distance tuples
  // that no geometry realises.
  //   For a smooth V, h = O(|dx|^2 |p|): the correction is second order.  When h
  // is below its own round-off (MIDPOINT_ROUND eps (|V| + |V'| + sum |g.dx|)) it
  // is dropped (the identity then holds to that round-off), so tiny steps get
  // no amplified noise.  <p, dx> = sum (e_ab . (dx_b - dx_a))^2 vanishes only
  // for a rigid motion (or a flex of a planar term out of its plane); a
  // non-negligible h there (a term at a singular geometry: a straight angle
  // under a dihedral, coincident atoms) is carried along dx itself, which keeps
  // the identity and costs momentum conservation only at that term and step.
  // energy(x, grad) returns V(x) and, when grad is not null, dV/dx into it.
  constexpr double MIDPOINT_ROUND = 16.0;
  template <int NATOM, class Energy>
  GEOMINT_INLINE void midpoint_dg(const double (&xo)[NATOM][3], const double (&xn)[NATOM][3],
                                  const Energy &energy, double (&f)[NATOM][3], double &vo,
                                  double &vn)
  {
    double xm[NATOM][3], dx[NATOM][3], gm[NATOM][3], p[NATOM][3];
    double dxsq = 0.0;
    for (int a = 0; a < NATOM; a++)
      for (int d = 0; d < 3; d++) {
        xm[a][d] = 0.5 * (xo[a][d] + xn[a][d]);
        dx[a][d] = xn[a][d] - xo[a][d];
        dxsq += dx[a][d] * dx[a][d];
        p[a][d] = 0.0;
      }
    vo = energy(xo, nullptr);
    vn = energy(xn, nullptr);
    energy(xm, gm);
    double pdx = 0.0, gdx = 0.0, gdx_abs = 0.0;
    for (int a = 0; a < NATOM; a++)
      for (int b = a + 1; b < NATOM; b++) {
        double R[3], D[3];
        for (int d = 0; d < 3; d++) {
          R[d] = xm[b][d] - xm[a][d];
          D[d] = dx[b][d] - dx[a][d];
        }
        const double rsq = R[0] * R[0] + R[1] * R[1] + R[2] * R[2];
        if (!(rsq > 0.0)) continue;
        const double rd = R[0] * D[0] + R[1] * D[1] + R[2] * D[2];
        const double u = rd / rsq;
        pdx += u * rd;
        for (int d = 0; d < 3; d++) {
          p[b][d] += u * R[d];
          p[a][d] -= u * R[d];
        }
      }
    for (int a = 0; a < NATOM; a++)
      for (int d = 0; d < 3; d++) {
        gdx += gm[a][d] * dx[a][d];
        gdx_abs += std::fabs(gm[a][d] * dx[a][d]);
      }
    const double h = (vn - vo) - gdx;
    const double herr = MIDPOINT_ROUND * 1.1102230246251565e-16 *
        (std::fabs(vo) + std::fabs(vn) + gdx_abs);
    double alpha = 0.0;
    if (std::fabs(h) > herr) {
      // (a quotient that would overflow is a rigid step: carried along dx)
      if (pdx > 0.0 && std::fabs(h) < 1e300 * pdx) {
        alpha = h / pdx;
      } else if (dxsq > 0.0) {
        alpha = h / dxsq;
        for (int a = 0; a < NATOM; a++)
          for (int d = 0; d < 3; d++) p[a][d] = dx[a][d];
      }
    }
    for (int a = 0; a < NATOM; a++)
      for (int d = 0; d < 3; d++) f[a][d] -= gm[a][d] + alpha * p[a][d];
  }

}    // namespace dg
}    // namespace geomint

#endif
