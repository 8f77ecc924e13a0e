/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - what every /kk DG pair style adds to its LAMMPS /kk parent (the
   counterpart of dg_pair.h's DGPair for DGStyleKokkos): the true cutoffs and
   the style's coefficients on DeviceType (uploaded after init_one), the pairs
   of a step (DGKokkosPairSteps), the discrete gradient over the Kokkos
   neighbor list with the style's one pair term (dg_pair_kk), and the host
   interface DGStyle::compute_dg on host arrays where DeviceType can read them.

   Derived (CRTP) provides NCOEFF, dg_coeff(i, j, k) (coefficient k < NCOEFF of
   type pair i, j from the CPU arrays) and dg_term_kk(c)
   (the style's pair term over DGKokkosCoeff c, as its CPU style's term).
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_PAIR_KOKKOS_H
#define GEOMINT_DG_PAIR_KOKKOS_H

#include "dg_pair.h"
#include "dg_style_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "error.h"
#include "force.h"

#include <algorithm>
#include <cmath>

namespace LAMMPS_NS {

namespace geomint_kk {
  // a style's coefficient table on DeviceType: NC values per type pair
  template <class DeviceType, int NC> struct DGKokkosCoeff {
    Kokkos::View<const double *, DeviceType> c;
    int ntp1;
    KOKKOS_INLINE_FUNCTION double get(int i, int j, int k) const { return c(NC * (i * ntp1 + j) + k); }
  };
}    // namespace geomint_kk

template <class Parent, class DeviceType, class Derived>
class DGPairKokkos : public DGPair<Parent>, public DGStyleKokkos<DeviceType> {
 public:
  using typename DGStyleKokkos<DeviceType>::t_x;
  using typename DGStyleKokkos<DeviceType>::t_double_2d;
  using DGPair<Parent>::DGPair;

  double init_one(int i, int j) override
  {
    coeff_stale = true;
    return DGPair<Parent>::init_one(i, j);
  }

  // (the step's pairs: dg_step_begin_kk; DGPair's host dg_step_begin is not used)
  void dg_step_begin(double **, double) override {}

  void dg_step_begin_kk(const t_double_2d &xold, double reach) override
  {
    if (coeff_stale) upload_coeff();
    atomKK()->sync(this->execution_space, TYPE_MASK);
    steps.begin(this->list, xold, atomKK()->k_type.template view<DeviceType>(), tables.cut,
                tables.ntp1, this->margin, reach);
  }

  void dg_step_end() override
  {
    steps.end();
    DGPair<Parent>::dg_step_end();
  }

  void compute_dg_kk(const t_double_2d &xold, const t_x &xnew, const t_double_2d &fdg,
                     double &vnew, double &vold) override
  {
    pair_pass(xold, xnew, fdg, this->dg_energy, vnew, vold);
  }

 protected:
  // the style's energy at x (this rank's share), from its DG term between x and
  // itself: for a LAMMPS /kk parent whose compute() reports another energy
  double energy_at_x()
  {
    atomKK()->sync(this->execution_space, X_MASK);
    const int nall = this->atom->nlocal + this->atom->nghost;
    if (static_cast<int>(d_xcopy.extent(0)) < nall) {
      d_xcopy = t_double_2d("dg/kk:xcopy", nall, 3);
      d_fscratch = t_double_2d("dg/kk:fscratch", nall, 3);
    }
    const auto x = atomKK()->k_x.template view<DeviceType>();
    const auto rows = std::make_pair(0, nall);
    Kokkos::deep_copy(Kokkos::subview(d_xcopy, rows, Kokkos::ALL()),
                      Kokkos::subview(x, rows, Kokkos::ALL()));
    Kokkos::deep_copy(d_fscratch, 0.0);
    double vn = 0.0, vo = 0.0;
    // (atomic adds: a ScatterView of this scratch array would be made anew each time)
    pair_pass(d_xcopy, x, d_fscratch, true, vn, vo, false);
    return vn;
  }

  // dg_pair_kk over this step's pairs (or the whole list) with the style's term
  void pair_pass(const t_double_2d &xold, const t_x &xnew, const t_double_2d &fdg, bool energy,
                 double &vnew, double &vold, bool use_scatter = true)
  {
    if (coeff_stale) upload_coeff();
    atomKK()->sync(this->execution_space, TYPE_MASK);
    const auto pl = tables.pass_list(steps.pairs(this->list), this->lmp, this->neighflag, energy,
                                     use_scatter ? &scatter : nullptr);
    const geomint_kk::DGKokkosCoeff<DeviceType, Derived::NCOEFF> c{tables.coeff, tables.ntp1};
    geomint_kk::dg_pair_kk<DeviceType>(pl, xold, xnew, fdg,
                                       atomKK()->k_type.template view<DeviceType>(),
                                       static_cast<Derived *>(this)->dg_term_kk(c), vnew, vold);
  }

  bool coeff_stale = true;
  t_double_2d d_xcopy, d_fscratch;    // energy_at_x
  geomint_kk::DGKokkosScatter<DeviceType> scatter;
  geomint_kk::DGKokkosPairTables<DeviceType> tables;
  geomint_kk::DGKokkosPairSteps<DeviceType> steps;

  AtomKokkos *atomKK() const { return static_cast<AtomKokkos *>(this->atom); }

  // the cutoffs and coefficients, host -> DeviceType (after init_one)
  void upload_coeff()
  {
    this->restore_true_cutsq();
    const Derived *d = static_cast<const Derived *>(this);
    tables.upload(this->cutsq, this->atom->ntypes, Derived::NCOEFF,
                  [d](int i, int j, int k) { return d->dg_coeff(i, j, k); });
    coeff_stale = false;
  }

  // the host interface (DGStyle::compute_dg: fix dg/nve, or a test)
  void pair_dg(double **xold, double **xnew, double **fdg, double &vnew, double &vold) override
  {
    geomint_kk::dg_on_host_arrays<DeviceType>(
        this->lmp, fmt::format("Pair {}/kk", this->style_name), xold, xnew, fdg,
        [&](const t_double_2d &xo, const t_x &xn, const t_double_2d &f) {
          compute_dg_kk(xo, xn, f, vnew, vold);
        });
  }
};

}    // namespace LAMMPS_NS

#endif
