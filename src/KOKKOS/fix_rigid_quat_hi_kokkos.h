/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - fix rigid/quat/hi/kk: bodystyle atom on atom_style sphere
   (sphere/kk), the per-body sub-steps of fix rigid/quat/hi as Kokkos
   kernels over the same lib/geomint kernels (rigid_body.h), the fix's
   quaternions as a DualView.  hi off runs entirely in one kernel per step;
   hi rpy does its dense step on the host (rank 0, LAPACK) between two
   kernels.  There is no ellipsoid variant: LAMMPS has no atom_style
   ellipsoid/kk.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(rigid/quat/hi/kk,FixRigidQuatHiKokkos<LMPDeviceType>);
FixStyle(rigid/quat/hi/kk/device,FixRigidQuatHiKokkos<LMPDeviceType>);
FixStyle(rigid/quat/hi/kk/host,FixRigidQuatHiKokkos<LMPHostType>);
// clang-format on
#else

#ifndef GEOMINT_FIX_RIGID_QUAT_HI_KOKKOS_H
#define GEOMINT_FIX_RIGID_QUAT_HI_KOKKOS_H

#include "fix_rigid_quat_hi.h"
#include "geomint_kokkos_compat.h"
#include "geomint_kokkos_host_arrays.h"
#include "geomint_kokkos_reduction.h"
#include "kokkos_type.h"

#include "geomint/rigid_body.h"

namespace LAMMPS_NS {

template <class DeviceType> struct RigidSphereBodies;

template <class DeviceType> class FixRigidQuatHiKokkos : public geomint_kk::HostArrays<FixRigidQuatHi> {
 public:
  FixRigidQuatHiKokkos(class LAMMPS *, int, char **);
  ~FixRigidQuatHiKokkos() override;
  void init() override;
  void setup(int) override;
  void reset_dt() override;
  double compute_vector(int) override;

  // host-side access to the quaternions (migration, sorting, restart): synced
  // (copy, pack and unpack: geomint_kk::HostArrays)
  void grow_arrays(int) override;
  double memory_usage() override;

  typedef Kokkos::DualView<geomint::RigidOUCoeff *, DeviceType> tdual_coeff;
  typedef Kokkos::DualView<double *, DeviceType> tdual_radius;

 protected:
  // (HostArrays: the state on the host)
  void state_to_host() override { k_quat.template sync<LMPHostType>(); }
  void state_modified_on_host() override { k_quat.template modify<LMPHostType>(); }

 private:
  typename geomint_kk::Views<DeviceType>::tdual_double_2d k_quat;    // aliases FixRigidQuatHi::quat
  tdual_coeff k_tcoeff;                                         // per type (hi off, per_type)
  tdual_radius k_tradius;                                       // hydrodynamic radius per type
  void sync_host_properties();
  void upload_types();

  // FixRigidQuatHi's passes as parallel_for / parallel_reduce
  bool atoms_changed() override;
  void first_half_pass(const rqh::StepParams &p) override;
  void second_half_pass(const rqh::StepParams &p) override;
  void hi_off_pass(const rqh::StepParams &p, double &de, double &tmin) override;
  void kick_pass(const rqh::StepParams &p) override;
  void dense_pass(double kT) override;
  void end_step() override;
  // the atom data for the passes (synced to the execution space)
  RigidSphereBodies<DeviceType> sphere_bodies(const rqh::StepParams &p);
  void modified_bodies();
};

}    // namespace LAMMPS_NS

#endif
#endif
