// GEOMINT BAOAB kernels: the exact Ornstein-Uhlenbeck coefficients and the
// per-bead B, A and O updates of the BAOAB splitting (Leimkuhler-Matthews).
#ifndef GEOMINT_BAOAB_H
#define GEOMINT_BAOAB_H

#include "geomint_inline.h"

#include <cmath>

namespace geomint {

// Exact OU step v <- c1 v + sqrt(kT/m * s) xi over a time h with the friction
// rate gamma/M = 1/(damp*RATIO) (fix langevin's damp and scale).  s = 1 - c1^2
// is computed as -expm1(-2x) so that it keeps full relative precision when
// x = h*rate is tiny (the Verlet limit).  rate = 0 gives c1 = 1, s = 0 exactly
// (no friction, no noise).
struct OUCoefficients {
  double c1;    // velocity memory exp(-h rate)
  double s;     // 1 - c1^2, the fraction of kT/m fed in as noise variance
};

GEOMINT_INLINE OUCoefficients ou_coefficients(double h, double rate)
{
  const double x = h * rate;
  OUCoefficients c;
  c.c1 = std::exp(-x);
  c.s = -std::expm1(-2.0 * x);
  return c;
}

// B: half kick v += dtfm f with dtfm = (h/2) ftm2v / m.
GEOMINT_INLINE void kick(double v[3], const double f[3], double dtfm)
{
  v[0] += dtfm * f[0];
  v[1] += dtfm * f[1];
  v[2] += dtfm * f[2];
}

// A: drift x += tau v.
GEOMINT_INLINE void drift(double x[3], const double v[3], double tau)
{
  x[0] += tau * v[0];
  x[1] += tau * v[1];
  x[2] += tau * v[2];
}

// Whether the O step of a type with s = 1 - c1^2 feeds noise into the
// velocity: false exactly for rate 0 (the nofriction types, c1 = 1, s = 0),
// whose O step leaves v unchanged.  `zero yes` removes the net random momentum
// over the atoms (not in-triangle points) for which this is true.
GEOMINT_INLINE bool ou_has_noise(double s)
{
  return s > 0.0;
}

// O: v <- c1 v + sigma xi on the full 3D velocity; sigma = sqrt(kT/m * s) in
// velocity units.  Returns (|v_old|^2 - |v_new|^2), the kinetic energy (times
// 2/m) handed to the bath, for the heat tally.
GEOMINT_INLINE double ou_kick(double v[3], double c1, double sigma, const double xi[3])
{
  const double vsq_old = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  v[0] = c1 * v[0] + sigma * xi[0];
  v[1] = c1 * v[1] + sigma * xi[1];
  v[2] = c1 * v[2] + sigma * xi[2];
  return vsq_old - (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

}    // namespace geomint

#endif
