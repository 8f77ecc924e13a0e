/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - a per-atom pass (a struct with operator()(a, i), written once
   for the CPU fix and its /kk variant) over an accessor of Kokkos views,
   run by parallel_for on DeviceType
------------------------------------------------------------------------- */

#ifndef GEOMINT_KOKKOS_FOR_EACH_H
#define GEOMINT_KOKKOS_FOR_EACH_H

#include <Kokkos_Core.hpp>

namespace LAMMPS_NS {
namespace geomint_kk {

  template <class DeviceType, class Acc, class Pass> struct ForEach {
    typedef DeviceType device_type;
    Acc a;
    Pass p;
    KOKKOS_INLINE_FUNCTION void operator()(const int i) const { p(a, i); }
  };

  // the pass over atoms [0, n)
  template <class DeviceType, class Acc, class Pass> void for_each(const Acc &a, int n, const Pass &p)
  {
    Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, n), ForEach<DeviceType, Acc, Pass>{a, p});
  }

}    // namespace geomint_kk
}    // namespace LAMMPS_NS

#endif
