// GEOMINT bonded-term energies and gradients in Cartesian coordinates, for the
// midpoint discrete gradient of lib/geomint/dg.h (midpoint_dg): the angle at
// atom 1 of atoms 0-1-2 and the dihedral 0-1-2-3 with LAMMPS's conventions
// (IUPAC: cis = 0, trans = 180 deg; the sign of phi as in dihedral charmm),
// and the potentials of the angle, dihedral and improper styles that have a DG
// variant.  Every function is finite for every input: a straight angle or a
// vanishing bond (where LAMMPS's own styles warn and clamp) gives a clamped
// cosine and a bounded gradient, never NaN or Inf.  Host and device code, no
// LAMMPS.
#ifndef GEOMINT_DG_TERMS_H
#define GEOMINT_DG_TERMS_H

#include "geomint_inline.h"

#include <cmath>

namespace geomint {
namespace dg {

  // the smallest sin^2 of a bond angle the dihedral gradient divides by: below it
  // (an angle within 0.06 deg of straight) the angle is treated as that bent,
  // in the direction it has; LAMMPS's dihedral styles divide by |A|^2 unguarded
  constexpr double DIHEDRAL_SIN2_FLOOR = 1e-12;
  // LAMMPS's angle and improper styles floor sin theta (angle harmonic: s < 0.001)
  constexpr double ANGLE_SIN_FLOOR = 0.001;

  GEOMINT_INLINE double dot3(const double *a, const double *b)
  {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  }

  GEOMINT_INLINE void cross3(const double *a, const double *b, double *c)
  {
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
  }

  GEOMINT_INLINE double clamp1(double c) { return c > 1.0 ? 1.0 : (c < -1.0 ? -1.0 : c); }

  // cos theta of the angle at atom 1 (clamped to [-1, 1]) and, if dc is given,
  // its gradient d cos theta / d x_a.  Coincident atoms give cos theta = 0 and a
  // zero gradient for the vanishing bond (LAMMPS divides by zero there).
  GEOMINT_INLINE double angle_cos_grad(const double (&x)[3][3], double (*dc)[3])
  {
    double b1[3], b2[3];
    for (int d = 0; d < 3; d++) {
      b1[d] = x[0][d] - x[1][d];
      b2[d] = x[2][d] - x[1][d];
    }
    const double r1sq = dot3(b1, b1), r2sq = dot3(b2, b2);
    const double inv1 = r1sq > 0.0 ? 1.0 / std::sqrt(r1sq) : 0.0;
    const double inv2 = r2sq > 0.0 ? 1.0 / std::sqrt(r2sq) : 0.0;
    const double craw = dot3(b1, b2) * inv1 * inv2;
    const double c = clamp1(craw);
    if (dc) {
      // outside [-1, 1] (round-off at a straight angle) the clamp is flat
      const double live = (craw == c) ? 1.0 : 0.0;
      for (int d = 0; d < 3; d++) {
        dc[0][d] = live * (b2[d] * inv1 * inv2 - c * b1[d] * inv1 * inv1);
        dc[2][d] = live * (b1[d] * inv1 * inv2 - c * b2[d] * inv2 * inv2);
        dc[1][d] = -(dc[0][d] + dc[2][d]);
      }
    }
    return c;
  }

