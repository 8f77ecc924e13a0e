/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the one place where the /kk styles meet differences between
   the KOKKOS packages of the LAMMPS versions they support (the Kokkos
   counterpart of geomint_compat.h):

   - the atom data types.  Up to 2025 LAMMPS's ArrayTypes<D> named them by
     role (t_x_array, t_v_array, t_f_array, t_float_1d, with X_FLOAT ...
     elements); the 2025-2026 releases (lammps/lammps PR #4608) name them by
     element type and shape (t_kkfloat_1d_3_lr, t_kkfloat_1d_3, t_kkacc_1d_3,
     t_kkfloat_1d, with KK_FLOAT / KK_ACC_FLOAT elements), and x, v, f, ...
     of AtomKokkos became TransformViews.  The styles use GEOMINT's names
     below, geomint_kk::Views<DeviceType>::t_x etc., on both.
   - per-atom arrays of a fix that alias its CPU double** arrays
     (memoryKK->grow_kokkos): a DualView with a row-major host side, which
     t_double_2d is up to 2025 and t_double_2d_lr is after (t_double_2d then
     follows the device's layout).
   - DualView's host and device views: Kokkos 5 made h_view and d_view
     private; view_host() / view_device() exist on every Kokkos GEOMINT
     supports (3.4 to 5.x), so the styles use those and nothing here is
     needed for them.

   Precision: the /kk styles run the double-precision kernels of
   lib/geomint on the atom data in place, so they need LAMMPS's KOKKOS
   package in double precision (the default; KOKKOS_PREC=double in 2025-2026,
   LMP_PRECISION 2 before).  CMake refuses the other precisions at configure
   time (it asks the LAMMPS binary, `lmp -h`), and each /kk fix asks LAMMPS
   again when it is defined (geomint_kokkos_check.h: a plugin configured by
   hand without LAMMPS_BINARY).  The static_asserts below only hold the aliases to double.
------------------------------------------------------------------------- */

#ifndef GEOMINT_KOKKOS_COMPAT_H
#define GEOMINT_KOKKOS_COMPAT_H

#include "fix.h"
#include "kokkos_type.h"

#include <type_traits>

// kokkos_type.h of the releases with KK_FLOAT defines exactly one of these
#if defined(LMP_KOKKOS_DOUBLE_DOUBLE) || defined(LMP_KOKKOS_SINGLE_DOUBLE) || \
    defined(LMP_KOKKOS_SINGLE_SINGLE)
#define GEOMINT_KK_FLOAT_TYPES 1
#else
#define GEOMINT_KK_FLOAT_TYPES 0
#endif

namespace LAMMPS_NS {
namespace geomint_kk {

  // the atom data masks (X_MASK ...): unsigned int up to 2024, 64 bits in 2025-2026
  // (OMEGA_MASK and TORQUE_MASK are above bit 31 there: an unsigned drops them)
  using mask_t = decltype(Fix::datamask_read);

  template <class DeviceType> struct Views {
    using AT = ArrayTypes<DeviceType>;
#if GEOMINT_KK_FLOAT_TYPES
    using t_x = typename AT::t_kkfloat_1d_3_lr;          // positions
    using t_v = typename AT::t_kkfloat_1d_3;             // velocities, omega
    using t_v_const = typename AT::t_kkfloat_1d_3_const;
    using t_f = typename AT::t_kkacc_1d_3;               // forces, torques
    using t_f_const = typename AT::t_kkacc_1d_3_const;
    using t_float_1d = typename AT::t_kkfloat_1d;        // rmass, mass, radius
    using tdual_double_2d = typename AT::tdual_double_2d_lr;
    using t_double_2d = typename AT::t_double_2d_lr;     // a fix's per-atom double** rows
#else
    using t_x = typename AT::t_x_array;
    using t_v = typename AT::t_v_array;
    using t_v_const = typename AT::t_v_array_const;
    using t_f = typename AT::t_f_array;
    using t_f_const = typename AT::t_f_array_const;
    using t_float_1d = typename AT::t_float_1d;
    using tdual_double_2d = typename AT::tdual_double_2d;
    using t_double_2d = typename AT::t_double_2d;
#endif
    using t_int_1d = typename AT::t_int_1d;
    using t_tagint_1d = typename AT::t_tagint_1d;

    static_assert(std::is_same<typename t_x::value_type, double>::value &&
                      std::is_same<typename t_v::value_type, double>::value &&
                      std::is_same<typename t_f::value_type, double>::value &&
                      std::is_same<typename t_float_1d::value_type, double>::value,
                  "GEOMINT's /kk styles need LAMMPS's KOKKOS package in double precision "
                  "(KOKKOS_PREC=double, the default): rebuild LAMMPS so, or build GEOMINT "
                  "without -D GEOMINT_KOKKOS=on");
    static_assert(std::is_same<typename t_double_2d::array_layout, Kokkos::LayoutRight>::value,
                  "GEOMINT: a fix's per-atom DualView must be row-major to alias its double** array");
  };

  // a style's kokkosable flag, where its class has one (Bond, Angle, Dihedral and
  // Improper got it after 2021; LAMMPS's hybrid/kk styles accept only sub-styles
  // with it set)
  template <class S> auto set_kokkosable_impl(S *s, int) -> decltype(s->kokkosable = 1, void())
  {
    s->kokkosable = 1;
  }
  template <class S> void set_kokkosable_impl(S *, long) {}
  template <class S> void set_kokkosable(S *s)
  {
    set_kokkosable_impl(s, 0);
  }
}    // namespace geomint_kk
}    // namespace LAMMPS_NS

#endif
