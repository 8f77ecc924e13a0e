// GEOMINT host lanes: loops that step several spheres, or several pairs, at
// once with GCC/Clang vector extensions, each lane doing operation for
// operation what the one-item kernel does (rigid_body.h's spheres, the DG
// pair terms of src/dg_passes.h).
//
// GEOMINT_HOST_LANES: x86-64 without FMA only.  There nothing is contracted,
// so a lane's numbers are the scalar kernel's bit for bit; with FMA
// (-march=native), or on other CPUs, GCC may contract a*b+c differently in
// scalar and vector code; nor with -ffast-math, which may reassociate them
// differently.  Never in CUDA/HIP/SYCL compiles, whose host pass would see
// device functions.
//
// GEOMINT_HOST_AVX2 (GCC itself, same conditions): functions also compiled
// for AVX2 (__attribute__((target("avx2"))), no FMA), chosen at run time by
// host_has_avx2() (random.h's normal blocks, the 4-sphere lanes, the DG
// pair lanes).
#ifndef GEOMINT_LANES_H
#define GEOMINT_LANES_H

#if defined(__GNUC__) && defined(__x86_64__) && !defined(__FMA__) && !defined(__FAST_MATH__) && \
    !defined(__CUDACC__) && \
    !defined(__HIPCC__) && !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__) && \
    !defined(__SYCL_DEVICE_ONLY__)
#define GEOMINT_HOST_LANES 1
#define GEOMINT_HOST_FORCE_INLINE inline __attribute__((always_inline))
namespace geomint {
typedef double vec2d __attribute__((vector_size(16)));
typedef long long vec2l __attribute__((vector_size(16)));
typedef double vec4d __attribute__((vector_size(32)));
typedef long long vec4l __attribute__((vector_size(32)));
}    // namespace geomint
// (vectors of four doubles are AVX2 code's own, and the functions that take
// or return them are always inlined there (GEOMINT_FORCE_INLINE): GCC's note
// that passing them by value outside AVX2 code would change the ABI does not
// apply)
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
#endif

#if defined(GEOMINT_HOST_LANES) && !defined(__clang__) && !defined(__INTEL_COMPILER) && \
    !defined(__INTEL_LLVM_COMPILER) && !defined(__NVCOMPILER)
#define GEOMINT_HOST_AVX2 1
#include <immintrin.h>
namespace geomint {
inline bool host_has_avx2()
{
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
}    // namespace geomint
#endif

#endif
