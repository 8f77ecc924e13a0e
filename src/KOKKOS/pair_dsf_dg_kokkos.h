/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - pair coul/dsf/dg/kk and lj/cut/coul/dsf/dg/kk: the CPU styles
   (their compute(), the energy path, on the host, over a host neighbor
   list) with the discrete gradient on DeviceType for fix dg/nve/kk: the
   same pair terms (CoulDSFDGTerm, LJCutCoulDSFDGTerm) over views of the
   charges and coefficients, run by dg_pair_kk over a copy of the host list
   on DeviceType (made again whenever LAMMPS rebuilt the lists).

   Not derived from LAMMPS's pair coul/dsf/kk, lj/cut/coul/dsf/kk: in every
   LAMMPS version GEOMINT supports those scale the whole damped shifted-force
   energy and force of a special pair by factor_coul, where the CPU styles
   (and so the discrete gradient) subtract (1 - factor_coul) qq/r, and
   lj/cut/coul/dsf/kk leaves out the self energy: with them thermo would
   report an energy other than the one fix dg/nve/kk conserves whenever a
   special_bonds coul factor is below 1 (every molecular system).
------------------------------------------------------------------------- */

#ifndef GEOMINT_PAIR_DSF_DG_KOKKOS_H
#define GEOMINT_PAIR_DSF_DG_KOKKOS_H

#include "atom_kokkos.h"
#include "dg_style_kokkos.h"
#include "pair_coul_dsf_dg.h"
#include "pair_lj_cut_coul_dsf_dg.h"

#include <memory>

namespace LAMMPS_NS {

namespace geomint_kk {

  // the charges of DSFCoulombPart on DeviceType
  template <class QView> struct DGKokkosCharges {
    QView qq;
    KOKKOS_INLINE_FUNCTION double operator()(int i) const { return qq(i); }
  };

  // the self energy of the atoms of a list (geomint::dg::dsf_self_energy)
  template <class QView, class DeviceType> struct DGDSFSelfPass {
    typedef DeviceType device_type;
    typedef double value_type;
    QView qq;
    typename ArrayTypes<DeviceType>::t_int_1d ilist;
    DGDSFParams s;
    KOKKOS_INLINE_FUNCTION void operator()(const int ii, double &e) const
    {
      e += geomint::dg::dsf_self_energy(s.alpha, s.e_shift, s.qqrd2e, qq(ilist(ii)));
    }
  };

}    // namespace geomint_kk

// CPUStyle: PairCoulDSFDG or PairLJCutCoulDSFDG; NC coefficients per type
// pair (dg_coeff(i, j, c)) for the term
template <class CPUStyle, class DeviceType>
class DGPairDSFKokkos : public CPUStyle, public DGStyleKokkos<DeviceType> {
 public:
  using typename DGStyleKokkos<DeviceType>::t_x;
  using typename DGStyleKokkos<DeviceType>::t_double_2d;
  DGPairDSFKokkos(LAMMPS *lmp) : CPUStyle(lmp) {}
  double init_one(int i, int j) override
  {
    coeff_stale = true;
    return CPUStyle::init_one(i, j);
  }
  // (fix dg/nve/kk calls dg_step_begin_kk of a /kk style, which these leave
  // empty: their pass on DeviceType takes the whole list each iteration; the
  // CPU fix dg/nve calls this one, the CPU style's compaction)
  void dg_step_begin(double **xold, double reach) override
  {
    if (xold) CPUStyle::dg_step_begin(xold, reach);
  }
  void compute_dg_kk(const t_double_2d &xold, const t_x &xnew, const t_double_2d &fdg,
                     double &vnew, double &vold) override;

 protected:
  bool coeff_stale = true;
  bigint list_calls = -1;    // Neighbor::ncalls of the list on DeviceType
  std::unique_ptr<NeighListKokkos<DeviceType>> dlist;
  geomint_kk::DGKokkosPairTables<DeviceType> tables;
  geomint_kk::DGKokkosScatter<DeviceType> scatter;
  virtual int dg_ncoeff() const { return 0; }
  virtual double dg_coeff(int, int, int) const { return 0.0; }
  void upload_coeff();
  void upload_list();

  using QView = typename std::decay<decltype(
      std::declval<AtomKokkos &>().k_q.template view<DeviceType>())>::type;
  using Q = geomint_kk::DGKokkosCharges<QView>;
  // the pair pass with the style's term over the charges q
  virtual void pair_pass_kk(const DGDSFParams &s, const Q &q, const t_double_2d &xold,
                            const t_x &xnew, const t_double_2d &fdg, double &vnew,
                            double &vold) = 0;
  template <class Term>
  void run_pass_kk(const Term &term, const t_double_2d &xold, const t_x &xnew,
                   const t_double_2d &fdg, double &vnew, double &vold);
};

template <class DeviceType>
class PairCoulDSFDGKokkos : public DGPairDSFKokkos<PairCoulDSFDG, DeviceType> {
 public:
  using Base = DGPairDSFKokkos<PairCoulDSFDG, DeviceType>;
  using typename Base::Q;
  using typename Base::t_x;
  using typename Base::t_double_2d;
  PairCoulDSFDGKokkos(LAMMPS *lmp) : Base(lmp) {}

 protected:
  void pair_pass_kk(const DGDSFParams &s, const Q &q, const t_double_2d &xold, const t_x &xnew,
                    const t_double_2d &fdg, double &vnew, double &vold) override
  {
    this->run_pass_kk(CoulDSFDGTerm<Q>{{s, q}}, xold, xnew, fdg, vnew, vold);
  }
};

template <class DeviceType>
class PairLJCutCoulDSFDGKokkos : public DGPairDSFKokkos<PairLJCutCoulDSFDG, DeviceType> {
 public:
  using Base = DGPairDSFKokkos<PairLJCutCoulDSFDG, DeviceType>;
  using typename Base::Q;
  using typename Base::t_x;
  using typename Base::t_double_2d;
  PairLJCutCoulDSFDGKokkos(LAMMPS *lmp) : Base(lmp) {}

  // the coefficients of LJCutCoulDSFDGTerm on DeviceType: (lj3, lj4, offset, cut_ljsq)
  struct Coeff {
    Kokkos::View<const double *, DeviceType> c;
    int ntp1;
    KOKKOS_INLINE_FUNCTION double lj3(int i, int j) const { return c(4 * (i * ntp1 + j)); }
    KOKKOS_INLINE_FUNCTION double lj4(int i, int j) const { return c(4 * (i * ntp1 + j) + 1); }
    KOKKOS_INLINE_FUNCTION double offset(int i, int j) const { return c(4 * (i * ntp1 + j) + 2); }
    KOKKOS_INLINE_FUNCTION double cut_ljsq(int i, int j) const { return c(4 * (i * ntp1 + j) + 3); }
  };

 protected:
  int dg_ncoeff() const override { return 4; }
  double dg_coeff(int i, int j, int c) const override
  {
    return c == 0 ? this->lj3[i][j]
        : c == 1  ? this->lj4[i][j]
        : c == 2  ? this->offset[i][j]
                  : this->cut_ljsq[i][j];
  }
  void pair_pass_kk(const DGDSFParams &s, const Q &q, const t_double_2d &xold, const t_x &xnew,
                    const t_double_2d &fdg, double &vnew, double &vold) override
  {
    const LJCutCoulDSFDGTerm<Coeff, Q> term{{this->tables.coeff, this->tables.ntp1}, {s, q}};
    this->run_pass_kk(term, xold, xnew, fdg, vnew, vold);
  }
};

}    // namespace LAMMPS_NS

#endif
