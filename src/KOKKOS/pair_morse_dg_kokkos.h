/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - pair morse/dg/kk: pair morse/kk (its compute(), the energy
   path) with the discrete gradient of pair morse/dg for fix dg/nve/kk,
   over the Kokkos neighbor list (full, half or half/thread, as pair
   morse/kk) with the same pair term (MorseDGTerm) as the CPU style
------------------------------------------------------------------------- */

#ifdef PAIR_CLASS
// clang-format off
PairStyle(morse/dg/kk,PairMorseDGKokkos<LMPDeviceType>);
PairStyle(morse/dg/kk/device,PairMorseDGKokkos<LMPDeviceType>);
PairStyle(morse/dg/kk/host,PairMorseDGKokkos<LMPHostType>);
// clang-format on
#else

#ifndef GEOMINT_PAIR_MORSE_DG_KOKKOS_H
#define GEOMINT_PAIR_MORSE_DG_KOKKOS_H

#include "dg_style_kokkos.h"
#include "pair_morse_dg.h"
#include "pair_morse_kokkos.h"

namespace LAMMPS_NS {

template <class DeviceType>
class PairMorseDGKokkos : public DGPair<PairMorseKokkos<DeviceType>>,
                          public DGStyleKokkos<DeviceType> {
 public:
  using Base = DGPair<PairMorseKokkos<DeviceType>>;
  using typename DGStyleKokkos<DeviceType>::t_x;
  using typename DGStyleKokkos<DeviceType>::t_double_2d;
  PairMorseDGKokkos(class LAMMPS *);
  double init_one(int, int) override;
  void init_style() override;
  void dg_step_begin(double **, double) override {}
  void compute_dg_kk(const t_double_2d &xold, const t_x &xnew, const t_double_2d &fdg,
                     double &vnew, double &vold) override;

  // the coefficients of MorseDGTerm on DeviceType: (d0, alpha, r0, offset) per type pair
  struct Coeff {
    Kokkos::View<const double *, DeviceType> c;
    int ntp1;
    KOKKOS_INLINE_FUNCTION double d0(int i, int j) const { return c(4 * (i * ntp1 + j)); }
    KOKKOS_INLINE_FUNCTION double alpha(int i, int j) const { return c(4 * (i * ntp1 + j) + 1); }
    KOKKOS_INLINE_FUNCTION double r0(int i, int j) const { return c(4 * (i * ntp1 + j) + 2); }
    KOKKOS_INLINE_FUNCTION double offset(int i, int j) const { return c(4 * (i * ntp1 + j) + 3); }
  };

 protected:
  void pair_dg(double **, double **, double **, double &, double &) override;
  bool coeff_stale = true;
  Kokkos::View<double *, DeviceType> d_cutsq, d_coeff;
  void upload_coeff();
};

}    // namespace LAMMPS_NS

#endif
#endif
