/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - fix bagogab/kk: fix bagogab with its passes (bagogab_passes.h)
   run as Kokkos parallel_for / parallel_reduce over an accessor of Kokkos
   views; the step order, the parsing, the restart and the per-atom
   bookkeeping are FixBagogab's and BagogabPoints's.  This file holds
   dispatch and data movement only: the atom data and the per-type table
   as views, the points' state as a DualView (host side: migration,
   restart, setup), the mesh as flat replicated views, the vertex scatter
   through a ScatterView.  Filaments: the other atoms' passes read the pass
   mask (beads left out) as a view; the beads' constrained sub-steps run on
   the host (a parallel_for over filaments on the host execution space).  Reading the mesh, the setup checks and the
   assignment of points to triangles stay on the host (once per run).
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

#include "bagogab_passes.h"
#include "fix_bagogab.h"
#include "geomint_kokkos_compat.h"
#include "kokkos_type.h"


namespace LAMMPS_NS {

template <class DeviceType> class FixBagogabKokkos : public FixBagogab {
 public:
  FixBagogabKokkos(class LAMMPS *, int, char **);

  // the per-type table (FixBagogab::coeff) on the device
  typedef Kokkos::DualView<double * [geomint_bagogab::PT_N], DeviceType> tdual_coeff;
  // the Kokkos accessor of the atom data (bagogab_passes.h), synced for this step
  struct Atoms;
  Atoms atoms_kk();

 protected:
  void baoa_pass(double s_def, double &de) override;
  void zero_first_pass(double s_def, double local[4]) override;
  void zero_second_pass(const double shift[3], double &de) override;
  void kick_pass(double scale, bool apply, double &dke) override;
  // the filaments' host work: atom data to the host, x and v back
  void filaments_to_host() override;
  void filaments_done_on_host() override;

 private:
  tdual_coeff k_coeff;
  Kokkos::View<double * [3], DeviceType> d_delta;    // zero yes: random velocity changes
  // with filaments: FixBagogab::pass_mask() (owned atoms) on DeviceType, the
  // mask of the accessor; copied again after each BagogabFilaments::setup_local
  typename geomint_kk::Views<DeviceType>::t_int_1d d_pass_mask;
  int pass_mask_serial;    // the setup_local it was copied after (-1: none)
};

}    // namespace LAMMPS_NS

#endif
#endif
