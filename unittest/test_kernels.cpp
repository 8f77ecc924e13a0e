// Kernel tests: lib/geomint alone, no LAMMPS.  Exact identities to round-off,
// statistical checks with tolerances of 4.5 standard errors.
#include "geomint/baoab.h"
#include "geomint/elementary.h"
#include "geomint/random.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

using namespace geomint;

// Random123 known-answer vectors (kat_vectors, philox4x32 10), pushed through
// GEOMINT's mapping: key = {seed, low(tag)}, ctr = {low(step), high(step), stream, high(tag)}.
TEST(Philox, KnownAnswersThroughTheCounterMapping)
{
  auto w = philox_words(0u, 0, 0, 0u);
  EXPECT_EQ(w.v[0], 0x6627e8d5u);
  EXPECT_EQ(w.v[1], 0xe169c58du);
  EXPECT_EQ(w.v[2], 0xbc57ac4cu);
  EXPECT_EQ(w.v[3], 0x9b00dbd8u);

  w = philox_words(0xffffffffu, -1, -1, 0xffffffffu);
  EXPECT_EQ(w.v[0], 0x408f276du);
  EXPECT_EQ(w.v[1], 0x41c83b0eu);
  EXPECT_EQ(w.v[2], 0xa20bc7c6u);
  EXPECT_EQ(w.v[3], 0x6d5451fdu);

  const int64_t step = static_cast<int64_t>(0x85a308d3243f6a88ull);
  const int64_t tag = static_cast<int64_t>(0x03707344299f31d0ull);
  w = philox_words(0xa4093822u, tag, step, 0x13198a2eu);
  EXPECT_EQ(w.v[0], 0xd16cfe09u);
  EXPECT_EQ(w.v[1], 0x94fdccebu);
  EXPECT_EQ(w.v[2], 0x5001e420u);
  EXPECT_EQ(w.v[3], 0x24126ea1u);
}

TEST(Philox, UniformsStayInsideTheOpenInterval)
{
  EXPECT_GT(open_unit(0u), 0.0);
  EXPECT_LT(open_unit(0xffffffffu), 1.0);
  EXPECT_DOUBLE_EQ(open_unit(0x80000000u), 0.5 + 0.5 / 4294967296.0);
}

TEST(Philox, NoiseIsAPureFunctionOfSeedTagStepStream)
{
  double a[3], b[3];
  normal3(48213u, 17, 1000, STREAM_O, a);
  normal3(48213u, 17, 1000, STREAM_O, b);
  for (int k = 0; k < 3; k++) EXPECT_EQ(a[k], b[k]);
  // any one input changed gives other numbers
  const struct { uint32_t seed; int64_t tag, step; uint32_t stream; } other[] = {
      {48214u, 17, 1000, 0u}, {48213u, 18, 1000, 0u}, {48213u, 17, 1001, 0u},
      {48213u, 17, 1000, 1u}, {48213u, 17 + (int64_t(1) << 32), 1000, 0u},
      {48213u, 17, 1000 + (int64_t(1) << 32), 0u}};
  for (const auto &o : other) {
    normal3(o.seed, o.tag, o.step, o.stream, b);
    EXPECT_NE(a[0], b[0]);
    EXPECT_NE(a[2], b[2]);
  }
}

