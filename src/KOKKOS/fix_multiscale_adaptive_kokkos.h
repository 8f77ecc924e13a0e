/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - fix multiscale/adaptive/kk: the per-atom passes of fix
   multiscale/adaptive (multiscale_adaptive_passes.h: the half-kick and
   drift of initial_integrate; the drags, Brownian draws and half-kick of
   final_integrate in one kernel; integrate no's forces and the works of its
   half-kicks; the kinetic sum of temp instant) and the thermostat's
   velocity scaling as Kokkos kernels; the per-atom state as a DualView.  The adaptive
   G1-G2 force and signal (pair->single over owned and ghost atoms) stay on
   the host: the atoms they read are synced there and f_p is copied back.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(multiscale/adaptive/kk,FixMultiscaleAdaptiveKokkos<LMPDeviceType>);
FixStyle(multiscale/adaptive/kk/device,FixMultiscaleAdaptiveKokkos<LMPDeviceType>);
FixStyle(multiscale/adaptive/kk/host,FixMultiscaleAdaptiveKokkos<LMPHostType>);
// clang-format on
#else

#ifndef GEOMINT_FIX_MULTISCALE_ADAPTIVE_KOKKOS_H
#define GEOMINT_FIX_MULTISCALE_ADAPTIVE_KOKKOS_H

#include "fix_multiscale_adaptive.h"
#include "geomint_kokkos_compat.h"
#include "geomint_kokkos_host_arrays.h"
#include "kokkos_type.h"

namespace LAMMPS_NS {

template <class DeviceType> class FixMultiscaleAdaptiveKokkos : public geomint_kk::HostArrays<FixMultiscaleAdaptive> {
 public:
  FixMultiscaleAdaptiveKokkos(class LAMMPS *, int, char **);
  ~FixMultiscaleAdaptiveKokkos() override;
  void init() override;
  void setup(int) override;
  void reset_dt() override;

  // host-side access to the per-atom state (migration, sorting, restart): synced
  // (copy, pack and unpack: geomint_kk::HostArrays)
  void grow_arrays(int) override;
  double memory_usage() override;

  // the per-type table of the passes (FixMultiscaleAdaptive::ptype)
  typedef Kokkos::DualView<double * [geomint_msa::PT_N], DeviceType> tdual_ptype;

 protected:
  void kick_drift_pass(const geomint_msa::PassScalars &, geomint::MSAWork &w) override;
  void forces_kick_pass(const geomint_msa::PassScalars &, bool with_kick, geomint::MSAWork &w) override;
  void apply_pass(const geomint_msa::PassScalars &, geomint::MSAWork &w) override;
  void first_half_pass(const geomint_msa::PassScalars &, geomint::MSAWork &w) override;
  void kinetic_sums(const geomint_msa::PassScalars &, double local[2]) override;
  void scale_velocities(double) override;
  double temperature_scalar() override;
  void potential_forces() override;
  void grow_fpot() override;

 protected:
  // (HostArrays: the state on the host)
  void state_to_host() override { k_state.template sync<LMPHostType>(); }
  void state_modified_on_host() override { k_state.template modify<LMPHostType>(); }

 private:
  typename geomint_kk::Views<DeviceType>::tdual_double_2d k_state;    // aliases FixMultiscaleAdaptive::state
  typename geomint_kk::Views<DeviceType>::tdual_double_2d k_fpot;     // aliases fpot (set on the host)
  tdual_ptype k_ptype;
  void upload_types();
  template <class Pass> Pass device_pass(const geomint_msa::PassScalars &);    // a pass over the views
};

}    // namespace LAMMPS_NS

#endif
#endif
