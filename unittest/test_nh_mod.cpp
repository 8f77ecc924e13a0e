// The modified Nose-Hoover thermostat half-step (lib/geomint/nh_mod.h)
// against the ODE it solves, its r -> 0 limit and fix nvt's b = 0 form.
#include "geomint/nh_mod.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

// y' = -2 (zeta + b (y - yt)) y by classical RK4 with n steps
double rk4(double y, double yt, double zeta, double b, double tau, int n)
{
  auto f = [&](double u) { return -2.0 * (zeta + b * (u - yt)) * u; };
  const double h = tau / n;
  for (int i = 0; i < n; i++) {
    const double k1 = f(y), k2 = f(y + 0.5 * h * k1), k3 = f(y + 0.5 * h * k2), k4 = f(y + h * k3);
    y += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  }
  return y;
}

}    // namespace

// step (b) is the exact solution: RK4 with 2^14 steps has an error of order
// (h |rate|)^4 / 120 relative, < 1e-13 for these cases
TEST(NHModKernel, BernoulliStepSolvesTheODE)
{
  struct Case {
    double y0, yt, zeta, b, tau;
  };
  const Case cases[] = {
      {1.3, 1.0, 0.2, 0.05, 0.01},  {0.7, 1.0, -0.4, 0.3, 0.02}, {2.0, 1.0, 0.0, 1.0, 0.05},
      {1.0, 1.0, 0.5, 0.0, 0.1},    {5.0, 2.0, 3.0, 2.0, 0.003}, {0.1, 3.0, -1.0, 0.5, 0.2},
  };
  for (const Case &c : cases) {
    const double f = geomint::nhmod_bernoulli_factor(c.y0, c.yt, c.zeta, c.b, c.tau);
    const double y = c.y0 * f * f, ref = rk4(c.y0, c.yt, c.zeta, c.b, c.tau, 1 << 14);
    EXPECT_NEAR(y, ref, 1e-13 * std::fabs(ref)) << c.y0 << " " << c.b;
  }
}

// r = 2 (b yt - zeta) = 0: y = y0 / (1 + 2 b y0 tau); and the series branch
// joins the expm1 branch at |r tau| = 1e-5 to round-off
TEST(NHModKernel, ZeroRateLimit)
{
  const double y0 = 1.7, b = 0.4, yt = 1.25, zeta = b * yt, tau = 0.01;
  const double f = geomint::nhmod_bernoulli_factor(y0, yt, zeta, b, tau);
  EXPECT_NEAR(y0 * f * f, y0 / (1.0 + 2.0 * b * y0 * tau), 4e-16 * y0);
  for (double x : {1e-5, -1e-5}) {
    const double r = x / tau;
    const double below = geomint::nhmod_expm1_over_r(r * (1.0 - 1e-9), tau);
    const double above = geomint::nhmod_expm1_over_r(r * (1.0 + 1e-9), tau);
    // the exact function changes by tau x 1e-9 / 2 across the gap
    EXPECT_NEAR(below, above, tau * (std::fabs(x) * 1e-9 + 4e-16));
    EXPECT_NEAR(above, std::expm1(x * (1.0 + 1e-9)) / (r * (1.0 + 1e-9)), 4e-16 * tau);
  }
}

// b = 0 is fix nvt's (FixNH, one thermostat) half-step bit for bit: the
// velocities scale by exp(-zeta tau) with zeta moved by tau/2 zetadot before
// and after
TEST(NHModKernel, ZeroGainIsNoseHoover)
{
  const double y0 = 1.9, yt = 1.5, Q = 0.8, tau = 0.0025;
  double zeta = 0.37;
  const geomint::NHModHalfStep s = geomint::nhmod_half_step(zeta, y0, yt, Q, 0.0, tau);
  // FixNH::nhc_temp_integrate with tchain 1: eta_dot += eta_dotdot dt4,
  // factor = exp(-dthalf eta_dot), ke *= factor^2, eta_dot += eta_dotdot dt4
  const double dt4 = 0.5 * tau, dthalf = tau;
  double eta_dot = zeta + (y0 - yt) / Q * dt4;
  const double factor = std::exp(-dthalf * eta_dot);
  const double ke = y0 * (factor * factor);
  eta_dot += (ke - yt) / Q * dt4;
  EXPECT_EQ(s.factor, factor);
  EXPECT_EQ(s.y, ke);
  EXPECT_NEAR(s.zeta, eta_dot, 1e-16);
  EXPECT_DOUBLE_EQ(s.work, 0.5 * (ke - y0));
}

