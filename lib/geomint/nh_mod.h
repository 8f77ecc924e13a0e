// GEOMINT modified Nose-Hoover (MNH) thermostat kernel (Guy 2018,
// ch. 3): the thermostat half-step around velocity Verlet.
//
// State: zeta (the NH friction, 1/time).  y = sum m v^2 = N_f kB T (energy),
// y_t its target, Q the thermostat mass (energy time^2), b = s k_d / Q with
// k_d the derivative gain (time) and s the force scale (1 for fix nh/mod).
// zetadot = (y - y_t)/Q is the unscaled kinetic-energy error.  One
// half-step over tau:
//   (a) zeta += tau/2 zetadot(y)
//   (b) zeta frozen, y' = -2 (zeta + b (y - y_t)) y solved exactly (a
//       Bernoulli equation): with r = 2 (b y_t - zeta),
//         y(tau) = y0 e^{r tau} / (1 + 2 b y0 expm1(r tau)/r),
//       whose r -> 0 limit is y0 / (1 + 2 b y0 tau); the velocities are
//       scaled by sqrt(y(tau)/y0)
//   (c) zeta += tau/2 zetadot(y(tau))
// (b) is stable for any k_d; b = 0 is fix nvt's exp(-zeta tau) bit for bit.
// The alternative (b') of the `solver exp` keyword freezes the friction
// gamma = zeta + b (y0 - y_t) over the sub-step, y(tau) = y0 e^{-2 gamma tau}:
// the same to first order, but for a stiff gain (b y0 tau >~ 1) it
// overshoots the target (the reason for the default, Guy 2018, ch. 3).
#ifndef GEOMINT_NH_MOD_H
#define GEOMINT_NH_MOD_H

#include "geomint_inline.h"

#include <cmath>

namespace geomint {

// tau expm1(x)/x with x = r tau (r -> 0 included: a series where the
// division would lose digits)
GEOMINT_INLINE double nhmod_expm1_over_r(double r, double tau)
{
  const double x = r * tau;
  if (std::fabs(x) < 1e-5) return tau * (1.0 + x * (0.5 + x * (1.0 / 6.0 + x / 24.0)));
  return std::expm1(x) / r;
}

// the factor that scales the velocities in step (b); y(tau) = y0 f^2.  For
// r tau > 0 the solution is written with e^{-r tau} (numerator and
// denominator divided by e^{r tau}), so that a stiff gain (r tau in the
// thousands) does not overflow
GEOMINT_INLINE double nhmod_bernoulli_factor(double y0, double yt, double zeta, double b, double tau)
{
  const double r = 2.0 * (b * yt - zeta);
  if (b == 0.0 || y0 == 0.0) return std::exp(0.5 * r * tau);
  if (r * tau <= 0.0)
    return std::exp(0.5 * r * tau) / std::sqrt(1.0 + 2.0 * b * y0 * nhmod_expm1_over_r(r, tau));
  // g = (1 - e^{-x})/r, by its series for small x
  const double x = r * tau;
  const double g = x < 1e-5 ? tau * (1.0 - x * (0.5 - x * (1.0 / 6.0 - x / 24.0))) : -std::expm1(-x) / r;
  return 1.0 / std::sqrt(std::exp(-x) + 2.0 * b * y0 * g);
}

struct NHModHalfStep {
  double zeta;      // after the half-step
  double factor;    // velocity scale factor of the half-step
  double y;         // sum m v^2 after it
  double work;      // kinetic energy change 1/2 (y - y0): the thermostat's work W
};

// the velocity factor of (b') (solver exp): e^{-gamma tau}, gamma frozen
GEOMINT_INLINE double nhmod_frozen_factor(double y0, double yt, double zeta, double b, double tau)
{
  return std::exp(-(zeta + b * (y0 - yt)) * tau);
}

// one sub-step; frozen: (b') instead of (b)
GEOMINT_INLINE NHModHalfStep nhmod_half_step(double zeta, double y0, double yt, double Q, double b,
                                             double tau, bool frozen = false)
{
  NHModHalfStep s;
  zeta += 0.5 * tau * (y0 - yt) / Q;
  s.factor = frozen ? nhmod_frozen_factor(y0, yt, zeta, b, tau)
                    : nhmod_bernoulli_factor(y0, yt, zeta, b, tau);
  s.y = y0 * (s.factor * s.factor);
  s.zeta = zeta + 0.5 * tau * (s.y - yt) / Q;
  s.work = 0.5 * (s.y - y0);
  return s;
}

// a thermostat half-step of fix nh/mod and fix multiscale/adaptive: n
// sub-steps of tau each (tloop); zeta and y go on, the work is added, and
// the product of the velocity factors is returned
GEOMINT_INLINE double nhmod_half_steps(double &zeta, double &y, double &work, double yt, double Q,
                                       double b, double tau, int n, bool frozen = false)
{
  double factor = 1.0;
  for (int k = 0; k < n; k++) {
    const NHModHalfStep s = nhmod_half_step(zeta, y, yt, Q, b, tau, frozen);
    zeta = s.zeta;
    y = s.y;
    work += s.work;
    factor *= s.factor;
  }
  return factor;
}

}    // namespace geomint

#endif
