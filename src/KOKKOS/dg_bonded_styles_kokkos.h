/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the /kk variants of the bonded DG styles (bond harmonic/dg/kk,
   ..., improper cvff/dg/kk, each also /kk/device and /kk/host): the CPU
   style with its discrete gradient on the Kokkos execution space
   (DGBondedKokkos, dg_bonded_kokkos.h).  Instantiated once, in
   dg_bonded_styles_kokkos.cpp.
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_BONDED_STYLES_KOKKOS_H
#define GEOMINT_DG_BONDED_STYLES_KOKKOS_H

#include "dg_bonded_kokkos.h"

#include "angle_cosine_dg.h"
#include "angle_cosine_squared_dg.h"
#include "angle_harmonic_dg.h"
#include "bond_fene_dg.h"
#include "bond_harmonic_dg.h"
#include "bond_morse_dg.h"
#include "dihedral_charmm_dg.h"
#include "dihedral_harmonic_dg.h"
#include "dihedral_multi_harmonic_dg.h"
#include "dihedral_nharmonic_dg.h"
#include "dihedral_opls_dg.h"
#include "improper_cvff_dg.h"
#include "improper_harmonic_dg.h"

namespace LAMMPS_NS {

// bond fene/dg/kk: a bond at the log clamp of a trial configuration is
// recorded on DeviceType (the first one of each kind: too long, bad) and
// reported by the CPU style's report_long on the host after the pass
template <class DeviceType> class BondFENEDGKokkos : public DGBondedKokkos<BondFENEDG, DeviceType> {
 public:
  using typename DGStyleKokkos<DeviceType>::t_x;
  using typename DGStyleKokkos<DeviceType>::t_double_2d;
  BondFENEDGKokkos(LAMMPS *lmp) : DGBondedKokkos<BondFENEDG, DeviceType>(lmp) {}

  // flag(b) = 1 once a bond of kind b (0: too long, 1: bad) was seen; info(4 b
  // .. 4 b + 3) = its atoms, type and length
  struct DeviceReport {
    Kokkos::View<int *, DeviceType> flag;
    Kokkos::View<double *, DeviceType> info;
    KOKKOS_INLINE_FUNCTION void operator()(int i1, int i2, int type, double r, bool bad) const
    {
      const int b = bad ? 1 : 0;
      if (Kokkos::atomic_compare_exchange(&flag(b), 0, 1) == 0) {
        info(4 * b) = i1;
        info(4 * b + 1) = i2;
        info(4 * b + 2) = type;
        info(4 * b + 3) = r;
      }
    }
  };

  using typename DGStyleKokkos<DeviceType>::t_select;
  void compute_dg_kk_selected(const t_double_2d &xold, const t_x &xnew, const t_double_2d &fdg,
                              const t_select &sel, double &vnew, double &vold) override;

 protected:
  Kokkos::View<int *, DeviceType> d_flag;
  Kokkos::View<double *, DeviceType> d_info;
  void compute_kk() override;
  // run(term) with the term that records clamped bonds, then their report
  template <class Run> void with_report(const Run &run);
};

template <class DeviceType> using BondHarmonicDGKokkos = DGBondedKokkos<BondHarmonicDG, DeviceType>;
template <class DeviceType> using BondMorseDGKokkos = DGBondedKokkos<BondMorseDG, DeviceType>;
template <class DeviceType> using AngleHarmonicDGKokkos = DGBondedKokkos<AngleHarmonicDG, DeviceType>;
template <class DeviceType> using AngleCosineDGKokkos = DGBondedKokkos<AngleCosineDG, DeviceType>;
template <class DeviceType>
using AngleCosineSquaredDGKokkos = DGBondedKokkos<AngleCosineSquaredDG, DeviceType>;
template <class DeviceType> using DihedralOPLSDGKokkos = DGBondedKokkos<DihedralOPLSDG, DeviceType>;
template <class DeviceType>
using DihedralNHarmonicDGKokkos = DGBondedKokkos<DihedralNHarmonicDG, DeviceType>;
template <class DeviceType>
using DihedralMultiHarmonicDGKokkos = DGBondedKokkos<DihedralMultiHarmonicDG, DeviceType>;
template <class DeviceType> using DihedralCharmmDGKokkos = DGBondedKokkos<DihedralCharmmDG, DeviceType>;
template <class DeviceType>
using DihedralHarmonicDGKokkos = DGBondedKokkos<DihedralHarmonicDG, DeviceType>;
template <class DeviceType>
using ImproperHarmonicDGKokkos = DGBondedKokkos<ImproperHarmonicDG, DeviceType>;
template <class DeviceType> using ImproperCvffDGKokkos = DGBondedKokkos<ImproperCvffDG, DeviceType>;

#define GEOMINT_DG_BONDED_KK(X, D)                    \
  X class DGBondedKokkos<BondHarmonicDG, D>;          \
  X class DGBondedKokkos<BondMorseDG, D>;             \
  X class DGBondedKokkos<BondFENEDG, D>;              \
  X class BondFENEDGKokkos<D>;                        \
  X class DGBondedKokkos<AngleHarmonicDG, D>;         \
  X class DGBondedKokkos<AngleCosineDG, D>;           \
  X class DGBondedKokkos<AngleCosineSquaredDG, D>;    \
  X class DGBondedKokkos<DihedralOPLSDG, D>;          \
  X class DGBondedKokkos<DihedralNHarmonicDG, D>;     \
  X class DGBondedKokkos<DihedralMultiHarmonicDG, D>; \
  X class DGBondedKokkos<DihedralCharmmDG, D>;        \
  X class DGBondedKokkos<DihedralHarmonicDG, D>;      \
  X class DGBondedKokkos<ImproperHarmonicDG, D>;      \
  X class DGBondedKokkos<ImproperCvffDG, D>;

GEOMINT_DG_BONDED_KK(extern template, LMPDeviceType)
#ifdef LMP_KOKKOS_GPU
GEOMINT_DG_BONDED_KK(extern template, LMPHostType)
#endif

}    // namespace LAMMPS_NS

#endif
