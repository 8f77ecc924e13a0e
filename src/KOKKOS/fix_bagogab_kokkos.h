/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - fix bagogab/kk: the BAOAB steps of fix bagogab as Kokkos
   parallel_for/parallel_reduce over the same lib/geomint kernels.
   With the mesh keyword (in-triangle points) the fix runs on the host, as
   the CPU style: the G sub-steps walk a replicated std:: mesh table and
   scatter onto shared vertices (a device version is future work).
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
#include "kokkos_type.h"

namespace LAMMPS_NS {

template <class DeviceType> class FixBagogabKokkos : public FixBagogab {
 public:
  FixBagogabKokkos(class LAMMPS *, int, char **);

  // per type: c1, s = 1 - c1^2, sigma (per-type masses), dtf/m, m
  enum { PT_C1, PT_S, PT_SIGMA, PT_DTFM, PT_MASS, PT_N };
  typedef Kokkos::DualView<double * [PT_N], DeviceType> tdual_ptype;

 protected:
  void baoa_step(double s_def) override;
  void baoa_step_zero(double s_def) override;
  double kick_all(double scale, bool apply) override;

 private:
  tdual_ptype k_ptype;
  Kokkos::View<double * [3], DeviceType> d_delta;    // zero yes: random velocity changes
  void update_ptype();
};

}    // namespace LAMMPS_NS

#endif
#endif
