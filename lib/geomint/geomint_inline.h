// GEOMINT: LAMMPS-free numerical kernels shared by the CPU and Kokkos styles.
#ifndef GEOMINT_INLINE_H
#define GEOMINT_INLINE_H

// Kernels are plain functions over plain arrays.  When a Kokkos build includes
// them they become device-callable, so the CPU style and its /kk variant run
// the very same code.
#if defined(KOKKOS_INLINE_FUNCTION)
#define GEOMINT_INLINE KOKKOS_INLINE_FUNCTION
#else
#define GEOMINT_INLINE inline
#endif

#endif
