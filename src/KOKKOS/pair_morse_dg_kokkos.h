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

#include "dg_pair_kokkos.h"
#include "pair_morse_dg.h"
#include "pair_morse_kokkos.h"

namespace LAMMPS_NS {

template <class DeviceType>
class PairMorseDGKokkos
    : public DGPairKokkos<PairMorseKokkos<DeviceType>, DeviceType, PairMorseDGKokkos<DeviceType>> {
 public:
  using Base = DGPairKokkos<PairMorseKokkos<DeviceType>, DeviceType, PairMorseDGKokkos<DeviceType>>;
  PairMorseDGKokkos(class LAMMPS *lmp) : Base(lmp, "morse/dg", {{"Rc", "cutoff"}}, 3)
  {
  }
  void init_style() override;
  void compute(int, int) override;

  // MorseDGTerm's coefficients: (d0, alpha, r0, offset) per type pair
  static constexpr int NCOEFF = 4;
  double dg_coeff(int i, int j, int k) const
  {
    return k == 0 ? this->d0[i][j]
        : k == 1  ? this->alpha[i][j]
        : k == 2  ? this->r0[i][j]
                  : this->offset[i][j];
  }
  struct Coeff {
    geomint_kk::DGKokkosCoeff<DeviceType, NCOEFF> t;
    KOKKOS_INLINE_FUNCTION double d0(int i, int j) const { return t.get(i, j, 0); }
    KOKKOS_INLINE_FUNCTION double alpha(int i, int j) const { return t.get(i, j, 1); }
    KOKKOS_INLINE_FUNCTION double r0(int i, int j) const { return t.get(i, j, 2); }
    KOKKOS_INLINE_FUNCTION double offset(int i, int j) const { return t.get(i, j, 3); }
  };
  DGPairTermIJ<MorseDGTerm<Coeff>> dg_term_kk(const geomint_kk::DGKokkosCoeff<DeviceType, NCOEFF> &c) const
  {
    return {{{c}}};
  }
};

}    // namespace LAMMPS_NS

#endif
#endif
