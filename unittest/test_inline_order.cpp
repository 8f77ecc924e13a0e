// GEOMINT_INLINE must depend on the build (GEOMINT_KOKKOS), not on the order
// of includes (issue "Trustworthy in real workflows", item 10).  Built in a
// GEOMINT_KOKKOS build with -DGEOMINT_KOKKOS and the build's Kokkos: a kernel
// header included before any Kokkos header must already give device-callable
// kernels (KOKKOS_INLINE_FUNCTION), or a CUDA build would see host-only
// inlines in one translation unit and device functions in another.
#include "geomint/triangle.h"
#include "geomint/baoab.h"
#include "geomint/dg.h"

#ifndef GEOMINT_KOKKOS
#error "compile this probe with -DGEOMINT_KOKKOS"
#endif
#ifndef KOKKOS_INLINE_FUNCTION
#error "geomint_inline.h did not include Kokkos_Macros.hpp in a GEOMINT_KOKKOS build"
#endif

#define GEOMINT_STR2(x) #x
#define GEOMINT_STR(x) GEOMINT_STR2(x)
constexpr bool same(const char *a, const char *b)
{
  return *a == *b && (*a == '\0' || same(a + 1, b + 1));
}
static_assert(same(GEOMINT_STR(GEOMINT_INLINE), GEOMINT_STR(KOKKOS_INLINE_FUNCTION)),
              "GEOMINT_INLINE must be KOKKOS_INLINE_FUNCTION in a GEOMINT_KOKKOS build");

int main()
{
  return geomint::ou_coefficients(0.1, 0.0).c1 == 1.0 ? 0 : 1;
}