  // the dihedral 0-1-2-3: cos phi and sin phi (LAMMPS's sign, dihedral charmm),
  // and, if dphi is given, d phi / d x_a (Blondel and Karplus, J. Comput. Chem.
  // 17, 1132 (1996)) with F = x0 - x1, G = x1 - x2, H = x3 - x2, A = F x G,
  // B = H x G.  |A|^2, |B|^2 are floored at DIHEDRAL_SIN2_FLOOR |F|^2 |G|^2
  // (|H|^2 |G|^2): a straight angle gives a bounded gradient.
  GEOMINT_INLINE void dihedral_geom(const double (&x)[4][3], double &c, double &s,
                                    double (*dphi)[3])
  {
    double F[3], G[3], H[3], A[3], B[3];
    for (int d = 0; d < 3; d++) {
      F[d] = x[0][d] - x[1][d];
      G[d] = x[1][d] - x[2][d];
      H[d] = x[3][d] - x[2][d];
    }
    cross3(F, G, A);
    cross3(H, G, B);
    const double gsq = dot3(G, G);
    const double g = std::sqrt(gsq);
    const double fa = DIHEDRAL_SIN2_FLOOR * dot3(F, F) * gsq;
    const double fb = DIHEDRAL_SIN2_FLOOR * dot3(H, H) * gsq;
    double asq = dot3(A, A), bsq = dot3(B, B);
    if (asq < fa) asq = fa;
    if (bsq < fb) bsq = fb;
    const double ab = asq > 0.0 && bsq > 0.0 ? 1.0 / std::sqrt(asq * bsq) : 0.0;
    c = clamp1(dot3(A, B) * ab);
    s = clamp1(g * dot3(A, H) * ab);
    if (!dphi) return;
    if (!(asq > 0.0 && bsq > 0.0 && g > 0.0)) {    // coincident atoms: no direction at all
      for (int a = 0; a < 4; a++) dphi[a][0] = dphi[a][1] = dphi[a][2] = 0.0;
      return;
    }
    const double ia = 1.0 / asq, ib = 1.0 / bsq, ig = 1.0 / g;
    const double fg = dot3(F, G) * ig * ia, hg = dot3(H, G) * ig * ib;
    for (int d = 0; d < 3; d++) {
      dphi[0][d] = -g * ia * A[d];
      dphi[3][d] = g * ib * B[d];
      dphi[1][d] = g * ia * A[d] + fg * A[d] - hg * B[d];
      dphi[2][d] = hg * B[d] - fg * A[d] - g * ib * B[d];
    }
  }

  // ---------------------------------------------------------------------------
  // potentials: energy of one term at x, and (if grad is given) dV/dx_a.
  // Angle potentials are U(cos theta); dihedral potentials U(phi) through
  // dihedral_geom; the improper styles of LAMMPS use the dihedral 0-1-2-3.
  // ---------------------------------------------------------------------------

  // V = U(cos theta) with dU/dcos from u(c, &dudc)
  template <class U>
  GEOMINT_INLINE double angle_energy(const double (&x)[3][3], double (*grad)[3], const U &u)
  {
    double dc[3][3];
    const double c = angle_cos_grad(x, grad ? dc : nullptr);
    double dudc = 0.0;
    const double v = u(c, dudc);
    if (grad)
      for (int a = 0; a < 3; a++)
        for (int d = 0; d < 3; d++) grad[a][d] = dudc * dc[a][d];
    return v;
  }

  // V = U(phi) with dU/dphi from u(c, s, &dudphi) (c = cos phi, s = sin phi)
  template <class U>
  GEOMINT_INLINE double dihedral_energy(const double (&x)[4][3], double (*grad)[3], const U &u)
  {
    double c, s, dphi[4][3];
    dihedral_geom(x, c, s, grad ? dphi : nullptr);
    double dudphi = 0.0;
    const double v = u(c, s, dudphi);
    if (grad)
      for (int a = 0; a < 4; a++)
        for (int d = 0; d < 3; d++) grad[a][d] = dudphi * dphi[a][d];
    return v;
  }

  // angle harmonic K (theta - theta0)^2; dU/dc = -2 K (theta - theta0) / sin theta
  // with sin theta floored as LAMMPS's angle harmonic does
  struct AngleHarmonic {
    double k, theta0;
    GEOMINT_INLINE double operator()(double c, double &dudc) const
    {
      const double dtheta = std::acos(c) - theta0;
      double s = std::sqrt(1.0 - c * c);
      if (s < ANGLE_SIN_FLOOR) s = ANGLE_SIN_FLOOR;
      dudc = -2.0 * k * dtheta / s;
      return k * dtheta * dtheta;
    }
  };

  // angle cosine/squared K (cos theta - cos theta0)^2
  struct AngleCosineSquared {
    double k, cos0;
    GEOMINT_INLINE double operator()(double c, double &dudc) const
    {
      dudc = 2.0 * k * (c - cos0);
      return k * (c - cos0) * (c - cos0);
    }
  };

