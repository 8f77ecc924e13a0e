/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - pair lj/mdf/dg/kk: the CPU style lj/mdf/dg (its compute(), the
   energy path, on the host, over a host neighbor list) with the discrete
   gradient on DeviceType for fix dg/nve/kk: the same pair term (LJMDFDGTerm)
   over views of the coefficients, run by dg_pair_kk over a copy of the host
   list on DeviceType (DGPairHostListKokkos, pair_dsf_dg_kokkos.h, as the
   DSF styles).

   Not derived from a LAMMPS pair lj/mdf/kk: no LAMMPS version has one.
------------------------------------------------------------------------- */

#ifndef GEOMINT_PAIR_LJ_MDF_DG_KOKKOS_H
#define GEOMINT_PAIR_LJ_MDF_DG_KOKKOS_H

#include "dg_pair_kokkos.h"
#include "pair_dsf_dg_kokkos.h"
#include "pair_lj_mdf_dg.h"

namespace LAMMPS_NS {

template <class DeviceType>
class PairLJMDFDGKokkos : public DGPairHostListKokkos<PairLJMDFDG, DeviceType> {
 public:
  using Base = DGPairHostListKokkos<PairLJMDFDG, DeviceType>;
  using typename Base::t_x;
  using typename Base::t_double_2d;
  PairLJMDFDGKokkos(LAMMPS *lmp) : Base(lmp) {}
  void compute_dg_kk(const t_double_2d &xold, const t_x &xnew, const t_double_2d &fdg,
                     double &vnew, double &vold) override;

  // the coefficients of LJMDFDGTerm on DeviceType: (lj3, lj4, cut_inner) per
  // type pair, and the true outer cutoff (the tables' cut: sqrt(cutsq), as
  // the CPU style takes it)
  static constexpr int NCOEFF = 3;
  struct Coeff {
    geomint_kk::DGKokkosCoeff<DeviceType, NCOEFF> t;
    Kokkos::View<const double *, DeviceType> cut_;
    KOKKOS_INLINE_FUNCTION double lj3(int i, int j) const { return t.get(i, j, 0); }
    KOKKOS_INLINE_FUNCTION double lj4(int i, int j) const { return t.get(i, j, 1); }
    KOKKOS_INLINE_FUNCTION double cut_inner(int i, int j) const { return t.get(i, j, 2); }
    KOKKOS_INLINE_FUNCTION double cut(int i, int j) const { return cut_(i * t.ntp1 + j); }
  };

 protected:
  int dg_ncoeff() const override { return NCOEFF; }
  double dg_coeff(int i, int j, int c) const override
  {
    return c == 0 ? this->lj3[i][j] : c == 1 ? this->lj4[i][j] : this->cut_inner[i][j];
  }
};

}    // namespace LAMMPS_NS

#endif
