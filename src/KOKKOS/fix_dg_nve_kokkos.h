/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - fix dg/nve/kk: fix dg/nve with the whole implicit step on the
   Kokkos execution space.  FixDGNVE's step (initial_integrate: predictor,
   fixed-point or Anderson iterations, stopping rule, final update) calls the
   per-atom hooks overridden here; each is a parallel_for / parallel_reduce of
   the same pass of dg_passes.h that the CPU fix runs in a loop.  The trial
   positions go to the ghosts through LAMMPS's Kokkos forward communication;
   the discrete force of the /kk DG styles (DGStyleKokkos) is computed where
   the fix runs.  Parsing, the stopping rule, outputs and restart records are
   FixDGNVE's, so restarts carry over both ways.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(dg/nve/kk,FixDGNVEKokkos<LMPDeviceType>);
FixStyle(dg/nve/kk/device,FixDGNVEKokkos<LMPDeviceType>);
FixStyle(dg/nve/kk/host,FixDGNVEKokkos<LMPHostType>);
// clang-format on
#else

#ifndef GEOMINT_FIX_DG_NVE_KOKKOS_H
#define GEOMINT_FIX_DG_NVE_KOKKOS_H

#include "fix_dg_nve.h"
#include "dg_style_kokkos.h"
#include "geomint_kokkos_compat.h"
#include "geomint_kokkos_host_arrays.h"
#include "kokkos_type.h"

#include <memory>
#include <vector>

namespace LAMMPS_NS {

template <class DeviceType> class FixDGNVEKokkos : public geomint_kk::HostArrays<FixDGNVE> {
 public:
  using tdual_2d = typename geomint_kk::Views<DeviceType>::tdual_double_2d;
  using t_2d = typename geomint_kk::Views<DeviceType>::t_double_2d;
  FixDGNVEKokkos(class LAMMPS *, int, char **);
  ~FixDGNVEKokkos() override;
  void init() override;
  void setup_post_neighbor() override;
  void post_neighbor() override;
  void initial_integrate(int) override;
  void pre_reverse(int, int) override;
  void grow_arrays(int) override;
  double memory_usage() override;

 protected:
  tdual_2d k_xold, k_vold, k_fdg, k_gcur, k_rcur, k_gprev, k_rprev, k_fprev, k_fext;
  Kokkos::View<double *, DeviceType> d_mixhist, d_dtfm;
  std::vector<DGStyleKokkos<DeviceType> *> kkstyles;    // per dgstyles entry, null: host style
  // a bonded hybrid style of /kk sub-styles: each over the terms of its types
  class HybridKokkos;
  std::vector<std::shared_ptr<HybridKokkos>> kkhybrids;
  bool host_styles = false;                             // some style has no /kk variant

  void grow() override;
  double begin_pass(double &xmax) override;
  void predict_pass(const DGPredict &) override;
  void finish_pass(double r[3]) override;
  double max_disp2_local() override;
  void styles_step_begin(double reach) override;
  DGFixedPoint fixed_point_arrays() override;
  void residual_pass(int nh, const DGFixedPoint &, double &inc, double &disp,
                     double *sums) override;
  void update_pass(int nh, const DGFixedPoint &, const double *gamma) override;
  void swap_cur_prev() override;
  int worst_atom_local(double &value) override;
  void forward_trial_positions() override;
  void zero_discrete_force() override;
  void style_discrete_force(size_t k, double &vnew, double &vold_sum) override;
  void sum_ghost_discrete_force() override;
  double external_kick() override;
  void grow_fext() override;
  void state_to_host() override;
  void state_modified_on_host() override;
};

}    // namespace LAMMPS_NS

#endif
#endif
