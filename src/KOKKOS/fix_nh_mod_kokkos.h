/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - fix nh/mod/kk: fix nh/mod with its per-atom loops (half kick,
   drift, thermostat scaling) as Kokkos parallel_for over the atom data on
   the device.  The thermostat's scalar half-step (lib/geomint/nh_mod.h),
   the parsing, the restart record and the outputs are FixNHMod's; the
   kinetic energy comes from the fix's temperature compute, temp/kk under
   '-sf kk' (a parallel_reduce on the device), or any other compute with the
   atom data synced to where that compute runs.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(nh/mod/kk,FixNHModKokkos<LMPDeviceType>);
FixStyle(nh/mod/kk/device,FixNHModKokkos<LMPDeviceType>);
FixStyle(nh/mod/kk/host,FixNHModKokkos<LMPHostType>);
// clang-format on
#else

#ifndef GEOMINT_FIX_NH_MOD_KOKKOS_H
#define GEOMINT_FIX_NH_MOD_KOKKOS_H

#include "fix_nh_mod.h"
#include "geomint_kokkos_compat.h"
#include "kokkos_type.h"

namespace LAMMPS_NS {

template <class DeviceType> class FixNHModKokkos : public FixNHMod {
 public:
  FixNHModKokkos(class LAMMPS *, int, char **);
  void init() override;

 protected:
  double measured_y() override;
  void half_kick() override;
  void drift() override;
  void scale_velocities(double) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
