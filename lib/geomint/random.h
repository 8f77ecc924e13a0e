// GEOMINT counter-based normal deviates (Philox4x32-10, Random123).
//
// The noise of atom `tag` at timestep `n` in sub-step stream `stream` is a pure
// function of (seed, tag, n, stream): it does not depend on the number of MPI
// ranks, on the owner of the atom, on the atom order, on a restart, or on the
// backend (CPU or Kokkos).  Restart files therefore hold no RNG state.
#ifndef GEOMINT_RANDOM_H
#define GEOMINT_RANDOM_H

#include "elementary.h"
#include "geomint_inline.h"
#include "lanes.h"

#include <Random123/philox.h>
#include <cmath>
#include <cstdint>


namespace geomint {

// Sub-step streams: 0 is the O step of fix bagogab; 1 and 2 the translational
// and rotational noise of fix rigid/quat/hi; 3 the Brownian force of fix
// multiscale/adaptive; the others are reserved.
enum NoiseStream : uint32_t { STREAM_O = 0, STREAM_RQH_T = 1, STREAM_RQH_R = 2, STREAM_MSA = 3 };

// The four raw 32-bit words for (seed, tag, step, stream).
// key = {seed, low word of tag}; counter = {low(step), high(step), stream, high(tag)}.
GEOMINT_INLINE r123::Philox4x32::ctr_type philox_words(uint32_t seed, int64_t tag, int64_t step,
                                                       uint32_t stream)
{
  r123::Philox4x32 rng;
  const uint64_t t = static_cast<uint64_t>(tag);
  const uint64_t n = static_cast<uint64_t>(step);
  r123::Philox4x32::key_type key = {{seed, static_cast<uint32_t>(t)}};
  r123::Philox4x32::ctr_type ctr = {{static_cast<uint32_t>(n), static_cast<uint32_t>(n >> 32),
                                      stream, static_cast<uint32_t>(t >> 32)}};
  return rng(ctr, key);
}

// A 32-bit word to a uniform deviate in the open interval (0,1): (r + 0.5) 2^-32.
GEOMINT_INLINE double open_unit(uint32_t r)
{
  return (static_cast<double>(r) + 0.5) * 2.3283064365386962890625e-10;
}

// Box-Muller on four 32-bit words: three independent standard normal deviates
// xi0 = rho0 cos(2 pi u1), xi1 = rho0 sin(2 pi u1), xi2 = rho2 cos(2 pi u3),
// rho_k = sqrt(-2 ln u_k).  log and sin/cos are GEOMINT's own (elementary.h),
// so the numbers are bitwise the same on every CPU backend, and loops over
// blocks of atoms vectorize (see normal3_block).
GEOMINT_INLINE void box_muller(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3, double xi[3])
{
  const double rho0 = std::sqrt(-2.0 * log_positive(open_unit(r0)));
  const double rho2 = std::sqrt(-2.0 * log_positive(open_unit(r2)));
  double s1, c1, s3, c3;
  sincos_turn(open_unit(r1), &s1, &c1);
  sincos_turn(open_unit(r3), &s3, &c3);
  xi[0] = rho0 * c1;
  xi[1] = rho0 * s1;
  xi[2] = rho2 * c3;
}

// The noise of one atom: three standard normals for (seed, tag, step, stream).
GEOMINT_INLINE void normal3(uint32_t seed, int64_t tag, int64_t step, uint32_t stream, double xi[3])
{
  const r123::Philox4x32::ctr_type r = philox_words(seed, tag, step, stream);
  box_muller(r.v[0], r.v[1], r.v[2], r.v[3], xi);
}

// Three-point deviates: -sqrt(3), 0, +sqrt(3) with probabilities 1/6, 2/3,
// 1/6 (mean 0, variance 1, the Gaussian's third and fourth moments, so weak
// order 2 is kept), from the first three words of (seed, tag, step, stream).
GEOMINT_INLINE void threepoint3(uint32_t seed, int64_t tag, int64_t step, uint32_t stream, double xi[3])
{
  const r123::Philox4x32::ctr_type r = philox_words(seed, tag, step, stream);
  const double root3 = 1.7320508075688772935;
  for (int k = 0; k < 3; k++) {
    const double u = open_unit(r.v[k]);
    xi[k] = u < 1.0 / 6.0 ? -root3 : (u > 5.0 / 6.0 ? root3 : 0.0);
  }
}

// Uniform deviates on [-sqrt(3), sqrt(3)] (mean 0, variance 1; the third
// moment 0, the fourth 9/5 instead of 3: weak order 1 in the noise), from the
// first three words of (seed, tag, step, stream).
GEOMINT_INLINE void uniform3(uint32_t seed, int64_t tag, int64_t step, uint32_t stream, double xi[3])
{
  const r123::Philox4x32::ctr_type r = philox_words(seed, tag, step, stream);
  const double root3 = 1.7320508075688772935;
  for (int k = 0; k < 3; k++) xi[k] = root3 * (2.0 * open_unit(r.v[k]) - 1.0);
}

// The same for n atoms at once (host code): the words first, then Box-Muller
// in a separate loop that the compiler vectorizes.  Bitwise equal to normal3.
constexpr int NORMAL_BLOCK = 128;

// The loops of normal3_block are also compiled for AVX2 on x86-64 (GCC; chosen
// at run time): Box-Muller over four lanes, and Philox over four atoms with
// 32 x 32 -> 64-bit lane products.  AVX2 brings no FMA (nothing is
// contracted) and Philox is integer arithmetic, so every lane does the same
// operations and the numbers are the same bit for bit.
inline void box_muller_loop(const uint32_t (*w)[NORMAL_BLOCK], int m, double (*xi)[3])
{
  for (int j = 0; j < m; j++) box_muller(w[0][j], w[1][j], w[2][j], w[3][j], xi[j]);
}
inline void philox_loop(uint32_t seed, const int64_t *tags, int m, int64_t step, uint32_t stream,
                        uint32_t (*w)[NORMAL_BLOCK])
{
  for (int j = 0; j < m; j++) {
    const r123::Philox4x32::ctr_type r = philox_words(seed, tags[j], step, stream);
    for (int k = 0; k < 4; k++) w[k][j] = r.v[k];
  }
}
#ifdef GEOMINT_HOST_AVX2
__attribute__((target("avx2"))) inline void box_muller_loop_avx2(const uint32_t (*w)[NORMAL_BLOCK],
                                                                 int m, double (*xi)[3])
{
  for (int j = 0; j < m; j++) box_muller(w[0][j], w[1][j], w[2][j], w[3][j], xi[j]);
}
// philox_words of four atoms per pass: the 32-bit words in the low halves of
// 64-bit lanes (products by _mm256_mul_epu32, the high word by a shift; the
// keys bumped modulo 2^32), the last m % 4 atoms by philox_words
__attribute__((target("avx2"))) inline void philox_loop_avx2(uint32_t seed, const int64_t *tags,
                                                             int m, int64_t step, uint32_t stream,
                                                             uint32_t (*w)[NORMAL_BLOCK])
{
  const uint64_t n = static_cast<uint64_t>(step);
  const __m256i lo32 = _mm256_set1_epi64x(0xffffffffll);
  const __m256i m0 = _mm256_set1_epi64x(0xD2511F53ll), m1 = _mm256_set1_epi64x(0xCD9E8D57ll);
  const __m256i w0 = _mm256_set1_epi64x(0x9E3779B9ll), w1 = _mm256_set1_epi64x(0xBB67AE85ll);
  const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
  int j = 0;
  for (; j + 3 < m; j += 4) {
    // counter {low(step), high(step), stream, high(tag)}, key {seed, low(tag)}
    const __m256i t = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(tags + j));
    __m256i c0 = _mm256_set1_epi64x(static_cast<long long>(n & 0xffffffffull));
    __m256i c1 = _mm256_set1_epi64x(static_cast<long long>(n >> 32));
    __m256i c2 = _mm256_set1_epi64x(stream);
    __m256i c3 = _mm256_srli_epi64(t, 32);
    __m256i k0 = _mm256_set1_epi64x(seed);
    __m256i k1 = _mm256_and_si256(t, lo32);
    for (int r = 0; r < 10; r++) {    // Philox4x32-10
      const __m256i p0 = _mm256_mul_epu32(c0, m0), p1 = _mm256_mul_epu32(c2, m1);
      const __m256i n0 = _mm256_xor_si256(_mm256_xor_si256(_mm256_srli_epi64(p1, 32), c1), k0);
      const __m256i n2 = _mm256_xor_si256(_mm256_xor_si256(_mm256_srli_epi64(p0, 32), c3), k1);
      c1 = _mm256_and_si256(p1, lo32);
      c3 = _mm256_and_si256(p0, lo32);
      c0 = n0;
      c2 = n2;
      k0 = _mm256_and_si256(_mm256_add_epi64(k0, w0), lo32);
      k1 = _mm256_and_si256(_mm256_add_epi64(k1, w1), lo32);
    }
    const __m256i c[4] = {c0, c1, c2, c3};
    for (int k = 0; k < 4; k++)
      _mm_storeu_si128(reinterpret_cast<__m128i *>(&w[k][j]),
                       _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(c[k], even)));
  }
  for (; j < m; j++) {
    const r123::Philox4x32::ctr_type r = philox_words(seed, tags[j], step, stream);
    for (int k = 0; k < 4; k++) w[k][j] = r.v[k];
  }
}
#endif

inline void normal3_block(uint32_t seed, const int64_t *tags, int n, int64_t step, uint32_t stream,
                          double (*xi)[3])
{
  uint32_t w[4][NORMAL_BLOCK];
#ifdef GEOMINT_HOST_AVX2
  const bool avx2 = host_has_avx2();
#endif
  for (int j0 = 0; j0 < n; j0 += NORMAL_BLOCK) {
    const int m = (n - j0 < NORMAL_BLOCK) ? n - j0 : NORMAL_BLOCK;
#ifdef GEOMINT_HOST_AVX2
    if (avx2) {
      philox_loop_avx2(seed, tags + j0, m, step, stream, w);
      box_muller_loop_avx2(w, m, xi + j0);
      continue;
    }
#endif
    philox_loop(seed, tags + j0, m, step, stream, w);
    box_muller_loop(w, m, xi + j0);
  }
}

}    // namespace geomint

#endif