  // polynomial sum_i a_i cos^i phi (i < n): dihedral nharmonic, multi/harmonic;
  // dU/dphi = -sin phi dU/dc
  struct DihedralCosPolynomial {
    const double *a;
    int n;
    GEOMINT_INLINE double operator()(double c, double s, double &dudphi) const
    {
      double p = 0.0, dp = 0.0;
      for (int i = n - 1; i >= 0; i--) {
        dp = dp * c + p;
        p = p * c + a[i];
      }
      dudphi = -s * dp;
      return p;
    }
  };

  // dihedral opls: k1 (1 + cos phi) + k2 (1 - cos 2phi) + k3 (1 + cos 3phi) + k4 (1 - cos 4phi)
  // (k_i = K_i / 2, as LAMMPS stores them)
  struct DihedralOPLS {
    double k1, k2, k3, k4;
    GEOMINT_INLINE double operator()(double c, double s, double &dudphi) const
    {
      // cos n phi and sin n phi by the angle-addition recursion
      const double c2 = c * c - s * s, s2 = 2.0 * s * c;
      const double c3 = c2 * c - s2 * s, s3 = s2 * c + c2 * s;
      const double c4 = c2 * c2 - s2 * s2, s4 = 2.0 * s2 * c2;
      dudphi = -k1 * s + 2.0 * k2 * s2 - 3.0 * k3 * s3 + 4.0 * k4 * s4;
      return k1 * (1.0 + c) + k2 * (1.0 - c2) + k3 * (1.0 + c3) + k4 * (1.0 - c4);
    }
  };

  // angle cosine K (1 + cos theta)
  struct AngleCosine {
    double k;
    GEOMINT_INLINE double operator()(double c, double &dudc) const
    {
      dudc = k;
      return k * (1.0 + c);
    }
  };

  // cos n phi and sin n phi from cos phi and sin phi (angle addition, n >= 0)
  GEOMINT_INLINE void multiple_angle(double c, double s, int n, double &cn, double &sn)
  {
    cn = 1.0;
    sn = 0.0;
    for (int i = 0; i < n; i++) {
      const double t = cn * c - sn * s;
      sn = sn * c + cn * s;
      cn = t;
    }
  }

  // Chebyshev T_n(c) = cos(n phi) for c = cos phi: the distance DGs' form
  GEOMINT_INLINE double chebyshev(double c, int n)
  {
    double t0 = 1.0, t1 = c;
    if (n == 0) return 1.0;
    for (int i = 1; i < n; i++) {
      const double t2 = 2.0 * c * t1 - t0;
      t0 = t1;
      t1 = t2;
    }
    return t1;
  }

  // dihedral charmm (the torsion, without its 1-4 pair part):
  // K [1 + cos(n phi - d)] = K [1 + cos n phi cos d + sin n phi sin d]
  struct DihedralCharmmTorsion {
    double k;
    int n;
    double cos_shift, sin_shift;
    GEOMINT_INLINE double operator()(double c, double s, double &dudphi) const
    {
      double cn, sn;
      multiple_angle(c, s, n, cn, sn);
      dudphi = k * n * (cn * sin_shift - sn * cos_shift);
      return k * (1.0 + cn * cos_shift + sn * sin_shift);
    }
  };

  // improper harmonic K (chi - chi0)^2, chi = acos(cos phi) = |phi| of the
  // dihedral 0-1-2-3 (LAMMPS's improper harmonic)
  struct ImproperHarmonic {
    double k, chi0;
    GEOMINT_INLINE double operator()(double c, double s, double &dudphi) const
    {
      const double dchi = std::acos(c) - chi0;
      dudphi = 2.0 * k * dchi * (s > 0.0 ? 1.0 : (s < 0.0 ? -1.0 : 0.0));
      return k * dchi * dchi;
    }
  };

  // improper cvff K [1 + d cos(n phi)], d = +-1, of the dihedral 0-1-2-3
  struct ImproperCvff {
    double k;
    int d, n;
    GEOMINT_INLINE double operator()(double c, double s, double &dudphi) const
    {
      double cn, sn;
      multiple_angle(c, s, n, cn, sn);
      dudphi = -k * d * n * sn;
      return k * (1.0 + d * cn);
    }
  };

}    // namespace dg
}    // namespace geomint

#endif