// Moments of the Box-Muller normals over N = 3e5 atoms x 3 components.
// Tolerance 4.5 SE: SE(mean) = 1/sqrt(n), SE(var) = sqrt(2/n), SE(4th) = sqrt(96/n), SE(corr) = 1/sqrt(N).
TEST(Philox, NormalsHaveUnitGaussianMoments)
{
  const int n_atoms = 300000;
  double s1[3] = {0, 0, 0}, s2[3] = {0, 0, 0}, s4[3] = {0, 0, 0}, c01 = 0, c02 = 0, c12 = 0;
  for (int t = 1; t <= n_atoms; t++) {
    double xi[3];
    normal3(12345u, t, 7, STREAM_O, xi);
    for (int k = 0; k < 3; k++) {
      s1[k] += xi[k];
      s2[k] += xi[k] * xi[k];
      s4[k] += xi[k] * xi[k] * xi[k] * xi[k];
    }
    c01 += xi[0] * xi[1];
    c02 += xi[0] * xi[2];
    c12 += xi[1] * xi[2];
  }
  const double n = n_atoms;
  for (int k = 0; k < 3; k++) {
    EXPECT_NEAR(s1[k] / n, 0.0, 4.5 / std::sqrt(n)) << "component " << k;
    EXPECT_NEAR(s2[k] / n, 1.0, 4.5 * std::sqrt(2.0 / n)) << "component " << k;
    EXPECT_NEAR(s4[k] / n, 3.0, 4.5 * std::sqrt(96.0 / n)) << "component " << k;
  }
  EXPECT_NEAR(c01 / n, 0.0, 4.5 / std::sqrt(n));
  EXPECT_NEAR(c02 / n, 0.0, 4.5 / std::sqrt(n));
  EXPECT_NEAR(c12 / n, 0.0, 4.5 / std::sqrt(n));
}

// uniform3 (fix rigid/quat/hi noise uniform): every deviate inside
// [-sqrt 3, sqrt 3], the three components independent, mean 0, variance 1 and
// the uniform's fourth moment 9/5 (not the Gaussian's 3), over N = 3e5 atoms;
// 4.5 SE: SE(mean) = 1/sqrt(n), SE(var) = sqrt(0.8/n), SE(4th) = sqrt(5.76/n)
TEST(Philox, UniformDeviatesHaveUnitVarianceAndTheUniformFourthMoment)
{
  const int n_atoms = 300000;
  const double root3 = std::sqrt(3.0);
  double s1[3] = {0, 0, 0}, s2[3] = {0, 0, 0}, s4[3] = {0, 0, 0}, c01 = 0, lo = 0, hi = 0;
  for (int t = 1; t <= n_atoms; t++) {
    double xi[3];
    geomint::uniform3(4242u, t, 11, geomint::STREAM_RQH_T, xi);
    for (int k = 0; k < 3; k++) {
      s1[k] += xi[k];
      s2[k] += xi[k] * xi[k];
      s4[k] += xi[k] * xi[k] * xi[k] * xi[k];
      lo = std::min(lo, xi[k]);
      hi = std::max(hi, xi[k]);
    }
    c01 += xi[0] * xi[1];
  }
  const double n = n_atoms;
  EXPECT_GE(lo, -root3);
  EXPECT_LE(hi, root3);
  EXPECT_LT(lo, -0.999 * root3);    // the whole range is used
  EXPECT_GT(hi, 0.999 * root3);
  for (int k = 0; k < 3; k++) {
    EXPECT_NEAR(s1[k] / n, 0.0, 4.5 / std::sqrt(n)) << "component " << k;
    EXPECT_NEAR(s2[k] / n, 1.0, 4.5 * std::sqrt(0.8 / n)) << "component " << k;
    EXPECT_NEAR(s4[k] / n, 1.8, 4.5 * std::sqrt(5.76 / n)) << "component " << k;
  }
  EXPECT_NEAR(c01 / n, 0.0, 4.5 / std::sqrt(n));
}