// a stiff gain (b y tau >> 1): finite, positive, monotone between y0 and
// the fixed point of (b), y* = yt - zeta/b (the logistic flow does not
// overshoot), and at y* once the relaxation has had time: from y0 >= y*/2
// the distance shrinks at least as exp(-2 b y*/2 tau)
TEST(NHModKernel, StiffGainIsStable)
{
  const double yt = 1.0, zeta = 0.1, tau = 0.01;
  for (double b : {1e3, 1e6, 1e12}) {
    for (double y0 : {1e-6, 0.5, 2.0, 1e6}) {
      const double f = geomint::nhmod_bernoulli_factor(y0, yt, zeta, b, tau);
      const double y = y0 * f * f, ystar = yt - zeta / b;
      ASSERT_TRUE(std::isfinite(y) && y > 0.0) << b << " " << y0;
      EXPECT_GE(y, std::min(y0, ystar) * (1.0 - 1e-14)) << b << " " << y0;
      EXPECT_LE(y, std::max(y0, ystar) * (1.0 + 1e-14)) << b << " " << y0;
      if (y0 >= 0.5 * ystar)
        EXPECT_NEAR(y, ystar, 1e-14 * ystar + std::exp(-b * ystar * tau) * std::fabs(y0 - ystar))
            << b << " " << y0;
    }
  }
  // against the exact solution in long double where it does not overflow
  const double b = 1e3, y0 = 1e-6;
  const long double r = 2.0L * (b * yt - zeta), e = std::exp(r * tau);
  const long double exact = y0 * e / (1.0L + 2.0L * b * y0 * (e - 1.0L) / r);
  const double f = geomint::nhmod_bernoulli_factor(y0, yt, zeta, b, tau);
  EXPECT_NEAR(y0 * f * f, static_cast<double>(exact), 1e-13 * static_cast<double>(exact));
}

// solver exp (the friction frozen over a sub-step, gamma = zeta + b (y0 -
// y_t)): velocities scaled by exp(-gamma tau) exactly; the same as the
// Bernoulli step to first order in tau (their difference in y falls as tau^2
// when tau halves), the same bit for bit at b = 0, and at a stiff gain it
// overshoots the target far below (zeta = 0: the fixed point of (b) is y_t),
// where the Bernoulli step stays between y0 and y_t
TEST(NHModKernel, FrozenFrictionSolver)
{
  const double y0 = 1.9, yt = 1.5, Q = 0.8, zeta = 0.37;
  // b = 0: bitwise
  const geomint::NHModHalfStep e0 = geomint::nhmod_half_step(zeta, y0, yt, Q, 0.0, 0.0025, true);
  const geomint::NHModHalfStep b0 = geomint::nhmod_half_step(zeta, y0, yt, Q, 0.0, 0.0025, false);
  EXPECT_EQ(e0.factor, b0.factor);
  EXPECT_EQ(e0.zeta, b0.zeta);
  // the factor itself
  const double b = 2.0, tau = 0.01;
  const geomint::NHModHalfStep e = geomint::nhmod_half_step(zeta, y0, yt, Q, b, tau, true);
  const double z1 = zeta + 0.5 * tau * (y0 - yt) / Q;
  EXPECT_NEAR(e.factor, std::exp(-(z1 + b * (y0 - yt)) * tau), 1e-15);
  // second-order agreement: the y difference over one sub-step is O(tau^2)
  double prev = 0.0;
  for (int k = 0; k < 5; k++) {
    const double t = 0.005 / (1 << k);
    const double d = std::fabs(geomint::nhmod_half_step(zeta, y0, yt, Q, b, t, true).y -
                               geomint::nhmod_half_step(zeta, y0, yt, Q, b, t, false).y);
    EXPECT_GT(d, 0.0);
    if (k > 0) EXPECT_NEAR(prev / d, 4.0, 0.2) << "tau " << t;
    prev = d;
  }
  // stiff: b y0 tau = 190
  const double bs = 1000.0, ts = 0.1;
  const geomint::NHModHalfStep be = geomint::nhmod_half_step(0.0, y0, yt, 1e30, bs, ts, false);
  const geomint::NHModHalfStep fe = geomint::nhmod_half_step(0.0, y0, yt, 1e30, bs, ts, true);
  EXPECT_GE(be.y, yt * (1.0 - 1e-14));    // approached from above, not crossed (to round-off)
  EXPECT_LE(be.y, y0);
  EXPECT_LT(fe.y, 1e-6 * yt);    // overshoot: exp(-2 b (y0 - yt) tau) = e^-80
}
