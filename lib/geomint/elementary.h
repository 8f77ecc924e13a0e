// GEOMINT elementary functions for the Box-Muller transform: log on (0,1) and
// sin/cos of a fraction of a full turn.  Plain polynomials, no libm calls, so
// that (1) the CPU and Kokkos (host or device) styles draw bitwise the same
// normals whatever libm or CUDA math library is underneath, and (2) the noise
// loop of a thermostat costs about half of what glibc's log/sin/cos cost.
// Accuracy: a few ulp (checked against libm in unittest/test_kernels.cpp).
#ifndef GEOMINT_ELEMENTARY_H
#define GEOMINT_ELEMENTARY_H

#include "geomint_inline.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace geomint {

// Natural log for 0 < u < 2^1023 (normal numbers).  u = 2^e m with m in
// [sqrt(1/2), sqrt(2)); log m = 2 atanh(f), f = (m-1)/(m+1), |f| <= 0.1716,
// summed to f^21 (next term < 3e-17 relative).
GEOMINT_INLINE double log_positive(double u)
{
  // branch-free and integer-conversion-free, so that loops over atoms vectorize
  uint64_t bits;
  std::memcpy(&bits, &u, sizeof(bits));
  // biased exponent k as a double: the bits of 2^52 + k, minus 2^52
  const uint64_t kbits = 0x4330000000000000ull | (bits >> 52);
  double k;
  std::memcpy(&k, &kbits, sizeof(k));
  k -= 4503599627370496.0;
  bits = (bits & 0x000fffffffffffffull) | 0x3ff0000000000000ull;    // m in [1,2)
  double m;
  std::memcpy(&m, &bits, sizeof(m));
  const bool big = m > 1.4142135623730951;
  m = big ? 0.5 * m : m;
  const double de = k - (big ? 1022.0 : 1023.0);
  const double f = (m - 1.0) / (m + 1.0);
  const double s = f * f;
  double p = 1.0 / 21.0;
  p = p * s + 1.0 / 19.0;
  p = p * s + 1.0 / 17.0;
  p = p * s + 1.0 / 15.0;
  p = p * s + 1.0 / 13.0;
  p = p * s + 1.0 / 11.0;
  p = p * s + 1.0 / 9.0;
  p = p * s + 1.0 / 7.0;
  p = p * s + 1.0 / 5.0;
  p = p * s + 1.0 / 3.0;
  const double logm = 2.0 * f + 2.0 * f * s * p;
  // ln 2 split so that e * LN2_HI is exact for |e| < 2^11
  const double LN2_HI = 6.93147180369123816490e-01, LN2_LO = 1.90821492927058770002e-10;
  return de * LN2_HI + (logm + de * LN2_LO);
}

// sin and cos of a reduced angle |a| <= pi/4: Taylor series to degree 17/18,
// exact to round-off there
GEOMINT_INLINE void sincos_reduced(double a, double *sine, double *cosine)
{
  const double a2 = a * a;
  double sp = 1.0 / 355687428096000.0;    // 1/17!
  sp = sp * a2 - 1.0 / 1307674368000.0;
  sp = sp * a2 + 1.0 / 6227020800.0;
  sp = sp * a2 - 1.0 / 39916800.0;
  sp = sp * a2 + 1.0 / 362880.0;
  sp = sp * a2 - 1.0 / 5040.0;
  sp = sp * a2 + 1.0 / 120.0;
  sp = sp * a2 - 1.0 / 6.0;
  *sine = a + a * a2 * sp;
  double cp = -1.0 / 6402373705728000.0;    // -1/18!
  cp = cp * a2 + 1.0 / 20922789888000.0;
  cp = cp * a2 - 1.0 / 87178291200.0;
  cp = cp * a2 + 1.0 / 479001600.0;
  cp = cp * a2 - 1.0 / 3628800.0;
  cp = cp * a2 + 1.0 / 40320.0;
  cp = cp * a2 - 1.0 / 720.0;
  cp = cp * a2 + 1.0 / 24.0;
  *cosine = 1.0 - 0.5 * a2 + a2 * a2 * cp;
}

// sin and cos of x, for the small angles of a step (the rotors): Taylor
// series to degree 7/8 for |x| <= 1/64 (the first term left out is below
// 1e-19 of the result) and sincos_reduced's for |x| <= 1/4, both exact to
// round-off (about as close as libm), else libm; the short series cost a
// fraction of libm's sin and cos, on the chain of dependent operations of a rotor
GEOMINT_INLINE void sincos_small(double x, double *sine, double *cosine)
{
  const double ax = std::fabs(x), x2 = x * x;
  if (ax <= 0.015625) {
    *sine = x - x * x2 * (1.0 / 6.0 - x2 * (1.0 / 120.0 - x2 * (1.0 / 5040.0)));
    *cosine = 1.0 - 0.5 * x2 + x2 * x2 * (1.0 / 24.0 - x2 * (1.0 / 720.0 - x2 * (1.0 / 40320.0)));
  } else if (ax <= 0.25) {
    sincos_reduced(x, sine, cosine);
  } else {
    *sine = std::sin(x);
    *cosine = std::cos(x);
  }
}

// sin and cos of 2 pi t for 0 <= t <= 1, t with at most 50 significant bits
// (so that 4t - nearest integer is exact).  The reduced angle lies in
// [-pi/4, pi/4], where Taylor series to degree 17/18 are exact to round-off.
GEOMINT_INLINE void sincos_turn(double t, double *sine, double *cosine)
{
  const double y = 4.0 * t;
  const int iq = static_cast<int>(y + 0.5);    // nearest quadrant, 0..4
  const double a = (y - static_cast<double>(iq)) * 1.5707963267948966;    // |a| <= pi/4
  double sa, ca;
  sincos_reduced(a, &sa, &ca);
  // 2 pi t = q pi/2 + a: odd q swaps sin and cos, the signs follow the quadrant
  const bool swap = (iq & 1) != 0;
  const double sign_s = (iq & 2) ? -1.0 : 1.0;
  const double sign_c = ((iq + 1) & 2) ? -1.0 : 1.0;
  *sine = sign_s * (swap ? ca : sa);
  *cosine = sign_c * (swap ? sa : ca);
}

}    // namespace geomint

#endif
