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

// The same for n atoms at once (host code): the words first, then Box-Muller
// in a separate loop that the compiler vectorizes.  Bitwise equal to normal3.
constexpr int NORMAL_BLOCK = 128;

// The Box-Muller loop of normal3_block, compiled twice by GCC on x86-64: for
// the baseline (SSE2, two lanes) and for AVX2 (four lanes), picked at run
// time.  AVX2 brings no FMA (nothing is contracted), so every lane does the
// same IEEE operations and the numbers are the same bit for bit.
inline void box_muller_loop(const uint32_t (*w)[NORMAL_BLOCK], int m, double (*xi)[3])
{
  for (int j = 0; j < m; j++) box_muller(w[0][j], w[1][j], w[2][j], w[3][j], xi[j]);
}
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__CUDACC__) && \
    !defined(__HIPCC__) && !defined(__INTEL_COMPILER) && !defined(__INTEL_LLVM_COMPILER) && \
    !defined(__NVCOMPILER) && !defined(__FMA__)
#define GEOMINT_BOX_MULLER_AVX2 1
__attribute__((target("avx2"))) inline void box_muller_loop_avx2(const uint32_t (*w)[NORMAL_BLOCK],
                                                                 int m, double (*xi)[3])
{
  for (int j = 0; j < m; j++) box_muller(w[0][j], w[1][j], w[2][j], w[3][j], xi[j]);
}
inline bool host_has_avx2()
{
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

inline void normal3_block(uint32_t seed, const int64_t *tags, int n, int64_t step, uint32_t stream,
                          double (*xi)[3])
{
  uint32_t w[4][NORMAL_BLOCK];
#ifdef GEOMINT_BOX_MULLER_AVX2
  const bool avx2 = host_has_avx2();
#endif
  for (int j0 = 0; j0 < n; j0 += NORMAL_BLOCK) {
    const int m = (n - j0 < NORMAL_BLOCK) ? n - j0 : NORMAL_BLOCK;
    for (int j = 0; j < m; j++) {
      const r123::Philox4x32::ctr_type r = philox_words(seed, tags[j0 + j], step, stream);
      for (int k = 0; k < 4; k++) w[k][j] = r.v[k];
    }
#ifdef GEOMINT_BOX_MULLER_AVX2
    if (avx2) {
      box_muller_loop_avx2(w, m, xi + j0);
      continue;
    }
#endif
    box_muller_loop(w, m, xi + j0);
  }
}

}    // namespace geomint

#endif
