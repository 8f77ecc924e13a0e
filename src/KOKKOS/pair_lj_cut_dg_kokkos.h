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

#include "dg_pair_kokkos.h"
#include "pair_lj_cut_dg.h"
#include "pair_lj_cut_kokkos.h"

namespace LAMMPS_NS {

template <class DeviceType>
class PairLJCutDGKokkos
    : public DGPairKokkos<PairLJCutKokkos<DeviceType>, DeviceType, PairLJCutDGKokkos<DeviceType>> {
 public:
  // (messages name the style as given: lj/cut/dg)
  PairLJCutDGKokkos(class LAMMPS *lmp) : PairLJCutDGKokkos::DGPairKokkos(lmp, "lj/cut/dg", {{"Rc", "cutoff"}}) {}

  // LJCutDGTerm's coefficients: (lj3, lj4, offset) per type pair
  static constexpr int NCOEFF = 3;
  double dg_coeff(int i, int j, int k) const
  {
    return k == 0 ? this->lj3[i][j] : k == 1 ? this->lj4[i][j] : this->offset[i][j];
  }
  struct Coeff {
    geomint_kk::DGKokkosCoeff<DeviceType, NCOEFF> t;
    KOKKOS_INLINE_FUNCTION double lj3(int i, int j) const { return t.get(i, j, 0); }
    KOKKOS_INLINE_FUNCTION double lj4(int i, int j) const { return t.get(i, j, 1); }
    KOKKOS_INLINE_FUNCTION double offset(int i, int j) const { return t.get(i, j, 2); }
  };
  LJCutDGTerm<Coeff> dg_term_kk(const geomint_kk::DGKokkosCoeff<DeviceType, NCOEFF> &c) const
  {
    return {{c}};
  }
};

}    // namespace LAMMPS_NS

#endif
#endif
