// GEOMINT: LAMMPS-free numerical kernels shared by the CPU and Kokkos styles.
#ifndef GEOMINT_INLINE_H
#define GEOMINT_INLINE_H

// Kernels are plain functions over plain arrays.  In a build with the Kokkos
// styles (GEOMINT_KOKKOS, set by CMake for every GEOMINT source of that build)
// they are device-callable, so the CPU style and its /kk variant run the very
// same code.  The choice depends on the build only, never on whether some
// Kokkos header happened to be included before this one: otherwise one
// translation unit would see a host-only inline and another a device
// function of the same name (an ODR violation, and host-only code under CUDA).
#if defined(GEOMINT_KOKKOS)
#include <Kokkos_Macros.hpp>
#define GEOMINT_INLINE KOKKOS_INLINE_FUNCTION
#define GEOMINT_FORCE_INLINE KOKKOS_FORCEINLINE_FUNCTION
#else
#define GEOMINT_INLINE inline
#if defined(__GNUC__)
#define GEOMINT_FORCE_INLINE inline __attribute__((always_inline))
#else
#define GEOMINT_FORCE_INLINE inline
#endif
#endif
// GEOMINT_FORCE_INLINE: a kernel that a per-atom loop must have inlined (its
// branches on loop-invariant arguments then leave the loop; measured, e.g.,
// 10 % of fix rigid/quat/hi's step for the rotor)

#endif
