/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - fix multiscale/adaptive/kk: the per-atom passes of fix
   multiscale/adaptive (the half-kick and drift of initial_integrate; the
   drags, Brownian draws and half-kick of final_integrate in one kernel;
   integrate no's forces and the works of its half-kicks; the thermostat's
   velocity scaling; the kinetic sum of temp instant) as Kokkos kernels over the same per-atom kernels of
   lib/geomint/multiscale.h; the per-atom state as a DualView.  The adaptive
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
#include "kokkos_type.h"

namespace LAMMPS_NS {

template <class DeviceType> class FixMultiscaleAdaptiveKokkos : public FixMultiscaleAdaptive {
 public:
  FixMultiscaleAdaptiveKokkos(class LAMMPS *, int, char **);
  ~FixMultiscaleAdaptiveKokkos() override;
  void init() override;
  void setup(int) override;
  void reset_dt() override;

  // host-side access to the per-atom state (migration, sorting, restart): synced
  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  double memory_usage() override;

  // per type: drag beta, rotational drag beta, radius, dtf/m (the CPU
  // fix's tables; 0 where not given)
  enum { PT_BETA, PT_RBETA, PT_RADIUS, PT_DTFM, PT_N };
  typedef Kokkos::DualView<double * [PT_N], DeviceType> tdual_ptype;

 protected:
  void kick_drift_pass(geomint::MSAWork &w) override;
  void forces_kick_pass(bool setup, bool with_kick, double s2, geomint::MSAWork &w) override;
  void apply_forces(bool setup) override;
  void first_half_pass(geomint::MSAWork &w) override;
  void scale_velocities(double) override;
  void kinetic_sums(double local[2]) override;
  double temperature_scalar() override;
  void potential_forces() override;
  void grow_fpot() override;

 private:
  typename geomint_kk::Views<DeviceType>::tdual_double_2d k_state;    // aliases FixMultiscaleAdaptive::state
  typename geomint_kk::Views<DeviceType>::tdual_double_2d k_fpot;     // aliases fpot (set on the host)
  tdual_ptype k_ptype;
  void upload_types();
  template <class Data> Data atom_data();    // the views and scalars of a kernel
};

}    // namespace LAMMPS_NS

#endif
#endif