// GEOMINT's own log and sin/cos (elementary.h) against libm, over the values
// Box-Muller feeds them: u = (r + 0.5) 2^-32 for 32-bit words r.
TEST(Elementary, LogMatchesLibmToAFewUlp)
{
  double worst = 0.0;
  for (uint32_t k = 0; k < 1000000; k++) {
    const uint32_t r = k * 2654435761u;
    const double u = open_unit(r);
    const double exact = std::log(u);
    worst = std::max(worst, std::fabs(log_positive(u) - exact) / std::fabs(exact));
  }
  // edge words and values around the sqrt(2) branch
  for (double u : {open_unit(0u), open_unit(1u), open_unit(0xffffffffu), 0.70710678118654746,
                   0.70710678118654757, 1.4142135623730949, 1.4142135623730951, 2.0, 1e-300}) {
    const double exact = std::log(u);
    if (exact != 0.0) worst = std::max(worst, std::fabs(log_positive(u) - exact) / std::fabs(exact));
  }
  EXPECT_LE(worst, 4.0 * 2.220446049250313e-16);
}

TEST(Elementary, SinCosOfATurnMatchLibm)
{
  double worst = 0.0;
  for (uint32_t k = 0; k < 1000000; k++) {
    const double t = open_unit(k * 2654435761u);
    double s, c;
    sincos_turn(t, &s, &c);
    // libm's argument 2 pi t is itself rounded: allow that (|d/dx| <= 1, x <= 2 pi)
    const double x = 6.283185307179586 * t;
    worst = std::max(worst, std::max(std::fabs(s - std::sin(x)), std::fabs(c - std::cos(x))));
  }
  EXPECT_LE(worst, 4.0 * 2.220446049250313e-16 * 6.3);
  // exact quadrant points
  double s, c;
  sincos_turn(0.25, &s, &c);
  EXPECT_EQ(s, 1.0);
  EXPECT_EQ(c, 0.0);
  sincos_turn(0.5, &s, &c);
  EXPECT_EQ(c, -1.0);
  sincos_turn(1.0, &s, &c);
  EXPECT_EQ(c, 1.0);
}

// the rotors' sin and cos of small angles: within 1.5 ulp of libm (relative to
// the larger of |value| and |x|) on both sides of the |x| = 1/4 switch, odd
// and even, and exact at 0
TEST(Elementary, SinCosOfSmallAnglesMatchLibm)
{
  double worst_s = 0.0, worst_c = 0.0;
  for (uint32_t k = 0; k < 1000000; k++) {
    // |x| up to 0.5 (both branches), and tiny angles down to 1e-12
    const double u = open_unit(k * 2654435761u);
    const double x = (k & 1 ? -1.0 : 1.0) * (k % 3 == 0 ? 0.5 * u : std::pow(1e-12, u) * 0.3);
    double s, c;
    sincos_small(x, &s, &c);
    worst_s = std::max(worst_s, std::fabs(s - std::sin(x)) / std::fabs(std::sin(x)));
    worst_c = std::max(worst_c, std::fabs(c - std::cos(x)) / std::fabs(std::cos(x)));
  }
  EXPECT_LE(worst_s, 1.5 * 2.220446049250313e-16);
  EXPECT_LE(worst_c, 1.5 * 2.220446049250313e-16);
  double s, c;
  sincos_small(0.0, &s, &c);
  EXPECT_EQ(s, 0.0);
  EXPECT_EQ(c, 1.0);
  sincos_small(0.25, &s, &c);
  EXPECT_NEAR(s, std::sin(0.25), 5.6e-17);
  EXPECT_NEAR(c, std::cos(0.25), 2.3e-16);
}

TEST(Philox, BlockOfNormalsIsBitwiseThePerAtomNormals)
{
  const int n = 3 * NORMAL_BLOCK + 17;
  std::vector<int64_t> tags(n);
  for (int j = 0; j < n; j++) tags[j] = 1000 + 7 * j;
  std::vector<double> block(3 * n);
  normal3_block(2718u, tags.data(), n, 31, STREAM_O, reinterpret_cast<double(*)[3]>(block.data()));
  for (int j = 0; j < n; j++) {
    double xi[3];
    normal3(2718u, tags[j], 31, STREAM_O, xi);
    for (int k = 0; k < 3; k++) ASSERT_EQ(block[3 * j + k], xi[k]) << "atom " << j;
  }
}

