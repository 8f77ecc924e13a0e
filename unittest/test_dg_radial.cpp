// Kernel tests for the radial discrete gradients: lib/geomint/dg_radial.h
// alone, no LAMMPS.  The DG identity Delta (r' - r) = V(r') - V(r) is checked
// to round-off: the tolerance is a small multiple of eps times the size of the
// terms V is summed from at both ends (its own rounding).  The accuracy of
// Delta itself is checked against a long double reference (64-bit mantissa):
// the difference quotient of the same potential in long double where r' - r
// is large enough for that to be exact to ~1e-19/(h/r), the derivative at the
// midpoint where it is not.
#include "geomint/dg_radial.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <random>
#include <vector>

using namespace geomint;

namespace {

constexpr double EPS = DBL_EPSILON;

double uniform(std::mt19937_64 &rng, double a, double b)
{
  return std::uniform_real_distribution<double>(a, b)(rng);
}
double log_uniform(std::mt19937_64 &rng, double lo, double hi)
{
  return std::pow(10.0, uniform(rng, std::log10(lo), std::log10(hi)));
}

// random r in [lo, hi] and r' = r (1 +- rel), rel log-uniform in [1e-16, 1]:
// tiny, medium and large changes, both signs
void random_pair(std::mt19937_64 &rng, double lo, double hi, double &r, double &rn)
{
  do {
    r = uniform(rng, lo, hi);
    const double rel = log_uniform(rng, 1e-16, 1.0);
    rn = r * (1.0 + (uniform(rng, -1.0, 1.0) < 0.0 ? -rel : rel));
  } while (rn < lo || rn > hi);
}

// ---------------------------------------------------------------------------
// long double references of the potentials (the same formulas)
// ---------------------------------------------------------------------------

using ld = long double;

ld morse_pair_ld(ld d0, ld a, ld r0, ld r)
{
  const ld e = std::exp(-a * (r - r0));
  return d0 * (e * e - 2 * e);
}

ld fene_ld(ld k, ld r0, ld eps, ld sigma, ld r)
{
  ld u = 1 - r * r / (r0 * r0);
  if (u < 0.1L) u = 0.1L;
  ld v = -0.5L * k * r0 * r0 * std::log(u);
  if (r * r < ld(dg::CUBEROOT2) * sigma * sigma) {
    const ld s6 = std::pow(sigma / r, 6);
    v += 4 * eps * (s6 * s6 - s6) + eps;
  }
  return v;
}

ld dsf_erfc_ld(ld x)
{
  const ld t = 1 / (1 + ld(dg::DSF_P) * x);
  return t * (ld(dg::DSF_A1) +
              t * (ld(dg::DSF_A2) + t * (ld(dg::DSF_A3) + t * (ld(dg::DSF_A4) + t * ld(dg::DSF_A5))))) *
      std::exp(-x * x);
}

// G(r) = E(alpha r)/r, the part of the DSF energy that goes through radial_quotient
ld dsf_g_ld(ld alpha, ld r)
{
  return dsf_erfc_ld(alpha * r) / r;
}

// the derivatives (V' of the same smooth piece)
ld morse_derivative_ld(ld d0, ld a, ld r0, ld r)
{
  const ld e = std::exp(-a * (r - r0));
  return -2 * a * d0 * e * (e - 1);
}

ld fene_derivative_ld(ld k, ld r0, ld eps, ld sigma, ld r)
{
  const ld u = 1 - r * r / (r0 * r0);
  ld d = u < 0.1L ? 0.0L : k * r / u;
  if (r * r < ld(dg::CUBEROOT2) * sigma * sigma) {
    const ld s6 = std::pow(sigma / r, 6);
    d += -24 * eps * (2 * s6 - 1) * s6 / r;
  }
  return d;
}

ld dsf_g_derivative_ld(ld alpha, ld r)
{
  const ld x = alpha * r, t = 1 / (1 + ld(dg::DSF_P) * x);
  const ld A1 = dg::DSF_A1, A2 = dg::DSF_A2, A3 = dg::DSF_A3, A4 = dg::DSF_A4, A5 = dg::DSF_A5;
  const ld sp = t * (A1 + t * (A2 + t * (A3 + t * (A4 + t * A5))));
  const ld dsp = A1 + t * (2 * A2 + t * (3 * A3 + t * (4 * A4 + t * 5 * A5)));
  const ld de = (-ld(dg::DSF_P) * t * t * dsp - 2 * x * sp) * std::exp(-x * x);
  return (alpha * de - sp * std::exp(-x * x) / r) / r;
}

// Delta in long double: the difference quotient where r' - r is large enough
// for it to be exact to ~1e-19 r/|r' - r| <= 1e-16, and else the mean of V'
// over [r, r'] by 5-point Gauss-Legendre (exact to O(h^10): the quotient IS
// that mean), which needs no difference at all
template <class V, class DV> ld reference_quotient(const V &v, const DV &dv, ld r, ld rn)
{
  const ld h = rn - r;
  if (std::fabs(h) > 1e-3L * r) return (v(rn) - v(r)) / h;
  const ld x[3] = {0.0L, 0.538469310105683091036314420700208805L,
                   0.906179845938663992797626878299392965L};
  const ld w[3] = {128.0L / 225.0L, 0.478628670499366468041291514835638193L,
                   0.236926885056189087514264040719917363L};
  const ld m = (r + rn) / 2, half = h / 2;
  ld sum = w[0] * dv(m);
  for (int k = 1; k < 3; k++) sum += w[k] * (dv(m + half * x[k]) + dv(m - half * x[k]));
  return sum / 2;
}

// ---------------------------------------------------------------------------
// Morse
// ---------------------------------------------------------------------------

TEST(DGRadial, MorseQuotientIsExactAtAnyDisplacement)
{
  std::mt19937_64 rng(1);
  const double d0 = 1.3, a = 1.7, r0 = 1.4;
  double worst_id = 0.0, worst_acc = 0.0;
  for (int n = 0; n < 200000; n++) {
    double r, rn;
    random_pair(rng, 0.6, 6.0, r, rn);
    const double delta = dg::morse_quotient(d0, a, r0, r, rn);
    // identity against the pair and the bond energy (they differ by D0)
    const double vp = dg::morse_pair_energy(d0, a, r0, r), vpn = dg::morse_pair_energy(d0, a, r0, rn);
    const double vb = dg::morse_bond_energy(d0, a, r0, r), vbn = dg::morse_bond_energy(d0, a, r0, rn);
    const double e = std::exp(-a * (r - r0)), en = std::exp(-a * (rn - r0));
    const double scale = d0 * (e * e + 2 * e + en * en + 2 * en);    // the terms of V
    worst_id = std::max(worst_id, std::fabs(delta * (rn - r) - (vpn - vp)) / scale);
    // (the bond energy D0 (1 - E)^2 rounds at the size of D0 where E -> 0)
    EXPECT_LE(std::fabs(delta * (rn - r) - (vbn - vb)), 16 * EPS * (scale + 2 * d0)) << r << " " << rn;
    // accuracy: relative to the size of the terms of V' (2 alpha D0 (E^2 + E))
    const ld ref = reference_quotient([&](ld x) { return morse_pair_ld(d0, a, r0, x); },
                                      [&](ld x) { return morse_derivative_ld(d0, a, r0, x); }, r, rn);
    const double em = std::exp(-a * (std::min(r, rn) - r0));
    const double dscale = 2 * a * d0 * (em * em + em);
    worst_acc = std::max(worst_acc, double(std::fabs(delta - ref)) / dscale);
  }
  std::printf("  morse: identity %.2e eps, accuracy %.2e\n", worst_id / EPS, worst_acc);
  EXPECT_LE(worst_id, 16 * EPS);
  // no cancellation: a few eps, also for r' - r = 1e-16 r (a difference quotient: ~1)
  EXPECT_LE(worst_acc, 1e-14);
}

TEST(DGRadial, MorseQuotientAtEqualDistancesIsTheForceOfPairMorse)
{
  const double d0 = 1.3, a = 1.7, r0 = 1.4;
  for (double r : {0.7, 1.0, 1.4, 1.9, 3.5}) {
    const double dexp = std::exp(-a * (r - r0));
    // pair morse: fpair = morse1 (dexp^2 - dexp)/r, morse1 = 2 D0 alpha: the
    // radial force on i along (x_i - x_j) is -dV/dr
    const double force = 2 * d0 * a * (dexp * dexp - dexp);
    EXPECT_NEAR(dg::morse_quotient(d0, a, r0, r, r), -force, 4 * EPS * std::fabs(force) + 1e-300);
    EXPECT_NEAR(dg::morse_quotient(d0, a, r0, r, r), dg::morse_derivative(d0, a, r0, r),
                4 * EPS * std::fabs(force) + 1e-300);
  }
}

// ---------------------------------------------------------------------------
// FENE
// ---------------------------------------------------------------------------

double fene_terms(double k, double r0, double eps, double sigma, double r)
{
  double u = dg::fene_log_arg(r0, r);
  if (u < dg::FENE_CLAMP) u = dg::FENE_CLAMP;
  double s = std::fabs(0.5 * k * r0 * r0 * std::log(u)) + 0.5 * k * r0 * r0 * EPS;
  if (dg::wca_inside(sigma, r)) {
    const double s6 = std::pow(sigma / r, 6);
    s += 4 * eps * (s6 * s6 + s6) + eps;
  }
  return s;
}

TEST(DGRadial, FENEQuotientSatisfiesTheIdentityThroughTheClampAndTheWCACutoff)
{
  std::mt19937_64 rng(2);
  const double k = 30.0, r0 = 1.5, eps = 1.0, sigma = 1.0;
  double worst_id = 0.0, worst_acc = 0.0;
  int clamped = 0, crossing_wca = 0;
  for (int n = 0; n < 200000; n++) {
    double r, rn;
    random_pair(rng, 0.75, 2.9, r, rn);
    const double delta = dg::fene_quotient(k, r0, eps, sigma, r, rn);
    const double v = dg::fene_energy(k, r0, eps, sigma, r), vn = dg::fene_energy(k, r0, eps, sigma, rn);
    ASSERT_TRUE(std::isfinite(delta) && std::isfinite(v) && std::isfinite(vn)) << r << " " << rn;
    const double scale = fene_terms(k, r0, eps, sigma, r) + fene_terms(k, r0, eps, sigma, rn);
    worst_id = std::max(worst_id, std::fabs(delta * (rn - r) - (vn - v)) / scale);
    clamped += dg::fene_log_arg(r0, std::max(r, rn)) < dg::FENE_CLAMP;
    crossing_wca += dg::wca_inside(sigma, r) != dg::wca_inside(sigma, rn);
    // accuracy where V is smooth between r and r' (no clamp, no WCA cutoff inside)
    const double hi = std::max(r, rn);
    if (dg::fene_log_arg(r0, hi) > dg::FENE_CLAMP && dg::wca_inside(sigma, r) == dg::wca_inside(sigma, rn)) {
      const ld ref = reference_quotient([&](ld x) { return fene_ld(k, r0, eps, sigma, x); },
                                        [&](ld x) { return fene_derivative_ld(k, r0, eps, sigma, x); },
                                        r, rn);
      const double u = dg::fene_log_arg(r0, hi);
      const double dscale = k * hi / u + (dg::wca_inside(sigma, std::min(r, rn))
                                              ? 48 * eps * std::pow(sigma / std::min(r, rn), 12) / std::min(r, rn)
                                              : 0.0);
      worst_acc = std::max(worst_acc, double(std::fabs(delta - ref)) / dscale);
    }
  }
  std::printf("  fene: identity %.2e eps, accuracy %.2e (%d clamped, %d across the WCA cutoff)\n",
              worst_id / EPS, worst_acc, clamped, crossing_wca);
  EXPECT_LE(worst_id, 16 * EPS);
  EXPECT_LE(worst_acc, 1e-13);
  EXPECT_GT(clamped, 1000);
  EXPECT_GT(crossing_wca, 1000);
}

TEST(DGRadial, FENEAtEqualDistancesIsTheForceOfBondFENE)
{
  const double k = 30.0, r0 = 1.5, eps = 1.2, sigma = 0.9;
  for (double r : {0.7, 0.85, 0.97, 1.1, 1.3, 1.42}) {
    // bond fene: fbond = -K/rlogarg + 48 eps sr6 (sr6 - 0.5)/r^2 (LJ inside
    // 2^(1/6) sigma); the radial force on i1 along (x_i1 - x_i2) is fbond r
    const double rlogarg = 1.0 - r * r / (r0 * r0);
    double fbond = -k / rlogarg;
    if (r * r < dg::CUBEROOT2 * sigma * sigma) {
      const double sr2 = sigma * sigma / (r * r), sr6 = sr2 * sr2 * sr2;
      fbond += 48.0 * eps * sr6 * (sr6 - 0.5) / (r * r);
    }
    const double q = dg::fene_quotient(k, r0, eps, sigma, r, r);
    EXPECT_NEAR(q, -fbond * r, 8 * EPS * (k * r / rlogarg + 48 * eps * std::pow(sigma / r, 12) / r))
        << r;
  }
  // beyond the clamp (1 - r^2/R0^2 < 0.1) the energy is flat, as bond fene's:
  // no log part in the discrete gradient (bond fene's force there, K r/0.1, is
  // not the gradient of its energy)
  EXPECT_EQ(dg::fene_quotient(k, r0, eps, sigma, 1.45, 1.45), 0.0);
  EXPECT_EQ(dg::fene_quotient(k, r0, eps, sigma, 1.44, 2.5), 0.0);
  EXPECT_EQ(dg::fene_energy(k, r0, eps, sigma, 2.9), -0.5 * k * r0 * r0 * std::log(0.1));
  // continuous at the clamp
  const double rc = r0 * std::sqrt(0.9);
  EXPECT_NEAR(dg::fene_energy(k, r0, eps, sigma, rc * (1 - 1e-12)),
              dg::fene_energy(k, r0, eps, sigma, rc * (1 + 1e-12)), 1e-9);
}

TEST(DGRadial, WCAEnergyIsTheLJFormOfBondFENE)
{
  const double eps = 1.2, sigma = 0.9;
  for (double r = 0.6; r < 1.01; r += 0.01) {
    const double sr2 = sigma * sigma / (r * r), sr6 = sr2 * sr2 * sr2;
    const double lj = 4.0 * eps * sr6 * (sr6 - 1.0) + eps;
    EXPECT_NEAR(dg::wca_energy(eps, sigma, r), lj, 8 * EPS * 4 * eps * (sr6 * sr6 + sr6)) << r;
  }
  EXPECT_EQ(dg::wca_energy(eps, sigma, 1.02), 0.0);
}

// ---------------------------------------------------------------------------
// damped shifted force Coulomb
// ---------------------------------------------------------------------------

TEST(DGRadial, DSFErfcIsTheStylesApproximationAndItsDerivative)
{
  double worst_e = 0.0, worst_d = 0.0, worst_dd = 0.0;
  for (double x = 0.0; x <= 6.0; x += 1e-4) {
    worst_e = std::max(worst_e, std::fabs(dg::dsf_erfc(x) - std::erfc(x)));
    // the derivative of the exact erfc, which the styles' force uses
    worst_d = std::max(worst_d, std::fabs(dg::dsf_erfc_derivative(x) +
                                          2.0 / dg::SQRT_PI * std::exp(-x * x)));
    // against the long double derivative of the approximation itself
    const ld h = 1e-4L;
    const ld xd = x + 3 * h;    // (one-sided near 0 would do too; stay at x > 0)
    const ld fd = (8 * (dsf_erfc_ld(xd + h) - dsf_erfc_ld(xd - h)) -
                   (dsf_erfc_ld(xd + 2 * h) - dsf_erfc_ld(xd - 2 * h))) / (12 * h);
    worst_dd = std::max(worst_dd, double(std::fabs(dg::dsf_erfc_derivative(double(xd)) - fd)));
  }
  std::printf("  |E - erfc| <= %.3e, |E' - erfc'| <= %.3e, |E' - FD| <= %.2e\n", worst_e,
              worst_d, worst_dd);
  EXPECT_LE(worst_e, 1.5e-7);     // Abramowitz and Stegun 7.1.26
  EXPECT_LE(worst_d, dg::DSF_FORCE_MISMATCH);
  EXPECT_GE(worst_d, 0.99 * dg::DSF_FORCE_MISMATCH);    // (the bound is sharp)
  EXPECT_LE(worst_dd, 1e-14);
}

TEST(DGRadial, DSFQuotientSatisfiesTheIdentityAndIsAccurate)
{
  std::mt19937_64 rng(3);
  const double alpha = 0.2, rc = 10.0;
  double e_shift, f_shift;
  dg::dsf_shifts(alpha, rc, e_shift, f_shift);
  double worst_id = 0.0, worst_acc = 0.0, worst_tiny = 0.0;
  for (int n = 0; n < 200000; n++) {
    double r, rn;
    random_pair(rng, 0.5, rc, r, rn);
    const double qq = (n % 2 ? 332.06371 : -1.0) * uniform(rng, 0.1, 1.0);
    const double fc = n % 3 == 0 ? 1.0 : (n % 3 == 1 ? 0.5 : 0.0);
    const double delta = dg::dsf_quotient(alpha, f_shift, qq, fc, r, rn);
    const double v = dg::dsf_energy(alpha, e_shift, f_shift, qq, fc, r);
    const double vn = dg::dsf_energy(alpha, e_shift, f_shift, qq, fc, rn);
    auto terms = [&](double x) {
      return std::fabs(qq) * (dg::dsf_erfc(alpha * x) / x + e_shift + x * std::fabs(f_shift) +
                              (1.0 - fc) / x);
    };
    worst_id = std::max(worst_id, std::fabs(delta * (rn - r) - (vn - v)) / (terms(r) + terms(rn)));
    // accuracy of Delta against the long double quotient, relative to the size
    // of the terms of V'
    const ld ref = ld(qq) * (reference_quotient([&](ld x) { return dsf_g_ld(alpha, x); },
                                                [&](ld x) { return dsf_g_derivative_ld(alpha, x); },
                                                r, rn) -
                             ld(f_shift)) + ld((1.0 - fc) * qq) / (ld(r) * ld(rn));
    const double lo = std::min(r, rn);
    const double dscale = std::fabs(qq) * (1.0 / (lo * lo) + alpha / lo + std::fabs(f_shift));
    const double err = double(std::fabs(delta - ref)) / dscale;
    worst_acc = std::max(worst_acc, err);
    // tiny changes take the midpoint derivative: exact, not a noisy quotient
    if (std::fabs(rn - r) < 1e-9 * r) worst_tiny = std::max(worst_tiny, err);
  }
  std::printf("  dsf: identity %.2e eps, accuracy %.2e (tiny changes %.2e)\n", worst_id / EPS,
              worst_acc, worst_tiny);
  // (the midpoint branch of radial_quotient may miss by RADIAL_ROUNDOFF of G)
  EXPECT_LE(worst_id, dg::RADIAL_ROUNDOFF + 16 * EPS);
  // (just above the switch of radial_quotient the difference quotient of G
  // loses ~16 eps |G| / h: a few 1e-10 of V' at worst; far below 1e-10 elsewhere)
  EXPECT_LE(worst_acc, 1e-9);
  EXPECT_LE(worst_tiny, 1e-14);
}

TEST(DGRadial, DSFAtEqualDistancesIsTheDerivativeOfTheStylesEnergy)
{
  const double alpha = 0.25, rc = 9.0;
  double e_shift, f_shift;
  dg::dsf_shifts(alpha, rc, e_shift, f_shift);
  for (double fc : {1.0, 0.5, 0.0})
    for (double r : {0.8, 2.0, 4.5, 8.9}) {
      const double qq = -55.0;
      const double d = dg::dsf_quotient(alpha, f_shift, qq, fc, r, r);
      EXPECT_EQ(d, dg::dsf_derivative(alpha, f_shift, qq, fc, r));
      const ld ref = ld(qq) * (dsf_g_derivative_ld(alpha, r) - ld(f_shift)) +
          ld((1.0 - fc) * qq) / (ld(r) * ld(r));
      EXPECT_NEAR(d, double(ref), 1e-13 * std::fabs(qq) / (r * r)) << r << " " << fc;
      // and the styles' force differs from -dV/dr by (qq alpha/r)(E' - erfc') only
      const double x = alpha * r, erfcd = std::exp(-x * x);
      double forcecoul = qq / r * (dg::dsf_erfc(x) / r + 2.0 * alpha / dg::SQRT_PI * erfcd + r * f_shift) * r;
      if (fc < 1.0) forcecoul -= (1.0 - fc) * qq / r;
      const double parent = forcecoul / r;    // radial force on i along (x_i - x_j)
      const double mismatch = dg::dsf_erfc_derivative(x) + 2.0 / dg::SQRT_PI * erfcd;
      EXPECT_NEAR(-d, parent - qq * alpha / r * mismatch, 1e-13 * std::fabs(qq) / (r * r));
    }
}

// ---------------------------------------------------------------------------
// the generic quotient: round-off identity on both sides of its switch
// ---------------------------------------------------------------------------

TEST(DGRadial, GenericQuotientHoldsTheIdentityAcrossItsSwitch)
{
  // a steep potential (large V'''), r^-12, and a smooth one
  auto steep = [](double r) { return std::pow(r, -12); };
  auto dsteep = [](double r) { return -12.0 * std::pow(r, -13); };
  auto smooth = [](double r) { return std::sin(r); };
  auto dsmooth = [](double r) { return std::cos(r); };
  int mid = 0, dq = 0;
  for (double rel = 1e-16; rel < 1e-3; rel *= 1.3) {
    for (double r : {0.9, 1.1, 2.0}) {
      const double rn = r * (1.0 + rel);
      const double v = steep(r), vn = steep(rn);
      const double d = dg::radial_quotient(r, rn, v, vn, std::max(v, vn), dsteep);
      EXPECT_LE(std::fabs(d * (rn - r) - (vn - v)), dg::RADIAL_ROUNDOFF * std::max(v, vn)) << rel;
      if (d == dsteep(0.5 * (r + rn))) mid++; else dq++;
      const double s = smooth(r), sn = smooth(rn);
      const double ds = dg::radial_quotient(r, rn, s, sn, 1.0, dsmooth);
      EXPECT_LE(std::fabs(ds * (rn - r) - (sn - s)), dg::RADIAL_ROUNDOFF);
      // the midpoint derivative is taken where it is accurate: for tiny changes
      if (rel < 1e-9) {
        EXPECT_EQ(d, dsteep(0.5 * (r + rn)));
        EXPECT_EQ(ds, dsmooth(0.5 * (r + rn)));
      }
    }
  }
  EXPECT_GT(mid, 10);
  EXPECT_GT(dq, 10);
}

}    // namespace
