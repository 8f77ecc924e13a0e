/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - pair lj/cut/dg/kk: pair lj/cut/kk (its compute(), the energy
   path) with the discrete gradient of pair lj/cut/dg for fix dg/nve/kk,
   over the Kokkos neighbor list (full, half or half/thread, as pair
   lj/cut/kk) with the same pair term (LJCutDGTerm) as the CPU style
------------------------------------------------------------------------- */

#ifdef PAIR_CLASS
// clang-format off
PairStyle(lj/cut/dg/kk,PairLJCutDGKokkos<LMPDeviceType>);
PairStyle(lj/cut/dg/kk/device,PairLJCutDGKokkos<LMPDeviceType>);
PairStyle(lj/cut/dg/kk/host,PairLJCutDGKokkos<LMPHostType>);
// clang-format on
#else

#ifndef GEOMINT_PAIR_LJ_CUT_DG_KOKKOS_H
#define GEOMINT_PAIR_LJ_CUT_DG_KOKKOS_H

#include "dg_style_kokkos.h"
#include "pair_lj_cut_dg.h"
#include "pair_lj_cut_kokkos.h"

namespace LAMMPS_NS {

template <class DeviceType>
class PairLJCutDGKokkos : public DGPair<PairLJCutKokkos<DeviceType>>,
                          public DGStyleKokkos<DeviceType> {
 public:
  using Base = DGPair<PairLJCutKokkos<DeviceType>>;
  using typename DGStyleKokkos<DeviceType>::t_x;
  using typename DGStyleKokkos<DeviceType>::t_double_2d;
  PairLJCutDGKokkos(class LAMMPS *);
  double init_one(int, int) override;
  // (the step's pairs: dg_step_begin_kk; the host DGPair::dg_step_begin is not used)
  void dg_step_begin(double **, double) override {}
  void dg_step_begin_kk(const t_double_2d &xold, double reach) override;
  void dg_step_end() override;
  void compute_dg_kk(const t_double_2d &xold, const t_x &xnew, const t_double_2d &fdg,
                     double &vnew, double &vold) override;

  // the coefficients of LJCutDGTerm on DeviceType: (lj3, lj4, offset) per type pair
  struct Coeff {
    Kokkos::View<const double *, DeviceType> c;
    int ntp1;
    KOKKOS_INLINE_FUNCTION double lj3(int i, int j) const { return c(3 * (i * ntp1 + j)); }
    KOKKOS_INLINE_FUNCTION double lj4(int i, int j) const { return c(3 * (i * ntp1 + j) + 1); }
    KOKKOS_INLINE_FUNCTION double offset(int i, int j) const { return c(3 * (i * ntp1 + j) + 2); }
  };

 protected:
  void pair_dg(double **, double **, double **, double &, double &) override;
  bool coeff_stale = true;
  Kokkos::View<double *, DeviceType> d_cutsq, d_cut, d_coeff;    // true cutoffs (squared), coefficients
  geomint_kk::DGKokkosPairSteps<DeviceType> steps;
  void upload_coeff();
};

}    // namespace LAMMPS_NS

#endif
#endif
