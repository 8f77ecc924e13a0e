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
#else
#define GEOMINT_INLINE inline
#endif

#endif
