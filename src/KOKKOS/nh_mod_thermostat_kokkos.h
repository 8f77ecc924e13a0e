/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the /kk side of nh_mod_thermostat.h: the thermostat's v *=
   factor over the fix group as a Kokkos kernel, with a biased compute's
   bias taken out where that compute runs (geomint_kokkos_temperature.h); fix
   nh/mod/kk and fix multiscale/adaptive/kk mode atomistic
------------------------------------------------------------------------- */

#ifndef GEOMINT_NH_MOD_THERMOSTAT_KOKKOS_H
#define GEOMINT_NH_MOD_THERMOSTAT_KOKKOS_H

#include "geomint_kokkos_compat.h"
#include "geomint_kokkos_temperature.h"

#include "atom_kokkos.h"
#include "kokkos_type.h"

namespace LAMMPS_NS {
namespace geomint_kk {

  template <class DeviceType> struct NHModScaleFunctor {
    typedef DeviceType device_type;
    typename Views<DeviceType>::t_v v;
    typename Views<DeviceType>::t_int_1d mask;
    int groupbit;
    double factor;

    KOKKOS_INLINE_FUNCTION void operator()(const int i) const
    {
      if (!(mask[i] & groupbit)) return;
      v(i, 0) *= factor;
      v(i, 1) *= factor;
      v(i, 2) *= factor;
    }
  };

  template <class DeviceType>
  void nhmod_scale_velocities(AtomKokkos *atomKK, Compute *temperature, ExecutionSpace space, int groupbit,
                              double factor)
  {
    NHModScaleFunctor<DeviceType> s;
    s.v = atomKK->k_v.template view<DeviceType>();
    s.mask = atomKK->k_mask.template view<DeviceType>();
    s.groupbit = groupbit;
    s.factor = factor;
    const int nlocal = atomKK->nlocal;
    geomint_kokkos_temperature::scale_velocities(atomKK, temperature, space, [&]() {
      Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, nlocal), s);
    });
  }

}    // namespace geomint_kk
}    // namespace LAMMPS_NS

#endif
