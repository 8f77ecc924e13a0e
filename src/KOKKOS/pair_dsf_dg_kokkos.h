/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - pair coul/dsf/dg/kk and lj/cut/coul/dsf/dg/kk: the CPU styles
   (their compute(), the energy path, on the host, over a host neighbor
   list) with the discrete gradient on DeviceType for fix dg/nve/kk: the
   same pair terms (CoulDSFDGTerm, LJCutCoulDSFDGTerm) over views of the
   charges and coefficients, run by dg_pair_kk over a copy of the host list
   on DeviceType (made again whenever LAMMPS rebuilt the lists): that
   machinery is DGPairHostListKokkos, shared with pair lj/mdf/dg/kk.

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
#include "neigh_list_kokkos.h"
#include "neighbor.h"
#include "pair_coul_dsf_dg.h"
#include "pair_lj_cut_coul_dsf_dg.h"

#include <algorithm>
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

// A /kk DG pair style whose LAMMPS /kk parent is unusable: CPUStyle's compute()
// on the host, the discrete gradient on DeviceType by dg_pair_kk over a copy
// of CPUStyle's host half list (made again whenever LAMMPS rebuilt the lists)
// and dg_ncoeff() coefficients per type pair (dg_coeff(i, j, c)) for the term.
// The DSF styles (below) and pair lj/mdf/dg/kk (pair_lj_mdf_dg_kokkos.h).
template <class CPUStyle, class DeviceType>
class DGPairHostListKokkos : public CPUStyle, public DGStyleKokkos<DeviceType> {
 public:
  using typename DGStyleKokkos<DeviceType>::t_x;
  using typename DGStyleKokkos<DeviceType>::t_double_2d;
  DGPairHostListKokkos(LAMMPS *lmp) : CPUStyle(lmp) {}
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
  // the tables and the list on DeviceType, made again where stale
  void upload_stale()
  {
    if (coeff_stale) upload_coeff();
    if (!dlist || list_calls != this->neighbor->ncalls || dlist->inum != this->list->inum)
      upload_list();
  }
  template <class Term>
  void run_pass_kk(const Term &term, const t_double_2d &xold, const t_x &xnew,
                   const t_double_2d &fdg, double &vnew, double &vold);
};

// the true (outer) cutoffs and the term's coefficients, host -> DeviceType
template <class CPUStyle, class DeviceType>
void DGPairHostListKokkos<CPUStyle, DeviceType>::upload_coeff()
{
  this->restore_true_cutsq();
  tables.upload(this->cutsq, this->atom->ntypes, dg_ncoeff(),
                [this](int i, int j, int k) { return dg_coeff(i, j, k); });
  coeff_stale = false;
}

// the style's (host, half) neighbor list on DeviceType, as a Kokkos list
template <class CPUStyle, class DeviceType>
void DGPairHostListKokkos<CPUStyle, DeviceType>::upload_list()
{
  const NeighList *l = this->list;
  if (!dlist) dlist.reset(new NeighListKokkos<DeviceType>(this->lmp));
  int rows = 1, maxn = 1;
  for (int ii = 0; ii < l->inum; ii++) {
    const int i = l->ilist[ii];
    rows = std::max(rows, i + 1);
    maxn = std::max(maxn, l->numneigh[i]);
  }
  NeighListKokkos<DeviceType> &d = *dlist;
  d.inum = l->inum;
  d.d_ilist = decltype(d.d_ilist)("dg/kk:host_ilist", std::max(1, l->inum));
  d.d_numneigh = decltype(d.d_numneigh)("dg/kk:host_numneigh", rows);
  d.d_neighbors = decltype(d.d_neighbors)("dg/kk:host_neighbors", rows, maxn);
  auto h_ilist = Kokkos::create_mirror_view(d.d_ilist);
  auto h_num = Kokkos::create_mirror_view(d.d_numneigh);
  auto h_neigh = Kokkos::create_mirror_view(d.d_neighbors);
  for (int i = 0; i < rows; i++) h_num(i) = 0;
  for (int ii = 0; ii < l->inum; ii++) {
    const int i = l->ilist[ii];
    h_ilist(ii) = i;
    h_num(i) = l->numneigh[i];
    for (int jj = 0; jj < l->numneigh[i]; jj++) h_neigh(i, jj) = l->firstneigh[i][jj];
  }
  Kokkos::deep_copy(d.d_ilist, h_ilist);
  Kokkos::deep_copy(d.d_numneigh, h_num);
  Kokkos::deep_copy(d.d_neighbors, h_neigh);
  list_calls = this->neighbor->ncalls;
}

// dg_pair_kk with the style's term over the list on DeviceType
template <class CPUStyle, class DeviceType>
template <class Term>
void DGPairHostListKokkos<CPUStyle, DeviceType>::run_pass_kk(const Term &term,
                                                             const t_double_2d &xold,
                                                             const t_x &xnew,
                                                             const t_double_2d &fdg,
                                                             double &vnew, double &vold)
{
  auto *atomKK = static_cast<AtomKokkos *>(this->atom);
  // a half list: several threads add to the same atoms
  const int neighflag =
      typename DeviceType::execution_space().concurrency() > 1 ? HALFTHREAD : HALF;
  geomint_kk::DGKokkosPairList<DeviceType> list{};
  list.inum = dlist->inum;
  list.ilist = dlist->d_ilist;
  list.numneigh = dlist->d_numneigh;
  list.neighbors = dlist->d_neighbors;
  const auto pl = tables.pass_list(list, this->lmp, neighflag, this->dg_energy, &scatter);
  geomint_kk::dg_pair_kk<DeviceType>(pl, xold, xnew, fdg,
                                     atomKK->k_type.template view<DeviceType>(),
                                     DGPairTermIJ<Term>{term}, vnew, vold);
}

// CPUStyle: PairCoulDSFDG or PairLJCutCoulDSFDG
template <class CPUStyle, class DeviceType>
class DGPairDSFKokkos : public DGPairHostListKokkos<CPUStyle, DeviceType> {
 public:
  using typename DGStyleKokkos<DeviceType>::t_x;
  using typename DGStyleKokkos<DeviceType>::t_double_2d;
  DGPairDSFKokkos(LAMMPS *lmp) : DGPairHostListKokkos<CPUStyle, DeviceType>(lmp) {}
  void compute_dg_kk(const t_double_2d &xold, const t_x &xnew, const t_double_2d &fdg,
                     double &vnew, double &vold) override;

 protected:
  using QView = typename std::decay<decltype(
      std::declval<AtomKokkos &>().k_q.template view<DeviceType>())>::type;
  using Q = geomint_kk::DGKokkosCharges<QView>;
  // the pair pass with the style's term over the charges q
  virtual void pair_pass_kk(const DGDSFParams &s, const Q &q, const t_double_2d &xold,
                            const t_x &xnew, const t_double_2d &fdg, double &vnew,
                            double &vold) = 0;
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
