/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the /kk side of nh_mod_thermostat.h: the thermostat's v *=
   factor over the fix group (the Scale pass of nh_mod_passes.h) as a
   Kokkos kernel, with a biased compute's bias taken out where that compute
   runs (geomint_kokkos_temperature.h); fix nh/mod/kk and fix
   multiscale/adaptive/kk mode atomistic
------------------------------------------------------------------------- */

#ifndef GEOMINT_NH_MOD_THERMOSTAT_KOKKOS_H
#define GEOMINT_NH_MOD_THERMOSTAT_KOKKOS_H

#include "geomint_kokkos_atoms.h"
#include "geomint_kokkos_for_each.h"
#include "geomint_kokkos_temperature.h"
#include "nh_mod_passes.h"

#include "atom_kokkos.h"
#include "kokkos_type.h"

namespace LAMMPS_NS {
namespace geomint_kk {

  template <class DeviceType>
  void nhmod_scale_velocities(AtomKokkos *atomKK, Compute *temperature, ExecutionSpace space, int groupbit,
                              double factor)
  {
    const int nlocal = atomKK->nlocal;
    geomint_kokkos_temperature::scale_velocities(atomKK, temperature, space, [&]() {
      for_each<DeviceType>(AtomViews<DeviceType>(atomKK), nlocal, geomint_nhmod::Scale{groupbit, factor});
    });
  }

}    // namespace geomint_kk
}    // namespace LAMMPS_NS

#endif