TEST(OUCoefficients, NoFrictionIsExactlyTheIdentity)
{
  const OUCoefficients c = ou_coefficients(0.005, 0.0);
  EXPECT_EQ(c.c1, 1.0);
  EXPECT_EQ(c.s, 0.0);
}

TEST(OUCoefficients, NoiseFractionKeepsFullPrecisionInTheVerletLimit)
{
  // x = h rate = 1e-20: 1 - exp(-2x) would round to 0; s must be 2x(1 - x)
  const OUCoefficients c = ou_coefficients(1e-20, 1.0);
  EXPECT_EQ(c.c1, 1.0);
  EXPECT_NEAR(c.s / 2e-20, 1.0, 1e-15);
  // rate = 1/(damp RATIO) = 1e-300 gives c1 = 1 to round-off
  EXPECT_EQ(ou_coefficients(0.005, 1e-300).c1, 1.0);
}

TEST(OUCoefficients, FluctuationDissipationToRoundOff)
{
  for (double x : {1e-8, 1e-3, 0.1, 1.0, 5.0, 30.0}) {
    const OUCoefficients c = ou_coefficients(x, 1.0);
    EXPECT_NEAR(c.c1, std::exp(-x), 1e-16 * std::exp(-x) + 1e-300);
    EXPECT_NEAR(c.c1 * c.c1 + c.s, 1.0, 4e-16) << "x = " << x;
  }
  // h and the rate enter only through their product
  const OUCoefficients a = ou_coefficients(0.5, 2.0), b = ou_coefficients(1.0, 1.0);
  EXPECT_EQ(a.c1, b.c1);
  EXPECT_EQ(a.s, b.s);
}

// Exact OU in law: iterating v <- c1 v + sqrt(s) xi from v = 0 gives Var v_n = 1 - c1^(2n).
TEST(OUCoefficients, IteratedStepHasTheExactOUVariance)
{
  const OUCoefficients c = ou_coefficients(0.3, 1.0);
  const int nrep = 200000, nstep = 5;
  double s2 = 0.0;
  for (int r = 1; r <= nrep; r++) {
    double v[3] = {0, 0, 0};
    for (int n = 1; n <= nstep; n++) {
      double xi[3];
      normal3(99u, r, n, STREAM_O, xi);
      ou_kick(v, c.c1, std::sqrt(c.s), xi);
    }
    s2 += v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  }
  const double var = s2 / (3.0 * nrep);
  const double exact = 1.0 - std::pow(c.c1, 2 * nstep);
  EXPECT_NEAR(var, exact, 4.5 * exact * std::sqrt(2.0 / (3.0 * nrep)));
}

TEST(BAOABKernels, KickDriftAndTheBathTally)
{
  double v[3] = {1.0, -2.0, 0.5}, x[3] = {0.0, 1.0, 2.0};
  const double f[3] = {2.0, 4.0, -6.0};
  kick(v, f, 0.25);
  EXPECT_DOUBLE_EQ(v[0], 1.5);
  EXPECT_DOUBLE_EQ(v[1], -1.0);
  EXPECT_DOUBLE_EQ(v[2], -1.0);
  drift(x, v, 2.0);
  EXPECT_DOUBLE_EQ(x[0], 3.0);
  EXPECT_DOUBLE_EQ(x[1], -1.0);
  EXPECT_DOUBLE_EQ(x[2], 0.0);
  const double xi[3] = {0.1, -0.2, 0.3};
  const double vsq_old = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  const double de = ou_kick(v, 0.5, 2.0, xi);
  EXPECT_DOUBLE_EQ(v[0], 0.75 + 0.2);
  EXPECT_DOUBLE_EQ(v[1], -0.5 - 0.4);
  EXPECT_DOUBLE_EQ(v[2], -0.5 + 0.6);
  EXPECT_DOUBLE_EQ(de, vsq_old - (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]));
}
