// GEOMINT orientational trap (fix orient/harmonic): a body axis u (a unit
// vector fixed in the body, seen in space) held along a space direction e by
// U = -(K/2) (e.u)^2 (the rotational trap of Davidchack, Ouldridge and
// Tretyakov, J. Chem. Phys. 147, 224103 (2017), section V A, eq. 25: u = n
// the body x axis, e = x-hat, K = k^r).  Minima at u = +e and u = -e (head-tail
// symmetric), depth K/2.
//
// Under a rotation by a small angle dtheta about a space unit vector a, u
// moves by dtheta a x u, so dU = -K (e.u) e.(a x u) dtheta = -K (e.u) a.(u x e)
// dtheta, and the space-frame torque T = -dU/dtheta is
//     T = K (e.u) (u x e)
// (for e = x-hat: k^r n_x (n x x-hat), the torque of that trap; the paper's
// generalised force, its eq. 28, is F = 2 S-check(q) T).
//
// Conventions as quaternion.h: q scalar first; u = A(q)^T b, with A(q) the
// space -> body matrix (the transpose of LAMMPS's MathExtra::quat_to_mat), so
// u for b = e_l is column l of quat_to_mat(q).
#ifndef GEOMINT_ORIENT_HARMONIC_H
#define GEOMINT_ORIENT_HARMONIC_H

#include "geomint_inline.h"
#include "quaternion.h"

#include <cmath>

namespace geomint {

// Energy of the trap for the orientation q; adds the space-frame torque to
// torque[3].  body: the body-frame axis b, e: the space direction, both unit
// vectors.  u is renormalised, so that a quaternion a few ulp off unit length
// (LAMMPS keeps them normalised, not exactly unit) changes nothing.
GEOMINT_INLINE double orient_harmonic(const double q[4], const double body[3], const double e[3],
                                      double K, double torque[3])
{
  double u[3];
  quat_body_to_space(q, body, u);
  const double inv = 1.0 / std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  u[0] *= inv, u[1] *= inv, u[2] *= inv;
  const double c = e[0] * u[0] + e[1] * u[1] + e[2] * u[2];
  const double kc = K * c;
  torque[0] += kc * (u[1] * e[2] - u[2] * e[1]);
  torque[1] += kc * (u[2] * e[0] - u[0] * e[2]);
  torque[2] += kc * (u[0] * e[1] - u[1] * e[0]);
  return -0.5 * kc * c;
}

}    // namespace geomint

#endif
