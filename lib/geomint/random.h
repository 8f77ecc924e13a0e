// GEOMINT counter-based normal deviates (Philox4x32-10, Random123).
//
// The noise of atom `tag` at timestep `n` in sub-step stream `stream` is a pure
// function of (seed, tag, n, stream): it does not depend on the number of MPI
// ranks, on the owner of the atom, on the atom order, on a restart, or on the
// backend (CPU or Kokkos).  Restart files therefore hold no RNG state.
#ifndef GEOMINT_RANDOM_H
#define GEOMINT_RANDOM_H

#include "geomint_inline.h"

#include <Random123/philox.h>
#include <cmath>
#include <cstdint>

namespace geomint {

// Sub-step streams: 0 is the O step of fix bagogab; the others are reserved.
enum NoiseStream : uint32_t { STREAM_O = 0 };

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

// Three independent standard normal deviates (Box-Muller on the four words).
GEOMINT_INLINE void normal3(uint32_t seed, int64_t tag, int64_t step, uint32_t stream, double xi[3])
{
  const r123::Philox4x32::ctr_type r = philox_words(seed, tag, step, stream);
  const double twopi = 6.283185307179586476925286766559;
  const double rho0 = std::sqrt(-2.0 * std::log(open_unit(r.v[0])));
  const double phi0 = twopi * open_unit(r.v[1]);
  const double rho1 = std::sqrt(-2.0 * std::log(open_unit(r.v[2])));
  const double phi1 = twopi * open_unit(r.v[3]);
  xi[0] = rho0 * std::cos(phi0);
  xi[1] = rho0 * std::sin(phi0);
  xi[2] = rho1 * std::cos(phi1);
}

}    // namespace geomint

#endif
