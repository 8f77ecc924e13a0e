// GEOMINT Rotne-Prager-Yamakawa mobility blocks of equal spheres in free space
// (fix rigid/quat/hi with hi rpy; doc/fix_rigid_quat_hi.rst), with the
// overlap regularisation of Wajnryb et al. 2013 for r < 2a, which keeps the
// 6n x 6n mobility symmetric positive definite for every configuration.
//
// Blocks of the pair (i, j), r = x_i - x_j, e = r/|r|: mu_tt (velocity of i
// from a force on j), mu_rr (angular velocity from torque) and mu_tr = mu_rt
// with mu_tr u = c (u x e): the velocity of i from a torque u on j, and the
// angular velocity of i from a force u on j.  The self blocks (i = j) are
// 1/(6 pi eta a) and 1/(8 pi eta a^3) times the identity, with no tr coupling.
#ifndef GEOMINT_RPY_H
#define GEOMINT_RPY_H

#include "geomint_inline.h"

#include <cmath>

namespace geomint {

struct RPYBlocks {
  double tt[3][3], rr[3][3], tr[3][3];
};

GEOMINT_INLINE void rpy_self(double a, double eta, RPYBlocks &B)
{
  const double pi = 3.14159265358979323846;
  const double t = 1.0 / (6.0 * pi * eta * a), r = 1.0 / (8.0 * pi * eta * a * a * a);
  for (int m = 0; m < 3; m++)
    for (int n = 0; n < 3; n++) {
      B.tt[m][n] = m == n ? t : 0.0;
      B.rr[m][n] = m == n ? r : 0.0;
      B.tr[m][n] = 0.0;
    }
}

// the pair blocks for separation rvec = x_i - x_j (|rvec| > 0)
GEOMINT_INLINE void rpy_pair(const double rvec[3], double a, double eta, RPYBlocks &B)
{
  const double pi = 3.14159265358979323846;
  const double r = std::sqrt(rvec[0] * rvec[0] + rvec[1] * rvec[1] + rvec[2] * rvec[2]);
  const double e[3] = {rvec[0] / r, rvec[1] / r, rvec[2] / r};
  double t_id, t_ee, r_id, r_ee, c_tr;
  if (r >= 2.0 * a) {
    const double a2 = a * a / (r * r);
    const double f = 1.0 / (8.0 * pi * eta * r);
    t_id = f * (1.0 + 2.0 * a2 / 3.0);
    t_ee = f * (1.0 - 2.0 * a2);
    const double g = 1.0 / (16.0 * pi * eta * r * r * r);
    r_id = -g;
    r_ee = 3.0 * g;
    c_tr = 1.0 / (8.0 * pi * eta * r * r);
  } else {
    const double x = r / a;
    const double ft = 1.0 / (6.0 * pi * eta * a);
    t_id = ft * (1.0 - 9.0 * x / 32.0);
    t_ee = ft * (3.0 * x / 32.0);
    const double fr = 1.0 / (8.0 * pi * eta * a * a * a);
    r_id = fr * (1.0 - 27.0 * x / 32.0 + 5.0 * x * x * x / 64.0);
    r_ee = fr * (9.0 * x / 32.0 - 3.0 * x * x * x / 64.0);
    c_tr = r * (1.0 - 3.0 * x / 8.0) / (16.0 * pi * eta * a * a * a);
  }
  for (int m = 0; m < 3; m++)
    for (int n = 0; n < 3; n++) {
      // (e_m e_n first: the blocks are then exactly symmetric)
      const double id = m == n ? 1.0 : 0.0, ee = e[m] * e[n];
      B.tt[m][n] = t_id * id + t_ee * ee;
      B.rr[m][n] = r_id * id + r_ee * ee;
    }
  // u x e = -[e]_x u: the matrix c * (-[e]_x)
  B.tr[0][0] = 0.0, B.tr[0][1] = c_tr * e[2], B.tr[0][2] = -c_tr * e[1];
  B.tr[1][0] = -c_tr * e[2], B.tr[1][1] = 0.0, B.tr[1][2] = c_tr * e[0];
  B.tr[2][0] = c_tr * e[1], B.tr[2][1] = -c_tr * e[0], B.tr[2][2] = 0.0;
}

// the full 6n x 6n mobility (row-major, ordering: all translations, then all
// rotations) of n spheres at x[3n]; O(n^2).  separation(d) may change the
// difference d = x_i - x_j in place (the minimum image in a periodic box).
template <class Separation>
inline void rpy_mobility(int n, const double *x, double a, double eta, double *mu,
                         Separation separation)
{
  const int N = 6 * n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      RPYBlocks B;
      if (i == j) {
        rpy_self(a, eta, B);
      } else {
        double r[3] = {x[3 * i] - x[3 * j], x[3 * i + 1] - x[3 * j + 1], x[3 * i + 2] - x[3 * j + 2]};
        separation(r);
        rpy_pair(r, a, eta, B);
      }
      for (int m = 0; m < 3; m++)
        for (int k = 0; k < 3; k++) {
          mu[(3 * i + m) * N + 3 * j + k] = B.tt[m][k];
          mu[(3 * n + 3 * i + m) * N + 3 * n + 3 * j + k] = B.rr[m][k];
          mu[(3 * i + m) * N + 3 * n + 3 * j + k] = B.tr[m][k];          // v_i from torque_j
          mu[(3 * n + 3 * i + m) * N + 3 * j + k] = B.tr[m][k];          // omega_i from force_j
        }
    }
}

// free space: the plain difference
inline void rpy_mobility(int n, const double *x, double a, double eta, double *mu)
{
  rpy_mobility(n, x, a, eta, mu, [](double *) {});
}

}    // namespace geomint

#endif
