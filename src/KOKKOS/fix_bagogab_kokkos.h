/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - fix bagogab/kk: the BAOAB steps of fix bagogab as Kokkos
   parallel_for/parallel_reduce over the same lib/geomint kernels, with
   in-triangle points (mesh keyword) too: the mesh as flat replicated views,
   the per-atom state as a DualView, the chain-rule and recoil scatter onto
   shared vertices with atomics.  Reading the mesh, the setup checks and
   the assignment of points to triangles stay on the host (once per run).
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(bagogab/kk,FixBagogabKokkos<LMPDeviceType>);
FixStyle(bagogab/kk/device,FixBagogabKokkos<LMPDeviceType>);
FixStyle(bagogab/kk/host,FixBagogabKokkos<LMPHostType>);
// clang-format on
#else

#ifndef GEOMINT_FIX_BAGOGAB_KOKKOS_H
#define GEOMINT_FIX_BAGOGAB_KOKKOS_H

#include "fix_bagogab.h"
#include "geomint_kokkos_compat.h"
#include "kokkos_type.h"

#include <Kokkos_ScatterView.hpp>

#include "geomint/triangle.h"

#include <cstdint>
#include <vector>

namespace LAMMPS_NS {

template <class DeviceType> class FixBagogabKokkos : public FixBagogab {
 public:
  FixBagogabKokkos(class LAMMPS *, int, char **);
  ~FixBagogabKokkos() override;

  // host-side per-atom state (migration, sorting, restart, setup): synced
  void setup_pre_neighbor() override;
  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  double memory_usage() override;

  // per type: c1, s = 1 - c1^2, sigma (per-type masses), dtf/m, m, 1/m
  enum { PT_C1, PT_S, PT_SIGMA, PT_DTFM, PT_MASS, PT_INVM, PT_N };
  typedef Kokkos::DualView<double * [PT_N], DeviceType> tdual_ptype;
  // the scatter onto shared vertices: per-thread copies summed in thread
  // order on host backends (deterministic for a given thread count), atomics
  // on GPUs (Kokkos's defaults for each backend)
  typedef decltype(Kokkos::Experimental::create_scatter_view(
      typename geomint_kk::Views<DeviceType>::t_double_2d())) t_scatter;

 protected:
  void baoa_step(double s_def) override;
  void baoa_step_zero(double s_def) override;
  double kick_all(double scale, bool apply) override;
  void bagogab_step(double s_def) override;

 private:
  tdual_ptype k_ptype;
  Kokkos::View<double * [3], DeviceType> d_delta;    // zero yes: random velocity changes
  void update_ptype();

  // in-triangle points (mesh keyword)
  typename geomint_kk::Views<DeviceType>::tdual_double_2d k_state;      // aliases FixBagogab::state
  typename geomint_kk::Views<DeviceType>::tdual_double_2d k_fc, k_dp;   // alias fc, dp (reverse comm)
  t_scatter s_fc, s_dp;
  Kokkos::View<int * [4], DeviceType> d_vtx;                     // corners, computed flag
  Kokkos::View<double * [2], DeviceType> d_wat;                  // A^T v
  Kokkos::View<geomint::TriFrame *, DeviceType> d_frames;
  Kokkos::View<int * [2], DeviceType> d_fail;                    // failure code, triangle (0-based)
  Kokkos::View<int, DeviceType> d_failflag;                      // some point failed this step
  // the mesh: corners as indices into the sorted vertex IDs (same order as
  // the IDs), adjacency, apex; the local images of every vertex (CSR, in the
  // order Domain::closest_image visits them), rebuilt at each reneighboring
  Kokkos::View<int *, DeviceType> d_triq, d_adj, d_apex;
  Kokkos::DualView<int *, DeviceType> k_img_off, k_img_list;
  std::vector<int64_t> vertex_tags;    // sorted distinct vertex IDs
  int nmax_kk;                         // allocated rows of the work views

  void grow_mesh_work();
  void build_images();
  template <class Data> Data mesh_data();
  double mesh_b(double s, double s2, bool apply);
  void mesh_a();
  void mesh_g(double tau);
  void mesh_o();
  void reverse_sum(typename geomint_kk::Views<DeviceType>::tdual_double_2d &k, double **host);
  void collect_failures();
};

}    // namespace LAMMPS_NS

#endif
#endif
